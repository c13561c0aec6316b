"""``python3 -m qwirkle puzzles``: puzzles from seeded self-play, one JSON line each (see ``qwirkle.study.puzzles``).

``--variant V --count N --seed S [--theme T]`` finds N puzzles; ``--id ID`` prints one again from its id alone;
``--daily YYYY-MM-DD`` prints the puzzle of that day (with ``--variant``); ``--id ID --answer PLAY`` judges a play
(exit 0 solved, 1 missed).
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def _cmd_puzzles(args: argparse.Namespace) -> int:
    from ..study.puzzles import PuzzleError, daily, generate, puzzle_from_id

    if args.answer is not None:
        from ..study.puzzles import judge

        if args.id is None:
            raise PuzzleError("--answer needs --id")
        answer = judge(puzzle_from_id(args.id), args.answer)
        print(json.dumps(answer.to_json()))
        return 0 if answer.result == "solved" else 1
    if args.id is not None:
        puzzles = [puzzle_from_id(args.id)]
    elif args.daily is not None:
        puzzles = [daily(args.daily, args.variant)]
    else:
        if args.count < 1:
            raise PuzzleError("--count: at least 1")
        puzzles = generate(args.variant, args.count, args.seed, args.theme)  # type: ignore[assignment]
    for puzzle in puzzles:
        print(json.dumps(puzzle.to_json()), flush=True)
    return 0


def add(commands: Any, variants: list[str]) -> None:
    """Register the ``puzzles`` command on the CLI's subparsers."""
    from ..study.puzzles import THEMES

    puzzles = commands.add_parser("puzzles", help="puzzles from real (self-play) games: find the one best play")
    puzzles.add_argument("--variant", choices=variants, default="classic")
    puzzles.add_argument("--count", type=int, default=1)
    puzzles.add_argument("--seed", type=int, default=0)
    puzzles.add_argument("--theme", help=f"one of: {', '.join(THEMES)}")
    puzzles.add_argument("--id", help="print this puzzle again (e.g. cq-k3x9a-1f)")
    puzzles.add_argument("--answer", metavar="PLAY", help="with --id: judge this play (exit 0 solved, 1 missed)")
    puzzles.add_argument("--daily", metavar="YYYY-MM-DD", help="print the puzzle of this day")
    puzzles.set_defaults(run=_cmd_puzzles)
