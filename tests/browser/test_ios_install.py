"""The "Add to Home Screen" note (js/ios-install.js): on iOS only, English and French, closed for good. That no other
browser shows it is checked by the shared scenarios, in Chromium, WebKit and Firefox (test_scenarios.py)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.5 Mobile/15E148 Safari/604.1"
)
NOTE = "[data-ios-install]"


def test_ios_players_are_told_how_to_add_the_game_to_the_home_screen(
    new_context: Any, open_ready: Any, wait_ready: Any, csp_violations: Any, axe: Any
) -> None:
    page = new_context(user_agent=IPHONE).new_page()
    open_ready(page)
    note = page.locator(NOTE)
    expect(note).to_be_visible()
    expect(note).to_contain_text("tap Share, then “Add to Home Screen”")
    assert axe(page) == []
    page.locator("#lang").select_option("fr")  # the game's language switch
    expect(note).to_contain_text("touchez Partager, puis « Sur l’écran d’accueil »")
    note.get_by_role("button", name="Fermer").click()
    expect(note).to_have_count(0)
    page.reload()
    wait_ready(page)
    expect(page.locator("#home")).to_be_visible()
    expect(note).to_have_count(0)  # closed for good
    assert csp_violations(page) == []
