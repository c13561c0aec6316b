"""Updates through the service worker on a later visit, and installability, in Chromium. Offline
play after one visit and a new version waiting for the player's click are shared scenarios, run
in Chromium and WebKit (tests/scenarios).

Each test serves its own copy of the site (site_copies.copy_site) on its own port, so it can
stop the server (offline) or change a file (a new deployment) without touching the working
tree or the other tests; each test has a fresh browser context, so no service worker or cache
survives from one test to the next.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from site_copies import copy_site, serve

SW_TIMEOUT_MS = 90_000
pytestmark = pytest.mark.service_worker


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return copy_site(tmp_path / "site")


def wait_controlled(page: Page) -> None:
    """Until the service worker has precached everything and controls the page."""
    page.wait_for_function(
        "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'",
        timeout=SW_TIMEOUT_MS,
    )


def test_an_update_found_on_a_later_visit_is_offered_not_forced(new_context: Any, site: Path, wait_ready: Any) -> None:
    """The usual path: the browser checks for a new version when the page is opened again."""
    context = new_context()
    page = context.new_page()
    with serve.running_server(site) as url:
        page.goto(url + "tutorial.html")
        wait_ready(page)
        wait_controlled(page)
        css = site / "css" / "embed.css"
        css.write_text(css.read_text(encoding="utf-8") + "\n/* version 2 */\n", encoding="utf-8")
        # No explicit set-up step: the server refreshes sw-precache.js when the browser asks.
        page.reload()
        wait_ready(page)
        notice = page.locator("[data-sw-update]")
        expect(notice).to_be_visible(timeout=SW_TIMEOUT_MS)
        assert "version 2" not in page.evaluate("fetch('./css/embed.css').then((r) => r.text())")
        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        wait_ready(page)
        assert "version 2" in page.evaluate("fetch('./css/embed.css').then((r) => r.text())")


# How each of the page's loads was answered: [file, the source the worker's routes matched] (Chromium's resource
# timing: "cache" for a static route to the cache, "" where the worker's fetch handler answered).
SOURCES = """() => [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]
  .map((e) => [new URL(e.name).pathname.split('/').pop() + new URL(e.name).search, e.workerMatchedSourceType])"""


def test_a_return_visit_is_answered_from_the_cache_without_running_the_worker(
    new_context: Any, site: Path, wait_ready: Any
) -> None:
    """Chromium's static routes: this version's files, the page and its styles and scripts, come from its cache
    without the worker's script running; a page's address with a query and the runtime's WebAssembly (its HTTP
    cache copy, which keeps V8's compiled code) still go through the worker."""
    page = new_context().new_page()
    with serve.running_server(site) as url:
        page.goto(url)
        wait_ready(page)
        wait_controlled(page)
        page.reload()
        wait_ready(page)
        sources = dict(page.evaluate(SOURCES))
        for name in ("", "theme.css", "game.css", "loading.js", "pyodide.mjs", "python_stdlib.zip", "app.zip"):
            assert sources[name] == "cache", (name, sources)
        assert sources["pyodide.asm.wasm"] != "cache"
        page.goto(url + "?seats=human,human&names=Ann,Bob&seed=7")
        wait_ready(page)
        sources = dict(page.evaluate(SOURCES))
        assert sources["?seats=human,human&names=Ann,Bob&seed=7"] != "cache"  # the worker answers it with its page
        assert sources["theme.css"] == "cache"


def test_the_game_is_installable(
    browser_type: Any, browser_type_launch_args: dict, network_guard: Any, site: Path, tmp_path: Path, wait_ready: Any
) -> None:
    """Chromium's own installability check, in a normal (not incognito) profile."""
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args)
    network_guard.attach(context)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        with serve.running_server(site) as url:
            page.goto(url)
            wait_ready(page)
            wait_controlled(page)
            cdp = context.new_cdp_session(page)
            manifest = cdp.send("Page.getAppManifest")
            assert manifest["url"] == url + "manifest.webmanifest"
            assert manifest["errors"] == []
            errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
            assert errors == [], errors
    finally:
        context.close()
