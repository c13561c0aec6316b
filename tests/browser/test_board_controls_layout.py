"""Where the board's controls and the opening cell go (issue 23): on a phone the zoom buttons cover neither
the review's summary nor its move list, nor a tile of a fitted board, nor a cell the selected tile may take; on a
tablet held upright the hot-seat game's one opening cell is in the middle of the board.

The board region at every size (issue 48): the board keeps its place beside the cards of the dock (a turn link is
never under it), its controls stand beside it and never over a tile, a finished game and a puzzle are shown whole
with tiles of 28 px or more on a tablet, and every cell a selected tile may take is in view on a phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_phone_tablet_layout import PHONE, TABLET, best, open_finished, open_with, storage

from qwirkle import Game

Rect = dict[str, float]

UPRIGHT = {"viewport": {"width": 768, "height": 1024}, "has_touch": True}
DESKTOP = {"viewport": {"width": 1366, "height": 900}}
DEVICES = {"phone": PHONE, "upright": UPRIGHT, "tablet": TABLET, "desktop": DESKTOP}
PUZZLE = "cm-29am1v-n"  # the classic puzzle of the day of issue 48: four cells for the yellow circle, far apart

RECT = "(node) => { const r = node.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"


def rect(page: Page, selector: str) -> Rect:
    return page.locator(selector).first.evaluate(RECT)


def overlap(a: Rect, b: Rect) -> bool:
    return (
        a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"] and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]
    )


def rects(page: Page, selector: str) -> list[Rect]:
    return page.locator(selector).evaluate_all(f"(nodes) => nodes.filter((n) => n.offsetParent !== null).map({RECT})")


def inside(inner: Rect, outer: Rect) -> bool:
    return (
        outer["x"] - 0.5 <= inner["x"]
        and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + 0.5
        and outer["y"] - 0.5 <= inner["y"]
        and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + 0.5
    )


def controls_beside(page: Page, board: str, area: str) -> None:
    """The board's controls are big enough for a finger and stand beside the board (so over none of its tiles),
    inside its area."""
    buttons = rects(page, f"{area} .zoom .btn")
    shown = rect(page, board)
    assert len(buttons) >= 3
    assert all(b["w"] >= 44 and b["h"] >= 44 for b in buttons), buttons
    assert not [b for b in buttons if overlap(b, shown)], (buttons, shown)
    assert all(inside(b, rect(page, area)) for b in buttons)


def whole(page: Page, board: str, least: float) -> None:
    """Every tile of ``board`` inside it, at least ``least`` px (waiting for the fit that follows the layout)."""
    check = """([board, least]) => {
      const b = document.querySelector(board).getBoundingClientRect();
      const tiles = [...document.querySelectorAll(`${board} [data-cell][data-tile]`)]
        .map((n) => n.getBoundingClientRect());
      return tiles.length > 0 && tiles.every((t) => t.x >= b.x - 0.5 && t.y >= b.y - 0.5 && t.right <= b.right + 0.5
        && t.bottom <= b.bottom + 0.5 && t.width >= least);
    }"""
    try:
        page.wait_for_function(check, arg=[board, least], timeout=10_000)
    except PlaywrightTimeout:
        pass  # said below, with the figures
    shown = rect(page, board)
    tiles = rects(page, f"{board} [data-cell][data-tile]")
    out = [t for t in tiles if not inside(t, shown)]
    assert tiles and not out, f"{len(out)} of {len(tiles)} tiles outside the board {shown}"
    assert min(t["w"] for t in tiles) >= least, f"tiles of {min(t['w'] for t in tiles):.1f} px on a board {shown}"


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
    assert not overlap(zoom, board) and inside(zoom, rect(phone, ".review__board"))
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
    far = 0
    for index in range(6):
        rack.nth(index).click()
        expect(rack.nth(index)).to_have_attribute("aria-pressed", "true")
        # measured at each tap: the click may scroll the page (a tile of the rack in its transition from selected)
        board, zoom = rect(phone, "#board"), rect(phone, "#game .zoom")
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
    board = rect(page, "#board")
    cell = rect(page, '#board [data-cell="0,0"]')
    assert abs(cell["x"] + cell["w"] / 2 - (board["x"] + board["w"] / 2)) < cell["w"] / 4
    assert abs(cell["y"] + cell["h"] / 2 - (board["y"] + board["h"] / 2)) < cell["h"] / 4
    controls_beside(page, "#board", "#game .board-area")


@pytest.mark.parametrize("size", list(DEVICES))
def test_the_turn_link_card_is_never_under_the_board(
    new_context: Any, site_url: str, wait_ready: Any, size: str
) -> None:
    # The board kept 128 px while the card took its space: drawn over the card's heading, the zoom buttons over
    # "Bag: 93 tiles" or hanging over the link, Exchange and Undo below the screen.
    page = new_context(**DEVICES[size]).new_page()
    page.goto(site_url + "?variant=classic&seats=human,friend&names=Ann,Bob&seed=5&pace=0")
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    page.locator('#actions [data-action="play"]').click()
    expect(page.locator("#turn-link [data-turn-link]")).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    board, card = rect(page, "#board"), rect(page, "#turn-link")
    assert not overlap(board, card), (board, card)
    assert inside(board, rect(page, "#game .board-area"))
    assert board["h"] >= 0.35 * page.viewport_size["height"], board  # the board kept its place
    controls_beside(page, "#board", "#game .board-area")
    for button in rects(page, "#game .zoom .btn"):
        for other in ("#turn-link", "#bag", "#scores", "#actions"):
            assert not overlap(button, rect(page, other)), (other, button)
    screen = {"x": 0, "y": 0, "w": page.viewport_size["width"], "h": page.viewport_size["height"]}
    copy = rect(page, '#turn-link [data-action="copy-link"]')
    assert inside(copy, card) and inside(copy, screen), (copy, card)  # what to do first, in view in the card
    for action in ("exchange", "undo"):
        assert inside(rect(page, f'#actions [data-action="{action}"]'), screen), action


@pytest.mark.parametrize("size", ["phone", "upright", "tablet"])
def test_a_finished_game_and_its_review_are_shown_whole(
    new_context: Any, site_url: str, wait_ready: Any, size: str
) -> None:
    # At game over on a 1024x768 tablet 31 of 107 tiles lay outside the board while its bottom third was empty,
    # and the zoom buttons stood over tiles on a phone: the finished board is fitted whole, tiles of 28 px or more
    # on a tablet, the controls beside it; the review's board too, at its last move.
    page = new_context(**DEVICES[size]).new_page()
    game = open_finished(page, site_url, wait_ready, 3, ["human", "greedy"])
    expect(page.locator("#board [data-cell][data-tile]")).to_have_count(len(game.board.tiles))
    least = 0 if size == "phone" else 28
    whole(page, "#board", least)
    controls_beside(page, "#board", "#game .board-area")
    page.locator("#result").get_by_role("button", name="Review").click()
    expect(page.locator("#review")).to_have_attribute("data-phase", re.compile("win|level|done"))
    page.locator('[data-action="review-last"]').click()
    expect(page.locator("#review-board [data-cell][data-tile]")).not_to_have_count(2)
    whole(page, "#review-board", least)
    controls_beside(page, "#review-board", ".review__board")


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_puzzle_is_shown_whole_with_every_cell_a_tile_may_take(
    new_context: Any, site_url: str, wait_ready: Any, size: str
) -> None:
    # The daily puzzle on a phone was cut at the top and left, its bottom third empty; with the yellow circle
    # selected, "4 cells allowed" showed the edge of one. On a tablet its tiles were 17-25 px.
    page = new_context(**DEVICES[size]).new_page()
    page.goto(site_url + f"?puzzle={PUZZLE}")
    wait_ready(page)
    expect(page.locator("#puzzle")).to_be_visible()
    whole(page, "#board", 0 if size == "phone" else 28)
    controls_beside(page, "#board", "#game .board-area")
    rack = page.locator("[data-rack] [data-tile]")
    expect(rack).to_have_count(6)
    most = 0
    for index in range(6):
        rack.nth(index).click()
        expect(rack.nth(index)).to_have_attribute("aria-pressed", "true")
        board, cells = rect(page, "#board"), rects(page, "#board [data-legal]")
        most = max(most, len(cells))
        out = [cell for cell in cells if not inside(cell, board)]
        assert not out, f"tile {index}: {len(out)} of {len(cells)} allowed cells outside the board {board}"
        rack.nth(index).click()
        expect(rack.nth(index)).to_have_attribute("aria-pressed", "false")
    assert most >= 4
    page.locator('[data-rack] [data-tile="Yo"]').click()
    page.locator("#board [data-legal]").first.click()
    page.locator('#actions [data-action="play"]').click()
    expect(page.locator("html")).to_have_attribute("data-puzzle-result", re.compile("solved|missed"))
    whole(page, "#board", 0 if size == "phone" else 28)
    controls_beside(page, "#board", "#game .board-area")
