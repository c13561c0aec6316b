"""Write bench/data/positions.jsonl (what bench/movegen.py times): mid-game positions with full hands from seeded
greedy games.

Run: make bench B=make_positions
"""

from __future__ import annotations

import json
import pathlib

from qwirkle import Game
from qwirkle.ai import make_player

OUT = pathlib.Path(__file__).resolve().parent / "data" / "positions.jsonl"
PLAN = (("classic", None, 30), ("cubes", None, 25), ("flex", 72, 12), ("flex", 108, 18))
PER_GAME = 3  # positions sampled per game, at turns 10, 16 and 22


def main() -> None:
    lines = []
    for variant, tiles, games in PLAN:
        for seed in range(games):
            game = Game.new(variant, ["a", "b"], seed, tiles=tiles)
            players = [make_player("greedy", seed * 2 + i) for i in range(2)]
            turn = 0
            while not game.is_over and turn <= 22:
                hand = game.hands[game.to_move]
                if turn in (10, 16, 22) and len(hand) == 6:
                    lines.append(
                        {
                            "variant": variant,
                            "tiles": tiles,
                            "seed": seed,
                            "turn": turn,
                            "board": game.board.notation(),
                            "hand": game.describe_hand(game.to_move),
                        }
                    )
                result = game.apply(players[game.to_move].choose(game.view(game.to_move)))
                if result.kind != "roll":
                    turn += 1
    OUT.write_text("".join(json.dumps(line) + "\n" for line in lines))
    print(f"{len(lines)} positions written to {OUT}")


if __name__ == "__main__":
    main()
