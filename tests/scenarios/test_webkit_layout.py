"""The layout check of issue 48 (tests/browser/layout_audit.js) in WebKit, the engine of every iPad browser, at the two
tablet sizes (768x1024 and 1024x768) on the main screens: a game, a friend game after a move (its turn link), a puzzle
with a tile selected, the game-over screen, the analysis board. Each screen is reached once and shown at both sizes;
a screenshot of each goes to test-results/webkit-layout/ (the lane looks at its own pages), and the test fails with
every problem found. Chromium runs the same audit over every screen, size, language and theme
(tests/browser/test_layout_check.py).

The session forces WebKit's compositing on (``webkit_shot_session``): without it WebKitGTK takes no screenshot."""

from __future__ import annotations

import json
from typing import Any

import pytest
from drivers import SeleniumDriver
from sites import ROOT

from app.store.saves import DictStorage, SaveStore
from qwirkle import Game
from qwirkle.record import to_record

AUDIT = (ROOT / "tests" / "browser" / "layout_audit.js").read_text(encoding="utf-8")
SHOTS = ROOT / "test-results" / "webkit-layout"
TABLETS = {"tablet-portrait": (768, 1024), "tablet-landscape": (1024, 768)}


def finished_game() -> dict[str, str]:
    """A finished classic game in the page's storage (each side taking its best play), to open from Saved games."""
    game = Game.new("classic", ["Ann", "Bot"], seed=3)
    while not game.is_over:
        plays = game.legal_plays()
        if plays:
            game.apply(max(plays, key=lambda p: (p.points, p.notation())).notation())
        elif game.exchange_limit():
            game.apply("swap " + game.hands[game.to_move][0].notation())
        else:
            game.apply("pass")
    store = SaveStore(DictStorage())
    store.save("t1", to_record(game), ["human", "hard"], pace=1, current=False, app={"hints": [0, 0]})
    return {**store.storage.data, "qwirkle.settings": json.dumps({"lang": "en"})}


class Tablet:
    """The WebKit page, its window sized so that the page's viewport is a tablet's."""

    def __init__(self, driver: SeleniumDriver) -> None:
        self.driver = driver
        self.problems: list[str] = []

    def resize(self, width: int, height: int) -> None:
        """The page's viewport at ``width`` x ``height``: the window is that plus its own bars, which are known once
        the window has taken a size (the window manager applies a size a moment after it is asked for)."""
        session = self.driver.session
        inner = self.driver.js("return [innerWidth, innerHeight];")
        for _ in range(4):
            if inner == [width, height]:
                return
            outer = session.get_window_size()
            session.set_window_size(outer["width"] + width - inner[0], outer["height"] + height - inner[1])
            inner = self.driver.wait(
                "return (innerWidth !== arguments[0] || innerHeight !== arguments[1]"
                " || (innerWidth === arguments[2] && innerHeight === arguments[3])) && [innerWidth, innerHeight];",
                *inner,
                width,
                height,
                what=f"the viewport resized to {width}x{height}",
            )
        assert inner == [width, height], inner

    def audit(self, screen: str, fitted: bool = False) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        if self.driver.js("return typeof window.layoutAudit;") != "function":
            self.driver.js(AUDIT)
        for size, (width, height) in TABLETS.items():
            self.resize(width, height)
            self.driver.js("await layoutSettle();")
            found = self.driver.js("return layoutAudit(arguments[0]);", {"tablet": True, "fitted": fitted})
            self.problems += [f"{screen} | {size} | {p}" for p in found]
            self.driver.session.save_screenshot(str(SHOTS / f"{screen.replace(' ', '-')}-{size}.png"))

    def open(self, query: str, data: dict[str, str] | None = None) -> None:
        d = self.driver
        d.open(d.base + "sw.js")  # the site's origin, without the app: fill the storage first
        d.js(
            "localStorage.clear(); for (const [k, v] of Object.entries(arguments[0])) localStorage.setItem(k, v);",
            data or {"qwirkle.settings": json.dumps({"lang": "en"})},
        )
        d.goto(query)


def game(t: Tablet) -> None:
    t.open("?variant=classic&seats=human,computer&seed=42&pace=0")
    t.driver.wait('return document.documentElement.dataset.turn === "0";', what="the human's turn")
    t.audit("classic game")


def friend(t: Tablet) -> None:
    d = t.driver
    t.open("?variant=classic&seats=human,friend&names=Ann,Bob&seed=16&pace=0")
    d.wait('return document.documentElement.dataset.turn === "0";', what="Ann's turn")
    d.action("hint")
    d.wait_for("[data-pending]")
    d.action("play")
    d.wait_for("[data-turn-link]")
    t.audit("friend turn link")


def puzzle(t: Tablet) -> None:
    d = t.driver
    t.open("?puzzle=cq-wst4qf-o")  # a daily puzzle of 52 tiles (2026-12-04)
    d.wait_for("[data-rack] [data-tile]")
    for index in range(d.count("[data-rack] [data-tile]")):
        d.click("[data-rack] [data-tile]", index)
        if d.count("[data-legal]"):
            break
        d.click("[data-rack] [data-tile]", index)
    t.audit("puzzle tile selected", fitted=True)


def game_over(t: Tablet) -> None:
    d = t.driver
    t.open("", finished_game())
    d.click("#menu-button")
    d.click('#menu [data-action="saves"]')
    d.wait_for('#saves-dialog li.save[data-id="t1"] [data-action=resume-save]')
    d.click('#saves-dialog li.save[data-id="t1"] [data-action=resume-save]')
    d.wait("return document.documentElement.hasAttribute('data-over');", what="the end of the game")
    t.audit("game over", fitted=True)


def analysis(t: Tablet) -> None:
    t.open("?analyse&variant=classic&board=Ro@0,0+Rs@1,0+Rd@2,0&hand=Bo+Bs+Rc+Yo")
    t.driver.wait_for("#analysis-plays li")
    t.audit("analysis board")


SCREENS = {"game": game, "friend": friend, "puzzle": puzzle, "game-over": game_over, "analysis": analysis}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_tablet_screens_fit_in_webkit(webkit_shot_session: Any, scenario_site: str, screen: str) -> None:
    tablet = Tablet(SeleniumDriver(scenario_site, webkit_shot_session))
    SCREENS[screen](tablet)
    assert not tablet.problems, f"{len(tablet.problems)} layout problems:\n" + "\n".join(tablet.problems)
