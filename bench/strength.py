"""Strength of the computer levels: seeded tournaments against greedy, as Markdown tables (and JSON).

Run: make bench B=strength ARGS="[--games N] [--only TEXT ...] [--workers 2] [--seed S] [--json [FILE]]"

Each row is one ``qwirkle.study.tournament.run`` (seats rotated, game i dealt with seed S + i); the numbers are those of
the first listed player, the level under test. Results are the same for the same seed and game count whatever the
number of workers, except the timings; the Expert plays with its fixed tournament budget (``iterations``, no time
cap), so its games are reproducible too. ``--games`` sets every row (default: 1000 for two players, 500 for four);
``--only`` keeps the rows whose label contains the text (e.g. ``--only "classic 2p"``; given again, a row matching
any of them). ``--json`` also writes the rows to bench/results/strength.json (or FILE), with the seed, the commit, the
date and the command: the README's table is rendered from it (``make figures``). ``--expert-iterations N`` plays
the Expert at N look-aheads a move instead (the page's Expert makes about 2,000 in 1.5 s on a loaded machine, 10,000
idle: ``bench/aimove.py``), with its end-game solver kept at the tournaments' 8,000 nodes (``solver_nodes`` scaled
down; at least one node a look-ahead), about what the page's solver reaches on that clock.
"""

from __future__ import annotations

import argparse
import sys
import time

import record

from qwirkle.ai.expert import DEFAULT_ITERATIONS, SOLVER_NODES
from qwirkle.study.tournament import run

ROWS = [
    # (variant, players, default games)
    ("classic", "hard,greedy", 1000),
    ("classic", "expert,greedy", 1000),
    ("cubes", "hard,greedy", 1000),
    ("cubes", "expert,greedy", 1000),
    ("flex", "hard,greedy", 1000),
    ("flex", "expert,greedy", 1000),
    ("classic", "hard,greedy,greedy,greedy", 500),
    ("classic", "expert,greedy,greedy,greedy", 500),
    ("cubes", "hard,greedy,greedy,greedy", 500),
    ("cubes", "expert,greedy,greedy,greedy", 500),
    ("flex", "hard,greedy,greedy,greedy", 500),
    ("flex", "expert,greedy,greedy,greedy", 500),
    ("classic", "beginner,greedy", 1000),
    ("classic", "easy,greedy", 1000),
    ("classic", "medium,greedy", 1000),
    ("classic", "hard,medium", 1000),
]


def label(variant: str, players: str) -> str:
    return f"{variant} {len(players.split(','))}p {players}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per row (default: 1000 for 2 players, 500 for 4)")
    parser.add_argument(
        "--only", action="append", default=[], help="run only the rows whose label contains this text (repeatable)"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    record.json_option(parser, "strength.json")
    parser.add_argument(
        "--expert-iterations",
        type=int,
        metavar="N",
        help=f"the Expert's look-aheads a move (default: its tournament budget, {DEFAULT_ITERATIONS})",
    )
    args = parser.parse_args()
    rows = [row for row in ROWS if not args.only or any(text in label(row[0], row[1]) for text in args.only)]
    if not rows:
        parser.error(f"--only: no row matches {' or '.join(map(repr, args.only))}")
    options = {}
    if args.expert_iterations:
        nodes = max(1, DEFAULT_ITERATIONS * SOLVER_NODES // args.expert_iterations)
        options = {"expert": {"iterations": args.expert_iterations, "solver_nodes": nodes}}
    print(
        "| variant | players | games | win % (fair share) | points/turn | greedy points/turn | qwirkles/game "
        "| qwirkles allowed/game | s/move |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    document = {**record.provenance(), "seed": args.seed, "options": options, "rows": []}
    for variant, players, default_games in rows:
        names = players.split(",")
        games = args.games or default_games
        start = time.perf_counter()
        result = run(variant, names, games, args.seed, workers=args.workers, options=options)
        elapsed = time.perf_counter() - start
        me, others = result["players"][0], result["players"][1:]
        greedy_ppt = sum(p["points_per_turn"] for p in others) / len(others)
        print(
            f"| {variant} | {players} | {games} | {100 * me['wins'] / games:.1f} ({100 / len(names):.0f}) "
            f"| {me['points_per_turn']:.2f} | {greedy_ppt:.2f} | {me['qwirkles']:.2f} | {me['qwirkles_allowed']:.2f} "
            f"| {me['seconds_per_move']:.3f} |",
            flush=True,
        )
        if args.json:
            document["rows"].append(
                {
                    "variant": variant,
                    "players": names,
                    "games": games,
                    "win_percent": round(100 * me["wins"] / games, 1),
                    "fair_share_percent": round(100 / len(names), 1),
                    "points_per_turn": round(me["points_per_turn"], 2),
                    "seconds_per_move": round(me["seconds_per_move"], 4),
                    "elapsed": round(elapsed, 1),
                }
            )
            record.write(args.json, document)  # after every row, so that a long run keeps what it has done
    return 0


if __name__ == "__main__":
    sys.exit(main())
