// Loading indicator for index.html: maps PyScript's start-up events to the stages shown in
// #loader. No game logic here; Python (py/main.py) hides the loader and sets
// <html data-ready> when the game can be used.
//
// Events used (dispatched by PyScript 0.7 on window / bubbling from the <script type="py">):
//   py:progress  detail "Loading Pyodide", "Loading interpreter", "Loaded interpreter",
//                "Loading files", "Loaded files", "Loaded Pyodide"
//   py:ready     the interpreter is ready, main.py is about to run
//   py:done      main.py has finished

// The texts in every language come from the game's catalogs (locale/*.po): scripts/build/i18n.py
// writes them into assets/app/words.js (the loading_* keys). The language is the one the game
// will use: the saved setting, else the first of the browser's languages that the game speaks
// (the languages and the settings' key: assets/app/facts.js, from Python by scripts/build/facts.py).
import { LANGUAGES, SETTINGS } from "../assets/app/facts.js";
import { WORDS } from "../assets/app/words.js";
import { forgetRestarts, restartAfterTrap } from "./restart.js";

function language() {
  let lang = "";
  try {
    lang = (JSON.parse(localStorage.getItem(SETTINGS) || "{}") || {}).lang || "";
  } catch (error) {
    lang = "";  // an unreadable setting: Python moves it aside and reports it
  }
  const wanted = [lang, ...(navigator.languages || []), navigator.language];
  return wanted.map((code) => String(code || "").slice(0, 2).toLowerCase()).find((code) => LANGUAGES.includes(code)) || "en";
}

const LANG = language();
const TEXT = Object.fromEntries(
  Object.entries(WORDS[LANG]).filter(([key]) => key.startsWith("loading_")).map(([key, text]) => [key.slice(8), text]));
// stage: progress value (of 4)
const STAGES = { page: 0, runtime: 1, python: 2, game: 3, ready: 4, error: 0 };
const ORDER = ["page", "runtime", "python", "game", "ready"];

const loader = document.getElementById("loader");
const bar = document.getElementById("loader-progress");
const label = document.getElementById("loader-stage");
document.documentElement.lang = LANG;
document.getElementById("loader-hint").textContent = TEXT.hint;
label.textContent = TEXT.page;

function setStage(stage) {
  const current = loader.dataset.stage;
  if (current === "error" || ORDER.indexOf(stage) <= ORDER.indexOf(current)) {
    return; // stages only move forward
  }
  loader.dataset.stage = stage;
  if (stage === "error") {
    bar.removeAttribute("value"); // indeterminate
  } else {
    bar.value = STAGES[stage];
  }
  label.textContent = TEXT[stage];
}

// What went wrong, in a few words, kept in <html data-load-error> for a bug report (and the tests' message).
function describe(event) {
  if (!event) return "main.py ended before the game was ready";
  if (event.type === "unhandledrejection") {
    const reason = event.reason;
    const stack = reason && reason.stack ? "\n" + reason.stack : "";
    return "unhandled rejection: " + String(reason) + stack;
  }
  const where = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : "";
  return "error: " + (event.message || String(event.error)) + where;
}

// A crash of the runtime while it starts starts the page again (js/restart.js) before any error is shown.
function fail(event) {
  if (document.documentElement.hasAttribute("data-ready") || restartAfterTrap(event)) return;  // true when restarting
  loader.dataset.stage = "error";
  label.textContent = TEXT.error;
  loader.hidden = false;  // over a game drawn before Python (js/early-game.js)
  document.getElementById("game").hidden = true;
  document.documentElement.dataset.loadError = describe(event).slice(0, 2000);
}

// The runtime files arrive while "Loading interpreter": switch to "Starting Python" once
// the two big ones (wasm and standard library) have finished downloading.
const BIG_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];
const downloaded = new Set();
if ("PerformanceObserver" in window) {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const name = BIG_FILES.find((file) => entry.name.endsWith("/" + file));
      if (name) downloaded.add(name);
    }
    if (downloaded.size === BIG_FILES.length) setStage("python");
  }).observe({ type: "resource", buffered: true });
}

addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading Pyodide" || detail === "Loading interpreter") setStage("runtime");
  else if (detail === "Loaded interpreter") setStage("python");
  else if (detail === "Loaded Pyodide") setStage("game");
});
addEventListener("py:ready", () => setStage("game"));

// The service worker (sw-register.js) and the iOS note (ios-install.js) wait for the game
// anyway: asked for by the page's head, they would hold two of the browser's six connections
// while PyScript's own files are on the way. Loaded once the game is ready, or after 15 s
// without it (a start that failed or a slow device: the game still works offline next time).
const AFTER_START = ["./sw-register.js", "./ios-install.js"];
let extrasLoaded = false;
function loadExtras() {
  if (extrasLoaded) return;
  extrasLoaded = true;
  for (const url of AFTER_START) import(url).catch((error) => console.warn(url, error));
}
new MutationObserver((_, observer) => {
  if (!document.documentElement.hasAttribute("data-ready")) return;
  observer.disconnect();
  forgetRestarts();
  loadExtras();
}).observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
setTimeout(loadExtras, 15000);
addEventListener("py:done", () => {
  // main.py hides the loader itself; if it finished without doing so, it failed.
  if (!document.documentElement.hasAttribute("data-ready")) fail(null);
});
addEventListener("error", fail);
addEventListener("unhandledrejection", fail);

setStage("runtime");
