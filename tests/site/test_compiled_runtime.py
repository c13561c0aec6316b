"""Bytecode compiled at build time (scripts/build/pyc.py), checked in the vendored Pyodide itself, run by
Node.js as the pages run it: the standard library and our modules load as bytecode, never compiled
from source on a page load."""

import io
import json
import subprocess
import zipfile
from pathlib import Path

import pytest
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
VENDORED = ROOT / "assets" / "vendor" / "pyodide"
pytestmark = pytest.mark.slow  # Pyodide started under Node.js, seconds each

# Boots the vendored runtime (its pyodide.mjs and python_stdlib.zip), writes our archive where
# pyscript.toml puts it, and runs the Python given; prints what its last line gives (JSON text).
BOOT = """
import {{ loadPyodide }} from {pyodide!r};
import fs from "node:fs";
const pyodide = await loadPyodide({{ indexURL: {index!r} }});
pyodide.FS.writeFile("app.zip", new Uint8Array(fs.readFileSync({archive!r})));
console.log(pyodide.runPython({code!r}));
"""

# What the page's entry point does, then every module of the archive (the browser's own module
# pyscript, absent under Node.js, answers any name it is asked for).
IMPORT_EVERYTHING = """
import importlib, os, sys, types, unittest.mock, zipfile
sys.modules["pyscript"] = pyscript = types.ModuleType("pyscript")
pyscript.__getattr__ = lambda name: unittest.mock.MagicMock(name=name)
import zipimport
reads = {}
_unmarshal = zipimport._unmarshal_code
def counted(self, pathname, *args):
    reads[pathname] = reads.get(pathname, 0) + 1
    return _unmarshal(self, pathname, *args)
zipimport._unmarshal_code = counted
ARCHIVE = os.path.abspath("app.zip")  # as py/main.py does
sys.path.insert(0, ARCHIVE)
from archive import read_once
read_once(ARCHIVE)
names = sorted(n.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
               for n in zipfile.ZipFile("app.zip").namelist() if n.endswith(".py"))
for name in names:
    if not name.endswith("__main__"):  # the command line runs when imported
        importlib.import_module(name)
origins = {name: getattr(m.__spec__, "origin", None) for name, m in sys.modules.items() if m.__spec__}
import json
json.dumps([len(names), sys.modules["ui.rules_doc"].load()["C6"]["en"]["title"],
            sorted(name for name, origin in origins.items() if origin and origin.endswith(".py")),
            sorted(path for path, count in reads.items() if count > 1 and path.startswith(ARCHIVE)
                   and not path.endswith("archive/__init__.pyc"))])
"""


def boot(tmp_path: Path, code: str) -> object:
    if not (VENDORED / "pyodide.mjs").is_file():
        pytest.fail("assets/vendor is missing: run `make test` (or `make vendor`)")
    archive = tmp_path / "app.zip"
    archive.write_bytes(load_script("bundle").archive_bytes())
    script = tmp_path / "boot.mjs"
    script.write_text(
        BOOT.format(pyodide=(VENDORED / "pyodide.mjs").as_uri(), index=f"{VENDORED}/", archive=str(archive), code=code)
    )
    run = subprocess.run(["node", str(script)], capture_output=True, text=True, cwd=tmp_path)
    # (Node.js prints a line of Pyodide's minified source with an error: leave such lines out)
    assert run.returncode == 0, "\n".join(line for line in run.stderr.splitlines() if len(line) < 400)[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


def test_the_pages_runtime_imports_the_standard_library_and_our_modules_as_bytecode(tmp_path):
    """Every module loaded, Pyodide's own at start-up, the standard library's and ours (each from
    the archive on sys.path), came from a .pyc: zipimport falls back to a source, and a .pyc of
    another Python would make it, so this also checks they are the runtime's own bytecode.
    The rules reference is read from the archive too. Each module but the importer itself
    (archive, imported by zipimport before it takes over) was read once."""
    count, title, from_source, read_twice = boot(tmp_path, IMPORT_EVERYTHING)
    assert count > 50 and title == "Scoring"
    assert from_source == []
    assert read_twice == [], "archive.read_once: each module is read and unmarshalled once"


def test_the_vendored_standard_library_is_pyodides_compiled():
    """Each module of Pyodide's python_stdlib.zip is there as its .pyc only; the other files as they are."""
    original = zipfile.ZipFile(PYODIDE / "python_stdlib.zip")
    vendored = zipfile.ZipFile(VENDORED / "python_stdlib.zip")
    expected = sorted(n + "c" if n.endswith(".py") else n for n in original.namelist() if not n.endswith("/"))
    assert sorted(vendored.namelist()) == expected
    for name in vendored.namelist():
        if name.endswith(".pyc"):
            assert vendored.read(name)[4:8] == b"\x01\0\0\0", name  # unchecked hash
        else:
            assert vendored.read(name) == original.read(name), name


def test_a_module_that_does_not_compile_stays_source(tmp_path, monkeypatch):
    pyc = load_script("pyc")
    sources = {"ok.py": b"x = 1\n", "broken.py": b"def (:\n"}
    compiled = pyc.compile_sources(sources, cache=tmp_path)
    assert list(compiled) == ["ok.py"] and compiled["ok.py"][4:8] == b"\x01\0\0\0"
    # compiled once: the cache answers the next time, with the same bytes, and remembers what does not compile
    # (Pyodide is not started again, here nor for the standard library's archive of the same modules below)
    monkeypatch.setattr(pyc, "_compiled", lambda *args: pytest.fail("compiled again"))
    assert pyc.compile_sources(sources, cache=tmp_path) == compiled
    original = io.BytesIO()
    with zipfile.ZipFile(original, "w") as archive:
        archive.writestr("ok.py", "x = 1\n")
        archive.writestr("broken.py", "def (:\n")
        archive.writestr("data.txt", "text")
    (tmp_path / "stdlib.zip").write_bytes(original.getvalue())
    built = zipfile.ZipFile(pyc.compiled_stdlib(tmp_path / "stdlib.zip", cache=tmp_path))
    assert sorted(built.namelist()) == ["broken.py", "data.txt", "ok.pyc"]
