"""The runtime's memory snapshot (js/snapshot.mjs), made and restored by the vendored Pyodide under Node.js as the
game's worker makes it and its page restores it: the same Python (js/snapshot.mjs's PREPARE and AFTER_RESTORE),
the same archive, the page's own set-up after it (py/main.py's)."""

from __future__ import annotations

from pathlib import Path

from app.snapshot import MODULES
from pyodide_node import run_in_node
from repo_scripts import ROOT

# Makes a snapshot as js/snapshot-worker.mjs does (packed as Cache Storage keeps it), then starts from it twice as
# js/runtime.mjs does, and prints what CHECK gives in each start.
SCRIPT = """
import {{ loadPyodide }} from {pyodide!r};
import {{ AFTER_RESTORE, PREPARE, copyingSparsely, pack, unpack }} from {snapshot!r};
import fs from "node:fs";
const archive = new Uint8Array(fs.readFileSync({archive!r}));
const maker = await loadPyodide({{ indexURL: {index!r}, _makeSnapshot: true }});
maker.FS.writeFile("app.zip", archive);
maker.runPython(PREPARE);
const packed = pack(await copyingSparsely(() => maker.makeMemorySnapshot()));
const starts = [];
for (const _ of [1, 2]) {{
  const snapshot = unpack(packed.slice().buffer);
  const runtime = await copyingSparsely(() => loadPyodide({{ indexURL: {index!r}, _loadSnapshot: snapshot }}));
  runtime.runPython(AFTER_RESTORE);
  runtime.FS.writeFile("app.zip", archive);  // as PyScript writes pyscript.toml's [files]
  starts.push(JSON.parse(runtime.runPython({check!r})));
}}
console.log(JSON.stringify(starts));
"""

# py/main.py's set-up of the archive, then the page's module (the browser's own module pyscript, absent under
# Node.js, answers any name it is asked for) and the modules a game's regions need; counts what is read from the
# archive after the start.
CHECK = """
import json, os, random, sys, types, unittest.mock, zipimport
preloaded = sorted(name for name in sys.modules if name.split(".")[0] in ("app", "ui", "qwirkle"))
reads = []
_unmarshal = zipimport._unmarshal_code
zipimport._unmarshal_code = lambda self, pathname, *args: reads.append(pathname) or _unmarshal(self, pathname, *args)
sys.modules["pyscript"] = pyscript = types.ModuleType("pyscript")
pyscript.__getattr__ = lambda name: unittest.mock.MagicMock(name=name)
ARCHIVE = os.path.abspath("app.zip")
sys.path.insert(0, ARCHIVE)
from archive import read_once
read_once(ARCHIVE)
import app.page, app.regions.board, ui.rules_doc
json.dumps({"preloaded": preloaded, "random": random.random(), "on_path": sys.path.count(ARCHIVE),
            "read": sorted(path.removeprefix(ARCHIVE + "/") for path in reads),
            "rules": ui.rules_doc.load()["C6"]["en"]["title"]})
"""


def test_a_start_from_the_snapshot_has_the_games_modules_and_reads_only_the_others(tmp_path: Path) -> None:
    """Every module of py/app/snapshot.py is there before the page's set-up; the page then reads from the archive
    only modules the snapshot does not hold, once each; the archive is on sys.path once, as on a usual start, and
    its files are read as usual (the rules reference). Python's random generator differs from start to start."""
    starts = run_in_node(tmp_path, SCRIPT, snapshot=(ROOT / "js" / "snapshot.mjs").as_uri(), check=CHECK)
    for start in starts:
        assert set(MODULES) <= set(start["preloaded"])
        modules = {path.removesuffix(".pyc").removesuffix("/__init__").replace("/", ".") for path in start["read"]}
        assert modules and not modules & set(start["preloaded"]), modules & set(start["preloaded"])
        assert len(start["read"]) == len(set(start["read"]))
        assert start["on_path"] == 1 and start["rules"] == "Scoring"
    assert starts[0]["random"] != starts[1]["random"]


# js/snapshot.mjs's sparse copies and packing, on arrays with pages of zeros on either side or both.
SPARSE = """
import {{ copyingSparsely, pack, unpack }} from {snapshot!r};
const PAGE = 65536, length = 40 * PAGE + 1234;
const random = (seed) => () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const next = random(7);
const filled = (pages) => {{
  const array = new Uint8Array(length);
  for (const page of pages) for (let i = page * PAGE; i < Math.min((page + 1) * PAGE, length); i += 97) array[i] = 1 + next() * 250;
  return array;
}};
const source = filled([0, 3, 4, 17, 40]), target = filled([3, 5, 6, 17, 39]), plain = target.slice();
plain.set(source);
await copyingSparsely(async () => target.set(source));
const small = new Uint8Array(8);
await copyingSparsely(async () => small.set([1, 2], 3));
const back = unpack(pack(source).slice().buffer);
console.log(JSON.stringify([plain.every((byte, i) => byte === target[i]), Array.from(small),
                            back.length === length && back.every((byte, i) => byte === source[i]),
                            pack(source).length, Uint8Array.prototype.set.name]));
"""


def test_sparse_copies_and_packing_give_the_same_bytes(tmp_path: Path) -> None:
    """A copy that leaves out the pages of zeros on both sides gives what a whole copy gives (a page of zeros on one
    side only is copied); small copies are untouched; pack and unpack give the bytes back, without the pages of
    zeros in between; the builtin is restored after."""
    same, small, back, size, name = run_in_node(tmp_path, SPARSE, snapshot=(ROOT / "js" / "snapshot.mjs").as_uri())
    assert same and back and small == [0, 0, 0, 1, 2, 0, 0, 0]
    assert size == 4 * (2 + 5) + 4 * 65536 + 1234 and name == "set"
