#!/usr/bin/env python3
"""Copy the runtime files the page needs from node_modules into assets/vendor/, and keep
the ``files`` section of pyscript.json in step with the Python packages under py/.

Run it after ``npm ci`` (``make play``, ``make test`` and ``make site`` do). Standard library
only. Idempotent and fast when nothing changed: a file is copied only when its size or
modification time differs from the copy, files that are no longer shipped are removed, and
pyscript.json is rewritten only when its module list changed.

    python3 scripts/vendor.py           # copy what is missing, sync pyscript.json
    python3 scripts/vendor.py --check   # change nothing; exit 1 if anything is out of date
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "assets" / "vendor"
CONFIG = ROOT / "pyscript.json"

# The only Pyodide files a page requests (about 13.5 MB); the rest of the npm package is
# Node.js glue, type declarations and source maps.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# Folders under py/ whose files the browser imports: mapped into Pyodide's virtual file
# system at the same relative path (py/qwirkle/board.py -> ./qwirkle/board.py).
PACKAGES = ("qwirkle", "ui", "app")
PACKAGE_SUFFIXES = (".py", ".json", ".txt")


def vendor_plan() -> dict[Path, Path]:
    """Map each destination file under assets/vendor/ to its source in node_modules."""
    pyodide = NODE_MODULES / "pyodide"
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    missing = [p for p in (pyodide, pyscript) if not p.is_dir()]
    if missing:
        names = ", ".join(str(p.relative_to(ROOT)) for p in missing)
        raise SystemExit(f"vendor.py: {names} not found: run `npm ci` first (or `make play`)")
    plan = {VENDOR / "pyodide" / name: pyodide / name for name in PYODIDE_FILES}
    for source in sorted(pyscript.iterdir()):
        if source.is_file() and not source.name.endswith(".map"):
            plan[VENDOR / "pyscript" / source.name] = source
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


def package_files() -> dict[str, str]:
    """The ``files`` mapping of pyscript.json: URL (relative to the config) -> path in Pyodide."""
    files = {}
    for package in PACKAGES:
        base = ROOT / "py" / package
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            rel = path.relative_to(ROOT / "py")
            if (
                path.is_file()
                and path.suffix in PACKAGE_SUFFIXES
                and not any(part.startswith((".", "__pycache__")) for part in rel.parts)
            ):
                files[f"./py/{rel.as_posix()}"] = f"./{rel.as_posix()}"
    return files


def sync_config(check: bool) -> list[str]:
    """Rewrite pyscript.json's ``files`` when the package tree changed; other keys are kept."""
    text = CONFIG.read_text(encoding="utf-8")
    config = json.loads(text)
    old = config.get("files", {})
    new = package_files()
    if old == new:
        return []
    changes = [f"pyscript.json: map {k}" for k in new if k not in old]
    changes += [f"pyscript.json: unmap {k}" for k in old if k not in new]
    changes = changes or ["pyscript.json: reorder files"]
    if not check:
        config["files"] = new
        CONFIG.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    return changes


def sync_precache(check: bool) -> list[str]:
    """embed.json and sw-precache.js (scripts/precache.py): derived from the files above, so last."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import precache

    return precache.write(ROOT, check)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if out of date")
    parser.add_argument("--quiet", action="store_true", help="print only changes")
    args = parser.parse_args(argv)
    changes = sync_vendor(args.check) + sync_config(args.check)
    changes += sync_precache(args.check)
    for line in changes:
        print(("would " if args.check else "") + line)
    if args.check and changes:
        print("vendor.py: out of date; run `python3 scripts/vendor.py`", file=sys.stderr)
        return 1
    if not changes and not args.quiet:
        print("vendor.py: assets/vendor and pyscript.json are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
