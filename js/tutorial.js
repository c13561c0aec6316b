// Language of tutorial.html: German, English, Spanish, French or Dutch, switched by the buttons at the
// top and remembered. The choice is stored with the game's own settings ({"lang": ...} in localStorage
// under SETTINGS: see py/app/store/saves.py), so the game and the tutorial agree. The languages and
// that key come from Python: assets/app/facts.js (scripts/build/facts.py).
// A "?lang=de" (es, fr, nl, en) in the URL wins, then the stored choice, then the browser's languages
// in order, then English. Every text is in the page once per language (elements with a lang attribute);
// css/tutorial.css hides the languages that are not <html lang>. The boards follow <html lang> by
// themselves (py/embed/page.py watches it).

import { LANGUAGES, SETTINGS } from "../assets/app/facts.js";

const TITLES = {
  de: "So spielst du Qwirkle",
  en: "How to play Qwirkle",
  es: "Cómo jugar a Qwirkle",
  fr: "Comment jouer à Qwirkle",
  nl: "Zo speel je Qwirkle",
};

function readSettings() {
  try {
    const value = JSON.parse(localStorage.getItem(SETTINGS));
    return value && typeof value === "object" && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

function remember(lang) {
  try {
    const raw = localStorage.getItem(SETTINGS);
    if (raw !== null && Object.keys(readSettings()).length === 0 && raw.trim() !== "{}") return; // not ours to fix
    localStorage.setItem(SETTINGS, JSON.stringify({ ...readSettings(), lang }));
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
}

function setLanguage(lang) {
  document.documentElement.lang = lang;
  document.title = TITLES[lang];
  for (const button of document.querySelectorAll("[data-set-lang]")) {
    button.setAttribute("aria-pressed", String(button.dataset.setLang === lang));
  }
}

function initial() {
  const fromUrl = new URLSearchParams(location.search).get("lang");
  const stored = readSettings().lang;
  const browser = (navigator.languages?.length ? navigator.languages : [navigator.language || "en"])
    .map((tag) => String(tag).slice(0, 2).toLowerCase());   // "nl-BE" -> "nl", as the game does
  return [fromUrl, stored, ...browser].find((lang) => LANGUAGES.includes(lang)) || "en";
}

setLanguage(initial());
for (const button of document.querySelectorAll("[data-set-lang]")) {
  button.addEventListener("click", () => {
    setLanguage(button.dataset.setLang);
    remember(button.dataset.setLang);
  });
}
