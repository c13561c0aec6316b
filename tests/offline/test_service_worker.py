"""sw.js's choice of copies, run by Node.js with a fake Cache Storage and a fake HTTP cache behind
``fetch`` (no browser): the runtime's WebAssembly comes from the HTTP cache only when that copy is the
precached one, and the install takes a file from the HTTP cache only when its hash is the listed one.
Offline play, updates and the real caches are tested in browsers (tests/scenarios, tests/browser)."""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Loads sw.js as a browser would (self, importScripts, caches, fetch), then runs SCENARIOS.
HARNESS = r"""
import fs from "node:fs";
import vm from "node:vm";
const SCOPE = "https://example.org/game/";
const WASM = SCOPE + "assets/vendor/pyodide/pyodide.asm.wasm";
const listeners = {};
const stores = new Map();          // Cache Storage: name -> Map(url -> Response)
let http = new Map();              // the HTTP cache behind fetch: url -> {body, headers}
let network = new Map();           // the server
const asked = [];                  // what fetch was asked: [url, cache mode, request mode]
const store = (name) => { if (!stores.has(name)) stores.set(name, new Map()); return stores.get(name); };
const absolute = (request) => new URL(typeof request === "string" ? request : request.url, SCOPE).href;
const response = ({ body, headers }) => new Response(body, { status: 200, headers });
const caches = {
  open: async (name) => ({
    match: async (request) => store(name).get(absolute(request))?.clone(),
    put: async (request, value) => { store(name).set(absolute(request), value); },
  }),
  keys: async () => [...stores.keys()],
  delete: async (name) => stores.delete(name),
};
async function fakeFetch(request) {
  const url = absolute(request);
  asked.push([url, request.cache ?? "default", request.mode ?? "cors"]);
  if (request.cache === "only-if-cached" || request.cache === "force-cache") {
    if (http.has(url)) return response(http.get(url));
    if (request.cache === "only-if-cached") throw new TypeError("Failed to fetch");
  }
  if (!network.has(url)) throw new TypeError("Failed to fetch");
  http.set(url, network.get(url));
  return response(network.get(url));
}
const self = {
  registration: { scope: SCOPE }, location: new URL(SCOPE + "sw.js"),
  addEventListener: (type, listener) => { listeners[type] = listener; },
  clients: { claim: async () => {} }, skipWaiting: () => {},
};
// A worker's Request resolves a relative URL against its location; Node's needs an absolute one.
class WorkerRequest extends Request {
  constructor(input, init) { super(typeof input === "string" ? absolute(input) : input, init); }
}
const context = vm.createContext({
  self, caches, fetch: fakeFetch, Request: WorkerRequest, Response, Headers, URL, crypto, console, TextEncoder,
  importScripts: () => { self.QWIRKLE_PRECACHE = PRECACHE; },
});
vm.runInContext(fs.readFileSync(SW, "utf8"), context);

async function serve(url) {
  let answer;
  listeners.fetch({ request: new Request(url), respondWith: (promise) => { answer = promise; } });
  return answer ? await (await answer).text() : "(network)";
}
async function install() {
  let done;
  listeners.install({ waitUntil: (promise) => { done = promise; } });
  await done;
}
const CACHE = `qwirkle ${SCOPE} ${PRECACHE.version}`;
const headers = (modified, etag) => ({ "Content-Type": "application/wasm", "Last-Modified": modified,
  "Content-Length": "4", ...(etag ? { ETag: etag } : {}) });
const results = {};
for (const [name, scenario] of Object.entries(SCENARIOS)) {
  stores.clear(); http = new Map(); network = new Map(); asked.length = 0;
  results[name] = JSON.parse(JSON.stringify(await eval(`(async () => { ${scenario} })()`)));  // a copy of `asked`
}
console.log(JSON.stringify(results));
"""

WASM_BYTES = "good"  # the precached runtime's content (4 bytes), as text
SCENARIOS = {
    # The runtime's WebAssembly, once installed: the HTTP cache's copy when its validators are the precached one's.
    "same validators": """
        store(CACHE).set(WASM, response({ body: "kept", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT", '"a"') }));
        http.set(WASM, { body: "http", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT", '"a"') });
        return [await serve(WASM), asked];""",
    "another version in the HTTP cache": """
        store(CACHE).set(WASM, response({ body: "kept", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT", '"a"') }));
        http.set(WASM, { body: "new!", headers: headers("Tue, 03 Nov 2026 10:00:00 GMT", '"b"') });
        return [await serve(WASM), asked];""",
    "not in the HTTP cache, offline": """
        store(CACHE).set(WASM, response({ body: "kept", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT") }));
        return [await serve(WASM), asked];""",
    "no validators": """
        store(CACHE).set(WASM, response({ body: "kept", headers: { "Content-Type": "application/wasm" } }));
        http.set(WASM, { body: "http", headers: { "Content-Type": "application/wasm" } });
        return [await serve(WASM), asked];""",
    "any other file": """
        const kept = headers("Mon, 02 Nov 2026 10:00:00 GMT");
        store(CACHE).set(SCOPE + "css/game.css", response({ body: "kept", headers: kept }));
        http.set(SCOPE + "css/game.css", { body: "http", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT") });
        return [await serve(SCOPE + "css/game.css"), asked];""",
    # Install: the HTTP cache's copy when it has the listed hash, else the server's.
    "install from the HTTP cache": """
        http.set(WASM, { body: "good", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT") });
        await install();
        return [await (await store(CACHE).get(WASM).clone()).text(), asked];""",
    "install over a stale HTTP copy": """
        http.set(WASM, { body: "old!", headers: headers("Sun, 01 Nov 2026 10:00:00 GMT") });
        network.set(WASM, { body: "good", headers: headers("Mon, 02 Nov 2026 10:00:00 GMT") });
        await install();
        return [await (await store(CACHE).get(WASM).clone()).text(), asked];""",
}


def run_sw(tmp_path: Path) -> dict:
    precache = {
        "version": "v1",
        "files": {"./assets/vendor/pyodide/pyodide.asm.wasm": hashlib.sha256(WASM_BYTES.encode()).hexdigest()},
    }
    script = tmp_path / "sw_harness.mjs"
    script.write_text(
        f"const SW = {json.dumps(str(ROOT / 'sw.js'))};\n"
        f"const PRECACHE = {json.dumps(precache)};\n"
        f"const SCENARIOS = {json.dumps(SCENARIOS)};\n" + HARNESS,
        encoding="utf-8",
    )
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_runtime_comes_from_the_http_cache_only_when_it_is_the_precached_copy(tmp_path: Path) -> None:
    results = run_sw(tmp_path)
    wasm = "https://example.org/game/assets/vendor/pyodide/pyodide.asm.wasm"
    only_cached = [[wasm, "only-if-cached", "same-origin"]]  # never the network
    assert results["same validators"] == ["http", only_cached]
    assert results["another version in the HTTP cache"] == ["kept", only_cached]
    assert results["not in the HTTP cache, offline"] == ["kept", only_cached]
    assert results["no validators"] == ["kept", []]
    assert results["any other file"] == ["kept", []]
    assert results["install from the HTTP cache"] == ["good", [[wasm, "force-cache", "cors"]]]
    assert results["install over a stale HTTP copy"] == [
        "good",
        [[wasm, "force-cache", "cors"], [wasm, "no-cache", "cors"]],
    ]
