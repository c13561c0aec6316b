#!/usr/bin/env python3
"""Copy the runtime files the page needs from node_modules into assets/vendor/.

Run it after ``npm ci`` (``make play``, ``make test`` and ``make site`` do). Standard library
only. Idempotent and fast when nothing changed: a file is copied only when its size or
modification time differs from the copy, and files that are no longer shipped are removed.
The page's config is the hand-written pyscript.toml; our Python packages reach the browser as
one archive built by scripts/build/bundle.py (which owns the list of packages).

One file is not copied as it is: Pyodide's standard library (``python_stdlib.zip``) is vendored
compiled, each module as bytecode of Pyodide's own Python (scripts/build/pyc.py), because Pyodide
would otherwise compile about 120 of its modules from source on every page load (0.8 s of a 3 s
start here). The archive grows from 2.5 to 3.6 MB.

    python3 scripts/build/vendor.py           # copy what is missing
    python3 scripts/build/vendor.py --check   # change nothing; exit 1 if anything is out of date
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import pyc  # (scripts/build/pyc.py)

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "assets" / "vendor"

# The only Pyodide files a page requests (about 13.5 MB); the rest of the npm package is
# Node.js glue, type declarations and source maps.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")

# Vendored compiled (scripts/build/pyc.py), not copied.
STDLIB = "python_stdlib.zip"

# The QR code of turn links (py/app/regions/link.py imports it on first need): one ES module with
# no dependencies, from the npm package qrcode-generator (MIT; its licence is in the file's header).
QRCODE = ("qrcode-generator", "dist/qrcode.mjs")

# The live table's QR code reader where the browser has no BarcodeDetector (js/live-scan.js imports it when a scan
# starts): the ponyfill of npm barcode-detector (MIT; two ES modules), the reader WebAssembly of npm zxing-wasm (MIT),
# located beside them (never on the CDN the module names by default), and both licences.
SCANNER = {
    "ponyfill.js": ("barcode-detector", "dist/es/ponyfill.js"),
    "zxing-exported.js": ("barcode-detector", "dist/es/zxing-exported.js"),
    "zxing_reader.wasm": ("zxing-wasm", "dist/reader/zxing_reader.wasm"),
    "LICENSE-barcode-detector.txt": ("barcode-detector", "LICENSE"),
    "LICENSE-zxing-wasm.txt": ("zxing-wasm", "LICENSE"),
}


def vendor_plan() -> dict[Path, Path]:
    """Map each destination file under assets/vendor/ to its source in node_modules.

    All of PyScript's dist/ but source maps: core.js imports some of its chunks lazily, among
    them its TOML reader (toml-*.js), which parses pyscript.toml; they must be there offline.
    """
    pyodide = NODE_MODULES / "pyodide"
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    qrcode = NODE_MODULES / QRCODE[0]
    scanner = {NODE_MODULES / package for package, _ in SCANNER.values()}
    missing = [p for p in (pyodide, pyscript, qrcode, *sorted(scanner)) if not p.is_dir()]
    if missing:
        names = ", ".join(str(p.relative_to(ROOT)) for p in missing)
        raise SystemExit(f"vendor.py: {names} not found: run `npm ci` first (or `make play`)")
    plan = {VENDOR / "pyodide" / name: pyodide / name for name in PYODIDE_FILES}
    plan[VENDOR / "pyodide" / STDLIB] = pyc.compiled_stdlib(pyodide / STDLIB, pyodide)
    for source in sorted(pyscript.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            plan[VENDOR / "pyscript" / source.name] = source
    plan[VENDOR / "qrcode" / "qrcode.mjs"] = qrcode / QRCODE[1]
    for name, (package, path) in SCANNER.items():
        plan[VENDOR / "barcode-detector" / name] = NODE_MODULES / package / path
    for source in plan.values():
        if not source.is_file():
            raise SystemExit(f"vendor.py: {source.relative_to(ROOT)} is missing: run `npm ci`")
    return plan


def up_to_date(source: Path, dest: Path) -> bool:
    if not dest.is_file():
        return False
    a, b = source.stat(), dest.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def sync_vendor(check: bool) -> list[str]:
    """Copy stale files, delete files no longer shipped. Returns what changed (or would)."""
    plan = vendor_plan()
    changes = []
    for dest, source in plan.items():
        if not up_to_date(source, dest):
            changes.append(f"copy {dest.relative_to(ROOT)}")
            if not check:
                dest.parent.mkdir(parents=True, exist_ok=True)
                tmp = dest.with_name(dest.name + ".tmp")
                shutil.copy2(source, tmp)  # keeps the mtime, which up_to_date() compares
                tmp.replace(dest)
    if VENDOR.is_dir():
        for path in sorted(VENDOR.rglob("*"), reverse=True):
            if path.is_file() and path not in plan:
                changes.append(f"remove {path.relative_to(ROOT)}")
                if not check:
                    path.unlink()
            elif path.is_dir() and not check and not any(path.iterdir()):
                path.rmdir()
    return changes


def sync_precache(check: bool) -> list[str]:
    """sw-precache.js (scripts/build/precache.py): derived from the files above, so last."""
    import precache

    return precache.write(ROOT, check)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if out of date")
    parser.add_argument("--quiet", action="store_true", help="print only changes")
    args = parser.parse_args(argv)
    changes = sync_vendor(args.check)
    changes += sync_precache(args.check)
    for line in changes:
        print(("would " if args.check else "") + line)
    if args.check and changes:
        print("vendor.py: out of date; run `python3 scripts/build/vendor.py`", file=sys.stderr)
        return 1
    if not changes and not args.quiet:
        print("vendor.py: assets/vendor is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
