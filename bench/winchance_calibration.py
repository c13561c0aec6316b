#!/usr/bin/env python3
"""The win-chance table's calibration (``py/qwirkle/data/winchance.json``) on games it was not fit on.

    make bench B=winchance_calibration ARGS="[--games classic=2000,cubes=2000,flex=2000] [--seed 100001]"

Plays other seeds than the table's (refused when they overlap) with the self-play of scripts/tables/winchance.py (which
builds the table), predicts every recorded position with the table and prints, per rule set and over all, the
predictions grouped in tenths beside the share of those positions whose player won (with the difference's standard
error counted by games: a game's positions share its result), and the Brier score (with that of always answering one
over the number of players, for scale), then one JSON line. ``--players 3`` or ``4`` checks that field of the table;
``--positions DIR`` keeps the recorded positions and reads them back, as the table writer does.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from winchance import cpu_seconds, game_counts, parse, self_play

CALIBRATION_SEED = 100_001
CALIBRATION_GAMES = "classic=2000,cubes=2000,flex=2000"
MANY_CALIBRATION_GAMES = CALIBRATION_GAMES  # games of three and four players (``--players 3`` or ``4``)


# -- calibration -------------------------------------------------------------------------------------------------------
def calibrate(args: argparse.Namespace) -> int:
    from qwirkle.winchance import Table

    table = Table.from_json(json.loads(Path(args.table).read_text(encoding="utf-8")))
    meta = table.meta if args.players == 2 else table.meta["players_made"][str(args.players)]
    variants = [variant for variant in args.variants.split(",")]
    counts = game_counts(args.games, variants)
    for variant, games in counts.items():
        fit_seeds = range(meta["seed"], meta["seed"] + meta["games"].get(variant, 0))
        if range(max(args.seed, fit_seeds.start), min(args.seed + games, fit_seeds.stop)):
            raise SystemExit(
                f"--seed {args.seed}: {variant} games {args.seed} to {args.seed + games - 1} overlap "
                f"the ones the table was fit on ({fit_seeds.start} to {fit_seeds.stop - 1}); choose "
                "other seeds"
            )
    everything: list[tuple[float, float]] = []
    summary: dict[str, Any] = {
        "seed": args.seed,
        "players": args.players,
        "games": counts,
        "table": str(args.table),
        "variants": {},
    }
    for variant, games, start, cpu in self_play(variants, counts, args):
        if args.players == 2:
            pairs = [
                (table.chance(variant, diff, bag, hand, other), won, (variant, game))
                for game, rows in enumerate(games)
                for _left, bag, hand, other, diff, won in rows
            ]
        else:
            pairs = [
                (table.chances(variant, scores, hands, mover, bag)[mover], shares[mover], (variant, game))
                for game, rows in enumerate(games)
                for _left, bag, mover, scores, hands, shares in rows
            ]
        last = args.seed + counts[variant] - 1
        print(
            f"\n{variant}, {args.players} players: {counts[variant]} games (seeds {args.seed} to {last}), "
            f"{len(pairs)} positions, played in {time.perf_counter() - start:.0f} s "
            f"(CPU {cpu_seconds() - cpu:.0f} s)"
        )
        summary["variants"][variant] = report(pairs, 1.0 / args.players)
        everything += pairs
    print(f"\nall rule sets: {len(everything)} positions")
    summary["all"] = report(everything, 1.0 / args.players)
    print(json.dumps(summary))
    return 0


def report(pairs: Sequence[tuple[float, float, Any]], fair: float = 0.5) -> dict[str, Any]:
    """Predictions (each with its result and its game) grouped in tenths beside the share won, as a Markdown table with
    each difference's standard error counted by games (the positions of a game share its result, so a tenth holds less
    evidence than its count of positions); the Brier score (and that of always answering ``fair``, one over the number
    of players, for scale)."""
    groups: list[list[tuple[float, float, Any]]] = [[] for _ in range(10)]
    for pair in pairs:
        groups[min(9, int(pair[0] * 10))].append(pair)
    print("| predicted | positions | mean prediction | share won | difference | standard error (by game) |")
    print("|---|---|---|---|---|---|")
    rows = []
    for i, group in enumerate(groups):
        if not group:
            continue
        mean = sum(p for p, _, _ in group) / len(group)
        share = sum(w for _, w, _ in group) / len(group)
        error = game_error(group, share - mean)
        print(
            f"| {10 * i}-{10 * i + 10} % | {len(group)} | {100 * mean:.1f} % | {100 * share:.1f} % "
            f"| {100 * (share - mean):+.1f} | {100 * error:.1f} |"
        )
        rows.append(
            {
                "tenth": i,
                "positions": len(group),
                "predicted": round(mean, 4),
                "won": round(share, 4),
                "error": round(error, 4),
            }
        )
    brier = sum((p - w) ** 2 for p, w, _ in pairs) / len(pairs)
    base = sum((fair - w) ** 2 for _, w, _ in pairs) / len(pairs)
    print(f"Brier score {brier:.4f} (always {100 * fair:.0f} %: {base:.4f})")
    return {"tenths": rows, "brier": round(brier, 5), "brier_half": round(base, 5)}


def game_error(group: Sequence[tuple[float, float, Any]], difference: float) -> float:
    """The standard error of a group's difference (share won minus mean prediction) with the positions of each game
    taken together: the spread of the games' sums of (won - predicted) around ``difference`` times their positions."""
    games: dict[Any, list[float]] = {}
    for p, won, game in group:
        total = games.setdefault(game, [0.0, 0.0])
        total[0] += 1
        total[1] += won - p
    return math.sqrt(math.fsum((r - difference * n) ** 2 for n, r in games.values())) / len(group)


def main(argv: Sequence[str] | None = None) -> int:
    return calibrate(parse(argv, __doc__, "--table", CALIBRATION_GAMES, MANY_CALIBRATION_GAMES, CALIBRATION_SEED))


if __name__ == "__main__":
    sys.exit(main())
