"""The repository's scripts (scripts/*.py) loaded as modules by the tests, which check what they build.

``tests`` is on the path (pytest.ini), so any test imports ``from repo_scripts import ROOT, load_script``.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module of its own (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(f"_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
