"""Boards drawn before Python starts (js/early.js): on tutorial.html every board but the puzzles is on screen, with
its tiles, while the runtime is held back (those in the window in the first paint, the others just after it); when
Python takes over, each box keeps its size and its cells; a marker added meanwhile is drawn the same way, one added
later by Python; a marker only Python can read says it is loading, then gets Python's precise error."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Route
from test_early_game import SHIFT, SHIFTED

BOXES = """() => [...document.querySelectorAll('[data-qwirkle], [data-qwirkle-puzzle]')].map((e) => {
  const box = e.getBoundingClientRect();
  const cells = [...e.querySelectorAll('.qw-board [data-cell]')].map((c) =>
    c.dataset.cell + ':' + (c.querySelector('[data-tile]') ? c.querySelector('[data-tile]').dataset.tile : ''));
  const hand = [...e.querySelectorAll('[data-rack] [data-tile]')].map((t) => t.dataset.tile);
  return {state: e.dataset.state, puzzle: e.hasAttribute('data-qwirkle-puzzle'), width: box.width,
          height: box.height, cells, hand, board: e.dataset.board || '', disabled:
          [...e.querySelectorAll('button')].every((b) => b.disabled)};
})"""
MARKERS = "[...document.querySelectorAll('[data-qwirkle], [data-qwirkle-puzzle]')]"
ALL_DRAWN = f"{MARKERS}.every((e) => e.dataset.state)"
# In the first frame's animation callback (before its paint): each marker's state and whether it starts in the window.
FIRST_FRAME = f"""requestAnimationFrame(() => {{ window.__firstFrame = {MARKERS}.map((e) =>
  ({{state: e.dataset.state || '', inView: e.getBoundingClientRect().top <= innerHeight}})); }});"""


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


@pytest.fixture
def held_page(new_context: Any) -> Iterator[tuple[Page, Held]]:
    context = new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    yield page, Held(page)
    context.close()


def test_tutorial_boards_are_drawn_before_python_and_keep_their_size(held_page: Any, site_url: str, wait_ready):
    page, held = held_page
    page.add_init_script(FIRST_FRAME)
    page.goto(site_url + "tutorial.html")
    page.wait_for_function(ALL_DRAWN)
    first = page.evaluate("window.__firstFrame")
    in_view = [m for m in first if m["inView"]]
    assert in_view and all(m["state"] for m in in_view), first  # drawn in the first paint
    early = page.evaluate(BOXES)
    assert not page.evaluate("document.documentElement.hasAttribute('data-ready')")  # Python is held back
    for board in early:
        if board["puzzle"]:
            assert board["state"] == "loading"  # its position is a replayed game: the engine's
            continue
        assert board["state"] == "early" and board["cells"] and board["disabled"], board
        placed = {f"{p.split('@')[1]}:{p.split('@')[0]}" for p in board["board"].split()}
        assert placed <= set(board["cells"]), board
    held.release()
    wait_ready(page)
    live = page.evaluate(BOXES)
    for before, after in zip(early, live, strict=True):
        assert after["state"] == "ready"
        if before["puzzle"]:
            continue
        assert (before["width"], before["height"]) == (after["width"], after["height"]), (before, after)
        assert (before["cells"], before["hand"]) == (after["cells"], after["hand"])


def test_the_tutorial_s_layout_hardly_shifts_when_python_takes_over(held_page: Any, site_url: str, wait_ready):
    page, held = held_page
    page.add_init_script(SHIFT)
    page.goto(site_url + "tutorial.html")
    page.wait_for_selector("[data-qwirkle][data-state='early']")
    held.release()
    wait_ready(page)
    assert page.evaluate(SHIFTED) <= 0.02


def test_markers_added_later_are_drawn_early_then_live_and_unreadable_ones_get_python_s_error(
    held_page: Any, site_url: str, wait_ready
):
    page, held = held_page
    page.goto(site_url + "embed.html?board=Ro@0,0")
    page.wait_for_selector("[data-qwirkle][data-state='early']")
    page.evaluate(
        """() => {
        const add = (id, attrs) => {
          const e = document.createElement('div'); e.id = id; e.setAttribute('data-qwirkle', '');
          for (const [k, v] of Object.entries(attrs)) e.setAttribute('data-' + k, v); document.body.append(e); };
        add('added', {board: 'Bs@0,0 Bd@1,0', moves: 'Bo@2,0'});
        add('typo', {board: 'Ro@0,0 Zz@1,0'});
        add('gone', {board: 'Go@0,0'});
      }"""
    )
    page.wait_for_selector("#added[data-state='early'] [data-cell='1,0'] [data-tile='Bd']")
    page.wait_for_selector("#typo[data-state='loading'] .qw-loading")
    page.evaluate("document.getElementById('gone').remove()")
    held.release()
    wait_ready(page)
    page.wait_for_selector("#added[data-state='ready'] [data-action='next']:not([disabled])")
    page.wait_for_selector("#typo[data-state='error'] .qw-error")
    assert "Zz" in page.inner_text("#typo")  # Python's own sentence: which text, in which attribute
    page.evaluate(
        "() => { const e = document.createElement('div'); e.id = 'late'; e.setAttribute('data-qwirkle', '');"
        " e.setAttribute('data-board', 'Po@0,0'); document.body.append(e); }"
    )
    page.wait_for_selector("#late[data-state='ready'] [data-tile='Po']")
    page.click("#added [data-action='next']")
    page.wait_for_selector("#added .qw-counter:has-text('1')")
    page.evaluate("document.getElementById('added').remove()")
    page.evaluate("document.getElementById('late').remove()")
    assert page.locator("[data-qwirkle]").count() == 2  # the page's own and the unreadable one
