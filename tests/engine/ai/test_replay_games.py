"""Seeded tournament games replay move for move: every level in every rule set, two and four players, against a
golden file of their moves (tests/data/replay_golden.json).

A change to the players that is meant to change no play must leave every game the same. When a change of play is
meant, record the file again (and say so in the commit)::

    PYTHONPATH=py python3 tests/engine/ai/test_replay_games.py --record tests/data/replay_golden.json

``--games N --iterations M [--extra] --record FILE`` records a larger set the same way (e.g. 3 games a case at the
Expert's tournament budget of 160 look-aheads; ``--extra``: also the Expert's ablations and a large budget), and
``--compare FILE`` plays a recorded set again and reports every game that differs.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
from typing import Any

import pytest

from qwirkle.ai import make_player
from qwirkle.game import Game
from qwirkle.study.match import play_out
from qwirkle.study.tournament import DETERMINISTIC, parse_player, player_seed

GOLDEN = pathlib.Path(__file__).resolve().parents[2] / "data" / "replay_golden.json"
LEVELS = ("beginner", "easy", "medium", "hard", "expert", "greedy", "random")
VARIANTS = ("classic", "cubes", "flex")
SEATS = (2, 4)
SMALL_BUDGET = 24  # the Expert's look-aheads a move in the test suite's games
# With --extra, the Expert's ablations and its large budget (wide candidates, deep look-aheads) where they apply.
EXTRA = tuple(
    (spec, variant, 2)
    for spec in (
        "expert/endgame=search",
        "expert/prior=0",
        "expert/play_out=0",
        "expert/win=0",
        "expert/plies=2/iterations=1200",
        "expert/iterations=1200",
    )
    for variant in ("classic", "flex")
)


def lineup(level: str, seats: int) -> tuple[str, ...]:
    """The listed players of a case: the level against greedy, and with four seats random and the level again."""
    return (level, "greedy") if seats == 2 else (level, "greedy", level, "random")


def play(variant: str, players: tuple[str, ...], seed: int, index: int, options: dict[str, Any]) -> list[str]:
    """Game ``index`` of a tournament (``qwirkle.study.tournament.play_one``'s seats, seeds and options), as its
    moves in notation."""
    n = len(players)
    shift = index % n
    place_of_seat = [(seat + shift) % n for seat in range(n)]
    names = [players[place] for place in place_of_seat]
    seated = []
    for listed, place in zip(names, place_of_seat, strict=True):
        name, own = parse_player(listed)
        seated.append(
            make_player(
                name, player_seed(seed, index, place), **{**DETERMINISTIC.get(name, {}), **options.get(name, {}), **own}
            )
        )
    game = Game.new(variant, [f"{name}{seat + 1}" for seat, name in enumerate(names)], seed + index)
    return list(play_out(game, seated).game.moves)


def case_key(level: str, variant: str, seats: int, index: int) -> str:
    return f"{level}|{variant}|{seats}|{index}"


def cases(games: int, extra: bool = False) -> list[tuple[str, str, int, int]]:
    listed = [(level, variant, seats) for level in LEVELS for variant in VARIANTS for seats in SEATS]
    if extra:
        listed += EXTRA
    return [(level, variant, seats, index) for level, variant, seats in listed for index in range(games)]


def play_case(level: str, variant: str, seats: int, index: int, iterations: int, seed: int = 1) -> list[str]:
    return play(variant, lineup(level, seats), seed, index, {"expert": {"iterations": iterations}})


def record(games: int, iterations: int, extra: bool = False) -> dict[str, Any]:
    return {
        "iterations": iterations,
        "games": {case_key(*case): play_case(*case, iterations) for case in cases(games, extra)},
    }


def _golden() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(GOLDEN.read_text())
    return loaded


# The Expert's games are slow (its look-ahead, move after move): `make test` replays them, `make check` does not.
@pytest.mark.parametrize("level", [pytest.param(lv, marks=pytest.mark.slow) if lv == "expert" else lv for lv in LEVELS])
def test_seeded_games_replay(level):
    golden = _golden()
    for case in cases(1):
        if case[0] != level:
            continue
        key = case_key(*case)
        assert play_case(*case, golden["iterations"]) == golden["games"][key], key


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--record", type=pathlib.Path, help="write the games' moves to this file")
    parser.add_argument("--compare", type=pathlib.Path, help="play the games of this file again and compare")
    parser.add_argument("--games", type=int, default=1, help="games a case (level, rule set, seats)")
    parser.add_argument("--iterations", type=int, default=SMALL_BUDGET, help="the Expert's look-aheads a move")
    parser.add_argument("--extra", action="store_true", help="also the Expert's ablations and large budget")
    args = parser.parse_args(argv)
    if args.compare:
        saved = json.loads(args.compare.read_text())
        games = saved["games"]
        differ = []
        for key, moves in games.items():
            level, variant, seats, index = key.split("|")
            if play_case(level, variant, int(seats), int(index), saved["iterations"]) != moves:
                differ.append(key)
        print(json.dumps({"games": len(games), "differ": differ}))
        return 1 if differ else 0
    if args.record:
        args.record.write_text(json.dumps(record(args.games, args.iterations, args.extra), indent=0) + "\n")
        return 0
    parser.error("give --record FILE or --compare FILE")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
