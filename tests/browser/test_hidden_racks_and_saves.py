"""Nothing lost, nothing leaked, in the real page: the hand-over screen holds no rack (nor does the tile tracker),
Undo there hands the device back first; two tabs on one game agree; stored values of any shape never stop the page."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page, expect
from test_play import play_any, start, wait_human

RACK_TILES = "#rack [data-tile], #rack .rack-tile"
TRACKER_CELLS = "td.tracker__cell"


def open_tracker(page: Page) -> Locator:
    page.locator('button[data-action="tracker"]:not([hidden])').click()
    tracker = page.locator("#tracker-dialog")
    expect(tracker).to_be_visible()
    return tracker


def close_tracker(page: Page) -> None:
    page.locator('#tracker-dialog button[data-action="close-dialog"]').click()
    expect(page.locator("#tracker-dialog")).to_be_hidden()


def test_the_hand_over_screen_holds_no_rack_and_undo_hands_the_device_back(page: Page, open_ready) -> None:
    start(page, open_ready, "variant=classic&seats=human,human&seed=5&names=Ann,Bob&pace=0")
    html = page.locator("html")
    expect(html).to_have_attribute("data-handover", "0")
    expect(page.locator(RACK_TILES)).to_have_count(0)
    page.get_by_role("button", name="I am Ann: show my tiles").click()
    wait_human(page, 0)
    expect(html).not_to_have_attribute("data-handover", re.compile(".*"))
    # the tile tracker counts the tiles Ann has not seen: 36 kinds (colours x shapes), over 60 tiles
    tracker = open_tracker(page)
    expect(tracker).to_contain_text("Tiles not seen by Ann")
    cells = tracker.locator(TRACKER_CELLS)
    expect(cells).to_have_count(36)
    assert sum(int(n or 0) for n in cells.evaluate_all("cs => cs.map(c => c.dataset.count)")) > 60
    close_tracker(page)
    play_any(page)
    # "Pass the device to Bob": no tile of any rack in the DOM, and Undo is Ann's
    expect(html).to_have_attribute("data-handover", "1")
    expect(page.locator("#privacy-title")).to_have_text("Pass the device to Bob")
    expect(page.locator(RACK_TILES)).to_have_count(0)
    # the tracker would give Ann's rack away to Bob: it waits for the hand-over
    tracker = open_tracker(page)
    expect(tracker).to_contain_text("Pass the device to Bob")
    expect(tracker.locator(TRACKER_CELLS)).to_have_count(0)
    close_tracker(page)
    undo = page.get_by_role("button", name="Undo")
    expect(undo).not_to_have_attribute("aria-disabled", "true")
    undo.click()
    # taken back, the device goes to Ann first: her rack stays hidden until she shows it
    expect(html).to_have_attribute("data-handover", "0")
    expect(page.locator("#privacy-title")).to_have_text("Pass the device to Ann")
    expect(page.locator("#log li.log__entry")).to_have_count(0)
    expect(page.locator(RACK_TILES)).to_have_count(0)
    page.get_by_role("button", name="I am Ann: show my tiles").click()
    wait_human(page, 0)
    play_any(page)
    expect(html).to_have_attribute("data-handover", "1")
    page.get_by_role("button", name="I am Bob: show my tiles").click()
    wait_human(page, 1)
    # Bob holds the device: Ann's move is not his to take back
    expect(page.get_by_role("button", name="Undo")).to_have_attribute("aria-disabled", "true")
    # nor can the game in progress leave the device as a record dealing Ann's rack
    page.get_by_role("button", name="Saved games").click()
    dialog = page.locator("#saves-dialog")
    dialog.get_by_role("button", name=re.compile("^Export")).first.click()
    expect(dialog).to_contain_text("can be exported once it is over")


def test_two_tabs_on_one_game_agree(page: Page, open_ready, wait_ready) -> None:
    """Two pages of one browser context share localStorage: a move in one is shown in the other (which says so and
    hides the racks again), and it moves on from there; neither writes over the other's newer state."""
    start(page, open_ready, "variant=classic&seats=human,human&seed=5&names=Ann,Bob&pace=0")
    other = page.context.new_page()
    open_ready(other)
    expect(other.locator("html")).to_have_attribute("data-handover", "0")
    page.get_by_role("button", name="I am Ann: show my tiles").click()
    wait_human(page, 0)
    play_any(page)
    expect(page.locator("html")).to_have_attribute("data-handover", "1")
    # the storage event brings the second tab up to date: Ann's move, Bob's turn, the racks hidden
    expect(other.locator("#log li.log__entry")).to_have_count(1)
    expect(other.locator("html")).to_have_attribute("data-handover", "1")
    expect(other.locator("#note")).to_contain_text("another tab")
    expect(other.locator(RACK_TILES)).to_have_count(0)
    other.get_by_role("button", name="I am Bob: show my tiles").click()
    wait_human(other, 1)
    play_any(other)
    expect(page.locator("#log li.log__entry")).to_have_count(2)
    expect(page.locator("html")).to_have_attribute("data-handover", "0")
    game_id = page.evaluate("localStorage.getItem('qwirkle.current')")
    saved = json.loads(page.evaluate(f"localStorage.getItem('qwirkle.save.{game_id}')"))
    assert len(saved["record"]["moves"]) == 2 and saved["revision"] == 3
    other.close()


def test_stored_values_of_any_shape_never_stop_the_page(page: Page, open_ready, reload_home) -> None:
    open_ready(page)
    notice = reload_home(
        page,
        """() => {
        const deep = '['.repeat(100000) + ']'.repeat(100000);
        localStorage.setItem('qwirkle.settings', deep);
        localStorage.setItem('qwirkle.stats', '{"version": 1, "games": ' + deep + '}');
        localStorage.setItem('qwirkle.save.zzdeep', deep);
        localStorage.setItem('qwirkle.save.zzbig', '{"format": "qwirkle-save", "version": 1, "created": 1' +
                             '0'.repeat(5000) + '}');
        localStorage.setItem('qwirkle.current', 'zzdeep');
    }""",
    )
    expect(notice).to_contain_text("moved aside")
    page.get_by_role("button", name="Statistics").click()
    expect(page.locator("#stats-dialog")).to_contain_text("No")
    page.locator("#stats-dialog").get_by_role("button", name="Close").click()
    page.get_by_role("button", name="Saved games").click()
    expect(page.locator("#saves-dialog")).to_be_visible()
    stored = page.evaluate("Object.keys(localStorage)")
    assert not {"qwirkle.save.zzdeep", "qwirkle.save.zzbig", "qwirkle.settings", "qwirkle.stats"} & set(stored)
    assert sum(key.startswith("qwirkle.aside.") for key in stored) == 4
