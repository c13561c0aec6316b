"""Where the board's controls and the opening cell go (issue 23): on a phone the zoom buttons cover neither
the review's summary nor its move list, nor a tile of a fitted board, nor a cell the selected tile may take; on a
tablet held upright the hot-seat game's one opening cell is in the middle of the board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import best, open_finished, open_with, storage

from qwirkle import Game

Rect = dict[str, float]

RECT = "(node) => { const r = node.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"


def rect(page: Page, selector: str) -> Rect:
    return page.locator(selector).first.evaluate(RECT)


def overlap(a: Rect, b: Rect) -> bool:
    return (
        a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]
    )


@pytest.fixture
def phone(page: Page) -> Page:
    page.set_viewport_size({"width": 390, "height": 844})
    return page


def test_on_a_phone_the_review_s_zoom_buttons_have_a_place_of_their_own(
    phone: Page, site_url: str, wait_ready: Any
) -> None:
    open_finished(phone, site_url, wait_ready, 3, ["greedy", "random"])
    phone.get_by_role("button", name="Review").click()
    expect(phone.locator("#review")).to_have_attribute("data-phase", re.compile("win|level|done"))
    zoom = rect(phone, ".review__zoom")
    board = rect(phone, "#review-board")
    assert zoom["w"] > 0 and not overlap(zoom, rect(phone, "#review-summary"))
    assert not overlap(zoom, rect(phone, ".review__side"))
    assert board["x"] <= zoom["x"] and zoom["x"] + zoom["w"] <= board["x"] + board["w"] + 0.5
    assert board["y"] <= zoom["y"] and zoom["y"] + zoom["h"] <= board["y"] + board["h"] + 0.5
    # every figure of the summary in view, none behind a sideways scroll: a card per player on a phone
    summary = phone.locator(".review__summary")
    assert summary.evaluate("(box) => box.scrollWidth <= box.clientWidth")
    cells = phone.locator("#review-summary tbody td").evaluate_all(f"(nodes) => nodes.map({RECT})")
    width = phone.viewport_size["width"]
    assert len(cells) >= 2 * 8 and all(0 <= cell["x"] and cell["x"] + cell["w"] <= width for cell in cells)


def test_on_a_phone_no_tile_of_a_fitted_board_lies_under_the_zoom_buttons(
    phone: Page, site_url: str, wait_ready: Any
) -> None:
    open_finished(phone, site_url, wait_ready, 4, ["greedy", "greedy"])
    phone.locator('[data-action="fit"]').click()
    zoom = rect(phone, "#game .zoom")
    tiles = phone.locator("#board [data-cell][data-tile]").evaluate_all(f"(nodes) => nodes.map({RECT})")
    assert len(tiles) > 20
    assert not [tile for tile in tiles if overlap(tile, zoom)]


@pytest.mark.parametrize("seed", [1, 3])
def test_on_a_phone_every_cell_the_selected_tile_may_take_is_in_view(
    phone: Page, site_url: str, wait_ready: Any, seed: int
) -> None:
    # A cell allowed two cells away from the tiles (the first of a longer play) lay outside the fitted board or
    # under its zoom buttons: selecting the tile now fits the board with every cell it may take.
    game = Game.new("classic", ["Ann", "Bot"], seed=seed)
    while len(game.history) < 2 or game.to_move != 0:
        best(game)
    open_with(phone, site_url, wait_ready, storage(game, ["human", "greedy"]))
    rack = phone.locator("[data-rack] [data-tile]")
    expect(rack).to_have_count(6)
    board, zoom = rect(phone, "#board"), rect(phone, "#game .zoom")
    far = 0
    for index in range(6):
        rack.nth(index).click()
        expect(rack.nth(index)).to_have_attribute("aria-pressed", "true")
        cells = phone.locator("#board [data-legal]").evaluate_all(
            f"(nodes) => nodes.map((n) => ({{cell: n.dataset.cell, ...({RECT})(n)}}))"
        )
        spots = [tuple(int(v) for v in cell["cell"].split(",")) for cell in cells]
        far += sum(1 for cx, cy in spots if min(abs(cx - x) + abs(cy - y) for x, y in game.board.tiles) >= 2)
        hidden = [
            cell["cell"]
            for cell in cells
            if overlap(cell, zoom)
            or not (
                board["x"] <= cell["x"]
                and cell["x"] + cell["w"] <= board["x"] + board["w"] + 0.5
                and board["y"] <= cell["y"]
                and cell["y"] + cell["h"] <= board["y"] + board["h"] + 0.5
            )
        ]
        assert not hidden, f"tile {index}: cells {hidden} out of view or under the zoom buttons ({board}, {zoom})"
        rack.nth(index).click()
    assert far, "no tile may go two cells away from the tiles: the case is not checked"


def test_on_an_upright_tablet_the_opening_cell_is_in_the_middle(page: Page, open_ready) -> None:
    page.set_viewport_size({"width": 768, "height": 1024})
    open_ready(page, "?variant=classic&seats=human,human&seed=21&pace=0")
    expect(page.locator("#privacy")).to_be_visible()
    board, zoom = rect(page, "#board"), rect(page, "#game .zoom")
    free_height = zoom["y"] - board["y"]  # the buttons' row along the bottom stays free
    cell = rect(page, '#board [data-cell="0,0"]')
    assert abs(cell["x"] + cell["w"] / 2 - (board["x"] + board["w"] / 2)) < cell["w"] / 4
    assert abs(cell["y"] + cell["h"] / 2 - (board["y"] + free_height / 2)) < cell["h"] / 4
