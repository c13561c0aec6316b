"""No effect changes a tile's colour (issue 48): the flash of a move's scored lines and a tap on a rack tile leave
the colours of the tile's face as they were, in light and dark. The flash is caught at its brightest (its animation
paused there) and compared with the same tile once it is over; a tapped tile is compared with itself before the tap.
Each comparison is of the face's average colour (its picture inset by a few pixels, the rings around it left out:
a layer drawn during an animation may move an edge by a fraction of a pixel, a tint moves the average by tens of
levels); the ring of the flash is checked to be drawn, so the comparison cannot pass on an effect that never ran.
Nothing between a tile's picture and the page may fade or filter it either."""

from __future__ import annotations

import re
from typing import Any

import pytest
from pixels import mean_colour
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import PHONE, best, dozen_moves, open_with, storage

FACE = """(n) => { const r = n.getBoundingClientRect(); const i = 4;
  return {x: r.x + i, y: r.y + i, width: r.width - 2 * i, height: r.height - 2 * i}; }"""
AROUND = """(n) => { const r = n.getBoundingClientRect(); const o = 6;
  return {x: r.x - o, y: r.y - o, width: r.width + 2 * o, height: r.height + 2 * o}; }"""
# Every flash at its brightest (20% of its 1.2 s, after its 0.15 s delay), held there.
HOLD_FLASH = """() => { const held = document.getAnimations().filter((a) => a.animationName === 'flash');
  held.forEach((a) => { a.pause(); a.currentTime = 390; }); return held.length; }"""
END_FLASH = "() => document.getAnimations().filter((a) => a.animationName === 'flash').forEach((a) => a.finish())"
SETTLED = "() => document.getAnimations().filter((a) => a.playState === 'running').length === 0"
# Nothing between a tile's picture and the page fades or filters it.
FADED = """(svg) => { const out = []; for (let n = svg; n; n = n.parentElement) { const s = getComputedStyle(n);
  if (s.opacity !== '1' || s.filter !== 'none' || s.mixBlendMode !== 'normal')
    out.push(n.className.baseVal ?? n.className); } return out; }"""


def face(page: Page, node: Any) -> tuple[float, float, float]:
    """The average colour of the face of the tile drawn by ``node`` (its picture)."""
    return mean_colour(page.screenshot(clip=node.evaluate(FACE)))


def same_colours(seen: tuple[float, ...], expected: tuple[float, ...]) -> bool:
    return all(abs(a - b) <= 2 for a, b in zip(seen, expected, strict=True))


@pytest.fixture(params=["light", "dark"])
def phone(new_context: Any, request: pytest.FixtureRequest) -> Page:
    page: Page = new_context(**PHONE, color_scheme=request.param).new_page()
    return page


def test_the_flash_of_a_move_rings_its_tiles_and_leaves_their_colours(
    phone: Page, site_url: str, wait_ready: Any
) -> None:
    page = phone
    game = dozen_moves("classic")
    best(game)  # the computer to move: the page plays it, and its lines flash
    open_with(page, site_url, wait_ready, storage(game, ["human", "hard"]))
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    flashes = page.locator("#board .flash")
    expect(flashes).not_to_have_count(0)
    assert page.evaluate(HOLD_FLASH) > 0
    flashed = page.evaluate(
        """() => [...document.querySelectorAll('#board .flash')].map((f) => f.style.left + ',' + f.style.top)"""
    )
    older = page.locator("#board [data-cell][data-tile]:not([data-last])")  # a new tile drops in, moving
    tile = next(
        older.nth(i)
        for i in range(older.count())
        if older.nth(i).evaluate("(n) => n.style.left + ',' + n.style.top") in flashed
    )
    picture = tile.locator(".tile-svg")
    lit, lit_around = face(page, picture), page.screenshot(clip=picture.evaluate(AROUND))
    page.evaluate(END_FLASH)
    page.wait_for_function(SETTLED)
    assert same_colours(face(page, picture), lit)  # the face is the same at the flash's brightest and after it
    assert page.screenshot(clip=picture.evaluate(AROUND)) != lit_around  # while the ring around it was drawn
    cells = page.locator("#board [data-cell][data-tile] .tile-svg")
    for i in range(cells.count()):
        assert cells.nth(i).evaluate(FADED) == []


def test_a_tapped_rack_tile_keeps_its_colour(phone: Page, site_url: str, wait_ready: Any) -> None:
    page = phone
    open_with(page, site_url, wait_ready, storage(dozen_moves("classic"), ["human", "hard"]))
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    tiles = page.locator("[data-rack] [data-tile]")
    expect(tiles.first).to_be_visible()
    for i in range(tiles.count()):  # no browser tap highlight on a tile or a cell
        assert tiles.nth(i).evaluate("(n) => getComputedStyle(n).webkitTapHighlightColor") == "rgba(0, 0, 0, 0)"
    assert page.locator("#board [data-cell]").first.evaluate("(n) => getComputedStyle(n).webkitTapHighlightColor") == (
        "rgba(0, 0, 0, 0)"
    )
    picture = tiles.first.locator(".tile-svg")
    before = face(page, picture)
    tiles.first.tap()
    expect(tiles.first).to_have_class(re.compile("rack-tile--selected"))
    page.wait_for_function(SETTLED)
    assert same_colours(face(page, picture), before)
    for i in range(tiles.count()):
        assert tiles.nth(i).locator(".tile-svg").evaluate(FADED) == []
