"""Hints and computer levels through the real page (see conftest.py): a human plays a game against Hard to its end
(from a position saved part-way, the bag down to two dozen tiles) by accepting the hint every turn (Hint, then Play;
the marked tiles or dice confirmed when the hint is an exchange or a Cubes re-roll; Pass when it says so); the hints
used survive a reload and are shown in the end-of-game summary."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import best, open_with, storage

from qwirkle import Game

LOG_GREW = """(n) => document.querySelectorAll('#log > li').length > n
    || document.documentElement.hasAttribute('data-over')"""
HINT_SHOWN = """() => document.querySelector('[data-pending]')
    || /^Hint \\(/.test(document.getElementById('note').textContent)"""


def log_size(page: Page) -> int:
    return page.locator("#log > li").count()


def human_to_move(page: Page) -> bool:
    """Wait until the human (seat 0) is to move; False once the game is over."""
    page.wait_for_selector('html[data-turn="0"] [data-rack] [data-tile], html[data-over]', state="attached")
    return page.locator("html[data-over]").count() == 0


def saved_hints(page: Page) -> list[int]:
    current = page.evaluate("localStorage.getItem('qwirkle.current')")
    save = json.loads(page.evaluate("(id) => localStorage.getItem('qwirkle.save.' + id)", current))
    assert "hints" not in save["record"]  # the engine's record is untouched
    return save["app"]["hints"]


def take_hint(page: Page) -> str:
    """Press Hint and follow it; returns what was done."""
    before = log_size(page)
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function(HINT_SHOWN)
    note = page.locator("#note")
    if page.locator("[data-pending]").count():
        expect(note).to_contain_text("Hint (Hard): this play scores")
        points = int(re.search(r"scores (\d+) point", note.inner_text()).group(1))
        expect(page.locator(".preview__points")).to_have_text(re.compile(rf"scores {points} points?$"))
        page.get_by_role("button", name="Play").click()
        done = "play"
    elif "marked" in note.inner_text():  # an exchange or a Cubes re-roll, the advised tiles marked on the rack
        text = note.inner_text()
        done = "exchange" if "exchange the" in text else "roll"
        count = int(m.group(1)) if (m := re.search(r"the (\d+) marked", text)) else 1
        expect(page.locator('[data-rack] [data-tile][aria-pressed="true"]')).to_have_count(count)
        confirm = "Exchange selected" if done == "exchange" else "Roll selected"
        page.get_by_role("button", name=re.compile(rf"^{confirm} \({count}\)")).click()
    else:
        expect(note).to_contain_text("Press Pass")
        page.get_by_role("button", name="Pass").click()
        done = "pass"
    page.wait_for_function(LOG_GREW, arg=before)
    return done


def part_way(variant: str, seed: int) -> Game:
    """A game between Ann and Bot played by the engine until two dozen tiles are left in the bag, Ann to move."""
    game = Game.new(variant, ["Ann", "Bot"], seed)
    while game.bag_count > 24 or game.to_move != 0:
        best(game)
    return game


@pytest.mark.parametrize("variant,seed", [("classic", 11), ("cubes", 8)])
def test_a_human_plays_hard_to_the_end_with_hints(page: Page, site_url, wait_ready, variant, seed) -> None:
    open_with(page, site_url, wait_ready, storage(part_way(variant, seed), ["human", "hard"], pace=0))
    expect(page.locator("#scores")).to_contain_text("Bot (Hard)")
    hints = 0
    done: list[str] = []
    reloaded = False
    while human_to_move(page):
        # one hint per turn: a hinted re-roll and the play after it are one turn (Q3), unless nothing
        # could be placed after the re-rolls and the turn passed (Q4)
        last = page.locator("#log > li").first
        same_turn = (
            bool(done)
            and done[-1] == "roll"
            and last.get_attribute("data-seat") == "0"
            and "turn passed" not in last.inner_text()
        )
        done.append(take_hint(page))
        hints += 0 if same_turn else 1
        last = page.locator("#log > li").first
        if done[-1] == "roll" and "turn passed" not in last.inner_text():  # once a turn (Q3)
            expect(last).to_contain_text("re-rolled")
            expect(page.locator('button[data-action="roll"]')).to_have_attribute("aria-disabled", "true")
        if hints == 3 and not reloaded:  # the count is saved beside the record, and a reload keeps it
            reloaded = True
            assert saved_hints(page) == [3, 0]
            page.reload()
            wait_ready(page)
    assert "play" in done
    if variant == "cubes":
        assert "roll" in done  # Hard reasons about which dice to re-roll, and the hint says so (Q3)
    expect(page.locator("html")).to_have_attribute("data-over", "")
    result = page.locator("#result")
    expect(result).to_be_visible()
    column = result.locator("thead th").all_inner_texts().index("Ann")  # one column per player, best first
    expect(result.locator('tr[data-figure="hints"] td').nth(column)).to_have_text(str(hints))
    assert saved_hints(page) == [hints, 0]


EXPERT_MOVE = re.compile(r"ai-move expert think=([\d.]+)ms")


def test_the_expert_thinks_in_a_worker_to_its_budget_while_the_page_responds(page: Page, open_ready) -> None:
    page.context.add_init_script("localStorage.setItem('qwirkle.settings', JSON.stringify({expert_seconds: '3'}))")
    thinks: list[float] = []
    page.on("console", lambda msg: (m := EXPERT_MOVE.search(msg.text)) and thinks.append(float(m.group(1))))
    open_ready(page, "?variant=classic&seats=expert,expert&seed=3&names=Ann,Bob")
    html = page.locator("html")
    expect(html).to_have_attribute("data-thinking", "")
    expect(page.locator("#status")).to_contain_text("is thinking")
    expect(page.locator("#scores")).to_contain_text("Ann (Expert)")
    page.wait_for_function("document.querySelectorAll('#log > li').length >= 1", timeout=120_000)
    expect(page.locator("#board .cell--new").first).to_be_attached()  # the move is animated onto the board
    # the second move: the worker is up and the Expert thinks for its 3 s; meanwhile the page answers a click (Python
    # on the page: it would wait for the whole think if the Expert thought on the page)
    page.wait_for_function(
        "document.querySelectorAll('#log > li').length == 1 && document.documentElement.hasAttribute('data-thinking')"
    )
    world = page.locator("#board-world")
    before = world.get_attribute("style")
    page.get_by_role("button", name="Zoom in").click()
    expect(world).not_to_have_attribute("style", before or "")
    assert page.locator("#log > li").count() == 1 and html.get_attribute("data-thinking") is not None
    with page.expect_console_message(lambda message: EXPERT_MOVE.search(message.text) is not None):
        page.wait_for_function("document.querySelectorAll('#log > li').length >= 2")
    # the Expert thinks for its budget, not less, and once per move (two computer loops once thought twice a move)
    assert len(thinks) == 2 and thinks[1] >= 2500, thinks
