// A new start after a crash of the WebAssembly engine while Python boots, for our own pages.
//
// WebKit's WebAssembly engine (JavaScriptCore: WebKitGTK 2.50 here, every iPad browser) now and then traps while
// the interpreter boots, before any of the game's code runs ("RuntimeError: Out of bounds memory access" in
// Pyodide's `import _pyodide_core`, about one start in a hundred under load); the next start works. Such a crash
// reloads the page, at most RESTARTS times in a row (counted in the tab's session storage until Python is ready),
// and the page shows its error after that. Used by js/loading.js (the game) and js/embed.js (on the site's own
// embed and tutorial pages only: an author's page is never reloaded).

const RESTARTS = 2;
const KEY = "qwirkle.start-restarts";
let restarting = false;

/** True once a new start is under way: the page being left should not show an error. */
export function isRestarting() {
  return restarting;
}

/** True when the error or rejection ``event`` is a trap of the WebAssembly engine. */
function isEngineTrap(event) {
  const error = event && (event.type === "unhandledrejection" ? event.reason : event.error);
  return Boolean(error) && ((typeof WebAssembly === "object" && error instanceof WebAssembly.RuntimeError)
                            || error.name === "RuntimeError");
}

/** Reload the page if ``event`` is such a trap and the count allows; true when reloading. */
export function restartAfterTrap(event) {
  if (restarting) return true;
  if (!isEngineTrap(event)) return false;
  try {
    const done = Number(sessionStorage.getItem(KEY)) || 0;
    if (done >= RESTARTS) return false;
    sessionStorage.setItem(KEY, String(done + 1));
  } catch (error) {
    return false;  // no session storage (a private mode): nothing to count with, so no new start
  }
  restarting = true;
  console.warn("the runtime crashed while starting; starting again", event.reason || event.error);
  location.reload();
  return true;
}

/** Python is ready: the next crash may be restarted again (not on a page being left for a new start). */
export function forgetRestarts() {
  if (restarting) return;
  try {
    sessionStorage.removeItem(KEY);
  } catch (error) {
    // no session storage: nothing was counted
  }
}
