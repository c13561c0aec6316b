"""Every control a finger uses on a phone is at least 44x44 px (issue 48): a rule id in a refusal, the analysis
board's controls, the review's. Sizes from getBoundingClientRect, on a touch phone (390x844)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from test_phone_tablet_layout import PHONE, dozen_moves, open_finished, open_with, storage
from test_play import select_placeable

# Every control shown inside ``root``: what it is, its width and height.
SIZES = """(root) => [...root.querySelectorAll('button, select, input, [data-action]')]
  .filter((n) => (n.offsetParent !== null || n instanceof SVGElement) && !n.closest('.visually-hidden'))
  .filter((n) => !n.closest('.review-graph__plot'))  // the graph is one control, a slider of its moves (below)
  .map((n) => [n.dataset.action || n.id || n.textContent.trim().slice(0, 20),
               n.getBoundingClientRect().width, n.getBoundingClientRect().height])"""


def small(page: Page, selector: str) -> list[Any]:
    sizes = page.locator(selector).evaluate(SIZES)
    assert sizes, selector
    return [s for s in sizes if s[1] < 44 or s[2] < 44]


def test_a_rule_id_in_a_refusal_is_a_finger_sized_target_in_its_line(
    new_context: Any, site_url: str, wait_ready: Any
) -> None:
    page = new_context(**PHONE).new_page()
    open_with(page, site_url, wait_ready, storage(dozen_moves("classic"), ["human", "hard"]))
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    select_placeable(page)
    page.locator("[data-cell]:not([data-tile]):not([data-legal])").first.click()
    rule = page.locator("#note .rule-ref").first
    expect(rule).to_be_visible()
    assert small(page, "#note") == []
    # the chip is a 44 px target in its line, never reaching over the text around it: its line grows to hold it,
    # the note's other lines keep the height of their text
    line = page.locator("#note").evaluate("(n) => parseFloat(getComputedStyle(n).lineHeight) || 0")
    lines = page.locator("#note").evaluate("(n) => n.getBoundingClientRect().height")
    assert rule.bounding_box()["height"] >= 44
    assert lines < 44 + 2 * max(line, 20)


def test_the_analysis_board_and_the_review_are_finger_sized(new_context: Any, site_url: str, wait_ready: Any) -> None:
    page = new_context(**PHONE).new_page()
    page.goto(site_url + "?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs+Rd+Gd+Yd+Ps")
    wait_ready(page)
    expect(page.locator("[data-analysis-play]").first).to_be_visible()
    assert small(page, "#analysis") == []
    open_finished(page, site_url, wait_ready, 3, ["greedy", "random"])
    page.locator("#result").get_by_role("button", name="Review").click()
    expect(page.locator("[data-review-move]").first).to_be_visible()
    assert small(page, "#review") == []
    # the chance graph: its moves' columns side by side, no gap, so a tap anywhere on it picks a move
    plot = page.locator(".review-graph__plot")
    if plot.is_visible():
        width, height = plot.evaluate("(n) => [n.getBoundingClientRect().width, n.getBoundingClientRect().height]")
        assert width >= 44 and height >= 44
        gaps = plot.evaluate("""(n) => { const r = [...n.querySelectorAll('[data-action]')]
          .map((h) => h.getBoundingClientRect()).sort((a, b) => a.x - b.x);
          return r.slice(1).filter((b, i) => b.x - r[i].right > 0.5).length; }""")
        assert gaps == 0
