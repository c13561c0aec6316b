"""The layout check's own test (tests/browser/layout_audit.js, used by test_layout_check.py and the WebKit lane): on
small synthetic pages, each rule fires on its defect, and a clean page gives no problem at all."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

AUDIT = (Path(__file__).parent / "layout_audit.js").read_text(encoding="utf-8")

STYLE = """<style>
  body { margin: 0; font: 16px/1.4 sans-serif; }
  button { width: 48px; height: 48px; padding: 0; }
  .board-area { position: relative; width: 300px; height: 300px; }
  .board { position: relative; overflow: hidden; width: 300px; height: 300px; }
  .board__world { position: absolute; left: 0; top: 0; }
  [data-cell] { position: absolute; width: 50px; height: 50px; }
  .zoom { position: absolute; right: 4px; bottom: 4px; display: flex; }
</style>"""


def board(tiles: str, zoom_at: str = "right: 4px; bottom: 4px") -> str:
    return f"""<section class="board-area"><div class="board" id="board"><div class="board__world">{tiles}</div></div>
      <div class="zoom" style="{zoom_at}"><button class="btn" data-action="fit">F</button></div></section>"""


def tile(x: int, y: int, legal: bool = False) -> str:
    what = 'data-legal=""' if legal else 'data-tile="Ro"'
    return f'<div data-cell="{x},{y}" {what} role="img" style="left: {x * 50}px; top: {y * 50}px"></div>'


# what is hidden from the player overlaps nothing: a closed <details>'s content, a visually hidden heading
CLEAN = (
    board(tile(0, 0) + tile(1, 0))
    + "<p>Some text</p><button>Go</button>"
    + '<details><summary style="height: 48px">Share</summary><p style="margin-top: -40px">A link</p></details>'
    + '<h2 style="position: absolute; left: 0; top: 0; width: 1px; height: 1px; overflow: hidden;'
    + ' clip-path: inset(50%)">Board</h2>'
)

CASES = {
    "overlap": (
        '<button style="position: absolute; left: 10px; top: 10px">Play</button>'
        '<p style="position: absolute; left: 20px; top: 20px; margin: 0">Bag: 93 tiles</p>',
        {},
        'overlap: button "Play" and p "Bag: 93 tiles"',
    ),
    "ellipsis": (
        '<span style="display: block; width: 60px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">'
        "Gemiddeld niveau</span>",
        {},
        'ellipsis: span "Gemiddeld niveau"',
    ),
    "text overflows its box": (
        '<p style="width: 40px; white-space: nowrap">Terugnemen</p>',
        {},
        'text overflows its box: p "Terugnemen"',
    ),
    "control over a tile": (board(tile(5, 5)), {}, 'control over tiles: button.btn[data-action=fit] "F"'),
    "horizontal scroll": ('<div style="width: 3000px; height: 10px"></div>', {}, "horizontal scroll"),
    "blank scroll": ('<p>Top</p><div style="height: 3000px"></div>', {}, "blank scroll"),
    "allowed cell off the board": (
        board(tile(0, 0) + tile(9, 0, legal=True)) + '<div data-rack><button aria-pressed="true">Ro</button></div>',
        {},
        "allowed cells off the board: 1 of 1",
    ),
    "board not fitted": (board(tile(0, 0) + tile(0, 8)), {"fitted": True}, "board not fitted: 1 of 2 tiles"),
    "small tiles": (
        board('<div data-cell="0,0" data-tile="Ro" style="width: 20px; height: 20px"></div>'),
        {"fitted": True, "tablet": True},
        "small tiles",
    ),
    "small tap target": ('<button style="width: 30px; height: 24px">C4</button>', {"phone": True}, "small tap target"),
    "out of reach": (
        '<div style="height: 50px; overflow: hidden"><div style="height: 60px"></div><button>Undo</button></div>',
        {},
        'out of reach: button "Undo"',
    ),
}


def audit(page: Page, body: str, opts: dict[str, Any]) -> list[str]:
    page.set_content(f"<!doctype html><html><head>{STYLE}</head><body>{body}</body></html>")
    page.evaluate(AUDIT)
    page.evaluate("layoutSettle()")
    return page.evaluate("(opts) => layoutAudit(opts)", opts)


def test_a_clean_page_has_no_problem(page: Page) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    assert audit(page, CLEAN, {"phone": True, "tablet": True, "fitted": True}) == []


@pytest.mark.parametrize("case", list(CASES))
def test_each_rule_fires_on_its_defect(page: Page, case: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    body, opts, expected = CASES[case]
    problems = audit(page, body, opts)
    assert any(p.startswith(expected) for p in problems), problems


def test_a_long_player_name_may_be_cut(page: Page) -> None:
    body = (
        '<span style="display: block; width: 60px; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">'
        "Bartholomew Longname</span>"
    )
    assert audit(page, body, {"names": ["Bartholomew Longname"]}) == []
    assert audit(page, body, {"names": []}) != []
