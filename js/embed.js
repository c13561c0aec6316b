// Qwirkle boards in any page: the one script an author adds (see docs/embedding.md).
//
//   <link rel="stylesheet" href="/qwirkle/css/embed.css">
//   <script type="module" src="/qwirkle/js/embed.js"></script>
//   <div data-qwirkle data-board="Ro@0,0 Rd@1,0"></div>
//
// This script only starts Python, once per page, wherever our files are hosted: every path
// is resolved against this file's own URL, not the page's. It adds one <script type="py">
// running py/embed_main.py with the configuration below, and loads PyScript.
// Python then draws every [data-qwirkle] marker live and sets <html data-ready>.
// Until then each marker is drawn from its attributes by js/early.js (a puzzle, or a marker only Python can read,
// says "Loading the board…"), and so is every marker added to the page meanwhile; if Python cannot start, each says so.

import { RUNTIME } from "../assets/app/facts.js";  // pyscript.toml's settings (scripts/build/facts.py)
import { WORDS } from "../assets/app/words.js";   // texts in every language (scripts/build/i18n.py)
import { drawEarly } from "./early.js";
import { forgetRestarts, isRestarting, restartAfterTrap } from "./restart.js";

const SITE = new URL("../", import.meta.url);
// The game's pyscript.toml (RUNTIME), with absolute URLs: PyScript resolves a config's
// interpreter against the PAGE's URL, and an author's page may live in another folder or on
// another origin, so a TOML file next to this script could not name the interpreter. Our
// vendored Pyodide, and the one archive of our Python packages (scripts/build/bundle.py; it holds
// embed, ui, qwirkle and app), written as app.zip in Python's current folder, which
// py/embed_main.py imports from. The game page caches the same archive, so boards after a game cost nothing.
const CONFIG = {
  interpreter: new URL(RUNTIME.interpreter, SITE).href,
  files: Object.fromEntries(Object.entries(RUNTIME.files).map(([from, to]) => [new URL(from, SITE).href, to])),
};
const MARKER = "[data-qwirkle], [data-qwirkle-puzzle]";
const loadingText = (lang) => (WORDS[lang] || WORDS.en).embed_loading;

function texts(element) {
  const holder = element.closest("[lang]");
  const lang = (element.dataset.lang || (holder && holder.lang) || "en").slice(0, 2).toLowerCase();
  const words = WORDS[lang] || WORDS.en;
  return { loading: words.embed_loading, failed: words.embed_failed };
}

// The markers Python has not drawn yet.
function markers() {
  return [...document.querySelectorAll(MARKER)].filter((e) => !["ready", "error"].includes(e.dataset.state));
}

// The markers in view are drawn before the first paint (it waits for this script: blocking="render"), in page order
// until one starts below the window; the rest just after that paint, so a long page (the tutorial's 21 boards took
// 30-50 ms, four times that on a slow phone) does not hold its first screen back. Those are out of sight: drawing
// them later moves nothing the reader sees.
function drawAll() {
  const pending = markers();
  const below = pending.findIndex((element) => {
    if (element.getBoundingClientRect().top > innerHeight) return true;
    drawEarly(element, loadingText);
    return false;
  });
  if (below < 0) return;
  const later = () => pending.slice(below).forEach((element) => drawEarly(element, loadingText));
  requestAnimationFrame(() => setTimeout(later));
}

// Until Python is ready: markers added to the page are drawn as they come, and every early board follows the page's
// language (tutorial.html's switch). Python's own observer takes over (py/embed/page.py); these two stop.
function watch() {
  const added = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node.nodeType !== 1) continue;
        for (const element of [node, ...node.querySelectorAll(MARKER)]) {
          if (element.matches(MARKER)) drawEarly(element, loadingText);
        }
      }
    }
  });
  added.observe(document.body, { childList: true, subtree: true });
  const lang = new MutationObserver(drawAll);
  lang.observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
  const ready = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute("data-ready")) return;
    for (const observer of [added, lang, ready]) observer.disconnect();
  });
  ready.observe(document.documentElement, { attributes: true, attributeFilter: ["data-ready"] });
}

function showFailure(error) {
  if (isRestarting()) return;
  console.error("Qwirkle boards:", error);
  for (const element of markers()) {
    element.dataset.state = "error";
    element.setAttribute("aria-busy", "false");
    const note = document.createElement("p");
    note.className = "qw-error";
    note.textContent = texts(element).failed;
    element.replaceChildren(note);
  }
}

async function start() {
  drawAll();
  watch();
  const script = document.createElement("script");
  script.type = "py";
  script.src = new URL("py/embed_main.py", SITE).href;
  script.setAttribute("config", JSON.stringify(CONFIG));
  document.body.append(script);
  // PyScript reads the configuration of the scripts present when it loads: add ours first.
  await import(new URL("assets/vendor/pyscript/core.js", SITE).href);
}

if (!window.qwirkleEmbed) {
  window.qwirkleEmbed = { site: SITE.href };
  const run = () => start().catch(showFailure);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run, { once: true });
  else run();
  // PyScript says "done" even when Python failed: then no board was drawn.
  addEventListener("py:done", () => {
    if (!document.documentElement.hasAttribute("data-ready")) showFailure(new Error("Python stopped"));
    else forgetRestarts();
  });
  // On the site's own pages (embed.html, tutorial.html), a crash of the runtime while it starts reloads the page
  // (js/restart.js); an author's page is never reloaded: its boards say that they could not load.
  const ownPages = ["embed.html", "tutorial.html"].map((page) => new URL(page, SITE).href);
  if (ownPages.includes(location.origin + location.pathname)) {
    const crashed = (event) => {
      if (!document.documentElement.hasAttribute("data-ready")) restartAfterTrap(event);
    };
    addEventListener("error", crashed);
    addEventListener("unhandledrejection", crashed);
  }
}
