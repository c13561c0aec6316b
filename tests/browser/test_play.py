"""The game played through the real page in Chromium, offline (see conftest.py).

Each test opens the page, so each covers a whole story: a corrupt save, a name with HTML, the
language switch, computer games to the end in each variant, the keyboard and axe-core audits. A
human turn by clicks, a refused placement, exchange, undo, reload and resume are a shared scenario, run
in Chromium, WebKit and Firefox (tests/scenarios); hot-seat privacy (the tile tracker included), a Cubes
re-roll and the Expert's worker are shared scenarios too, taken in Chromium by deeper tests
(test_hidden_racks_and_saves.py, test_ai_play.py).
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect


def start(page: Page, open_ready, query: str) -> None:
    open_ready(page, "?" + query)
    expect(page.locator("html")).to_have_attribute("data-turn", re.compile(r"\d"))


def wait_human(page: Page, seat: int = 0) -> None:
    expect(page.locator("html")).to_have_attribute("data-turn", str(seat))
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()


def select_placeable(page: Page) -> int:
    """Click rack tiles until one lights up legal cells; returns how many cells."""
    tiles = page.locator("[data-rack] [data-tile]")
    for i in range(tiles.count()):
        tiles.nth(i).click()
        if page.locator("[data-legal]").count():
            return page.locator("[data-legal]").count()
        tiles.nth(i).click()  # unselect
    pytest.fail("no rack tile can be placed")


def place_one(page: Page) -> str:
    select_placeable(page)
    cell = page.locator("[data-legal]").first
    where = cell.get_attribute("data-cell")
    cell.click()
    expect(page.locator(f'[data-cell="{where}"][data-pending]')).to_have_count(1)
    return where


def keyboard_place(page: Page, target: str) -> None:
    """Move the board's cursor from 0,0 to ``target`` with the arrow keys, and press Enter."""
    x, y = (int(v) for v in target.split(","))
    for _ in range(abs(x)):
        page.keyboard.press("ArrowRight" if x > 0 else "ArrowLeft")
    for _ in range(abs(y)):
        page.keyboard.press("ArrowDown" if y > 0 else "ArrowUp")
    page.keyboard.press("Enter")
    expect(page.locator(f'[data-cell="{target}"][data-pending]')).to_have_count(1)


def play_any(page: Page) -> int:
    """Place what can be placed (at least one tile) and press Play; returns the previewed points."""
    place_one(page)
    while page.get_by_role("button", name="Play").get_attribute("aria-disabled") is not None:
        place_one(page)
    text = page.locator(".preview__points").inner_text()
    points = int(re.search(r"(\d+) point", text).group(1))
    page.get_by_role("button", name="Play").click()
    return points


def test_a_corrupt_save_is_moved_aside_and_other_saves_still_load(page: Page, open_ready, reload_home) -> None:
    start(page, open_ready, "variant=flex&tiles=72&seats=human,computer&seed=3&pace=0")
    wait_human(page)
    good = page.evaluate("localStorage.getItem('qwirkle.current')")
    notice = reload_home(
        page,
        """() => {
        localStorage.setItem('qwirkle.save.zzbad', '{"format": "qwirkle-save", "version": 1, "record": 42');
        localStorage.setItem('qwirkle.save.zzforeign', '{"hello": "world"}');
        localStorage.setItem('qwirkle.current', 'zzbad');
        localStorage.setItem('qwirkle.settings', 'not json');
    }""",
    )
    expect(notice).to_contain_text("qwirkle.aside.save.zzbad.1")
    stored = page.evaluate("Object.keys(localStorage).sort()")
    assert "qwirkle.aside.save.zzbad.1" in stored and "qwirkle.save.zzbad" not in stored
    page.get_by_role("button", name="Saved games").click()
    dialog = page.locator("#saves-dialog")
    expect(dialog.locator(f'li.save[data-id="{good}"]')).to_have_count(1)
    expect(dialog).to_contain_text("moved aside")  # the foreign value, found while listing
    assert "qwirkle.save.zzforeign" not in page.evaluate("Object.keys(localStorage)")
    # export the good game as the engine's record, and import it back as a new save
    with page.expect_download() as download:
        dialog.locator(f'li.save[data-id="{good}"]').get_by_role("button", name=re.compile("^Export")).click()
    path = download.value.path()
    record = json.loads(open(path, encoding="utf-8").read())
    assert record["format"] == "qwirkle-game" and record["variant"] == "flex" and record["tiles"] == 72
    page.locator("#import-file").set_input_files(path)  # the same game: not added twice
    expect(dialog).to_contain_text("in your saved games already")
    expect(dialog.locator("li.save")).to_have_count(1)
    page.locator("#import-file").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b'{"format": "nope"}'}]
    )
    expect(dialog).to_contain_text("not a Qwirkle game record")
    expect(dialog.locator("li.save")).to_have_count(1)
    dialog.locator(f'li.save[data-id="{good}"]').get_by_role("button", name=re.compile("^Resume")).click()
    wait_human(page)
    expect(page.locator("html")).to_have_attribute("data-variant", "flex")


def test_names_are_text_and_the_language_switches_and_is_remembered(page: Page, open_ready, wait_ready, axe) -> None:
    name = '<img src="x.png" data-evil>Ann&amp;'
    start(
        page,
        open_ready,
        "variant=classic&seats=human,human&seed=5&names="
        + "%3Cimg%20src%3D%22x.png%22%20data-evil%3EAnn%26amp%3B,Bob&pace=0",
    )
    expect(page.locator("#privacy-title")).to_have_text(f"Pass the device to {name}")
    assert page.locator("img[data-evil]").count() == 0
    expect(page.locator(".score__name").first).to_have_text(name)
    page.get_by_role("button", name=f"I am {name}: show my tiles").click()
    wait_human(page)
    assert axe(page) == []  # a game in progress
    page.locator("#lang").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("button", name="Jouer")).to_be_visible()
    expect(page.get_by_role("button", name="Nouvelle partie")).to_be_visible()
    expect(page.locator("#opening")).to_contain_text("commence")
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("button", name="Échanger")).to_be_attached()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.locator("#lang").select_option("en")
    expect(page.get_by_role("button", name="New game")).to_be_visible()


@pytest.mark.parametrize(
    "query",
    [
        "variant=classic&seats=computer,computer&seed=8&pace=0",
        "variant=cubes&seats=computer,computer,computer&seed=8&pace=0",
        "variant=flex&tiles=72&seats=computer,computer&seed=8&pace=0",
        "variant=flex&seats=greedy,random,computer,computer&seed=8&pace=0",
    ],
)
def test_computer_games_play_to_the_end_in_the_page(page: Page, open_ready, query, axe) -> None:
    open_ready(page, "?" + query)
    expect(page.locator("html")).to_have_attribute("data-over", "", timeout=180_000)
    expect(page.locator("#result")).to_contain_text("Final scores")
    scores = [
        int(page.locator(f'[data-score="{s}"]').inner_text())
        for s in range(query.count(",", 0, query.index("&seed")) + 1)
    ]
    assert max(scores) > 0
    assert page.locator("html").get_attribute("data-turn") is None
    if "classic" in query:
        # the end screen, settled: a Qwirkle's celebration fading out (1.8 s) reads as faint text to axe
        expect(page.locator("#celebration")).to_be_hidden()
        assert axe(page) == []


def test_start_screen_new_game_dialog_and_keyboard_play(page: Page, open_ready, axe) -> None:
    open_ready(page)
    expect(page.locator("#home")).to_be_visible()
    assert axe(page) == []  # the start screen
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-dialog")
    expect(dialog).to_be_visible()
    assert axe(page) == []
    dialog.get_by_label("Cubes").check()
    dialog.locator('[data-seat="0"][data-field="name"]').fill("Zoé")
    dialog.locator('[data-seat="1"][data-field="kind"]').select_option("human")
    page.locator("#seed-input").fill("12")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("html")).to_have_attribute("data-variant", "cubes")
    expect(page.get_by_role("button", name="Roll")).to_be_visible()
    expect(page.locator("#privacy")).to_be_hidden()  # Cubes hands are open (Q1)
    # keyboard: focus the board, choose a die with a digit, move the cursor, place with Enter
    seat = page.locator("html").get_attribute("data-turn")
    wait_human(page, int(seat))
    board = page.locator("#board")
    board.focus()
    for digit in "123456":
        page.keyboard.press(digit)
        if page.locator("[data-legal]").count():
            break
    target = page.locator("[data-legal]").first.get_attribute("data-cell")
    keyboard_place(page, target)
    page.get_by_role("button", name="Recall").click()
    expect(page.locator("[data-pending]")).to_have_count(0)
    # drag a die from the rack onto an allowed cell
    die = page.locator("[data-rack] [data-tile]").first
    for i in range(page.locator("[data-rack] [data-tile]").count()):
        die = page.locator("[data-rack] [data-tile]").nth(i)
        die.click()
        if page.locator("[data-legal]").count():
            break
        die.click()
    target = page.locator("[data-legal]").first.get_attribute("data-cell")
    die.click()  # unselect: the drag selects it again
    expect(page.locator("[data-legal]")).to_have_count(0)
    die.drag_to(page.locator(f'[data-cell="{target}"]'))
    expect(page.locator(f'[data-cell="{target}"][data-pending]')).to_have_count(1)
