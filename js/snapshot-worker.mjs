// The worker that makes the runtime's memory snapshot (js/snapshot.mjs says when and why): it starts Pyodide as the
// game page does, with the game's archive where the page puts it, imports the game's modules that need no browser
// (py/app/snapshot.py), keeps a copy of the runtime's memory, then says {made: true} (or {made: false, error}).

import { loadPyodide, version } from "../assets/vendor/pyodide/pyodide.mjs";
import { PREPARE, RUNTIME, archiveBytes, copyingSparsely, keepSnapshot, sha256 } from "./snapshot.mjs";

try {
  const archive = new Uint8Array(await archiveBytes());
  const runtime = await loadPyodide({ indexURL: RUNTIME, _makeSnapshot: true });
  runtime.FS.writeFile("app.zip", archive);
  runtime.runPython(PREPARE);
  const snapshot = await copyingSparsely(() => runtime.makeMemorySnapshot());
  await keepSnapshot(snapshot, version, await sha256(archive));
  postMessage({ made: true });
} catch (error) {
  postMessage({ made: false, error: String(error && error.stack ? error.stack : error) });
}
