"""The analysis board through the real page (issue 19): opened by link, from the menu on the game at the table,
and from a move of the review; every legal play of the rack ranked best first as ``[data-analysis-play]`` rows
(ten at a time) checked against the engine, rows told apart by where their tiles go; a tile that breaks a rule
refused with its rule, the board unchanged; a play scored by hand line by line; a bad link named, nothing else
started; at phone and tablet sizes, the page opening at its top and scrolling once, to its last content."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import open_finished

from qwirkle.study.analysis import parse_board, parse_hand, rank

ROWS = "[data-analysis-play]"
LINK = "?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs+Rd"


def board_codes(page: Page) -> list[str]:
    return sorted(
        page.locator("#analysis-board [data-cell][data-tile]").evaluate_all(
            "(nodes) => nodes.map((n) => n.dataset.tile + '@' + n.dataset.cell)"
        )
    )


@pytest.fixture(scope="module")
def linked(site_url: str, shared_page: Any) -> Any:
    """The analysis board opened by ``LINK``, once for the two tests that use it."""
    with shared_page(site_url + LINK) as (page, _):
        yield page


def test_a_link_ranks_every_play_as_the_engine_does(linked: Page, axe: Any) -> None:
    page = linked
    expect(page.locator("html")).to_have_attribute("data-screen", "analysis")
    variant, board = parse_board("classic", "Ro@0,0 Rs@1,0")
    expected = rank(variant, board, parse_hand(variant, "Bo Bs Rd"))
    rows = page.locator(ROWS)
    expect(rows).to_have_count(10)  # the first ten, and a button for the others
    page.locator("#analysis-more").click()
    expect(rows).to_have_count(len(expected))
    expect(page.locator("#analysis-more")).to_be_hidden()
    points = [int(p) for p in rows.evaluate_all("(rows) => rows.map((r) => r.dataset.points)")]
    assert points == [play.points for play in expected] == sorted(points, reverse=True)
    assert page.locator("html").get_attribute("data-turn") is None  # no game was started
    rows.first.locator("button").click()
    expect(page.locator("#analysis-board [data-ghost]")).to_have_count(len(expected[0].play.split()))
    expect(page.locator("#analysis-lines li")).not_to_have_count(0)
    expect(page.locator("#analysis-lines")).to_contain_text(f"{expected[0].points} points")
    assert axe(page, "#analysis") == []


def test_a_tile_that_breaks_a_rule_is_refused_and_a_play_is_scored_by_hand(linked: Page) -> None:
    page = linked
    before = board_codes(page)
    page.locator('#analysis-palette [data-tile="Gd"]').click()
    expect(page.locator('#analysis-palette [data-tile="Gd"]')).to_have_attribute("aria-pressed", "true")
    page.locator("#analysis-board").focus()
    for _ in range(2):
        page.keyboard.press("ArrowRight")  # the cursor to (2, 0): Ro Rs Gd would mix
    page.keyboard.press("Enter")
    expect(page.locator("#analysis-note")).to_contain_text("C5")
    assert board_codes(page) == before
    page.locator('#analysis-palette [data-tile="Rd"]').click()
    page.locator('#analysis-board [data-cell="2,0"]').click()
    expect(page.locator('#analysis-board [data-cell="2,0"][data-tile="Rd"]')).to_have_count(1)
    page.locator('#analysis-board [data-cell="2,0"]').click()  # a tap on a tile takes it off
    expect(page.locator('#analysis-board [data-cell="2,0"][data-tile]')).to_have_count(0)
    page.locator("#analysis-play-input").fill("Bo@0,1 Bs@1,1")
    page.locator("#analysis-check button[type=submit]").click()
    expect(page.locator("#analysis-lines")).to_contain_text("In all: 6 points")
    page.locator("#analysis-play-input").fill("Bo@0,1 Gd@1,1")
    page.locator("#analysis-check button[type=submit]").click()
    expect(page.locator("#analysis-note")).to_contain_text(re.compile(r"C[45]"))


def test_a_bad_link_is_named_and_nothing_else_changes(page: Page, open_ready) -> None:
    open_ready(page, "?analyse&variant=classic&board=Ro@0,0+Ro@1,0")
    # the field by its name on the page, the rule by its id
    expect(page.locator("#analysis-note")).to_contain_text("(Board): C5")
    assert board_codes(page) == []
    assert page.evaluate("localStorage.getItem('qwirkle.current')") is None


def test_from_the_menu_and_from_a_review_move(page: Page, open_ready, site_url, wait_ready) -> None:
    open_ready(page, "?variant=classic&seats=human,computer&seed=5&pace=0")
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
    game_tiles = page.locator("#board [data-cell][data-tile]").count()
    page.locator('#menu [data-action="analyse"]').click()
    expect(page.locator("html")).to_have_attribute("data-screen", "analysis")
    assert len(board_codes(page)) == game_tiles
    expect(page.locator("#analysis-rack [data-tile]")).to_have_count(6)  # this player's own rack
    page.locator('[data-action="analysis-close"]').click()
    expect(page.locator("html")).to_have_attribute("data-screen", "game")
    open_finished(page, site_url, wait_ready, 3, ["greedy", "random"])
    page.get_by_role("button", name="Review").click()
    expect(page.locator("#review")).to_be_visible()
    page.locator('[data-action="review-next"]').click()
    page.locator('[data-action="review-analyse"]').click()
    expect(page.locator("html")).to_have_attribute("data-screen", "analysis")
    assert len(board_codes(page)) > 0
    expect(page.locator(ROWS).first).to_be_attached()


# The page's last content: the lowest bottom of anything drawn (a blank run past it is what issue 48 saw).
LAST_CONTENT = """() => { let last = 0; for (const n of document.querySelectorAll('body *')) {
  if (n.closest('[hidden]') || n.closest('.visually-hidden')) continue; const r = n.getBoundingClientRect();
  if (r.width && r.height) last = Math.max(last, r.bottom + scrollY); } return last; }"""
# What each row shows of where its play goes: every picture's tiles, with their places in it.
WHERE = """(rows) => rows.map((row) => [...row.querySelectorAll('.analysis__where > *')].map((t) =>
  t.style.gridColumn + '/' + t.style.gridRow + '/' + t.className + '/' + t.innerHTML).join('|'))"""


@pytest.mark.parametrize("size", [(390, 844), (768, 1024), (1024, 768)], ids=["phone", "tablet-tall", "tablet-wide"])
def test_the_board_opens_at_the_top_and_scrolls_once_to_its_last_content(
    new_context: Any, site_url: str, wait_ready: Any, size: tuple[int, int]
) -> None:
    """Issue 48: no blank run past the last play, the page at its top with its header on opening and no ring on
    the heading, the list of plays growing in the page (no scroller inside the scroller), rows told apart."""
    width, height = size
    page = new_context(viewport={"width": width, "height": height}, has_touch=True, is_mobile=width < 600).new_page()
    page.goto(site_url + LINK.replace("hand=Bo+Bs+Rd", "hand=Bo+Bs+Rd+Gd+Yd+Ps"))
    wait_ready(page)
    rows = page.locator(ROWS)
    expect(rows.first).to_be_visible()
    assert page.evaluate("scrollY") == 0
    assert page.locator("header").first.evaluate("(n) => n.getBoundingClientRect().top") >= 0
    focused = page.evaluate("() => [document.activeElement.id, getComputedStyle(document.activeElement).outlineStyle]")
    assert focused == ["analysis-title", "none"]
    plays = page.locator("#analysis-plays")
    assert plays.evaluate("(n) => n.scrollHeight <= n.clientHeight + 1 && getComputedStyle(n).overflowY === 'visible'")
    scroller = page.evaluate("() => document.scrollingElement.scrollHeight")
    assert scroller <= max(page.evaluate(LAST_CONTENT) + 24, height + 1)
    shown = rows.count()
    more = page.locator("#analysis-more")
    expect(more).to_be_visible()
    more.click()
    expect(rows).to_have_count(shown + 10)
    pictures = rows.evaluate_all(WHERE)
    assert all(pictures) and len(set(pictures)) == len(pictures)  # no two rows look the same
    page.evaluate("() => window.scrollTo(0, 1e6)")
    scroller = page.evaluate("() => document.scrollingElement.scrollHeight")
    assert scroller <= max(page.evaluate(LAST_CONTENT) + 24, height + 1)
