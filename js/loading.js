// Loading indicator for index.html: maps PyScript's start-up events to the stages shown in
// #loader. No game logic here; Python (py/main.py) hides the loader and sets
// <html data-ready> when the game can be used.
//
// Events used (dispatched by PyScript 0.7 on window / bubbling from the <script type="py">):
//   py:progress  detail "Loading Pyodide", "Loading interpreter", "Loaded interpreter",
//                "Loading files", "Loaded files", "Loaded Pyodide"
//   py:ready     the interpreter is ready, main.py is about to run
//   py:done      main.py has finished

const STAGES = {
  // stage: [progress value (of 4), text]
  page: [0, "Loading the page…"],
  runtime: [1, "Downloading the Python runtime…"],
  python: [2, "Starting Python…"],
  game: [3, "Loading the game…"],
  ready: [4, "Ready."],
  error: [0, "The game could not start. Reload the page to try again."],
};
const ORDER = ["page", "runtime", "python", "game", "ready"];

const loader = document.getElementById("loader");
const bar = document.getElementById("loader-progress");
const label = document.getElementById("loader-stage");

function setStage(stage) {
  const current = loader.dataset.stage;
  if (current === "error" || ORDER.indexOf(stage) <= ORDER.indexOf(current)) {
    return; // stages only move forward
  }
  const [value, text] = STAGES[stage];
  loader.dataset.stage = stage;
  if (stage === "error") {
    bar.removeAttribute("value"); // indeterminate
  } else {
    bar.value = value;
  }
  label.textContent = text;
}

function fail() {
  if (document.documentElement.hasAttribute("data-ready")) return;
  loader.dataset.stage = "error";
  label.textContent = STAGES.error[1];
  document.documentElement.dataset.loadError = "";
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
addEventListener("py:done", () => {
  // main.py hides the loader itself; if it finished without doing so, it failed.
  if (!document.documentElement.hasAttribute("data-ready")) fail();
});
addEventListener("error", fail);
addEventListener("unhandledrejection", fail);

setStage("runtime");
