#!/usr/bin/env python3
"""Python bytecode for the browser, compiled by the vendored Pyodide itself (run by Node.js).

Pyodide ships its standard library as sources, and PyScript hands it our modules as sources: on
every page load it compiled about 120 modules of the standard library (2.5 MB of source, about
0.8 s of a 3 s start on a desktop, more on a tablet) and then ours. Compiled once here, at build
time, they load as bytecode:

* ``compile_sources()``: our modules (scripts/build/bundle.py puts each ``.pyc`` beside its source in
  the archive assets/app/app.zip);
* ``compiled_stdlib()``: the standard library, as Pyodide's ``python_stdlib.zip`` with each
  ``.py`` replaced by its ``.pyc`` (scripts/build/vendor.py vendors that instead of the original).

Both are "unchecked hash" .pyc files (the import system loads them without looking at a source's
time or content) of Pyodide's own Python, whatever Python runs the build, compiled without
column positions (``PYTHONNODEBUGRANGES``: tracebacks keep their lines, lose their ^^^ markers;
the files are a fifth smaller). ``scripts/build/compile_pyc.mjs`` does the compiling. Results are kept
in the user's cache folder, as pip and npm keep theirs (``$XDG_CACHE_HOME/qwirkle/pyc``, by default
``~/.cache/qwirkle/pyc``), by content, module by module: a rebuild compiles only what changed, and
a fresh clone on the same machine compiles nothing (the standard library took about 11 s of CPU,
our modules 5 s); a module that does not compile is remembered too (an empty ``KEY.source``), so it is not
tried again on every build (each try starts Pyodide in Node.js: about 5 s of CPU). Standard
library only.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
COMPILER = ROOT / "scripts" / "build" / "compile_pyc.mjs"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "qwirkle" / "pyc"


def pyodide_version(pyodide: Path = PYODIDE) -> str:
    """The vendored Pyodide's version (its npm package)."""
    try:
        return str(json.loads((pyodide / "package.json").read_text(encoding="utf-8"))["version"])
    except (OSError, ValueError, KeyError) as error:
        raise SystemExit(f"pyc.py: no usable Pyodide in {pyodide} ({error}): run `npm ci` first") from None


def _keys(pyodide: Path, contents: dict[str, bytes]) -> dict[str, str]:
    """Cache keys (name -> key): the runtime, the compiler script, the name and the content."""
    base = hashlib.sha256(pyodide_version(pyodide).encode() + b"\0" + COMPILER.read_bytes())
    keys = {}
    for name, content in contents.items():
        digest = base.copy()
        digest.update(b"\0" + name.encode() + b"\0" + content)
        keys[name] = digest.hexdigest()
    return keys


def compile_tree(folder: Path, pyodide: Path = PYODIDE) -> None:
    """Write ``NAME.pyc`` beside every ``NAME.py`` under ``folder`` (one Node.js run); a module that
    does not compile gets none, and is reported on stderr."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("pyc.py: Node.js is needed to compile with Pyodide (Debian: apt-get install nodejs)")
    run = subprocess.run([node, str(COMPILER), str(pyodide), str(folder)], capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"pyc.py: compiling with Pyodide failed:\n{run.stderr.strip()[-2000:]}")
    if run.stderr.strip():
        print(run.stderr.strip(), file=sys.stderr)


def _compiled(sources: dict[str, bytes], pyodide: Path) -> dict[str, bytes]:
    """Name -> .pyc of the sources (name -> source) that compile, in one Node.js run."""
    with tempfile.TemporaryDirectory(prefix="pyc-") as work:
        for name, source in sources.items():
            (Path(work) / name).parent.mkdir(parents=True, exist_ok=True)
            (Path(work) / name).write_bytes(source)
        compile_tree(Path(work), pyodide)
        return {
            name: (Path(work) / (name + "c")).read_bytes() for name in sources if (Path(work) / (name + "c")).is_file()
        }


def compile_sources(sources: dict[str, bytes], pyodide: Path = PYODIDE, cache: Path = CACHE) -> dict[str, bytes]:
    """Module name in an archive (``app/page.py``) -> its .pyc, for the ``.py`` files given (name ->
    source). A module that does not compile is left out: it reaches the page as source only."""
    keys = _keys(pyodide, {name: source for name, source in sources.items() if name.endswith(".py")})
    missing = {
        name: sources[name]
        for name, key in keys.items()
        if not (cache / f"{key}.pyc").is_file() and not (cache / f"{key}.source").is_file()
    }
    if missing:
        cache.mkdir(parents=True, exist_ok=True)
        compiled = _compiled(missing, pyodide)
        for name in missing:
            if name in compiled:
                _write(cache / f"{keys[name]}.pyc", compiled[name])
            else:  # stays source: remembered, not tried again
                _write(cache / f"{keys[name]}.source", b"")
    return {
        name: (cache / f"{key}.pyc").read_bytes()
        for name, key in sorted(keys.items())
        if (cache / f"{key}.pyc").is_file()
    }


def compiled_stdlib(original: Path, pyodide: Path = PYODIDE, cache: Path = CACHE) -> Path:
    """Pyodide's standard library archive with each ``.py`` replaced by its ``.pyc`` (its other
    files as they are); built once per original, kept in ``cache``. Returns its path."""
    data = original.read_bytes()
    target = cache / f"stdlib-{_keys(pyodide, {original.name: data})[original.name][:32]}.zip"
    if target.is_file():
        return target
    source = zipfile.ZipFile(io.BytesIO(data))
    infos = [info for info in source.infolist() if not info.is_dir()]
    compiled = compile_sources(
        {info.filename: source.read(info) for info in infos if info.filename.endswith(".py")}, pyodide, cache
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            name, content = (
                (info.filename + "c", compiled[info.filename])
                if info.filename in compiled
                else (info.filename, source.read(info))
            )
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = 0o644 << 16
            out.writestr(entry, content, compress_type=zipfile.ZIP_DEFLATED)
    cache.mkdir(parents=True, exist_ok=True)
    _write(target, buffer.getvalue())
    return target


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: another process (a parallel test's server) may read the cache."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
