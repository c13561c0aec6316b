"""A returning player's game drawn before Python starts (js/early-game.js, from the glance py/app/regions/glance.py
keeps beside the save): the board, scores, whose turn and the rack of the player to move as Python then draws them,
while the runtime is held back; no rack at a hand-over (its card instead) or while a friend's link is awaited; the
board's box keeps its size when Python takes over; a tap before then is visibly not taken, one after is; a glance
that cannot be read leaves the loading bar."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

AGAINST_COMPUTER = "?variant=classic&seats=computer,human&seed=5&pace=0"  # the computer opens, then the human's rack
AT_THE_OPENING = "?variant=classic&seats=human,computer&seed=5&pace=0"  # the human opens: what the opening asks
HOT_SEAT = "?variant=classic&seats=human,human&names=Ann,Bob&seed=5&pace=0"
WITH_FRIEND = "?variant=classic&seats=human,friend&names=Ann,Bob&seed=5&pace=0"
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
}
SCREEN = """() => ({
  board: [...document.querySelectorAll('#board-world [data-cell][data-tile]')].map((c) =>
    c.dataset.cell + ':' + c.dataset.tile + (c.hasAttribute('data-last') ? ':last' : '')).sort(),
  scores: [...document.querySelectorAll('#scores .score')].map((s) => s.textContent + (s.ariaCurrent ? ':turn' : '')),
  status: document.getElementById('status').textContent.replace(/\\s+/g, ' ').trim(),
  rack: [...document.querySelectorAll('#rack [data-tile]')].map((t) => t.dataset.tile),
  bag: document.getElementById('bag').textContent,
  handover: document.getElementById('privacy').hidden ? '' : document.getElementById('privacy-title').textContent,
  preview: document.getElementById('preview').hidden ? '' : document.getElementById('preview').textContent,
})"""
# The page's layout shift, summed (an init script); SHIFTED reads it once the next frame is painted, with the entries
# the observer has not delivered yet (its callbacks come late, at a low priority).
SHIFT = """(() => { window.__shift = 0;
  const add = (entries) => { for (const e of entries) if (!e.hadRecentInput) window.__shift += e.value; };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({type: 'layout-shift', buffered: true});
  window.__shifted = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    add(observer.takeRecords()); done(window.__shift); }))); })();"""
SHIFTED = "window.__shifted()"


class Held:
    """The runtime's WebAssembly held back until ``release()``: the page runs its scripts, Python cannot start."""

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.released = False
        page.route("**/pyodide.asm.wasm", self.hold)

    def hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        for route in self.routes:
            route.continue_()


def playing(new_context: Any, site_url: str, wait_ready: Any, link: str, size: str = "tablet") -> Page:
    """A page with a game opened by ``link`` (the link leaves the address: a reload resumes the game)."""
    page = new_context(**SIZES[size]).new_page()
    page.add_init_script(SHIFT)
    page.goto(site_url + link)
    wait_ready(page)
    return page


KEPT = """() => { const read = (key) => JSON.parse(localStorage.getItem(key) || 'null');
  const id = localStorage.getItem('qwirkle.current'), kept = read('qwirkle.glance'), save = read('qwirkle.save.' + id);
  return Boolean(kept && save && kept.id === id && kept.revision === save.revision); }"""


def glance(page: Page) -> dict[str, Any]:
    """The glance of the current game, once the page has kept it (a moment after it drew its save)."""
    page.wait_for_function(KEPT)
    return json.loads(page.evaluate("localStorage.getItem('qwirkle.glance')"))


def returned(page: Page, kept: bool = True) -> Held:
    """Reload the page with Python held back (once the page has kept its glance, unless not ``kept``), until the
    early drawing is on screen (or the loading bar is)."""
    if kept:
        glance(page)
    held = Held(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector("html[data-early], #loader:not([hidden])", state="attached")
    assert not page.evaluate("document.documentElement.hasAttribute('data-ready')")
    return held


def test_a_returning_game_is_drawn_before_python_with_the_rack_of_the_player_to_move(
    new_context: Any, site_url: str, wait_ready: Any
) -> None:
    page = playing(new_context, site_url, wait_ready, AGAINST_COMPUTER)
    page.wait_for_selector('html[data-turn="1"] [data-rack] [data-tile]')
    live = page.evaluate(SCREEN)
    assert live["rack"] and live["board"] and not live["handover"]
    held = returned(page)
    expect(page.locator("html")).to_have_attribute("data-early", "")
    early = page.evaluate(SCREEN)
    assert early == live
    assert page.locator("#loader").is_hidden()
    game = page.locator("#game")
    assert game.evaluate("(g) => g.inert") and game.get_attribute("aria-busy") == "true"
    expect(page.locator("#board .early-busy")).to_have_text("Starting Python…")
    # A tap on a rack tile before Python is ready is not taken, and the page says so.
    tile = page.locator("#rack [data-tile]").first
    box = tile.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("1")
    expect(page.locator("#board .early-busy")).to_have_class("early-busy early-busy--refused")
    expect(page.locator("#board .early-busy")).to_have_text("Starting Python…")
    assert page.locator('#rack [aria-pressed="true"]').count() == 0
    held.release()
    wait_ready(page)
    assert page.locator("[data-early]").count() == 0 and not game.evaluate("(g) => g.inert")
    assert page.evaluate(SCREEN) == live
    assert page.locator('#rack [aria-pressed="true"]').count() == 0  # the early tap was not kept
    page.locator("#rack [data-tile]").first.click()  # after ready, a tap is taken
    expect(page.locator("#rack [data-tile]").first).to_have_attribute("aria-pressed", "true")


# a returning game on the human's turn: after the computer's opening, and at the opening (what it asks, C2)
RESUMED = {"after-the-opening": (AGAINST_COMPUTER, 1), "at-the-opening": (AT_THE_OPENING, 0)}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("resumed", list(RESUMED))
def test_the_board_keeps_its_box_when_python_takes_over(
    new_context: Any, site_url: str, wait_ready: Any, size: str, resumed: str
) -> None:
    link, human = RESUMED[resumed]
    page = playing(new_context, site_url, wait_ready, link, size)
    page.wait_for_selector(f'html[data-turn="{human}"] [data-rack] [data-tile]')
    live = page.evaluate(SCREEN)
    assert ("(C2)" in live["preview"]) == (resumed == "at-the-opening") and bool(live["board"]) != bool(human == 0)
    held = returned(page)
    assert page.evaluate(SCREEN) == live
    rules = page.locator("#preview [data-rule='C2']")
    assert rules.count() == (1 if live["preview"] else 0)  # the rule's id a link to it, as Python draws it
    early = page.locator("#board").bounding_box()
    world = page.evaluate("document.getElementById('board-world').style.transform")
    held.release()
    wait_ready(page)
    assert page.evaluate(SCREEN) == live
    assert page.locator("#board").bounding_box() == early
    assert page.evaluate("document.getElementById('board-world').style.transform") == world  # the resume's view
    assert page.evaluate(SHIFTED) <= 0.02


def test_a_game_saved_at_a_hand_over_draws_the_hand_over_screen_and_no_rack(
    new_context: Any, site_url: str, wait_ready: Any
) -> None:
    page = playing(new_context, site_url, wait_ready, HOT_SEAT)
    expect(page.locator("html")).to_have_attribute("data-handover", "0")
    live = page.evaluate(SCREEN)
    page.locator("#reveal").click()  # Ann shows her tiles: a reload still hides them
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
    assert "rack" not in glance(page) and glance(page)["handover"]
    held = returned(page)
    expect(page.locator("html")).to_have_attribute("data-early", "")
    early = page.evaluate(SCREEN)
    assert early == live and early["handover"] and not early["rack"]
    assert page.locator("#rack > *").count() == 0 and page.locator("#privacy").is_visible()
    held.release()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("data-handover", "0")
    assert page.evaluate(SCREEN) == live


def test_a_friend_link_game_waiting_for_the_link_draws_no_rack(
    new_context: Any, site_url: str, wait_ready: Any
) -> None:
    page = playing(new_context, site_url, wait_ready, WITH_FRIEND)
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    page.locator('#actions [data-action="play"]').click()
    expect(page.locator("html")).to_have_attribute("data-turn", "1")
    assert "rack" not in glance(page)
    board = page.evaluate(SCREEN)["board"]
    held = returned(page)
    expect(page.locator("html")).to_have_attribute("data-early", "")
    early = page.evaluate(SCREEN)
    assert early["board"] == board and not early["rack"] and page.locator("#rack > *").count() == 0
    expect(page.locator("#status")).to_have_attribute("data-status", "waiting")
    held.release()
    wait_ready(page)


@pytest.mark.parametrize("glance_text", ["{oops", '{"id": 5}', "null", "a tile that is none"])
def test_a_glance_that_cannot_be_drawn_leaves_the_loading_bar(
    new_context: Any, site_url: str, wait_ready: Any, glance_text: str
) -> None:
    page = playing(new_context, site_url, wait_ready, AGAINST_COMPUTER)
    page.wait_for_selector('html[data-turn="1"] [data-rack] [data-tile]')
    if glance_text == "a tile that is none":  # the current game's glance, one of its tiles unreadable
        value = glance(page)
        value["board"][0][0] = "Zz"
        glance_text = json.dumps(value)
    page.evaluate("(text) => localStorage.setItem('qwirkle.glance', text)", glance_text)
    page.add_init_script(  # the glance stays what this test wrote until the page is read
        f"localStorage.setItem('qwirkle.glance', {json.dumps(glance_text)})"
    )
    held = returned(page, kept=False)
    assert page.locator("#loader").is_visible() and page.locator("#game").is_hidden()
    assert page.locator("html[data-early]").count() == 0 and page.locator("#board-world [data-cell]").count() == 0
    held.release()
    wait_ready(page)
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()  # the game resumes as before
