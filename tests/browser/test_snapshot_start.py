"""A returning player's page starts from the runtime's memory snapshot (js/snapshot.mjs), in Chromium: made once the
service worker controls the page, used by the next load, and never what keeps the game from starting (a snapshot
of another archive, a damaged one, a start after a crash: the usual start, and a new snapshot)."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from test_play import play_any, wait_human

SW_TIMEOUT_MS = 90_000
pytestmark = pytest.mark.service_worker
START = "?variant=classic&seats=computer,human&seed=5&pace=0"
# The entry js/snapshot.mjs keeps, rewritten in the page: its first bytes or its archive's label replaced.
REWRITE = """async ([bytes, archive]) => {
  const cache = await caches.open("qwirkle-runtime-snapshot");
  const [key] = await cache.keys();
  const kept = await cache.match(key);
  const headers = new Headers(kept.headers);
  if (archive) headers.set("X-Archive-SHA256", archive);
  const body = new Uint8Array(await kept.arrayBuffer());
  if (bytes) body.fill(7, 0, 64);  // its header: the restore refuses it
  await cache.put(key, new Response(body, { headers }));
}"""


def snapshot_state(page: Page) -> str | None:
    return page.get_attribute("html", "data-snapshot")


def made(page: Page) -> None:
    """Until the snapshot is kept (the service worker controls the page first)."""
    expect(page.locator("html")).to_have_attribute("data-snapshot", "made", timeout=SW_TIMEOUT_MS)


def game_on_screen(page: Page) -> dict[str, Any]:
    wait_human(page, 1)
    return page.evaluate("""() => ({
      rack: [...document.querySelectorAll("[data-rack] [data-tile]")].map((tile) => tile.dataset.tile),
      board: [...document.querySelectorAll("[data-cell][data-tile]")].map((cell) => cell.dataset.cell + cell.dataset.tile),
      scores: [...document.querySelectorAll("[data-score]")].map((score) => score.dataset.score),
    })""")


def reload(page: Page, wait_ready: Any) -> None:
    page.reload()
    wait_ready(page)


def test_a_returning_player_resumes_the_game_from_the_snapshot_and_plays_on(new_context: Any, site_url: str,
                                                                         wait_ready: Any) -> None:
    page = new_context().new_page()
    page.goto(site_url + START)
    wait_ready(page)
    assert snapshot_state(page) == "missing"
    before = game_on_screen(page)
    made(page)
    reload(page, wait_ready)
    assert snapshot_state(page) == "used"
    assert game_on_screen(page) == before
    play_any(page)
    wait_human(page, 1)  # the computer has answered
    assert len(game_on_screen(page)["board"]) > len(before["board"])
    reload(page, wait_ready)
    assert snapshot_state(page) == "used"


@pytest.mark.parametrize("damage", ["another archive", "damaged bytes", "a start after a crash"])
def test_a_snapshot_that_cannot_serve_is_dropped_and_made_again(new_context: Any, site_url: str, wait_ready: Any,
                                                                damage: str) -> None:
    page = new_context().new_page()
    page.goto(site_url + START)
    wait_ready(page)
    before = game_on_screen(page)
    made(page)
    if damage == "a start after a crash":  # js/restart.js's count, as a crash while starting leaves it
        page.evaluate("sessionStorage.setItem('qwirkle.start-restarts', '1')")
    else:
        page.evaluate(REWRITE, [damage == "damaged bytes", "0" * 64 if damage == "another archive" else None])
    reload(page, wait_ready)
    assert snapshot_state(page) != "used"
    assert game_on_screen(page) == before
    made(page)
    reload(page, wait_ready)
    assert snapshot_state(page) == "used"
    assert game_on_screen(page) == before


def test_the_computers_worker_and_the_snapshots_worker_never_run_side_by_side(new_context: Any, site_url: str,
                                                                              wait_ready: Any) -> None:
    """The Expert thinks in a worker (a second Pyodide) from the first visit's start: no snapshot is made beside it.
    The next load, controlled by the service worker, makes one first, and the Expert's worker starts after it."""
    page = new_context().new_page()
    page.goto(site_url + "?variant=classic&seats=expert,human&seed=5&pace=0")
    wait_ready(page)
    before = game_on_screen(page)
    expect(page.locator("html")).to_have_attribute("data-snapshot", "deferred", timeout=SW_TIMEOUT_MS)
    reload(page, wait_ready)
    assert game_on_screen(page) == before
    made(page)
    play_any(page)
    wait_human(page, 1)  # the Expert has answered, from its worker
    reload(page, wait_ready)
    assert snapshot_state(page) == "used"
