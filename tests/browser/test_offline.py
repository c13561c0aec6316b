"""Offline play and updates through the service worker, in Chromium.

Each test serves its own copy of the site (site_copies.copy_site) on its own port, so it can
stop the server (offline) or change a file (a new deployment) without touching the working
tree or the other tests; each test has a fresh browser context, so no service worker or cache
survives from one test to the next.
"""

from __future__ import annotations

import re
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from site_copies import copy_site, precache, serve

START = "?variant=classic&seats=human,computer&seed=5&names=Ann,Bot&pace=0"
SW_TIMEOUT_MS = 90_000

CACHE_STATE = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("qwirkle "));
  const sizes = [];
  for (const name of names) sizes.push((await (await caches.open(name)).keys()).length);
  return {names, sizes};
}"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    return copy_site(tmp_path / "site")


def version_of(site: Path) -> str:
    match = re.search(r'"version": "(\w+)"', (site / "sw-precache.js").read_text(encoding="utf-8"))
    assert match
    return match.group(1)


def wait_controlled(page: Page) -> None:
    """Until the service worker has precached everything and controls the page."""
    page.wait_for_function(
        "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'",
        timeout=SW_TIMEOUT_MS)


def assert_server_gone(url: str) -> None:
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        urllib.request.urlopen(url, timeout=5)


def place_and_play(page: Page) -> None:
    """A move through the game's DOM contract: rack tile, legal cell, ... then Play."""
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
    play = page.get_by_role("button", name="Play")
    for _ in range(6):
        tiles = page.locator("[data-rack] [data-tile]")
        for i in range(tiles.count()):
            tiles.nth(i).click()
            if page.locator("[data-legal]").count():
                break
            tiles.nth(i).click()
        else:
            pytest.fail("no rack tile can be placed")
        page.locator("[data-legal]").first.click()
        if play.get_attribute("aria-disabled") is None and play.is_enabled():
            break
    before = page.locator(".board [data-tile], #board [data-tile]").count()
    play.click()
    expect(page.locator(".board [data-tile], #board [data-tile]")).not_to_have_count(before)


def test_after_one_visit_the_game_reloads_and_plays_offline(new_context: Any, site: Path, wait_ready: Any,
                                                            csp_violations: Any) -> None:
    context = new_context()
    page = context.new_page()
    with serve.running_server(site) as url:
        page.goto(url + START)
        wait_ready(page)
        wait_controlled(page)
        state = page.evaluate(CACHE_STATE)
        files = len(re.findall(r'^  "\./', (site / "sw-precache.js").read_text(), re.M))
        assert state["names"] == [f"qwirkle {url} {version_of(site)}"]
        assert state["sizes"] == [files + 1]  # every file, plus the listing kept for the next update
    assert_server_gone(url)

    # Reload with the server gone: the game comes back and a move can be played.
    started = time.monotonic()
    page.reload()
    wait_ready(page)
    print(f"offline reload to data-ready: {time.monotonic() - started:.2f} s")
    place_and_play(page)
    assert csp_violations(page) == []

    # A new tab opens offline too, and so do the tutorial and embed.html.
    tab = context.new_page()
    tab.goto(url)
    wait_ready(tab)
    expect(tab.locator("[data-rack] [data-tile]").first).to_be_visible()
    tab.goto(url + "tutorial.html")
    wait_ready(tab)
    expect(tab.locator("[data-qwirkle][data-state=ready]").first).to_be_visible()
    assert tab.locator("[data-qwirkle][data-state=error]").count() == 0
    tab.goto(url + "embed.html?board=Ro@0,0%20Rd@1,0")
    wait_ready(tab)
    expect(tab.locator('[data-cell="1,0"] [data-tile="Rd"]')).to_be_visible()


def test_a_new_version_waits_for_the_players_click(new_context: Any, site: Path, wait_ready: Any) -> None:
    context = new_context()
    page = context.new_page()
    with serve.running_server(site) as url:
        page.goto(url + START)
        wait_ready(page)
        wait_controlled(page)
        old = version_of(site)
        # Mid-move: a tile placed, not played yet.
        expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
        tiles = page.locator("[data-rack] [data-tile]")
        for i in range(tiles.count()):
            tiles.nth(i).click()
            if page.locator("[data-legal]").count():
                break
            tiles.nth(i).click()
        page.locator("[data-legal]").first.click()
        expect(page.locator("[data-pending]")).to_have_count(1)
        page.evaluate("window.__samePage = true")

        # A new deployment: one file changes, the set-up step regenerates the list.
        index = site / "index.html"
        index.write_text(index.read_text(encoding="utf-8").replace(
            "<head>", '<head>\n  <meta name="test-version" content="2">', 1), encoding="utf-8")
        precache.write(site)
        new = version_of(site)
        assert new != old

        # The page looks for updates (as it does when it comes back to the foreground).
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        notice = page.locator("[data-sw-update]")
        expect(notice).to_be_visible(timeout=SW_TIMEOUT_MS)
        expect(notice).to_contain_text("Update available")
        expect(notice).to_have_attribute("role", "status")
        # in the top bar: it never covers the game's message line
        note = page.locator("#note").bounding_box()
        shown = notice.bounding_box()
        assert shown["y"] + shown["height"] <= note["y"] or note["y"] + note["height"] <= shown["y"], (shown, note)
        assert page.locator("#topbar [data-sw-update]").count() == 1
        # Nothing reloads by itself: the move in progress is still there, the old version runs.
        page.wait_for_timeout(3000)
        assert page.evaluate("window.__samePage") is True
        expect(page.locator("[data-pending]")).to_have_count(1)
        assert page.locator('meta[name="test-version"]').count() == 0
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting))")

        # The player chooses to reload.
        with page.expect_navigation():
            notice.get_by_role("button", name="Reload").click()
        wait_ready(page)
        assert page.evaluate("window.__samePage") is None
        expect(page.locator('meta[name="test-version"]')).to_have_count(1)
        state = page.evaluate(CACHE_STATE)
        assert state["names"] == [f"qwirkle {url} {new}"], "old caches are removed on activation"
        expect(page.locator("[data-sw-update]")).to_have_count(0)


def test_an_update_found_on_a_later_visit_is_offered_not_forced(new_context: Any, site: Path,
                                                               wait_ready: Any) -> None:
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


def test_the_game_is_installable(browser_type: Any, browser_type_launch_args: dict, network_guard: Any,
                                 site: Path, tmp_path: Path, wait_ready: Any) -> None:
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
