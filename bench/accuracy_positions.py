#!/usr/bin/env python3
"""The levels' accuracy on the same positions: does the review's measure tell their moves apart?

    nice -n 10 make bench B=accuracy_positions ARGS="[--levels random,greedy,medium,hard,expert]
        [--variant classic] [--seeds 1-12] [--driver greedy] [--every 2] [--samples 8] [--ended] [--group 4]"

``scripts/tables/accuracy.py`` measures each level in its own games, so two levels are measured on different positions
(a stronger player gets ahead, where a move costs less chance). Here seeded two-player games are played by ``--driver``
on both seats (game s dealt with seed s), and at every ``--every``-th position each level chooses its move from the
mover's view; the review's candidates (``win_cost.candidates``) and every level's choice are valued together on the same
deals (``win_cost.LookAhead``, seeded as the review seeds the move), and a level's loss is the best value minus its
choice's (``accuracy.same_positions``). With ``--ended`` every position with the bag empty is measured too (there the
exact solver values the moves). End games the solver does not prove are left out: the measure charges no move there.
Printed: each game's accuracy per level, then per level the mean accuracy over the games with its standard error, the
mean loss a move in percentage points and the mean difference of loss a move from the first level listed after random
(paired: the same positions and deals) with its standard error, the accuracy of all its moves pooled, and whether the
mean accuracies keep the order of ``--levels``. With ``--group K`` the games are also taken K at a time (seeds 1-4, 5-8,
... for K = 4), as the small-set test takes its four games
(``test_on_the_same_positions_of_four_games_the_levels_keep_their_order``): per group the pooled accuracies, and how
many groups keep the whole order and each step of it.
"""

from __future__ import annotations

import argparse
import sys
from itertools import pairwise

from mean_error import mean_and_error

from qwirkle.study.accuracy import accuracy, same_positions
from qwirkle.study.win_cost import DEFAULT_SAMPLES


def seeds_of(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def print_groups(levels: list[str], games: list[list[list[float]]], seeds: list[int], size: int) -> None:
    """The games ``size`` at a time: each level's accuracy over the group's moves pooled, and how many groups keep
    the order of ``levels``, whole and step by step."""
    whole, steps, count = 0, [0] * (len(levels) - 1), 0
    print(f"\ngroups of {size} games, each level's moves pooled:")
    for start in range(0, len(games) - size + 1, size):
        pooled = [
            accuracy([x for game in games[start : start + size] for x in game[level]]) or 0.0
            for level in range(len(levels))
        ]
        kept = [low < high for low, high in pairwise(pooled)]
        whole, count = whole + all(kept), count + 1
        steps = [n + k for n, k in zip(steps, kept, strict=True)]
        print(
            f"seeds {seeds[start]}-{seeds[start + size - 1]}: "
            + ", ".join(f"{name} {value:.1f}" for name, value in zip(levels, pooled, strict=True))
            + ("" if all(kept) else "  (out of order)")
        )
    print(
        f"the whole order holds in {whole} of {count} groups; "
        + ", ".join(f"{levels[i]} below {levels[i + 1]} in {n}" for i, n in enumerate(steps))
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default="random,greedy,medium,hard,expert")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seeds", default="1-12", help="games dealt with these seeds: FIRST-LAST")
    parser.add_argument("--driver", default="greedy", help="the player of both seats")
    parser.add_argument("--every", type=int, default=2, help="measure every N-th position")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="deals a position")
    parser.add_argument("--ended", action="store_true", help="measure every position with the bag empty too")
    parser.add_argument("--group", type=int, default=0, help="also pool the games K at a time and check the order")
    args = parser.parse_args()
    levels = args.levels.split(",")
    figures: list[list[float]] = [[] for _ in levels]
    games: list[list[list[float]]] = []  # per game, per level, the chance each choice lost
    for seed in seeds_of(args.seeds):
        lost = same_positions(args.variant, seed, levels, args.driver, args.every, args.samples, args.ended)
        games.append(lost)
        for level, row in enumerate(lost):
            value = accuracy(row)
            if value is not None:
                figures[level].append(value)
        print(
            f"game {seed}: "
            + ", ".join(f"{name} {row[-1]:.1f}" for name, row in zip(levels, figures, strict=True) if row),
            flush=True,
        )
    losses = [[x for lost in games for x in lost[level]] for level in range(len(levels))]
    base = next((i for i, name in enumerate(levels) if name != "random"), 0)
    print(
        f"\n{args.variant}, seeds {args.seeds}, driven by {args.driver}, every {args.every} positions, "
        f"{args.samples} deals; the loss difference is from {levels[base]}'s on the same moves"
    )
    print("| level | accuracy | se | lost a move (points) | difference (points) | se | pooled | moves |")
    print("|---|---|---|---|---|---|---|---|")
    for level, name in enumerate(levels):
        mean, se = mean_and_error(figures[level])
        gap, gap_se = mean_and_error([100 * (a - b) for a, b in zip(losses[level], losses[base], strict=True)])
        print(
            f"| {name} | {mean:.1f} | {se:.1f} | {100 * sum(losses[level]) / len(losses[level]):.3f} | "
            f"{gap:+.3f} | {gap_se:.3f} | {accuracy(losses[level]) or 0.0:.1f} | {len(losses[level])} |"
        )
    if args.group:
        print_groups(levels, games, seeds_of(args.seeds), args.group)
    means = [mean_and_error(row)[0] for row in figures]
    broken = [
        f"{levels[i]} {means[i]:.1f} >= {levels[i + 1]} {means[i + 1]:.1f}"
        for i in range(len(levels) - 1)
        if means[i] >= means[i + 1]
    ]
    print("the order of --levels holds" if not broken else "out of order: " + "; ".join(broken))
    return 0


if __name__ == "__main__":
    sys.exit(main())
