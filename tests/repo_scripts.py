"""The repository's scripts (scripts/build/*.py, scripts/tables/*.py, bench/*.py) loaded as modules by the tests, which
check what they build, or run as the Makefile runs them.

``tests`` is on the path (pytest.ini), so any test imports ``from repo_scripts import ROOT, load_script``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str, folder: str = "scripts/build") -> ModuleType:
    """``scripts/build/<name>.py`` (or another folder's, e.g. ``bench``) as a module of its own (they are not packages).
    As when Python runs the script, its own folder is on the path while it loads (a bench's ``import mean_error``);
    scripts/build and scripts/tables are on pytest.ini's pythonpath, as on the Makefile's PYTHONPATH."""
    spec = importlib.util.spec_from_file_location(f"_{folder}_{name}".replace("/", "_"), ROOT / folder / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(ROOT / folder))
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(ROOT / folder))
    return module


def script_env() -> dict[str, str]:
    """The environment the Makefile runs a script in (its PYTHONPATH), for a test that runs one as a process."""
    folders = (ROOT / "py", ROOT / "scripts" / "build", ROOT / "scripts" / "tables")
    return {**os.environ, "PYTHONPATH": os.pathsep.join(map(str, folders))}
