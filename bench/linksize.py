"""Sizes of turn links (app.links.turn_link): the whole URL a friend receives, per rule set and number of
players, after 10, 30 and 60 moves and for the whole game, as a Markdown table.

Run: make bench B=linksize ARGS="[--games 20] [--levels medium,random] [--base URL]"

One table per computer level, which plays every seat (game i dealt with seed i + 1): ``medium`` plays like people do;
``random`` places few tiles at a time, so its games are the longest (the only ones that reach 60 moves in every rule
set). A link holds the whole record (variant, players, seed, every move) compressed and URL-safe in the fragment, so it
grows with the moves. Cells give the median and the largest size over the games that reached that many moves ("-" when
no game did: a two-player Flex 72 game is over long before 60 moves). The issue's bound: a whole two-player classic game
under 2,000 characters.
"""

from __future__ import annotations

import argparse
import statistics

from app.links.turn_link import TurnLink, to_fragment
from qwirkle import Game
from qwirkle.ai.registry import find_level
from qwirkle.record import to_record
from qwirkle.variants import setups

POINTS = (10, 30, 60)
NAMES = ("Ann", "Bob", "Chloé", "Dmitri")
BASE = "https://someone.github.io/qwirkle/index.html"


def link_length(base: str, game: Game) -> int:
    return len(f"{base}#{to_fragment(TurnLink('19a3b2c4d5e7f3a', game.to_move, to_record(game)))}")


def sizes(variant: str, tiles: int | None, players: int, games: int, level: str, base: str) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {str(n): [] for n in POINTS}
    found["whole"], found["moves"] = [], []
    for index in range(games):
        game = Game.new(variant, NAMES[:players], index + 1, tiles=tiles)  # as the page deals it
        ais = [find_level(level).make(index * 10 + seat) for seat in range(players)]
        while not game.is_over:
            game.apply(ais[game.to_move].choose(game.view(game.to_move)))
            if len(game.history) in POINTS:
                found[str(len(game.history))].append(link_length(base, game))
        found["whole"].append(link_length(base, game))
        found["moves"].append(len(game.history))
    return found


def cell(values: list[int]) -> str:
    return f"{int(statistics.median(values))} / {max(values)}" if values else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--levels", default="medium,random", help="computer levels, one table each")
    parser.add_argument("--base", default=BASE, help="the page's address the links point at")
    args = parser.parse_args()
    for level in args.levels.split(","):
        print(
            f"Turn-link URL length in characters, median / largest over {args.games} games "
            f"({level} in every seat; base {args.base}, {len(args.base)} characters)\n"
        )
        print("| rule set | players | " + " | ".join(f"{n} moves" for n in POINTS) + " | whole game | moves |")
        print("|---|---|" + "---|" * (len(POINTS) + 2))
        for setup in setups():
            tiles = setup.tiles if len(setup.variant.tile_sets) > 1 else None
            for players in (2, 4):
                if setup.min_players <= players <= setup.max_players:
                    found = sizes(setup.variant.name, tiles, players, args.games, level, args.base)
                    row = [setup.key, str(players)] + [cell(found[str(n)]) for n in POINTS]
                    print("| " + " | ".join([*row, cell(found["whole"]), cell(found["moves"])]) + " |", flush=True)
        print()


if __name__ == "__main__":
    main()
