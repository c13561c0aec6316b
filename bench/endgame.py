"""The exact end-game solver on seeded classic positions: for each hand size, the median and worst time and the share
of positions proven (``exact``) within the cap (time or nodes), as a Markdown table.

Run: nice -n 10 make bench B=endgame ARGS="[--count 50] [--sizes 4,5,6] [--seconds 10] [--seed 1] [--clock cpu]
     [--nodes N]"

A position: a two-player classic game played by the greedy level (seeded) until the bag is empty, then both hands cut
to their first N tiles, the player on move first. Times are wall-clock seconds (the cap is wall clock, as in the page)
and CPU seconds of this process (other load on the machine inflates those far less); ``--clock cpu`` caps each search
on this process's CPU time instead, for a machine busy with other work; ``--nodes N`` caps each search at N nodes
and no clock, so the share proven is the same on any machine under any load (to compare two versions of the solver
whose nodes cost the same). Goals (issue 25): 4 against 4 proven with a median of at most 0.5 s, 5 against 5 at most
3 s, at least half of 6 against 6 proven within 10 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator

from qwirkle import Board, Game, Tile
from qwirkle.ai import make_player
from qwirkle.ai.solver import solve
from qwirkle.variants import Variant


def positions(size: int, count: int, seed: int) -> Iterator[tuple[int, Board, Variant, list[Tile], list[Tile]]]:
    """``count`` positions with ``size`` tiles a hand: (game seed, board, variant, mover's hand, opponent's)."""
    found = 0
    while found < count:
        game = Game.new("classic", ["a", "b"], seed)
        players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
        while not game.is_over and game.bag_count:
            game.apply(players[game.to_move].choose(game.view(game.to_move)))
        mover, other = game.hands[game.to_move], game.hands[1 - game.to_move]
        if not game.is_over and len(mover) >= size and len(other) >= size:
            yield seed, game.board, game.variant, list(mover[:size]), list(other[:size])
            found += 1
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--sizes", default="4,5,6")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall", help="what the cap is measured on")
    parser.add_argument("--nodes", type=int, help="cap each search at this many nodes instead of a time")
    parser.add_argument("--verbose", action="store_true", help="one line per position")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    cap = f"{args.seconds:g} s" + (" CPU" if args.clock == "cpu" else "")
    seconds = args.seconds
    if args.nodes is not None:
        cap, seconds = f"{args.nodes} nodes", None
    print(
        f"| hand | positions | median s | worst s | median CPU s | worst CPU s | proven within {cap} | median nodes |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        walls, cpus, nodes, proven = [], [], [], 0
        for seed, board, variant, mine, theirs in positions(size, args.count, args.seed):
            wall, cpu = time.perf_counter(), time.process_time()
            solution = solve(board, variant, mine, theirs, nodes=args.nodes, seconds=seconds, clock=clock)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            nodes.append(solution.nodes)
            proven += solution.exact
            if args.verbose:
                print(
                    f"  seed {seed}: {walls[-1]:.2f} s, {cpus[-1]:.2f} s CPU, {solution.nodes} nodes, exact "
                    f"{solution.exact}, margin {solution.margin}",
                    file=sys.stderr,
                    flush=True,
                )
        print(
            f"| {size} v {size} | {len(walls)} | {statistics.median(walls):.2f} | {max(walls):.2f} "
            f"| {statistics.median(cpus):.2f} | {max(cpus):.2f} | {proven}/{len(walls)} "
            f"({100 * proven / len(walls):.0f}%) | {statistics.median(nodes):.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
