#!/usr/bin/env python3
"""Game review times on CPython: the best-by-points pass and the level pass, per whole game.

Plays ``--games`` seeded two-player games between Hard players (the games a review would see), then times, per game,
``review_moves(game)`` (best play by points, Qwirkles missed and allowed, chances left: the column the page shows
first; the browser target is 2 s in Pyodide, about 0.7 s here) and ``level_moves(game, level, budget)`` (the level's
move in every position, the Expert at its fixed budget) and ``win_moves(game)`` (the chances of winning around every
move, ``review --win``). Prints the median and maximum per game and per move, and one JSON line for scripts.

    make bench B=review ARGS="[--variant classic] [--games 5] [--level expert] [--budget 160]"
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from qwirkle import Game
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.study.review import level_budget, level_moves, review_moves, win_moves

ROOT = Path(__file__).resolve().parents[1]


def timed(run: object) -> float:
    start = time.perf_counter()
    list(run)  # type: ignore[call-overload]
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert")
    parser.add_argument("--budget", type=int, help="the Expert's look-ahead budget (default: its own, 160)")
    args = parser.parse_args(argv)
    best: list[float] = []
    level: list[float] = []
    win: list[float] = []
    moves = 0
    for index in range(args.games):
        seed = args.seed + index
        game = Game.new(args.variant, ["a", "b"], seed)
        play_out(game, [make_player("hard", seed * 10), make_player("hard", seed * 10 + 1)])
        moves += len(game.moves)
        best.append(timed(review_moves(game)))
        level.append(timed(level_moves(game, args.level, args.budget)))
        win.append(timed(win_moves(game)))
    per_move = moves / args.games
    print(f"{args.variant}: {args.games} games, {per_move:.0f} moves a game")
    for name, times in (("best by points", best), (f"{args.level} moves", level), ("chances of winning", win)):
        print(
            f"  {name:>16}: median {statistics.median(times):.3f} s a game, max {max(times):.3f} s, "
            f"{1000 * sum(times) / moves:.1f} ms a move"
        )
    print(
        json.dumps(
            {
                "variant": args.variant,
                "games": args.games,
                "moves_per_game": per_move,
                "best_median_s": round(statistics.median(best), 4),
                "best_max_s": round(max(best), 4),
                "level": args.level,
                "budget": level_budget(args.level, args.budget),
                "level_median_s": round(statistics.median(level), 4),
                "level_max_s": round(max(level), 4),
                "win_median_s": round(statistics.median(win), 4),
                "win_max_s": round(max(win), 4),
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
