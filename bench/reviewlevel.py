#!/usr/bin/env python3
"""The review's level pass on CPython: the Expert's choice before every move of seeded games, in CPU seconds.

Plays ``--games`` seeded two-player games between Hard players (as ``bench/review.py``), then asks
``LevelReplay`` for every position in the record's order, as the page's worker does, and prints per game the CPU time
(``time.process_time``: less sensitive than the wall clock to other work on the machine, not free of it), the time a
move and a digest of the choices: the same digest before and after a change to the look-ahead means the same review.

    make bench B=reviewlevel ARGS="[--variant classic] [--games 3] [--seed 1] [--budget 160]"
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path

from qwirkle import Game
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.study.review import LevelReplay

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, help="the Expert's look-ahead budget (default: its own, 160)")
    args = parser.parse_args(argv)
    total, moves, digest = 0.0, 0, hashlib.sha256()
    for seed in range(args.seed, args.seed + args.games):
        game = Game.new(args.variant, ["a", "b"], seed)
        play_out(game, [make_player("hard", seed * 10), make_player("hard", seed * 10 + 1)])
        replay = LevelReplay(game, "expert", args.budget)
        start = time.process_time()
        choices = [replay.at(index).move for index in range(replay.total)]
        spent = time.process_time() - start
        one = hashlib.sha256(json.dumps(choices).encode()).hexdigest()[:12]
        digest.update(one.encode())
        total += spent
        moves += replay.total
        print(
            f"seed {seed}: {replay.total} moves, {spent:.2f} s CPU, {1000 * spent / replay.total:.0f} ms a move, "
            f"choices {one}",
            flush=True,
        )
    print(
        json.dumps(
            {
                "variant": args.variant,
                "games": args.games,
                "moves": moves,
                "cpu_s": round(total, 3),
                "ms_per_move": round(1000 * total / moves, 1),
                "choices": digest.hexdigest()[:12],
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
