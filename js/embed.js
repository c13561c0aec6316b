// Qwirkle boards in any page: the one script an author adds (see docs/embedding.md).
//
//   <link rel="stylesheet" href="/qwirkle/css/embed.css">
//   <script type="module" src="/qwirkle/js/embed.js"></script>
//   <div data-qwirkle data-board="Ro@0,0 Rd@1,0"></div>
//
// This script only starts Python, once per page, wherever our files are hosted: every path
// is resolved against this file's own URL, not the page's. It adds one <script type="py">
// running py/embed_main.py with the configuration below, and loads PyScript.
// Python then draws every [data-qwirkle] marker and sets <html data-ready>.
// Until then each marker says "Loading the board…"; if Python cannot start, each says so.

import { RUNTIME } from "../assets/app/facts.js";  // pyscript.toml's settings (scripts/build/facts.py)
import { WORDS } from "../assets/app/words.js";   // texts in every language (scripts/build/i18n.py)
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
function texts(element) {
  const holder = element.closest("[lang]");
  const lang = (element.dataset.lang || (holder && holder.lang) || "en").slice(0, 2).toLowerCase();
  const words = WORDS[lang] || WORDS.en;
  return { loading: words.embed_loading, failed: words.embed_failed };
}

function markers() {
  return document.querySelectorAll("[data-qwirkle]:not(.qw-embed), [data-qwirkle-puzzle]:not(.qw-embed)");
}

function showLoading() {
  for (const element of markers()) {
    element.setAttribute("aria-busy", "true");
    const note = document.createElement("p");
    note.className = "qw-loading";
    note.textContent = texts(element).loading;
    element.replaceChildren(note);
  }
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
  showLoading();
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
