// iOS and iPadOS: how to add the game to the Home Screen.
//
// Safari has no install prompt (no beforeinstallprompt; every iOS browser is Safari's WebKit),
// so an iPhone or iPad player never learns that the game can open full screen from the Home
// Screen, like an installed app. On iOS only, and only in the browser (not once added:
// navigator.standalone), a small note says how, once the page is ready; "Close" hides it for
// good (remembered in localStorage under a key outside the game's own "qwirkle." keys).
// In the language of <html lang>, which the game sets and changes (texts: assets/app/words.js,
// from the catalogs).
//
// Imported by js/loading.js (index.html) once the game is ready; its styles are
// css/notice.css, added to the page when the note is shown (the CSP forbids inline styles).

import { WORDS } from "../assets/app/words.js";

const KEY = "qwirkle-ios-install-hint";
const CSS_URL = new URL("../css/notice.css", import.meta.url);

// iPadOS 13+ Safari asks for desktop pages and says "Macintosh": a Mac with a touch screen is an iPad.
export function isIOS(nav = navigator) {
  return /\b(iPad|iPhone|iPod)\b/.test(nav.userAgent) || (/\bMacintosh\b/.test(nav.userAgent) && nav.maxTouchPoints > 1);
}

function standalone() {
  return navigator.standalone === true || matchMedia("(display-mode: standalone)").matches;
}

function dismissed() {
  try {
    return localStorage.getItem(KEY) === "closed";
  } catch {
    return false;
  }
}

function texts() {
  const lang = (document.documentElement.lang || "en").slice(0, 2).toLowerCase();
  const words = WORDS[lang] || WORDS.en;
  return { text: words.install_text, close: words.install_close };
}

function show() {
  if (!document.querySelector(`link[href="${CSS_URL.href}"]`)) {   // the update notice may have added it
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = CSS_URL.href;
    document.head.append(link);
  }
  const note = document.createElement("aside");
  note.className = "ios-install";
  note.dataset.iosInstall = "";
  const text = document.createElement("p");
  const close = document.createElement("button");
  close.type = "button";
  const render = () => {
    const t = texts();
    text.textContent = t.text;
    close.textContent = t.close;
    note.lang = document.documentElement.lang || "en";
  };
  render();
  new MutationObserver(render).observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  close.addEventListener("click", () => {
    note.remove();
    try {
      localStorage.setItem(KEY, "closed");
    } catch {
      // storage refused (private mode): hidden for this visit only
    }
  });
  note.append(text, close);
  document.body.append(note);
}

if (isIOS() && !standalone() && !dismissed()) {
  const root = document.documentElement;
  // Once the game has started (<html data-ready>): it sets the language first.
  if (root.hasAttribute("data-ready")) show();
  else {
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute("data-ready")) return;
      observer.disconnect();
      show();
    });
    observer.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
}
