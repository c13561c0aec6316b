"""Fixtures of the shared browser scenarios: one ``driver`` per engine (see drivers.py).

* ``driver`` is parametrized: ``chromium`` (Playwright, Debian's /usr/bin/chromium, a fresh
  context per test with the network guard of tests/browser) and ``webkit`` (Selenium and
  Debian's WebKitWebDriver on a private Xvfb display, a fresh session, hence a fresh ephemeral
  profile, per test). Both open the same served site.
* WebKit needs /usr/bin/WebKitWebDriver and /usr/bin/Xvfb, which ``make test`` installs
  (``webkit2gtk-driver``, ``xvfb``). Without them the WebKit lane is skipped with the reason,
  except in CI (``CI`` set), where it fails.
* ``site_copy``: a private copy of the site (tests/browser/site_copies.py) for scenarios that
  stop its server (offline) or deploy a new version; serve it with ``serve.running_server``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from drivers import TIMEOUT_S, PlaywrightDriver, SeleniumDriver
from sites import ROOT, browser_setup, serve, site_copies

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
ENGINES = ["chromium", "webkit"]


@pytest.fixture(scope="session")
def scenario_site() -> Any:
    """Base URL of the working tree served on a free 127.0.0.1 port for the session."""
    if not (ROOT / "assets" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("assets/vendor is missing: run `make test` (or `npm ci && python3 scripts/vendor.py`)")
    with serve.running_server(ROOT) as url:
        yield url


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    return site_copies.copy_site(tmp_path / "site")


# -- Chromium ---------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    if not Path(browser_setup.CHROMIUM).exists():
        pytest.fail(f"{browser_setup.CHROMIUM} is missing: run `make test` (it installs Debian's chromium)")
    return {**browser_type_launch_args, "executable_path": browser_setup.CHROMIUM,
            "args": browser_setup.CHROMIUM_ARGS}


@pytest.fixture
def chromium_page(new_context: Any) -> Any:
    """A page in a fresh Chromium context; fails at teardown if it requested anything off 127.0.0.1
    or the page reported a Content-Security-Policy violation."""
    guard = browser_setup.NetworkGuard()
    context = new_context()
    context.set_default_timeout(TIMEOUT_S * 1000)
    context.set_default_navigation_timeout(TIMEOUT_S * 1000)
    context.add_init_script(browser_setup.PAGE_RECORDER)
    guard.attach(context)
    page = context.new_page()
    yield page
    if guard.blocked:
        pytest.fail("the page requested non-localhost URLs (all aborted):\n  " + "\n  ".join(guard.blocked))
    try:
        violations = page.evaluate("window.__cspViolations || []")
    except PlaywrightError:   # the page is gone (closed, or its renderer crashed): the test says why
        violations = []
    if violations:
        pytest.fail("Content-Security-Policy violations:\n  " + "\n  ".join(violations))


# -- WebKit -----------------------------------------------------------------------------------

def _webkit_missing() -> str:
    missing = [path for path in (WEBKIT_DRIVER, XVFB) if not shutil.which(path)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium (requirements-dev.txt)")
    return ", ".join(missing)


@pytest.fixture(scope="session")
def xvfb_display() -> Any:
    """A private X display (Xvfb picks a free number and tells it through -displayfd)."""
    missing = _webkit_missing()
    if missing:
        reason = f"WebKit lane needs {missing}: run `make test` (it installs webkit2gtk-driver and xvfb)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    read, write = os.pipe()
    process = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", "1280x960x24", "-nolisten", "tcp"],
                               pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            pytest.fail(f"Xvfb did not start (exit code {process.poll()})")
        yield f":{number}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def webkit_session(xvfb_display: str) -> Any:
    """A fresh WebKitGTK session (a fresh ephemeral profile: no storage, caches or workers)."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.add_argument("--automation")
    service = Service(WEBKIT_DRIVER, env={**os.environ, "DISPLAY": xvfb_display})
    session = webdriver.WebKitGTK(options=options, service=service)
    session.set_page_load_timeout(TIMEOUT_S)
    session.set_script_timeout(TIMEOUT_S)
    session.set_window_size(1280, 900)
    try:
        yield session
    finally:
        session.quit()


# -- the driver -------------------------------------------------------------------------------

@pytest.fixture(params=ENGINES)
def driver(request: pytest.FixtureRequest, scenario_site: str) -> Any:
    if request.param == "chromium":
        return PlaywrightDriver(scenario_site, request.getfixturevalue("chromium_page"))
    return SeleniumDriver(scenario_site, request.getfixturevalue("webkit_session"))
