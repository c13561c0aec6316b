#!/usr/bin/env python3
"""Pack the Python packages the pages import into one archive: ``assets/app/app.zip``.

Why: PyScript fetches every entry of a config's ``files`` before Python starts. The packages
are about 70 small files, and fetching them one by one cost 400 ms on a cold load (110 ms warm),
more than the page's whole budget over a bare PyScript page. One archive, which PyScript writes
into Pyodide's file system as ``app.zip`` (``"./assets/app/app.zip" = "./app.zip"`` in the
hand-written pyscript.toml of index.html; js/embed.js and the worker's config in app/host.py
give embedded boards and the computer player the same entry), is a single request.

The archive holds every ``.py``/``.json``/``.txt``/``.mo`` file of the packages in ``PACKAGES`` (the
game page's and the embedded boards' alike: one archive for both, cached once), at their path
under py/ (py/qwirkle/board.py -> qwirkle/board.py). A package whose folder does not exist is
skipped (the ``.mo`` files are the compiled language catalogs, ``py/ui/locale/``, that
``scripts/build/i18n.py compile`` writes from ``locale/*.po``). It also holds the rules reference as
data, rendered from docs/rules.md and docs/rules.<lang>.md at build time
(``GENERATED``: ``ui/rules_reference.json``, read by ``ui.rules_doc``), so that a rule cited in
the page opens its text offline without fetching another file.

Each module also travels as bytecode (``bytecode()``, compiled by the vendored Pyodide: see scripts/build/pyc.py):
``app/page.pyc`` beside ``app/page.py``. The pages do not unpack the archive: PyScript writes it as the file ``app.zip``
and each entry point (py/main.py, py/ai_worker.py, py/embed_main.py) puts it on ``sys.path`` and imports from it with
``archive.read_once`` (zipimport, reading each module once), reading only the modules it imports and preferring their
.pyc; the sources are there for tracebacks. Without this, Pyodide compiled every imported module from source on every
load (about 1 ms per kilobyte of source, two thirds of the time the page spent importing), and unpacking the archive
cost 20 to 40 ms more. The archive is deterministic (sorted names, fixed timestamps) and rewritten only when its content
changes, so the service worker's precache list does not churn.

``assets/app/`` is git-ignored: ``make play``/``make test``/``make site`` build it (Makefile
``vendor`` target), and ``scripts/build/serve.py`` rebuilds it when a browser asks for it, so an edited
module is live on the next reload. Standard library only.

    PYTHONPATH=py python3 scripts/build/bundle.py            # build or refresh assets/app/app.zip
    PYTHONPATH=py python3 scripts/build/bundle.py --check    # exit 1 if it is missing or out of date
"""

from __future__ import annotations

import argparse
import io
import os
import sys
import threading
import zipfile
from pathlib import Path

import pyc  # (scripts/build/pyc.py)

ROOT = Path(__file__).resolve().parents[2]
ARCHIVE = Path("assets") / "app" / "app.zip"
# The packages under py/ that the browser imports: the importer of this archive (archive), the
# engine, the shared UI pieces, the game page's app and the embedded boards. The entry points
# (py/main.py, py/embed_main.py, py/ai_worker.py) are not in it: PyScript fetches each as its src.
PACKAGES = ("archive", "qwirkle", "ui", "app", "embed")
SUFFIXES = (".py", ".json", ".txt", ".mo")
RULES_DOC = Path("docs") / "rules.md"
_LOCK = threading.Lock()


def pyc_name(name: str) -> str:
    """Where zipimport looks for a module's bytecode: beside its source (``app/page.py`` -> ``app/page.pyc``)."""
    return name + "c"


def bytecode(sources: dict[str, bytes], cache: Path = pyc.CACHE) -> dict[str, bytes]:
    """Archive name of each module's bytecode -> its .pyc (scripts/build/pyc.py), for the files given."""
    compiled = pyc.compile_sources(sources, cache=cache)
    return {pyc_name(name): data for name, data in compiled.items()}


def generated(root: Path = ROOT) -> dict[str, bytes]:
    """Files made at build time: name in the archive -> content (none when their source is missing)."""
    source = root / RULES_DOC
    if not source.is_file():
        return {}
    from ui.rules_doc import DATA_NAME, read_docs, render_json

    return {f"ui/{DATA_NAME}": render_json(read_docs(source.parent)).encode("utf-8")}


def package_files(root: Path = ROOT) -> dict[str, str]:
    """Files of the archive: path under ``root`` (``py/app/page.py``) -> name in the archive."""
    files = {}
    for package in PACKAGES:
        base = root / "py" / package
        for path in sorted(base.rglob("*")) if base.is_dir() else []:
            rel = path.relative_to(root / "py")
            if (
                path.is_file()
                and path.suffix in SUFFIXES
                and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts)
            ):
                files[f"py/{rel.as_posix()}"] = rel.as_posix()
    return files


def archive_bytes(root: Path = ROOT) -> bytes:
    """The archive for the packages under ``root/py``."""
    contents = {name: (root / source).read_bytes() for source, name in package_files(root).items()}
    contents.update(generated(root))
    contents.update(bytecode(contents))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(contents):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, contents[name])
    return buffer.getvalue()


# root -> what its files looked like (name, size, mtime) when its archive was last found up to
# date: scripts/build/serve.py calls refresh() on every request of the archive, and an unchanged site
# must cost a few stat() calls, not a rebuild (which would hold up the page's other requests).
_BUILT: dict[Path, tuple[tuple[str, int, int], ...]] = {}


def _signature(root: Path) -> tuple[tuple[str, int, int], ...]:
    paths = [root / source for source in package_files(root)]
    paths += [
        root / RULES_DOC,
        *sorted((root / RULES_DOC).parent.glob("rules.*.md")),
        pyc.PYODIDE / "package.json",
        pyc.COMPILER,
        root / ARCHIVE,
    ]
    stats = []
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            stats.append((str(path), -1, -1))
        else:
            stats.append((str(path), stat.st_size, stat.st_mtime_ns))
    return tuple(stats)


def refresh(root: Path | str = ROOT, check: bool = False) -> bool:
    """Write the archive if its content changed; True when it was (or would be) rewritten."""
    root = Path(root)
    target = root / ARCHIVE
    with _LOCK:
        signature = _signature(root)
        if _BUILT.get(root) == signature:
            return False
        data = archive_bytes(root)
        if target.is_file() and target.read_bytes() == data:
            _BUILT[root] = signature
            return False
        if not check:
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
            tmp.write_bytes(data)
            tmp.replace(target)
            _BUILT[root] = _signature(root)
        return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if out of date")
    parser.add_argument("--quiet", action="store_true", help="print only changes")
    args = parser.parse_args(argv)
    changed = refresh(ROOT, args.check)
    if changed:
        print(("would write " if args.check else "wrote ") + ARCHIVE.as_posix())
        if args.check:
            return 1
        import precache  # the service worker's list holds the archive's hash

        precache.write(ROOT)
    elif not args.quiet:
        print(f"bundle.py: {ARCHIVE.as_posix()} is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
