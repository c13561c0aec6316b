"""The rack as the player arranged it (sorted, or dragged into their own order), with the marks of the tiles
just drawn, comes back after a reload; the review's "Compare with" level too (issue 23: both were lost)."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_phone_tablet_layout import open_finished
from test_play import play_any, start, wait_human

RACK = "[data-rack] [data-tile]"


def rack(page: Page) -> list[tuple[str, bool]]:
    """The rack left to right: each tile's code and whether it is marked as just drawn."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
        .map((node) => [node.dataset.tile, node.hasAttribute("data-new")])""",
        RACK,
    )


def test_the_sorted_rack_and_the_drawn_marks_survive_a_reload(page: Page, open_ready, wait_ready) -> None:
    start(page, open_ready, "variant=classic&seats=human,computer&seed=5&pace=0")
    wait_human(page)
    play_any(page)  # the tiles drawn after this play are marked
    wait_human(page)
    page.locator("#sort").click()  # by colour
    page.locator("#sort").click()  # then by shape
    expect(page.locator("#sort")).to_have_attribute("data-sort", "colour")
    arranged = rack(page)
    assert any(new for _, new in arranged)
    dealt = [code for code, _ in arranged]
    assert dealt != sorted(dealt) or len(set(dealt)) < 3  # a real arrangement (shape first, not codes)
    page.reload()
    wait_ready(page)
    wait_human(page)
    assert rack(page) == arranged
    expect(page.locator("#sort")).to_have_attribute("data-sort", "colour")


def test_a_damaged_arrangement_is_set_aside_and_the_game_goes_on(page: Page, open_ready, wait_ready) -> None:
    start(page, open_ready, "variant=classic&seats=human,computer&seed=5&pace=0")
    wait_human(page)
    page.evaluate("""() => localStorage.setItem("qwirkle.racks." + localStorage.getItem("qwirkle.current"),
                                                  '{"seats": {"0": {"hand": [[[')""")
    page.reload()
    wait_ready(page)
    wait_human(page)
    expect(page.locator(RACK)).to_have_count(6)
    kept = page.evaluate("Object.keys(localStorage).filter((key) => key.startsWith('qwirkle.aside.racks.'))")
    assert len(kept) == 1


def test_the_review_remembers_the_level_it_compares_with(page: Page, site_url, wait_ready) -> None:
    open_finished(page, site_url, wait_ready, 3, ["greedy", "random"])
    page.get_by_role("button", name="Review").click()
    page.locator("#review-level").select_option("medium")
    page.reload()
    wait_ready(page)
    page.locator('#menu [data-action="saves"]').click()
    page.locator('#saves-list [data-action="review-save"]').first.click()
    expect(page.locator("#review")).to_be_visible()
    expect(page.locator("#review-level")).to_have_value("medium")
