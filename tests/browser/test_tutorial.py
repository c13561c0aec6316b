"""tutorial.html in Chromium: every board renders, every replay plays to its end, the exercises
answer, the language switch is remembered (with the game's setting), axe and the CSP are clean."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect


@pytest.fixture(scope="module")
def tutorial(site_url: str, shared_page: Any) -> Any:
    """tutorial.html in English, opened once for the tests that read it or use its boards (each its own boards,
    and the page left in English)."""
    with shared_page(site_url + "tutorial.html?lang=en") as (page, _):
        yield page


def test_every_board_renders_and_every_replay_plays(tutorial: Page, csp_violations: Any, axe: Any) -> None:
    page = tutorial
    boards = page.locator("[data-qwirkle], [data-qwirkle-puzzle]")
    count = boards.count()
    assert count >= 23
    expect(page.locator("[data-state=ready]")).to_have_count(count)
    puzzles = page.locator("[data-qwirkle-puzzle]")  # one puzzle of the game per rule set
    assert sorted(p[0] for p in puzzles.evaluate_all("(ns) => ns.map((n) => n.dataset.qwirklePuzzle)")) == [
        "c",
        "f",
        "k",
    ]
    for i in range(count):
        assert boards.nth(i).locator("[data-cell]").count() > 0, f"board {i} has no cells"
    replays = page.locator("[data-qwirkle][data-mode=replay]")
    assert replays.count() >= 11
    for i in range(replays.count()):
        replay = replays.nth(i)
        next_ = replay.locator('[data-action="next"]')
        steps = 0
        while next_.is_enabled():
            next_.click()
            steps += 1
            expect(replay.locator(".qw-message")).to_contain_text("Total: ")
        assert steps >= 1
        expect(replay.locator(".qw-counter")).to_have_text(f"Move {steps} of {steps}")
    # The rulebook's last turn of the example game: 18 points with a Qwirkle.
    game = page.locator("#game [data-qwirkle]")
    expect(game.locator(".qw-message")).to_contain_text("red row: Qwirkle, 12 points")
    expect(game.locator(".qw-message")).to_contain_text("Total: 18 points.")
    assert csp_violations(page) == []
    assert axe(page) == []


def test_exercises_reveal_their_answers(tutorial: Page) -> None:
    page = tutorial
    for exercise in page.locator("[data-task=illegal]").all():
        exercise.get_by_role("button", name="Show the answer").click()
        expect(exercise.locator(".qw-message")).to_have_text(re.compile(r"^[CF]\d: "))
        assert exercise.locator("[data-error]").count() >= 1
    for exercise in page.locator("[data-task=best]").all():
        exercise.get_by_role("button", name="Show the answer").click()
        expect(exercise.locator(".qw-message")).to_contain_text("Here is the best play. ")
        assert exercise.locator("[data-answer] [data-tile]").count() >= 1
    flex_qwirkle = page.locator("#flex [data-qwirkle][data-task=best]")
    expect(flex_qwirkle.locator(".qw-message")).to_contain_text("Flex Qwirkle, 12 points")


def test_language_switch_is_remembered_with_the_games_setting(page: Page, open_ready: Any, wait_ready: Any) -> None:
    open_ready(page, "tutorial.html")
    page.evaluate("""localStorage.setItem("qwirkle.settings", JSON.stringify({palette: "contrast", lang: "en"}))""")
    page.reload()
    wait_ready(page)
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name("How to play Qwirkle")
    page.get_by_role("button", name="Français").click()
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("heading", level=1)).to_have_accessible_name("Comment jouer à Qwirkle")
    assert page.title() == "Comment jouer à Qwirkle"
    expect(page.get_by_role("button", name="Français")).to_have_attribute("aria-pressed", "true")
    # The boards speak French too, without losing their place.
    strip = page.locator("#scoring [data-qwirkle]")
    strip.get_by_role("button", name="Suivant").click()
    expect(strip.locator(".qw-counter")).to_have_text("Coup 1 sur 4")
    expect(strip.locator(".qw-message")).to_contain_text("Ligne de losanges : 3 points. Total : 3 points.")
    settings = json.loads(page.evaluate("""localStorage.getItem("qwirkle.settings")"""))
    assert settings == {"palette": "contrast", "lang": "fr"}
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#tiles p[lang=fr]").first).to_be_visible()
    expect(page.locator("#tiles p[lang=en]").first).to_be_hidden()
    expect(page.locator("#scoring [data-qwirkle]").get_by_role("button", name="Suivant")).to_be_visible()


def test_each_language_button_shows_only_that_language(tutorial: Page) -> None:
    headings = {
        "de": "So spielst du Qwirkle",
        "en": "How to play Qwirkle",
        "es": "Cómo jugar a Qwirkle",
        "fr": "Comment jouer à Qwirkle",
        "nl": "Zo speel je Qwirkle",
    }
    page = tutorial
    buttons = page.locator(".tut-lang button")
    assert buttons.all_text_contents() == ["Deutsch", "English", "Español", "Français", "Nederlands"]
    for lang, heading in headings.items():
        page.locator(f'.tut-lang [data-set-lang="{lang}"]').click()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.get_by_role("heading", level=1)).to_have_accessible_name(heading)
        assert page.title() == heading
        shown = page.evaluate("""() => {
          const counts = {};
          for (const node of document.querySelectorAll("main [lang]:not(.keep)")) {
            if (node.closest("[data-qwirkle], [data-qwirkle-puzzle]")) continue;   // boards set their own lang
            if (node.checkVisibility()) counts[node.lang] = (counts[node.lang] || 0) + 1;
          }
          return counts;
        }""")
        assert list(shown) == [lang] and shown[lang] > 30, shown
        expect(page.locator(f'[data-set-lang="{lang}"]')).to_have_attribute("aria-pressed", "true")
        assert page.locator('.tut-lang [aria-pressed="true"]').count() == 1
    page.locator('.tut-lang [data-set-lang="en"]').click()
    expect(page.locator("html")).to_have_attribute("lang", "en")


def test_the_game_links_to_the_tutorial_and_back(page: Page, open_ready: Any, tutorial: Page) -> None:
    open_ready(page, "")
    link = page.locator('#menu a[href="./tutorial.html"]')  # the menu's Rules (a rule's panel links there too)
    expect(link).to_have_count(1)
    expect(link).to_have_text("Rules")
    expect(tutorial.get_by_role("link", name="Play Qwirkle")).to_have_attribute("href", "./index.html")
