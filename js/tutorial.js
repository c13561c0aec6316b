// Language of tutorial.html: English or French, switched by the two buttons at the top and
// remembered. The choice is stored with the game's own settings (localStorage
// "qwirkle.settings", {"lang": ...}: see py/app/store/saves.py), so the game and the tutorial agree.
// A "?lang=fr" in the URL wins. Text in both languages is in the page (elements with a lang
// attribute); css/tutorial.css hides the other language. The boards follow <html lang> by
// themselves (py/embed/page.py watches it).

const SETTINGS = "qwirkle.settings";
const LANGUAGES = ["en", "fr"];
const TITLES = { en: "How to play Qwirkle", fr: "Comment jouer à Qwirkle" };

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
  const browser = (navigator.language || "en").slice(0, 2);
  return [fromUrl, stored, browser].find((lang) => LANGUAGES.includes(lang)) || "en";
}

setLanguage(initial());
for (const button of document.querySelectorAll("[data-set-lang]")) {
  button.addEventListener("click", () => {
    setLanguage(button.dataset.setLang);
    remember(button.dataset.setLang);
  });
}
