"""A Qwirkle Cubes game speaks of dice, in every text of the game page (issue 23: in French it said
"ouvrez avec 2 tuiles en ligne" beside "Sac : 78 dés", and the menu's tracker was "Tuiles restantes"),
and a classic game after it speaks of tiles again."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from test_play import start

TILE_WORDS = re.compile(r"\btuiles?\b|\btiles?\b", re.I)


def game_text(page: Page) -> str:
    """What the game's screen and its menu say, visible or for screen readers."""
    return page.evaluate("""() => [document.getElementById("game"), document.querySelector("header")]
        .filter(Boolean).map((node) => node.textContent).join(" ")""")


def test_a_cubes_game_says_dice_and_a_classic_game_tiles_again(page: Page, open_ready) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.add_init_script("""localStorage.setItem("qwirkle.settings", '{"lang": "fr"}')""")
    open_ready(page, "?variant=cubes&seats=human,human&seed=23&pace=0")
    expect(page.locator("html")).to_have_attribute("data-turn", re.compile(r"\d"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#bag")).to_contain_text("dés")
    expect(page.locator('[data-action="tracker"]')).to_have_text("Dés restants")
    text = game_text(page)
    assert "dés" in text
    assert not TILE_WORDS.findall(text), TILE_WORDS.findall(text)
    start(page, open_ready, "variant=classic&seats=human,human&seed=23&pace=0")
    expect(page.locator('[data-action="tracker"]')).to_have_text("Tuiles restantes")
    expect(page.locator("#bag")).to_contain_text("tuiles")
