"""py/app/snapshot.py: the modules the runtime's snapshot holds need no browser, and they are every module of the
page's start that needs none (tests/site/test_runtime_snapshot.py makes and restores a snapshot in Pyodide)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PY = Path(__file__).resolve().parents[2] / "py"

# Imports the names given with the browser's modules missing (a module that needs one fails), and prints our
# modules then loaded, and those of the names that failed.
LOADED = """
import importlib, json, sys
for name in ("pyscript", "js", "pyodide"):
    sys.modules[name] = None
failed = []
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except ImportError:
        failed.append(name)
print(json.dumps([sorted(m for m in sys.modules if m.split(".")[0] in ("app", "ui", "qwirkle", "archive")), failed]))
"""

# What the page's module (py/main.py's only import) and the game's regions load, the browser's modules answering
# any name they are asked for.
PAGE = """
import json, sys, types, unittest.mock
for name in ("pyscript", "js", "pyodide", "pyodide.ffi"):
    sys.modules[name] = module = types.ModuleType(name)
    module.__getattr__ = lambda attribute: unittest.mock.MagicMock(name=attribute)
import app.page, app.regions.board, app.regions.rack
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("app", "ui", "qwirkle", "archive"))))
"""


def run(code: str, *names: str) -> object:
    done = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, cwd=PY, check=True)
    return json.loads(done.stdout)


def test_the_snapshots_modules_need_no_browser() -> None:
    from app.snapshot import MODULES

    loaded, failed = run(LOADED, *MODULES)
    assert failed == []
    assert len(loaded) > 50


def test_every_module_of_the_pages_start_that_needs_no_browser_is_in_the_snapshot() -> None:
    from app.snapshot import MODULES

    snapshot, _ = run(LOADED, *MODULES)
    page = run(PAGE)
    rest = [name for name in page if name not in snapshot]
    _, need_a_browser = run(LOADED, *rest)
    assert rest and sorted(need_a_browser) == rest, set(rest) - set(need_a_browser)
