"""Puzzles through the real page (issue 19): a puzzle opened by link on the game's own board and rack, the best play
found (``data-puzzle-result="solved"``, progress kept), a lesser play missed with the points against the best, Try
again, Show solution (the best play on the board, its lines scored), Next, the puzzle of the day from the Puzzles
dialog, its rule-set switch, a theme and Close, a bad link named with nothing else changed, and the saved game in
play left as it was."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from qwirkle.notation import parse_placements
from qwirkle.study.puzzles import daily, puzzle_from_id, puzzle_game

PUZZLE = "cm-ouax60-d"
HTML = "html"


def place(page: Page, play: str) -> None:
    """Put the play's tiles on the board by taps: a rack tile, then its cell."""
    for placement in parse_placements(play):
        page.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
        cell = ",".join(str(v) for v in placement.cell)
        page.locator(f'#board [data-cell="{cell}"]').click()
        expect(page.locator(f'#board [data-cell="{cell}"][data-pending]')).to_have_count(1)


def a_lesser_play(puzzle_id: str) -> tuple[str, int]:
    """A legal play of the puzzle that is not the best, and its points."""
    puzzle = puzzle_from_id(puzzle_id)
    plays = sorted(puzzle_game(puzzle).legal_plays(), key=lambda p: p.points)
    play = next(p for p in plays if p.points < puzzle.best_points)
    return " ".join(p.notation() for p in play.placements), play.points


def test_a_puzzle_link_solved_on_the_game_board_then_missed_tried_again_solution_and_next(
    page: Page, open_ready, axe
) -> None:
    puzzle = puzzle_from_id(PUZZLE)
    play, points = a_lesser_play(PUZZLE)
    open_ready(page, f"?puzzle={PUZZLE}")
    expect(page.locator(HTML)).to_have_attribute("data-puzzle", PUZZLE)
    assert page.locator(HTML).get_attribute("data-puzzle-result") is None
    expect(page.locator("#puzzle")).to_be_visible()
    expect(page.locator("[data-rack] [data-tile]")).to_have_count(len(puzzle.hand.split()))
    expect(page.locator("#board [data-cell][data-tile]:not([data-pending])")).to_have_count(
        len(parse_placements(puzzle.board))
    )
    for name in ("Hint", "Exchange", "Undo"):  # one play is asked for, no help
        expect(page.locator(f'#actions [data-action="{name.lower()}"]')).to_be_hidden()
    place(page, puzzle.best)
    expect(page.locator(".preview__points")).to_contain_text(str(puzzle.best_points))
    page.get_by_role("button", name="Play").click()
    expect(page.locator(HTML)).to_have_attribute("data-puzzle-result", "solved")
    expect(page.locator("[data-puzzle-verdict]")).to_contain_text(f"{puzzle.best_points} points")
    expect(page.locator(".puzzle__lines li")).not_to_have_count(0)
    expect(page.locator("#board .line-score")).not_to_have_count(0)  # each scored line's points drawn
    solved = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('qwirkle.puzzles.solved.'))")
    assert solved and PUZZLE in json.loads(page.evaluate(f"localStorage.getItem({solved[0]!r})"))
    assert page.evaluate("localStorage.getItem('qwirkle.current')") is None  # a puzzle is not a saved game
    assert axe(page, "#game") == []
    # the same puzzle again, and a lesser play this time: missed, with its points against the best
    page.locator('#puzzle [data-action="puzzle-again"]').click()
    expect(page.locator("[data-rack] [data-tile]")).to_have_count(len(puzzle.hand.split()))
    assert page.locator(HTML).get_attribute("data-puzzle-result") is None
    place(page, play)
    page.get_by_role("button", name="Play").click()
    expect(page.locator(HTML)).to_have_attribute("data-puzzle-result", "missed")
    expect(page.locator("[data-puzzle-verdict]")).to_contain_text(f"{points} points")
    expect(page.locator("[data-puzzle-verdict]")).to_contain_text(str(puzzle.best_points))
    page.get_by_role("button", name="Try again").click()
    expect(page.locator("[data-rack] [data-tile]")).to_have_count(len(puzzle.hand.split()))
    assert page.locator(HTML).get_attribute("data-puzzle-result") is None
    page.get_by_role("button", name="Show solution").click()
    expect(page.locator(HTML)).to_have_attribute("data-puzzle-result", "missed")
    for placement in parse_placements(puzzle.best):
        cell = ",".join(str(v) for v in placement.cell)
        expect(page.locator(f'#board [data-cell="{cell}"][data-tile="{placement.tile.notation()}"]')).to_have_count(1)
    expect(page.locator("#board .line-score")).not_to_have_count(0)
    page.get_by_role("button", name="Next").click()
    expect(page.locator(HTML)).not_to_have_attribute("data-puzzle", PUZZLE)
    assert page.locator(HTML).get_attribute("data-puzzle").startswith("c")  # the next one is classic too
    assert page.locator(HTML).get_attribute("data-puzzle-result") is None


def test_the_puzzle_of_the_day_from_the_dialog_and_the_game_in_play_kept(page: Page, open_ready) -> None:
    open_ready(page, "?variant=classic&seats=human,computer&seed=5&pace=0")
    expect(page.locator(HTML)).to_have_attribute("data-turn", "0")
    current = page.evaluate("localStorage.getItem('qwirkle.current')")
    page.locator("#menu-button").click()
    page.locator('#menu [data-action="puzzles"]').click()
    expect(page.locator("#puzzles-dialog")).to_be_visible()
    page.locator('#puzzles-dialog [data-action="puzzle-daily"][data-variant="flex"]').click()
    today = page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' + "
        "String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()"
    )
    expect(page.locator(HTML)).to_have_attribute("data-puzzle", daily(today, "flex").id)
    expect(page.locator("#puzzle-title")).to_contain_text("Puzzle of the day")
    assert page.evaluate("localStorage.getItem('qwirkle.current')") == current
    page.reload()  # the address keeps the puzzle
    expect(page.locator(HTML)).to_have_attribute("data-puzzle", daily(today, "flex").id)


def test_a_bad_link_is_named_and_nothing_else_changes(page: Page, open_ready) -> None:
    open_ready(page, "?puzzle=nonsense")
    expect(page.locator("#home-notice")).to_contain_text("nonsense")
    assert page.locator(HTML).get_attribute("data-puzzle") is None
    assert page.evaluate("localStorage.getItem('qwirkle.current')") is None


def test_the_dialog_switches_rule_set_opens_a_theme_and_closes(page: Page, open_ready) -> None:
    open_ready(page, "")
    dialog = page.locator("#puzzles-dialog")
    page.locator('#home [data-action="puzzles"]').click()
    expect(dialog).to_be_visible()
    dialog.locator('[data-action="close-dialog"]').click()
    expect(dialog).to_be_hidden()
    page.locator('#home [data-action="puzzles"]').click()
    dialog.locator('[data-action="puzzle-variant"][data-variant="flex"]').click()
    expect(dialog.locator('[data-action="puzzle-variant"][data-variant="flex"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    dialog.locator('[data-action="puzzle-theme"][data-variant="flex"][data-theme="multi-line"]').click()
    expect(dialog).to_be_hidden()
    expect(page.locator(HTML)).to_have_attribute("data-puzzle", re.compile(r"^fm-"))
