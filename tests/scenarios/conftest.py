"""Fixtures of the shared browser scenarios: one ``driver`` per engine (see drivers.py).

* ``driver`` is parametrized: ``chromium`` (Playwright, Debian's /usr/bin/chromium, a fresh
  context per test with the network guard of tests/browser) and ``webkit`` (Selenium and
  Debian's WebKitWebDriver on a private Xvfb display, a fresh session, hence a fresh ephemeral
  profile, per test). Both open the same served site.
* WebKit needs /usr/bin/WebKitWebDriver and /usr/bin/Xvfb, which ``make test`` installs
  (``webkit2gtk-driver``, ``xvfb``). Without them the WebKit lane is skipped with the reason,
  except in CI (``CI`` set), where it fails.
* ``firefox`` (Puppeteer over WebDriver BiDi, Debian's /usr/bin/firefox-esr headless, no
  geckodriver): one Firefox per test process, a fresh browser context per test (its own storage,
  caches and service workers). Every request off 127.0.0.1, from any page, worker or Firefox
  itself, goes to a proxy that refuses and records it, and the test fails at teardown if there
  was one. Needs ``firefox-esr`` and node_modules/puppeteer-core (``make test`` installs both);
  skipped without them, except in CI.
* ``site_copy``: a private copy of the site (tests/browser/site_copies.py) for scenarios that
  stop its server (offline) or deploy a new version; serve it with ``serve.running_server``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from drivers import TIMEOUT_S, FirefoxBridge, PlaywrightDriver, PuppeteerDriver, SeleniumDriver
from playwright.sync_api import Error as PlaywrightError
from sites import ROOT, browser_setup, site_copies

WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
FIREFOX = "/usr/bin/firefox-esr"
ENGINES = ["chromium", "webkit", "firefox"]
# The WebKit processes' environment (they inherit the driver's). The scenarios test what the page does, not how
# fast; both settings change how the same page is run, not what it does:
# - JavaScriptCore without its optimizing WebAssembly tier (OMG): compiling Pyodide's hot functions again took half
#   of the web process's CPU in a scenario (15.5-17.8 s of CPU for the exchange / undo / reload scenario, 7.2-7.9 s
#   without); the baseline tier (BBQ) runs the same code.
# - No accelerated compositing: on Xvfb there is no GPU, and WebKit composited its layers through Mesa's software
#   OpenGL (llvmpipe). Drawn on the CPU directly, the ten scenarios took 77-83 s of CPU instead of 109 s.
WEBKIT_ENV = {"JSC_useOMGJIT": "false", "WEBKIT_DISABLE_COMPOSITING_MODE": "1"}
# A session that takes screenshots (the layout check's, test_webkit_layout.py): with compositing disabled WebKitGTK
# never answers WebDriver's screenshot command (it waits for a composited frame that never comes), and with its
# default (compositing when a page asks for it) the first screenshots come back blank; forced on, each takes about
# a second, at the CPU cost of Mesa's software OpenGL.
WEBKIT_SHOT_ENV = {"JSC_useOMGJIT": "false", "WEBKIT_FORCE_COMPOSITING_MODE": "1"}
SESSION_START_S = 60  # a WebKit session starts in 0.3-0.7 s here when the machine is quiet
SESSION_ATTEMPTS = 2


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test here drives a browser: ``make check`` (``-m "not browser"``) leaves them to ``make test``."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def scenario_site() -> Any:
    """Base URL of the working tree served on a free 127.0.0.1 port for the session."""
    with browser_setup.served_site() as url:
        yield url


@pytest.fixture
def site_copy(tmp_path: Path) -> Path:
    return site_copies.copy_site(tmp_path / "site")


# -- Chromium ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, remote_proxy: Any) -> dict:
    if not Path(browser_setup.CHROMIUM).exists():
        pytest.fail(f"{browser_setup.CHROMIUM} is missing: run `make test` (it installs Debian's chromium)")
    # WebAssembly's baseline compiler only, as tests/browser's tests not marked optimizing_wasm (conftest.Browsers)
    return {
        **browser_type_launch_args,
        "executable_path": browser_setup.CHROMIUM,
        "args": [*browser_setup.chromium_args(remote_proxy), "--js-flags=--liftoff-only"],
    }


@pytest.fixture
def browser_context_args(browser_context_args: dict, request: pytest.FixtureRequest) -> dict:
    return browser_setup.context_options(request, dict(browser_context_args))


@pytest.fixture
def chromium_page(new_context: Any) -> Any:
    """A page in a fresh Chromium context (service workers only for the scenarios marked
    ``service_worker``); fails at teardown if the browser requested anything off 127.0.0.1 or the
    page reported a Content-Security-Policy violation."""
    guard = browser_setup.NetworkGuard()
    page = browser_setup.guarded(new_context(), guard).new_page()
    yield page
    guard.check()
    try:
        violations = page.evaluate("window.__cspViolations || []")
    except PlaywrightError:  # the page is gone (closed, or its renderer crashed): the test says why
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


def _require(lane: str, missing: str, installs: str) -> None:
    """Skip the lane when its browser is missing, with the reason; in CI (``CI`` set) fail instead."""
    if missing:
        reason = f"{lane} lane needs {missing}: run `make test` ({installs})"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)


@pytest.fixture(scope="session")
def xvfb_display() -> Any:
    """A private X display (Xvfb picks a free number and tells it through -displayfd)."""
    _require("WebKit", _webkit_missing(), "it installs webkit2gtk-driver and xvfb")
    read, write = os.pipe()
    process = subprocess.Popen(
        [XVFB, "-displayfd", str(write), "-screen", "0", "1400x1100x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
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
    yield from webkit(xvfb_display, WEBKIT_ENV)


@pytest.fixture
def webkit_shot_session(xvfb_display: str) -> Any:
    """``webkit_session`` with compositing forced on, so that it can take screenshots."""
    yield from webkit(xvfb_display, WEBKIT_SHOT_ENV)


def webkit(xvfb_display: str, env: dict[str, str]) -> Any:
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    options = Options()
    options.add_argument("--automation")
    session = None
    for attempt in range(SESSION_ATTEMPTS):
        service = Service(WEBKIT_DRIVER, env={**os.environ, "DISPLAY": xvfb_display, **env})
        # Now and then WebKitWebDriver never answers the new session (no browser process starts) and Selenium waits
        # without a limit: the driver is killed after SESSION_START_S, which fails the request, and a new one starts.
        timer = threading.Timer(SESSION_START_S, lambda service=service: service.process and service.process.kill())
        timer.start()
        try:
            session = webdriver.WebKitGTK(options=options, service=service)
            break
        except Exception:
            service.stop()
            if attempt + 1 == SESSION_ATTEMPTS:
                raise
        finally:
            timer.cancel()
    assert session is not None
    session.set_page_load_timeout(TIMEOUT_S)
    session.set_script_timeout(TIMEOUT_S)
    session.set_window_size(1280, 900)
    try:
        yield session
    finally:
        session.quit()


# -- Firefox ----------------------------------------------------------------------------------


def _firefox_missing() -> str:
    missing = [path for path in (FIREFOX,) if not shutil.which(path)]
    if not shutil.which("node"):
        missing.append("node")
    if not (ROOT / "node_modules" / "puppeteer-core" / "package.json").is_file():
        missing.append("node_modules/puppeteer-core (npm ci)")
    return ", ".join(missing)


@pytest.fixture(scope="session")
def remote_proxy() -> Any:
    """Where Chromium sends every request off 127.0.0.1: refused (its own background requests
    included; the pages' are counted by the guard)."""
    proxy = browser_setup.RecordingProxy()
    yield proxy
    proxy.close()


@pytest.fixture(scope="session")
def firefox_proxy() -> Any:
    """Firefox's: every request off 127.0.0.1, refused and recorded."""
    proxy = browser_setup.RecordingProxy()
    yield proxy
    proxy.close()


@pytest.fixture(scope="session")
def firefox_bridge(firefox_proxy: Any) -> Any:
    """One headless Firefox ESR for this test process, driven through firefox.mjs."""
    _require("Firefox", _firefox_missing(), "it installs firefox-esr and runs npm ci")
    bridge = FirefoxBridge(firefox_proxy.server_address[1], ROOT)
    try:
        yield bridge
    finally:
        bridge.close()


@pytest.fixture
def firefox_page(firefox_bridge: FirefoxBridge, firefox_proxy: Any) -> Any:
    """A page in a fresh Firefox browser context; fails at teardown if anything was requested off
    127.0.0.1 (seen by the page, or by the proxy) or the page reported a CSP violation."""
    firefox_proxy.take()
    firefox_bridge.call("page")
    yield firefox_bridge
    report = firefox_bridge.call("close")
    blocked = report["blocked"] + [f"(proxy) {line}" for line in firefox_proxy.take()]
    if blocked:
        pytest.fail("the page requested non-localhost URLs (all refused):\n  " + "\n  ".join(blocked))
    if report["csp"]:
        pytest.fail("Content-Security-Policy violations:\n  " + "\n  ".join(report["csp"]))


# -- the driver -------------------------------------------------------------------------------


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each scenario runs in every engine, but in Chromium not when it is marked ``chromium_covered_by``: deeper tests
    of tests/browser take the same steps there (each named test must exist: ``covering_tests``)."""
    if "driver" in metafunc.fixturenames:
        covered = metafunc.definition.get_closest_marker("chromium_covered_by")
        if covered is not None:
            covering_tests(covered.args)
        metafunc.parametrize("driver", [e for e in ENGINES if not (covered and e == "chromium")], indirect=True)


def covering_tests(names: tuple[str, ...]) -> None:
    """Fail unless every ``path::test`` named exists (a renamed test must not leave a scenario untested in Chromium)."""
    for name in names:
        path, _, test = name.partition("::")
        source = ROOT / path
        if not test or not source.is_file() or f"def {test}(" not in source.read_text(encoding="utf-8"):
            pytest.fail(f"chromium_covered_by names {name}, which does not exist", pytrace=False)


@pytest.fixture
def driver(request: pytest.FixtureRequest, scenario_site: str) -> Any:
    if request.param == "chromium":
        return PlaywrightDriver(scenario_site, request.getfixturevalue("chromium_page"))
    if request.param == "firefox":
        return PuppeteerDriver(scenario_site, request.getfixturevalue("firefox_page"))
    return SeleniumDriver(scenario_site, request.getfixturevalue("webkit_session"))
