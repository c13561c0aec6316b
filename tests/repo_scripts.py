"""The repository's scripts (scripts/*.py, bench/*.py) loaded as modules by the tests, which check what they build.

``tests`` is on the path (pytest.ini), so any test imports ``from repo_scripts import ROOT, load_script``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str, folder: str = "scripts") -> ModuleType:
    """``scripts/<name>.py`` (or another folder's, e.g. ``bench``) as a module of its own (they are not packages)."""
    spec = importlib.util.spec_from_file_location(f"_{folder}_{name}", ROOT / folder / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
