"""Play by ear (issue 23): a whole turn with the keyboard alone, hearing it through the page's aria-live region
(``#announce``): the tile picked and its legal cells, the cursor's cell and whether it is allowed, the play in words
(tiles, cells, lines, points), the computer's reply in words, and on request the rack, the scores, the bag and the
lines through the cursor."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

ANNOUNCE = "#announce"


def test_a_whole_turn_by_keyboard_heard_in_words(page: Page, open_ready, axe) -> None:
    open_ready(page, "?variant=classic&seats=human,computer&seed=5&names=Ann,Bot&pace=0")
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
    assert page.locator(ANNOUNCE).get_attribute("aria-live") == "polite"
    page.locator("#board").focus()
    cursor = (0, 0)
    heard_cell = False
    while page.locator('#actions [data-action="play"]').get_attribute("aria-disabled") == "true":
        for digit in "123456":  # a tile with somewhere to go
            page.keyboard.press(digit)
            if page.locator("[data-legal]").count():
                break
        expect(page.locator("#note")).to_contain_text(re.compile(r"\d+ cells? allowed for the "))
        target = page.locator("[data-legal]").first.get_attribute("data-cell")
        x, y = (int(v) for v in target.split(","))
        dx, dy = x - cursor[0], y - cursor[1]
        steps = ["ArrowRight" if dx > 0 else "ArrowLeft"] * abs(dx) + ["ArrowDown" if dy > 0 else "ArrowUp"] * abs(dy)
        for key in steps:
            page.keyboard.press(key)
        if steps:
            expect(page.locator(ANNOUNCE)).to_have_text(f"Empty cell {target}, allowed")  # the cursor says it
            heard_cell = True
        page.keyboard.press("Enter")
        expect(page.locator(f'[data-cell="{target}"][data-pending]')).to_have_count(1)
        cursor = (x, y)
        page.keyboard.press("i")  # the lines through the cursor
        expect(page.locator(ANNOUNCE)).to_have_text(re.compile(rf"^(Through {target}: |No tile in line with {target})"))
    assert heard_cell or cursor == (0, 0)
    page.keyboard.press("p")
    # Ann's play, then Bot's reply, each said with its tiles, cells, lines and points
    expect(page.locator(ANNOUNCE)).to_have_text(
        re.compile(r"^Bot played .+ at -?\d+,-?\d+.*In all: \d+ points?\.( Qwirkle!)?$")
    )
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    page.keyboard.press("m")  # the last move again
    expect(page.locator(ANNOUNCE)).to_contain_text("Bot played ")
    page.keyboard.press("r")
    expect(page.locator(ANNOUNCE)).to_have_text(re.compile(r"^Your rack, 6 tiles: .+\.$"))
    page.keyboard.press("s")
    expect(page.locator(ANNOUNCE)).to_have_text(re.compile(r"^Ann \d+, Bot \d+\. Your turn"))
    page.keyboard.press("b")
    expect(page.locator(ANNOUNCE)).to_have_text(re.compile(r"^Bag: \d+ tiles$"))
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_contain_text("Hear your rack")
    assert axe(page, "#keys-dialog") == []


def test_a_refusal_is_read_with_its_rule(page: Page, open_ready) -> None:
    open_ready(page, "?variant=classic&seats=human,computer&seed=5&pace=0")
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    page.locator("#board").focus()
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # 0,0 for the opening: allowed
    page.keyboard.press("2")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")  # a cell touching nothing
    expect(page.locator("#note")).to_contain_text(re.compile(r"C\d"))
    assert page.locator("#note").get_attribute("aria-live") == "polite"
