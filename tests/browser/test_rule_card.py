"""The rule card on a 390x844 touch phone (Chromium, see conftest.py): each example drawn as a small board with the
right tiles, its play ringed (the tile's colours untouched), the cells its text names labelled as the sentence names
them, every diagram within the card with tiles a player can read; in two languages, light and dark."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import PHONE, open_with

SMALLEST = 22  # px: a diagram's tile on a phone

OPEN_RULE = """(rule) => {
  const button = document.createElement("button");
  button.type = "button"; button.dataset.rule = rule; button.textContent = rule;
  document.body.append(button); button.click(); button.remove();
}"""
CELLS = """(dialog) => [...dialog.querySelectorAll(".rule-diagram__cell")].map((n) => {
  const r = n.getBoundingClientRect(), svg = n.querySelector("svg"), s = svg && getComputedStyle(svg);
  return {w: r.width, h: r.height, left: r.left, right: r.right, ring: getComputedStyle(n).boxShadow,
          tinted: !!s && (s.filter !== "none" || s.opacity !== "1" || getComputedStyle(n).opacity !== "1")};
})"""


def open_rule(page: Page, rule: str) -> Any:
    page.evaluate(OPEN_RULE, rule)
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_contain_text(rule)
    return dialog


def readable(page: Page, dialog: Any) -> None:
    """Every diagram cell is SMALLEST px or more, inside the card, its tile untinted; nothing scrolls sideways."""
    cells = dialog.element_handle().evaluate(CELLS)
    card = dialog.locator(".dialog__body").bounding_box()
    assert cells
    for cell in cells:
        assert min(cell["w"], cell["h"]) >= SMALLEST, cell
        assert card["x"] <= cell["left"] and cell["right"] <= card["x"] + card["width"], (cell, card)
        assert not cell["tinted"], cell
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    assert dialog.locator(".dialog__body").evaluate("(n) => n.scrollWidth <= n.clientWidth")


@pytest.mark.parametrize(("lang", "theme"), [("en", "light"), ("de", "dark")])
def test_the_examples_are_drawn_as_boards_on_a_phone(
    new_context: Any, site_url: str, wait_ready: Any, axe: Any, lang: str, theme: str
) -> None:
    page = new_context(**PHONE, color_scheme=theme).new_page()
    open_with(page, site_url, wait_ready, {"qwirkle.settings": f'{{"lang": "{lang}"}}'})
    dialog = open_rule(page, "C5")
    boards = dialog.locator(".rule-diagram")
    expect(boards).to_have_count(4)  # one a list item; the paragraph's board is drawn in each
    expect(dialog.locator(".rule-diagrams").first).to_have_attribute("aria-hidden", "true")
    first = boards.nth(0)  # Rd@-1,0 Rc@2,0 on Ro@0,0 Rs@1,0
    drawn = {
        first.locator(f'[data-diagram-cell="{cell}"]').get_attribute("data-tile"): cell
        for cell in ("-1,0", "0,0", "1,0", "2,0")
    }
    assert drawn == {"Rd": "-1,0", "Ro": "0,0", "Rs": "1,0", "Rc": "2,0"}
    expect(first.locator("[data-played]")).to_have_count(2)
    expect(first.locator('[data-played][data-tile="Rd"]')).to_have_count(1)
    expect(first.locator('[data-played][data-tile="Rc"]')).to_have_count(1)
    # the cell the sentence names, labelled with that name: empty between the two tiles, then a board tile
    gap = boards.nth(1).locator('[data-cell-name="3,0"]')
    expect(gap).to_have_text("3,0")
    assert gap.get_attribute("data-tile") is None
    examples = dialog.locator("li:has(.rule-diagram)")
    expect(examples.nth(1).locator(".rule-cell")).to_have_text("3,0")
    corner = boards.nth(3).locator('[data-cell-name="1,0"]')
    expect(corner).to_have_attribute("data-tile", "Rs")
    expect(boards.nth(3).locator(".rule-diagram__name")).to_have_text("1,0")
    expect(boards.nth(3).locator('[data-played][data-tile="Bd"]')).to_have_attribute("data-diagram-cell", "2,1")
    # the sentence keeps its tile pictures; a placement's cell is words for screen readers only
    item = examples.first
    expect(item.locator(".mini-tile")).to_have_count(2)
    expect(item.locator(".rule-placement .visually-hidden")).to_have_count(2)
    expect(item.locator(".rule-placement .visually-hidden").first).to_contain_text("-1,0")
    expect(item.locator(".rule-cell")).to_have_count(0)
    readable(page, dialog)
    pending = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--pending').trim()")
    ring = first.locator("[data-played]").first.evaluate("(n) => getComputedStyle(n).boxShadow")
    probe = page.evaluate(
        "(c) => { const d = document.createElement('div'); d.style.color = c; document.body.append(d);"
        " const v = getComputedStyle(d).color; d.remove(); return v; }",
        pending,
    )
    assert probe in ring
    assert axe(page) == []
    page.locator("#rules-dialog [data-action=close-dialog]").click()
    # the widest diagram (F5: cells from -1,-1 to 6,6) still fits the phone with readable cells
    dialog = open_rule(page, "F5")
    expect(dialog.locator(".rule-diagram")).to_have_count(1)
    expect(dialog.locator("[data-cell-name]")).to_have_count(2)
    readable(page, dialog)
