"""The layout check of issue 48 over every screen of the game, in Chromium: each screen is reached once per context
(touch, then mouse), then shown at every size of that context (390x844 phone; 768x1024 and 1024x768 tablets; 1366x900
desktop), in the five languages and in light and dark, switched in the page (no reload), and audited by
layout_audit.js (overlaps, controls over tiles, cut text, scrolling, allowed cells, fitted boards, tap targets). A
test collects every problem of its screen and fails with the whole list.

Positions are made with the engine (CPython) and put in the page's storage, or reached by start links."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import best, dozen_moves, open_with, storage
from test_play import select_placeable

from qwirkle import Game

AUDIT = (Path(__file__).parent / "layout_audit.js").read_text(encoding="utf-8")
LANGUAGES = ("en", "de", "es", "fr", "nl")
THEMES = ("light", "dark")
TOUCH = {
    "phone": {"width": 390, "height": 844},
    "tablet-portrait": {"width": 768, "height": 1024},
    "tablet-landscape": {"width": 1024, "height": 768},
}
MOUSE = {"desktop": {"width": 1366, "height": 900}}
ENGLISH = {"lang": "en"}
# LAYOUT_SHOTS=folder: a screenshot of each size and language (en, nl) where the check found problems, to look at.
SHOTS = os.environ.get("LAYOUT_SHOTS")


@dataclass
class Screens:
    """A page in one context, and the problems found on its screens."""

    page: Page
    sizes: dict[str, dict[str, int]]
    problems: list[str] = field(default_factory=list)

    def audit(self, screen: str, fitted: bool = False) -> None:
        """The screen on show in every language, at every size of the context, in both themes; then back to
        English, the first size and light. A theme that leaves every box where it was (the page's fingerprint
        unchanged) gets the audit of the other."""
        page = self.page
        if page.evaluate("typeof window.layoutAudit") != "function":
            page.evaluate(AUDIT)
        for lang in LANGUAGES:
            language(page, lang)
            for size, viewport in self.sizes.items():
                page.set_viewport_size(viewport)
                opts = {"phone": size == "phone", "tablet": size.startswith("tablet"), "fitted": fitted}
                seen: dict[str, list[str]] = {}
                for theme in THEMES:
                    page.emulate_media(color_scheme=theme)
                    page.evaluate("layoutSettle()")
                    fingerprint = page.evaluate("layoutFingerprint()")
                    if fingerprint not in seen:
                        seen[fingerprint] = page.evaluate("(opts) => layoutAudit(opts)", opts)
                    self.problems += [f"{screen} | {size} {lang} {theme} | {p}" for p in seen[fingerprint]]
                    if SHOTS and seen[fingerprint] and theme == "light" and lang in ("en", "nl"):
                        name = f"{screen}-{size}-{lang}".replace(" ", "_").replace(",", "")
                        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
        page.set_viewport_size(next(iter(self.sizes.values())))
        language(page, "en")
        page.emulate_media(color_scheme="light")


def language(page: Page, lang: str) -> None:
    """The menu's language setting, changed in the page (it draws everything again)."""
    if page.evaluate("document.documentElement.lang") == lang:
        return
    page.evaluate(
        "(lang) => { const s = document.getElementById('lang'); s.value = lang;"
        " s.dispatchEvent(new Event('change', {bubbles: true})); }",
        lang,
    )
    expect(page.locator("html")).to_have_attribute("lang", lang)


Journey = Callable[[Screens, str, Any], None]


def open_data(screens: Screens, site_url: str, wait_ready: Any, data: dict[str, str], query: str = "") -> None:
    open_with(screens.page, site_url, wait_ready, {"qwirkle.settings": '{"lang": "en"}', **data}, query)


def close_dialog(page: Page, dialog: str) -> None:
    page.keyboard.press("Escape")
    expect(page.locator(dialog)).to_be_hidden()


def open_menu_item(page: Page, action: str, dialog: str) -> None:
    if page.locator("#menu-button").is_visible() and page.locator(f'#menu [data-action="{action}"]').is_hidden():
        page.locator("#menu-button").click()
    page.locator(f'#menu [data-action="{action}"]').click()
    expect(page.locator(dialog)).to_be_visible()


def home(s: Screens, site_url: str, wait_ready: Any) -> None:
    open_data(s, site_url, wait_ready, {})
    expect(s.page.locator("#home")).to_be_visible()
    s.audit("home")
    s.page.locator('#home [data-action="new"]').click()
    expect(s.page.locator("#new-dialog")).to_be_visible()
    s.audit("new game dialog")
    close_dialog(s.page, "#new-dialog")
    s.page.locator('#home [data-action="puzzles"]').click()
    expect(s.page.locator("#puzzles-dialog")).to_be_visible()
    s.audit("puzzles dialog")
    close_dialog(s.page, "#puzzles-dialog")


def game_in(variant: str) -> Journey:
    def journey(s: Screens, site_url: str, wait_ready: Any) -> None:
        page = s.page
        open_data(s, site_url, wait_ready, storage(dozen_moves(variant), ["human", "hard"], settings=ENGLISH))
        expect(page.locator("html")).to_have_attribute("data-turn", "0")
        s.audit(f"{variant} game")
        if variant != "classic":
            return
        # a refusal naming its rule, then the rule it names; then every dialog of the menu
        select_placeable(page)
        page.locator("#board [data-cell]:not([data-tile]):not([data-legal])").first.click()
        expect(page.locator("#note .rule-ref").first).to_be_visible()
        expect(page.locator('[data-rack] [aria-pressed="true"]')).to_have_count(1)
        s.audit("classic game, a tile selected and a refusal")
        page.locator("#note .rule-ref").first.click()
        expect(page.locator("#rules-dialog")).to_be_visible()
        s.audit("rules dialog")
        close_dialog(page, "#rules-dialog")
        page.locator("#menu-button").click()
        expect(page.locator("#menu")).to_be_visible()
        s.audit("menu")
        page.keyboard.press("Escape")
        for action, dialog in (
            ("saves", "#saves-dialog"),
            ("stats", "#stats-dialog"),
            ("tracker", "#tracker-dialog"),
            ("keys", "#keys-dialog"),
        ):
            open_menu_item(page, action, dialog)
            s.audit(f"{action} dialog")
            close_dialog(page, dialog)

    return journey


def handover(s: Screens, site_url: str, wait_ready: Any) -> None:
    open_data(s, site_url, wait_ready, {}, "?variant=classic&seats=human,human&seed=5&names=Ann,Bob&pace=0")
    expect(s.page.locator("html")).to_have_attribute("data-handover", "0")
    s.audit("hot-seat handover")


def friend(s: Screens, site_url: str, wait_ready: Any) -> None:
    page = s.page
    open_data(s, site_url, wait_ready, {}, "?variant=classic&seats=human,friend&names=Ann,Bob&seed=16&pace=0")
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    page.locator('#actions [data-action="play"]').click()
    expect(page.locator("[data-turn-link]").first).to_be_visible()
    s.audit("friend game, the turn link")


def phones(s: Screens, site_url: str, wait_ready: Any) -> None:
    """A table awaiting four phones (their join codes), then "Join a table" as a phone opens it."""
    page = s.page
    query = "?variant=classic&seats=phone,phone,phone,phone&names=Ann,Bob,Cy,Dee&seed=16&pace=0"
    open_data(s, site_url, wait_ready, {}, query)
    expect(page.locator(".live-seat__qr svg")).to_have_count(4)
    s.audit("phones at the table, waiting")
    open_menu_item(page, "join", "#join-dialog")
    s.audit("join a table dialog")
    close_dialog(page, "#join-dialog")


def puzzle(s: Screens, site_url: str, wait_ready: Any) -> None:
    page = s.page
    open_data(s, site_url, wait_ready, {}, "?puzzle=cq-wst4qf-o")  # a daily puzzle of 52 tiles (2026-12-04)
    expect(page.locator("#puzzle")).to_be_visible()
    select_placeable(page)
    s.audit("puzzle, a tile selected", fitted=True)
    page.locator('#puzzle [data-action="puzzle-solution"]').click()  # its result: the best play, its lines scored
    expect(page.locator("html")).to_have_attribute("data-puzzle-result", "missed")
    s.audit("puzzle result (its solution)", fitted=True)


def finished(seed: int = 3) -> Game:
    game = Game.new("classic", ["Ann", "Bot"], seed=seed)
    while not game.is_over:
        best(game)
    return game


def game_over(s: Screens, site_url: str, wait_ready: Any) -> None:
    page = s.page
    kept = storage(finished(), ["human", "hard"], current=False, settings={"lang": "en", "review_level": "greedy"})
    open_data(s, site_url, wait_ready, kept)
    open_menu_item(page, "saves", "#saves-dialog")
    page.locator('#saves-dialog li.save[data-id="t1"] [data-action=resume-save]').click()
    expect(page.locator("html[data-over]")).to_be_attached()
    s.audit("game over", fitted=True)
    page.locator('#result [data-action="review"]').click()
    expect(page.locator('#review[data-phase="done"]')).to_be_attached(timeout=180_000)
    s.audit("review", fitted=True)


def analysis(s: Screens, site_url: str, wait_ready: Any) -> None:
    page = s.page
    open_data(s, site_url, wait_ready, {}, "?analyse&variant=classic&board=Ro@0,0+Rs@1,0+Rd@2,0&hand=Bo+Bs+Rc+Yo")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#analysis-plays li").first).to_be_visible()
    s.audit("analysis board")


JOURNEYS: dict[str, Journey] = {
    "home": home,
    "classic": game_in("classic"),
    "cubes": game_in("cubes"),
    "flex": game_in("flex"),
    "handover": handover,
    "friend": friend,
    "phones": phones,
    "puzzle": puzzle,
    "game-over": game_over,
    "analysis": analysis,
}


def contexts(new_context: Any) -> Iterator[Screens]:
    touch = new_context(viewport=TOUCH["phone"], has_touch=True, is_mobile=True)
    yield Screens(touch.new_page(), TOUCH)
    touch.close()
    mouse = new_context(viewport=MOUSE["desktop"])
    yield Screens(mouse.new_page(), MOUSE)
    mouse.close()


@pytest.mark.parametrize("journey", list(JOURNEYS))
def test_every_screen_fits_every_size_language_and_theme(
    new_context: Any, site_url: str, wait_ready: Any, journey: str
) -> None:
    problems: list[str] = []
    for screens in contexts(new_context):
        JOURNEYS[journey](screens, site_url, wait_ready)
        problems += screens.problems
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems)
