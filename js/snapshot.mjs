// The runtime's memory snapshot: what a returning player's page starts from (issue 22).
//
// Starting the game means starting Python (Pyodide's interpreter, its own modules) and importing the game's
// modules, about 0.2 s of a resume that a bare PyScript page does not have. Pyodide can instead start from a copy of
// its memory taken once Python has started ("memory snapshot", loadPyodide's _makeSnapshot and _loadSnapshot).
// Once a service worker controls the game (it works offline from then on), a worker (js/snapshot-worker.mjs)
// starts Python, imports the game's modules that need no browser (py/app/snapshot.py) and keeps the memory here,
// in Cache Storage, labelled with the runtime's version and the SHA-256 of the archive of our Python it imported
// from (assets/app/app.zip). Every later load of the game (js/runtime.mjs) starts from it when both labels match
// what it is about to run; otherwise it starts Python as usual, drops the snapshot, and a new one is made.
//
// <html data-snapshot> says what happened, for the tests and the benches: "used" (this load started from the
// snapshot), "missing" (it did not), then "making" and "made" or "failed" (a new one), or "deferred" (the page was
// too heavy to make one beside it, see light(): made on a later visit); "none" (this browser cannot keep one).
//
// Shared by js/loading.js (which starts reading the snapshot as the page starts), js/runtime.mjs and
// js/snapshot-worker.mjs; nothing runs at import.

export const RUNTIME = new URL("../assets/vendor/pyodide/", import.meta.url).href;
export const ARCHIVE = new URL("../assets/app/app.zip", import.meta.url).href;
const CACHE = "qwirkle-runtime-snapshot";
const ENTRY = new URL("../runtime-snapshot", import.meta.url).href; // one per site folder
const RUNTIME_HEADER = "X-Runtime-Version";
const ARCHIVE_HEADER = "X-Archive-SHA256";
const WORKER = new URL("./snapshot-worker.mjs", import.meta.url);
// On a first visit, once the service worker controls the page, wait this long for the page to be idle.
const IDLE_TIMEOUT_MS = 5000;

// The worker's Python: the archive where py/main.py puts it (a file app.zip in Python's current folder, as
// pyscript.toml's [files] writes it), then the modules of py/app/snapshot.py.
export const PREPARE = `
import os, sys
sys.path.insert(0, os.path.abspath("app.zip"))
from app.snapshot import preload
preload(os.path.abspath("app.zip"))
`;

// After a start from the snapshot: what the snapshot froze that must differ between visits. Python's global
// random generator was seeded once, when the snapshot was made (the game draws its seeds from the system's
// generator, SystemRandom, never from this one).
export const AFTER_RESTORE = `
import random
random.seed()
`;

function setState(state) {
  if (globalThis.document) document.documentElement.dataset.snapshot = state;
}

/** SHA-256 of ``bytes`` in hexadecimal. */
export async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The archive's bytes, as the page gets them (the service worker's copy once it controls the page). */
export async function archiveBytes() {
  const response = await fetch(ARCHIVE);
  if (!response.ok) throw new Error(`${ARCHIVE}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function openCache() {
  return globalThis.caches ? caches.open(CACHE) : null;
}

let reading = null;
const NOTHING = Promise.resolve(null);

/** Start reading the kept snapshot, if any (js/loading.js does as the page starts, js/runtime.mjs needs it a few
 * hundred milliseconds later): null, or {kept, bytes}: its entry, and a promise of its bytes that fails if it was
 * made from another archive than the page's. */
export function readSnapshot() {
  reading ??= (async () => {
    const cache = await openCache();
    const kept = cache && (await cache.match(ENTRY));
    if (!kept) return null;
    const bytes = sameArchive(kept);
    bytes.catch(() => {}); // its failure is handled where it is used, not an unhandled rejection meanwhile
    return { kept, bytes };
  })();
  reading.catch(() => {}); // likewise (no Cache Storage here: keptSnapshot reports it)
  return reading;
}

async function sameArchive(kept) {
  const [packed, archive] = await Promise.all([kept.arrayBuffer(), archiveBytes().then(sha256)]);
  if (kept.headers.get(ARCHIVE_HEADER) !== archive) throw new Error("made from another archive of the game");
  return unpack(packed);
}

/** The kept snapshot if it was made for this runtime ``version``, else null (and it is dropped): {bytes}, a promise
 * of its bytes that fails if it was made from another archive than the page's. */
export async function keptSnapshot(version) {
  try {
    const found = await readSnapshot();
    reading = NOTHING; // let go of the bytes once the runtime has them
    if (!found) return null;
    if (found.kept.headers.get(RUNTIME_HEADER) === version) return { bytes: found.bytes };
    await dropSnapshot(); // another runtime's: a new one is made for this one
  } catch (error) {
    console.warn("runtime snapshot:", error);
  }
  return null;
}

// Most of the runtime's memory is zeros (13 of its 31 MB are not): kept without its pages of zeros, read back in
// less than half the time. Packed: the memory's length and the number of pages kept, the kept pages' numbers
// (32-bit words), then those pages.
const PAGE = 65536;

/** Whether the bytes of ``array`` (aligned on 4 bytes) from ``start`` to ``end`` are all zeros. */
function zeros(array, start, end) {
  const words = new Uint32Array(array.buffer, array.byteOffset + start, (end - start) >> 2);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  for (let i = start + (words.length << 2); i < end; i++) if (array[i] !== 0) return false;
  return true;
}

export function pack(memory) {
  const kept = [];
  for (let page = 0; page * PAGE < memory.length; page++) {
    if (!zeros(memory, page * PAGE, Math.min((page + 1) * PAGE, memory.length))) kept.push(page);
  }
  const pages = kept.map((page) => memory.subarray(page * PAGE, (page + 1) * PAGE));
  const packed = new Uint8Array(4 * (2 + kept.length) + pages.reduce((sum, page) => sum + page.length, 0));
  new Uint32Array(packed.buffer, 0, 2 + kept.length).set([memory.length, kept.length, ...kept]);
  let offset = 4 * (2 + kept.length);
  for (const page of pages) {
    packed.set(page, offset);
    offset += page.length;
  }
  return packed;
}

// Pyodide copies the whole runtime's memory with TypedArray.prototype.set: into the snapshot when it makes one, from
// it when it starts from one. A page of zeros written is a page the browser keeps: started from a snapshot, the page
// would hold all 31.5 MB of the runtime's memory for its whole life (18 MB more than a usual start, bench/memory.py).
// While ``work`` runs, large copies leave out the pages that are zeros on both sides (the same bytes after).
const LARGE = 1 << 20;

export async function copyingSparsely(work) {
  const originals = [Int8Array, Uint8Array].map((type) => [type, type.prototype.set]);
  const set = originals[0][1];
  for (const [type, original] of originals) {
    type.prototype.set = function sparseSet(source, offset) {
      if (offset || !ArrayBuffer.isView(source) || source.length < LARGE || source.buffer === this.buffer
          || source.BYTES_PER_ELEMENT !== 1 || source.length > this.length
          || source.byteOffset % 4 || this.byteOffset % 4) {
        return original.call(this, source, offset);
      }
      for (let start = 0; start < source.length; start += PAGE) {
        const end = Math.min(start + PAGE, source.length);
        if (!(zeros(source, start, end) && zeros(this, start, end))) set.call(this, source.subarray(start, end), start);
      }
      return undefined;
    };
  }
  try {
    return await work();
  } finally {
    for (const [type, original] of originals) type.prototype.set = original;
  }
}

/** Free ``buffer``'s memory now rather than at the next garbage collection (it may be long in an idle page). */
export function release(buffer) {
  if (typeof buffer.transfer === "function") buffer.transfer(0);
}

export function unpack(buffer) {
  const [length, count] = new Uint32Array(buffer, 0, 2);
  const kept = new Uint32Array(buffer, 8, count);
  const memory = new Uint8Array(length);
  let offset = 4 * (2 + count);
  for (const page of kept) {
    const size = Math.min(PAGE, length - page * PAGE);
    memory.set(new Uint8Array(buffer, offset, size), page * PAGE);
    offset += size;
  }
  if (offset !== buffer.byteLength) throw new Error("a damaged snapshot");
  release(buffer);
  return memory;
}

/** Keep ``snapshot`` (the runtime's memory) for this runtime ``version`` and the archive whose SHA-256 is ``archive``. */
export async function keepSnapshot(snapshot, version, archive) {
  const headers = { "Content-Type": "application/octet-stream", [RUNTIME_HEADER]: version, [ARCHIVE_HEADER]: archive };
  await (await openCache()).put(ENTRY, new Response(pack(snapshot), { headers }));
}

/** Forget the kept snapshot (a start from it failed, or it was made for other files). */
export async function dropSnapshot() {
  const cache = await openCache();
  if (cache) await cache.delete(ENTRY);
}

// The snapshot's worker and the computer players' worker (py/app/play/host.py, a second Pyodide) never run side by
// side: together they weigh more than a tablet allows (bench/memory.py's 400 MB). The page's Python calls
// globalThis.qwirkleBeforeWorker() before it starts its worker: it waits for the snapshot's worker when one is planned
// or under way, and keeps one from starting after (it is then made on a later visit).
let planned = null; // a promise while a snapshot is to be made on this load, resolved once made, failed or put off
let computerWorker = false;
globalThis.qwirkleBeforeWorker = () => {
  computerWorker = true;
  return planned || Promise.resolve();
};

/** Record how this load started: from the snapshot (true) or not. A page already controlled by the service worker
 * without a snapshot plans to make one as soon as the game is ready (before the computer players' worker starts). */
export function startedFrom(snapshot) {
  if (snapshot) return setState("used");
  if (!(globalThis.caches && globalThis.Worker && "serviceWorker" in navigator)) return setState("none");
  setState("missing");
  if (navigator.serviceWorker.controller) planned = new Promise((resolve) => ready(() => makeIfLight().then(resolve)));
}

/** Once the game is ready (js/loading.js): on a first visit, make a snapshot for the next one when the service
 * worker takes control and the page is idle, unless the computer players' worker runs by then. */
export function makeSnapshotLater() {
  if (planned || document.documentElement.dataset.snapshot !== "missing") return;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    const whenIdle = globalThis.requestIdleCallback
      ? (callback) => requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
      : (callback) => setTimeout(callback, 1000);
    whenIdle(() => (computerWorker ? setState("deferred") : makeIfLight()));
  }, { once: true });
}

function ready(callback) {
  const root = document.documentElement;
  if (root.hasAttribute("data-ready")) return callback();
  new MutationObserver((_, observer) => {
    if (!root.hasAttribute("data-ready")) return;
    observer.disconnect();
    callback();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
}

// The snapshot's worker weighs about 75 MB while it works: it runs beside the home screen or a game (about 280-300 MB),
// never beside the computer players' worker (which waits for it, or keeps it from starting), a puzzle, a review or
// the analysis board (bench/memory.py).
function light() {
  const root = document.documentElement;
  return ["home", "game"].includes(root.dataset.screen) && !root.hasAttribute("data-puzzle");
}

/** Make a snapshot in a worker of its own if the page is light enough, else put it off; resolves once it is kept,
 * failed or put off. */
async function makeIfLight() {
  if (!light()) return setState("deferred");
  return makeSnapshot();
}

function makeSnapshot() {
  setState("making");
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { type: "module" });
    const end = (state, problem) => {
      worker.terminate();
      if (problem) console.warn("runtime snapshot:", problem);
      setState(state);
      resolve();
    };
    worker.addEventListener("message", ({ data }) => end(data.made ? "made" : "failed", data.error));
    worker.addEventListener("error", (event) => end("failed", event.message || "the worker did not start"));
  });
}
