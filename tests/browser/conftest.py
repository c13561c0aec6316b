"""Fixtures for browser tests: the real site in Debian's Chromium, fully offline.

* ``site_url``: the repository root (the site) served on a free 127.0.0.1 port for the session.
* pytest-playwright's ``browser`` runs /usr/bin/chromium with quiet flags; never
  ``playwright install``. Two of them: WebAssembly's baseline compiler only, unless the test is
  marked ``optimizing_wasm`` (``Browsers``).
* The network guard: Chromium sends every request off 127.0.0.1 (from a page, a worker, a service
  worker or the browser itself, IP addresses too) to a local proxy that refuses it
  (``RecordingProxy``), and resolves no host name but 127.0.0.1. Every request a page of a
  guarded context makes off 127.0.0.1 is recorded, and the test fails at teardown if there was
  one (Chromium's own background requests are refused, not counted). A proxy rather than
  Playwright's request routing: routing sends every request of the site through this process and
  turns the HTTP cache off, which cost the suite minutes.
* Every context made through pytest-playwright (``context``, ``page``, ``new_context``) gets
  generous timeouts, and service workers blocked: installing the worker fetches the whole site
  (the runtime too) after every first load, a cost only the tests of offline play and updates
  need. Those are marked ``@pytest.mark.service_worker`` and get it as a player does.
* ``shared_page(url)``: one ready page shared by a module's tests (a context manager for a
  module-scoped fixture), guarded the same way.
* ``open_ready(page, path="")``: go to a page of the site and wait for ``<html data-ready>``
  (or fail fast with PyScript's error and the console log); ``wait_ready(page)`` only waits
  (after a reload, say).
* ``axe(page)``: run axe-core on the page, return the serious and critical violations.
* ``csp_violations(page)``: Content-Security-Policy violations the page reported so far.
"""

from __future__ import annotations

import socketserver
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
# Playwright passes Chromium its own --disable-features list (chromiumSwitches.ts in
# playwright-core), and a second --disable-features replaces the first: ours repeats Playwright's
# (test_chromium_flags checks it against the installed Playwright) and adds the omnibox's popups.
# Headless Chromium builds a window for every context, and its omnibox preloads two WebUI pages
# in a renderer of their own: 0.7-0.9 s of CPU per context, for a box no test ever sees.
PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
UNSEEN_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]
# Pyodide takes 5-6 s to start cold on this machine's kind, and timings vary by +-1.5 s
# between batches: wait long, never assert on time.
READY_TIMEOUT_MS = 90_000
DEFAULT_TIMEOUT_MS = 60_000
expect.set_options(timeout=DEFAULT_TIMEOUT_MS)

# Recorded in every page before its own scripts run (init scripts are not subject to the CSP).
PAGE_RECORDER = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


serve = load_script("serve")
CHROMIUM = serve.CHROMIUM
CHROMIUM_ARGS = serve.CHROMIUM_ARGS


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.fspath).parents:
            item.add_marker(pytest.mark.browser)


@contextmanager
def served_site() -> Iterator[str]:
    """The working tree served on a free 127.0.0.1 port: its base URL, ending in '/' (fails without the runtime)."""
    if not (ROOT / "assets" / "vendor" / "pyodide" / "pyodide.mjs").is_file():
        pytest.fail("assets/vendor is missing: run `make test` (or `npm ci && python3 scripts/build/vendor.py`)")
    with serve.running_server(ROOT) as url:
        yield url


@pytest.fixture(scope="session")
def site_url() -> Any:
    """Base URL (ending in '/') of the repository root served on a free localhost port."""
    with served_site() as url:
        yield url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, remote_proxy: RecordingProxy) -> dict:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `make test` (it installs Debian's chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": chromium_args(remote_proxy)}


class Browsers:
    """The session's two Chromiums, each launched when first asked for. V8 compiles WebAssembly twice: at once
    with its baseline compiler (Liftoff), then the hot functions again with its optimizing one (TurboFan). A
    page start spends 1.4 s of its 3.5-3.9 s of CPU on the second: the tests that compute for long in the page
    (a whole review) gain it back, the others only pay. So a test runs in the baseline browser (flag
    ``--liftoff-only``) unless it is marked ``optimizing_wasm``. The flag changes how fast the code runs, never
    what it does."""

    def __init__(self, launch: Any, args: list[str]) -> None:
        self.launch, self.args = launch, args
        self.launched: dict[bool, Browser] = {}

    def get(self, optimizing: bool) -> Browser:
        if optimizing not in self.launched:
            flags = [] if optimizing else ["--js-flags=--liftoff-only"]
            self.launched[optimizing] = self.launch(args=self.args + flags)
        return self.launched[optimizing]

    def close(self) -> None:
        for browser in self.launched.values():
            browser.close()


@pytest.fixture(scope="session")
def browsers(launch_browser: Any, browser_type_launch_args: dict) -> Any:
    holder = Browsers(launch_browser, browser_type_launch_args["args"])
    yield holder
    holder.close()


@pytest.fixture
def browser(browsers: Browsers, request: pytest.FixtureRequest) -> Browser:
    """pytest-playwright's ``browser`` (behind ``page``, ``context`` and ``new_context``): the optimizing
    Chromium for the tests marked ``optimizing_wasm``, the baseline one for the others."""
    return browsers.get(optimizing=request.node.get_closest_marker("optimizing_wasm") is not None)


class RecordingProxy(socketserver.ThreadingTCPServer):
    """The browsers' proxy for everything but 127.0.0.1: records what was asked ("http://host/path"
    for a plain request, "host:443" for a tunnel) and closes the connection unanswered, so the
    request fails as if there were no network."""

    daemon_threads = True

    def __init__(self) -> None:
        self.requests: list[str] = []
        super().__init__(("127.0.0.1", 0), self.Handler)
        threading.Thread(target=self.serve_forever, name="remote-proxy", daemon=True).start()

    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            line = self.rfile.readline(8192).decode("latin-1").split()
            self.server.requests.append(line[1] if len(line) > 1 else " ".join(line))  # type: ignore[attr-defined]

    def take(self) -> list[str]:
        taken, self.requests[:] = list(self.requests), []
        return taken

    def close(self) -> None:
        self.shutdown()
        self.server_close()


@pytest.fixture(scope="session")
def remote_proxy() -> Any:
    proxy = RecordingProxy()
    yield proxy
    proxy.close()


def chromium_args(proxy: RecordingProxy) -> list[str]:
    """Chromium's flags, with every request off 127.0.0.1 sent to ``proxy`` (loopback never is)."""
    return [
        *CHROMIUM_ARGS,
        f"--proxy-server=http://127.0.0.1:{proxy.server_address[1]}",
        "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSEEN_FEATURES),
    ]


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname == "127.0.0.1"


class NetworkGuard:
    """Records every request a guarded context makes to anything but 127.0.0.1 (the proxy refuses it)."""

    def __init__(self) -> None:
        self.blocked: list[str] = []

    def attach(self, context: BrowserContext) -> None:
        context.on("request", lambda request: self._record(request.url))

    def _record(self, url: str) -> None:
        if not is_local(url) and url not in self.blocked:
            self.blocked.append(url)

    def check(self) -> None:
        """Fail the test if a guarded page asked for anything off 127.0.0.1."""
        if self.blocked:
            pytest.fail("the page requested non-localhost URLs (all refused):\n  " + "\n  ".join(self.blocked))


def guarded(context: BrowserContext, guard: NetworkGuard) -> BrowserContext:
    """``context`` with the suite's timeouts, the page recorder, and ``guard`` watching its requests."""
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.set_default_navigation_timeout(DEFAULT_TIMEOUT_MS)
    context.add_init_script(PAGE_RECORDER)
    guard.attach(context)
    return context


@pytest.fixture(autouse=True)
def network_guard() -> Any:
    guard = NetworkGuard()
    yield guard
    guard.check()


def context_options(request: pytest.FixtureRequest, options: dict[str, Any]) -> dict[str, Any]:
    """Service workers blocked unless the test is marked ``service_worker`` or asks for them."""
    if request.node.get_closest_marker("service_worker") is None:
        options.setdefault("service_workers", "block")
    return options


@pytest.fixture
def browser_context_args(browser_context_args: dict, request: pytest.FixtureRequest) -> dict:
    return context_options(request, dict(browser_context_args))


@pytest.fixture
def new_context(new_context: Any, network_guard: NetworkGuard) -> Any:
    """pytest-playwright's context factory (with ``browser_context_args``), the guard, timeouts
    and the page recorder."""

    def factory(**kwargs: Any) -> BrowserContext:
        return guarded(new_context(**kwargs), network_guard)

    return factory


@contextmanager
def module_page(browser: Browser, url: str) -> Iterator[tuple[Page, list[str]]]:
    """One page of ``url``, ready, shared by the tests of a module that each look at their own part of it (one
    Python start instead of one per test), and every URL it requested. Guarded as ``new_context``'s pages are,
    service workers blocked; fails at the end if the page requested anything off 127.0.0.1."""
    guard = NetworkGuard()
    context = guarded(browser.new_context(service_workers="block"), guard)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page_log(page)
    page.goto(url)
    _wait_ready(page)
    try:
        yield page, requests
    finally:
        context.close()
    guard.check()


@pytest.fixture(scope="session")
def shared_page(browsers: Browsers) -> Any:
    """``shared_page(url)``: ``module_page`` in the session's baseline browser, for module-scoped fixtures."""
    return lambda url: module_page(browsers.get(optimizing=False), url)


def page_log(page: Page) -> list[str]:
    """Console messages and uncaught errors of ``page`` from now on (recorded once per page)."""
    log = getattr(page, "_qwirkle_log", None)
    if log is None:
        log = []
        page.on("console", lambda msg: log.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda error: log.append(f"pageerror: {error}"))
        page._qwirkle_log = log  # type: ignore[attr-defined]
    return log


def _wait_ready(page: Page) -> float:
    """Wait for ``<html data-ready>``; fail fast on a start-up error. Returns seconds waited.

    ``data-ready`` is set by py/main.py as its last step; ``data-load-error`` by js/loading.js
    when start-up failed; ``.py-error`` is PyScript's error banner.
    """
    log = page_log(page)
    start = time.monotonic()
    page.wait_for_selector(
        "html[data-ready], html[data-load-error], .py-error", state="attached", timeout=READY_TIMEOUT_MS
    )
    if page.locator("html[data-ready]").count() == 0:
        errors = page.locator(".py-error").all_inner_texts()
        pytest.fail(f"{page.url} did not start:\n" + "\n".join(errors + log[-30:]))
    return time.monotonic() - start


@pytest.fixture
def open_ready(site_url: str) -> Any:
    """``open_ready(page, path="")``: load a page of the site and wait until it is ready."""

    def open_page(page: Page, path: str = "") -> float:
        page_log(page)
        page.goto(site_url + path)
        return _wait_ready(page)

    return open_page


@pytest.fixture(scope="session")
def wait_ready() -> Any:
    """``wait_ready(page)``: wait for ``<html data-ready>`` on an already loading page."""
    return _wait_ready


@pytest.fixture
def reload_home() -> Any:
    """``reload_home(page, script)``: run ``script`` (it writes localStorage), reload the page and wait for its home
    screen; returns the home screen's notice (where the page reports what it moved aside)."""

    def reload(page: Page, script: str) -> Any:
        page.evaluate(script)
        page.reload()
        _wait_ready(page)
        expect(page.locator("#home")).to_be_visible()
        return page.locator("#home-notice")

    return reload


# A crash of the WebAssembly engine while the interpreter boots, as WebKit's now and then gives (js/restart.js): an
# unhandled rejection with a WebAssembly.RuntimeError once PyScript is about to run Python, on the first %(crashes)d
# loads of the tab (counted in the tab's session storage, which a reload keeps); an ordinary error instead when the
# engine is not to blame. Python itself goes on (and may do what a ready page does, such as registering the service
# worker): only what the page does about the crash is tested, and the load at which it first showed an error is kept.
BOOT_CRASH = """
(() => {
  const loads = Number(sessionStorage.getItem("test.loads") || 0) + 1;
  sessionStorage.setItem("test.loads", String(loads));
  new MutationObserver((_, observer) => {   // the load at which the page first showed an error
    if (!document.documentElement || !document.documentElement.hasAttribute("data-load-error")) return;
    observer.disconnect();
    if (!sessionStorage.getItem("test.error-at")) sessionStorage.setItem("test.error-at", String(loads));
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-load-error"] });
  if (loads > %(crashes)d) return;
  addEventListener("py:ready", () => {
    Promise.reject(%(engine)s ? new WebAssembly.RuntimeError("Out of bounds memory access")
                              : new TypeError("not a crash of the runtime"));
  }, { once: true });
})();
"""


@pytest.fixture(scope="session")
def boot_crash() -> Any:
    """``boot_crash(page, crashes, engine=True)``: crash ``page``'s start-up on its first ``crashes`` loads; returns
    a function that tells how many times the page has loaded (``("error-at")``: at which load it first showed an
    error, 0 if never)."""

    def crash(page: Page, crashes: int, engine: bool = True) -> Any:
        page.add_init_script(BOOT_CRASH % {"crashes": crashes, "engine": "true" if engine else "false"})
        return lambda what="loads": int(page.evaluate(f"Number(sessionStorage.getItem('test.{what}'))"))

    return crash


@pytest.fixture(scope="session")
def axe_source() -> str:
    path = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not path.is_file():
        pytest.fail("node_modules/axe-core is missing: run `npm ci` (make test does)")
    return path.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def axe(axe_source: str) -> Any:
    """``axe(page, selector=None)``: serious and critical axe-core violations, as dicts.

    axe is injected with ``page.evaluate`` rather than ``add_script_tag(content=...)``: the
    page's CSP forbids inline scripts, and evaluation from the test driver is not subject to it.
    """

    def audit(page: Page, selector: str | None = None) -> list[dict]:
        if page.evaluate("typeof window.axe") != "object":
            page.evaluate(axe_source)
        result = page.evaluate(
            """async (selector) => {
                const r = await axe.run(selector || document, {resultTypes: ["violations"]});
                return r.violations.map((v) => ({
                    id: v.id, impact: v.impact, help: v.help,
                    nodes: v.nodes.map((n) => n.target.join(" ")),
                }));
            }""",
            selector,
        )
        return [v for v in result if v["impact"] in ("serious", "critical")]

    return audit


@pytest.fixture(scope="session")
def csp_violations() -> Any:
    return lambda page: page.evaluate("window.__cspViolations || []")
