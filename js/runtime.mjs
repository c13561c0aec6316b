// The game page's Python runtime, as PyScript loads it (pyscript.toml's interpreter): Pyodide, started from the
// runtime's memory snapshot when one is kept for this runtime and this archive of the game (js/snapshot.mjs),
// else as usual. A start from the snapshot that fails falls back to the usual start and drops the snapshot, and so
// does the start after a crash of the runtime (js/restart.js): a snapshot is never what keeps the game from starting.
//
// PyScript reads this module's exports as Pyodide's own (loadPyodide, version); it would look for the runtime's
// files beside this module, so loadPyodide names their folder (indexURL).

import * as pyodide from "../assets/vendor/pyodide/pyodide.mjs";
import { isRestart } from "./restart.js";
import { AFTER_RESTORE, RUNTIME, copyingSparsely, dropSnapshot, keptSnapshot, release, startedFrom } from "./snapshot.mjs";

export const version = pyodide.version;

// Pyodide keeps its options as long as the runtime lives: the snapshot's bytes (31.5 MB) go through a thenable that
// lets go of them once Pyodide has taken them, so that they are freed after the start.
function handedOnce(bytes, taken) {
  let held = bytes;
  return {
    then(resolve, reject) {
      const handed = held;
      held = null;
      return handed.then((memory) => resolve(taken(memory)), reject);
    },
  };
}

export async function loadPyodide(options) {
  const settings = { ...options, indexURL: RUNTIME };
  const snapshot = isRestart() ? await dropSnapshot().catch(() => null) : await keptSnapshot(version);
  if (snapshot) {
    try {
      let memory = null;
      const runtime = await copyingSparsely(() => pyodide.loadPyodide(
        { ...settings, _loadSnapshot: handedOnce(snapshot.bytes, (bytes) => (memory = bytes)) }));
      release(memory.buffer); // copied into the runtime's memory
      runtime.runPython(AFTER_RESTORE);
      startedFrom(true);
      return runtime;
    } catch (error) {
      console.warn("runtime snapshot: starting without it:", error);
      await dropSnapshot().catch(() => {});
    }
  }
  startedFrom(false);
  return pyodide.loadPyodide(settings);
}
