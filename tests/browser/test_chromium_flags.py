"""Chromium's flags in conftest.py: Playwright's own disabled features kept, the omnibox's popups gone, and V8's
optimizing WebAssembly compiler only for the tests marked ``optimizing_wasm``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import playwright
import pytest


def playwright_disabled_features() -> list[str]:
    """The features the installed Playwright disables in Chromium (its chromiumSwitches.ts)."""
    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    match = re.search(r"disabledFeatures = \[(.*?)\]", bundle.read_text(encoding="utf-8"), re.S)
    assert match, f"no disabledFeatures list in {bundle}"
    body = re.sub(r"//[^\n]*", "", match.group(1))
    return re.findall(r'"([^"]+)"', body)


def test_our_disable_features_repeats_playwright_s(browser_type_launch_args: dict) -> None:
    flags = [arg for arg in browser_type_launch_args["args"] if arg.startswith("--disable-features=")]
    assert len(flags) == 1, flags
    ours = flags[0].partition("=")[2].split(",")
    assert set(playwright_disabled_features()) <= set(ours)
    assert "WebUIOmniboxPopup" in ours


def test_a_context_has_no_browser_ui_pages(new_context: Any, browser: Any) -> None:
    page = new_context().new_page()
    page.goto("about:blank")
    targets = browser.new_browser_cdp_session().send("Target.getTargets")["targetInfos"]
    assert [t["url"] for t in targets if t["type"] == "browser_ui"] == []
    assert [t["url"] for t in targets if t["type"] == "page"] == ["about:blank"]


def command_line(browser: Any) -> list[str]:
    """The arguments of ``browser``'s main process (its pid from CDP, its command line from /proc)."""
    processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")["processInfo"]
    pid = next(p["id"] for p in processes if p["type"] == "browser")
    return Path(f"/proc/{pid}/cmdline").read_text(encoding="utf-8").split("\0")


def test_a_test_runs_in_the_baseline_chromium(browser: Any) -> None:
    assert "--js-flags=--liftoff-only" in command_line(browser)


@pytest.mark.optimizing_wasm
def test_a_test_marked_optimizing_wasm_runs_in_the_optimizing_one(browser: Any) -> None:
    assert not [arg for arg in command_line(browser) if arg.startswith("--js-flags")]
