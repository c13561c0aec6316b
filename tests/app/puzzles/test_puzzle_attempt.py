"""The puzzle on the table (app.puzzles.attempt): opened from a link, judged by the engine, tried again, given up,
shared, and followed by a next puzzle of the same rule set."""

from __future__ import annotations

import doctest

import pytest

from app.puzzles import attempt as attempt_module
from app.puzzles.attempt import PuzzleAttempt
from app.puzzles.request import parse_puzzle_link
from qwirkle.study.puzzles import PuzzleError, daily


def test_docstring_examples() -> None:
    assert doctest.testmod(attempt_module).failed == 0


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_the_daily_link_opens_the_engines_puzzle_of_the_day(variant: str) -> None:
    attempt = PuzzleAttempt.open(parse_puzzle_link({"puzzle": "daily", "variant": variant}, "2026-11-25"))
    assert attempt.puzzle == daily("2026-11-25", variant)
    game = attempt.game()
    assert game.board.notation() == attempt.puzzle.board and game.variant.name == variant


def test_solving_the_daily_counts_for_the_streak_but_not_after_the_solution() -> None:
    attempt = PuzzleAttempt.open(parse_puzzle_link({"puzzle": "daily"}, "2026-11-25"))
    attempt.answer(attempt.puzzle.best)
    assert attempt.result == "solved" and attempt.counts_for_daily()
    attempt.try_again()
    assert attempt.result is None
    attempt.show_solution()
    assert attempt.result == "missed"
    attempt.answer(attempt.puzzle.best)
    assert not attempt.counts_for_daily()


def test_the_first_verdict_stands_until_try_again() -> None:
    attempt = PuzzleAttempt.open(parse_puzzle_link({"puzzle": "daily"}, "2026-11-25"))
    first = attempt.puzzle.best.split()[0]
    missed = attempt.answer(first)
    assert missed.result == "missed" and missed.points < attempt.puzzle.best_points
    assert attempt.answer(attempt.puzzle.best) is missed


def test_an_illegal_play_is_a_miss_naming_its_rule() -> None:
    attempt = PuzzleAttempt.open(parse_puzzle_link({"puzzle": "daily"}, "2026-11-25"))
    answer = attempt.answer("Ro@100,100")
    assert answer.result == "missed" and not answer.legal and answer.rule


def test_next_is_deterministic_of_the_same_rule_set_and_skips_solved_ones() -> None:
    attempt = PuzzleAttempt.open(parse_puzzle_link({"puzzle": "daily", "variant": "flex"}, "2026-11-25"))
    following = attempt.next(solved=[])
    assert following.puzzle.variant == "flex" and following.puzzle.id != attempt.puzzle.id
    assert attempt.next(solved=[]).puzzle == following.puzzle
    assert attempt.next(solved=[following.puzzle.id]).puzzle.id != following.puzzle.id
    assert following.share_query() == f"?puzzle={following.puzzle.id}"
    assert not following.request.daily


def test_an_id_that_names_no_puzzle_is_refused_by_the_engine() -> None:
    with pytest.raises(PuzzleError, match="names no puzzle"):
        PuzzleAttempt.open(parse_puzzle_link({"puzzle": "cq-1-0"}, "2026-11-25"))
