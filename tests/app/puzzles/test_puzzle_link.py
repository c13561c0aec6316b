"""What a ``?puzzle=`` link asks for (app.puzzles.request): the day's puzzle per rule set, an id, and bad links
refused with a message naming the parameter."""

from __future__ import annotations

import doctest

import pytest

from app.puzzles import request as request_module
from app.puzzles.request import PuzzleLinkError, PuzzleRequest, parse_puzzle_link

TODAY = "2026-11-25"


def test_docstring_examples() -> None:
    assert doctest.testmod(request_module).failed == 0


def test_no_puzzle_parameter_asks_for_nothing() -> None:
    assert parse_puzzle_link({"variant": "flex"}, TODAY) is None


@pytest.mark.parametrize(
    ("params", "variant"),
    [
        ({"puzzle": "daily"}, "classic"),
        ({"puzzle": "DAILY", "variant": "cubes"}, "cubes"),
        ({"puzzle": "daily", "variant": "flex"}, "flex"),
    ],
)
def test_the_daily_puzzle_by_the_devices_date(params: dict[str, str], variant: str) -> None:
    assert parse_puzzle_link(params, TODAY) == PuzzleRequest(True, variant, date=TODAY)
    assert parse_puzzle_link(params, TODAY).link_id() == "daily"


def test_an_id_names_its_own_rule_set() -> None:
    request = parse_puzzle_link({"puzzle": "fd-abc-1f"}, TODAY)
    assert request == PuzzleRequest(False, "flex", puzzle_id="fd-abc-1f")
    assert request.link_id() == "fd-abc-1f"


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"puzzle": ""}, "puzzle: empty"),
        ({"puzzle": "hello"}, "puzzle: 'hello' is not a puzzle id"),
        ({"puzzle": "xq-1-1"}, "names no variant"),
        ({"puzzle": "cz-1-1"}, "names no theme"),
        ({"puzzle": "cd-1-1"}, "theme: diagonal puzzles are flex positions, not classic"),
        ({"puzzle": "daily", "variant": "chess"}, "variant: unknown 'chess'"),
        ({"puzzle": "cq-1-1", "variant": "flex"}, "variant: 'flex' but puzzle cq-1-1 is classic"),
    ],
)
def test_a_bad_link_names_the_problem(params: dict[str, str], message: str) -> None:
    with pytest.raises(PuzzleLinkError, match=message):
        parse_puzzle_link(params, TODAY)
