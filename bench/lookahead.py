"""The Expert's look-ahead cost: CPU ms per two-ply and per deep (``plies``) look-ahead, and their ratio.

Run: make bench B=lookahead ARGS="[--games 5] [--iterations 2000] [--plies 4]"

Positions come from seeded two-player classic games of greedy against itself (about a quarter of the moves while
more than six tiles are in the bag, so that no look-ahead plays out to the end). On each, an Expert without a time cap
chooses its move at ``--iterations`` look-aheads, once with two-ply look-aheads and once ``--plies`` deep; a
look-ahead's cost is the moves' CPU time over the look-aheads made (``ExpertPlayer.looked`` counts a deep one as
``DEEP_COST``, so it is divided back). The ratio is what ``expert.DEEP_COST`` stands for: a deep look-ahead's CPU time
in two-ply ones, by which the budget is divided.
"""

from __future__ import annotations

import argparse
import random
import time

from qwirkle import Game
from qwirkle.ai import make_player
from qwirkle.ai.expert import DEEP_COST, ExpertPlayer
from qwirkle.ai.tuning import PLAY_OUT_BAG
from qwirkle.view import PlayerView


def positions(games: int) -> list[PlayerView]:
    """About a quarter of the moves of ``games`` greedy games, while the bag holds more than ``PLAY_OUT_BAG`` tiles."""
    greedy = make_player("greedy", 1)
    views = []
    for seed in range(1, games + 1):
        game = Game.new("classic", ["a", "b"], seed)
        while not game.is_over and game.bag_count > PLAY_OUT_BAG:
            if game.bag_count < 90 and random.Random(seed * 1000 + game.bag_count).random() < 0.25:
                views.append(game.view(game.to_move))
            game.apply(greedy.choose(game.view(game.to_move)))
    return views


def cost(views: list[PlayerView], iterations: int, plies: int) -> tuple[float, float]:
    """CPU ms per look-ahead, and the look-aheads made, over the moves that looked ahead."""
    seconds = made = 0.0
    for index, view in enumerate(views):
        expert = ExpertPlayer(random.Random(index), seconds=None, iterations=iterations, plies=plies)
        start = time.process_time()
        expert.choose(view)
        spent = time.process_time() - start
        looked = expert.looked / (DEEP_COST if plies > 2 else 1.0)
        if looked:
            seconds += spent
            made += looked
    return 1e3 * seconds / made, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="greedy games to take positions from")
    parser.add_argument("--iterations", type=int, default=2000, help="the Expert's budget (deep from 1,000 on)")
    parser.add_argument("--plies", type=int, default=4, help="the deep look-ahead's plies after the candidate")
    args = parser.parse_args()
    views = positions(args.games)
    print(f"{len(views)} positions of {args.games} greedy games, {args.iterations} look-aheads a move")
    two, made_two = cost(views, args.iterations, 2)
    deep, made_deep = cost(views, args.iterations, args.plies)
    print(f"two plies: {two:.3f} ms a look-ahead ({made_two:.0f} made)")
    print(f"{args.plies} plies: {deep:.3f} ms a look-ahead ({made_deep:.0f} made)")
    print(f"ratio {deep / two:.2f} (DEEP_COST counts {DEEP_COST:g})")


if __name__ == "__main__":
    main()
