"""The set-up of tests/browser the scenarios share rather than repeat: Chromium's launch
arguments and network guard (tests/browser/conftest.py) and the site copies and server
(tests/browser/site_copies.py)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
BROWSER_TESTS = ROOT / "tests" / "browser"


def _load(name: str, path: Path) -> Any:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


browser_setup = _load("_scenarios_browser_conftest", BROWSER_TESTS / "conftest.py")
site_copies = _load("_scenarios_site_copies", BROWSER_TESTS / "site_copies.py")
serve = site_copies.serve
