"""Legal-play generation speed: mean, median and p95 ms per position, and greedy games per second.

Run: make bench B=movegen ARGS="[--repeat N] [--games N] [--json [FILE]] [--henriksu DIR [--turns 10,16]]"

The positions are bench/data/positions.jsonl (bench/make_positions.py). ``--json`` also writes the figures to
bench/results/movegen.json (or FILE), with the commit, the date and the command: the README's table is rendered from
it (``make figures``).

With ``--henriksu DIR`` (a checkout of https://github.com/henriksu/qwirkle, a classic-only Python engine, measured
at commit 19848236c46b: ``git clone https://github.com/henriksu/qwirkle DIR``), the classic positions (of those
turns, with ``--turns``) are also timed side by side with its ``Board.legal_moves`` (every play, as ours) and its
``Board.legal_single_piece_moves`` (single tiles only), interleaved position by position (the best of ``--repeat``
each), after checking that both engines find the same plays; its code is imported from DIR at run time, never
copied here.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pathlib
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from types import ModuleType
from typing import Any

import record

from qwirkle import Board, Game, Tile, find_variant, legal_plays, parse_tiles
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.tiles import COLOR_NAMES, SHAPE_NAMES

POSITIONS = pathlib.Path(__file__).resolve().parent / "data" / "positions.jsonl"


def time_positions(repeat: int) -> dict[str, list[float]]:
    by_variant: dict[str, list[float]] = {}
    for line in POSITIONS.read_text().splitlines():
        item = json.loads(line)
        variant = find_variant(item["variant"])
        board = Board.from_notation(item["board"])
        hand = parse_tiles(item["hand"])
        best = min(timed(partial(legal_plays, board, hand, variant)) for _ in range(repeat))
        by_variant.setdefault(item["variant"], []).append(best)
    return by_variant


def p95(times: list[float]) -> float:
    times = sorted(times)
    return times[min(len(times) - 1, int(0.95 * len(times)))]


def summary(label: str, times: list[float]) -> str:
    times = sorted(times)
    return (
        f"{label:<8} n={len(times):<4} mean {statistics.fmean(times):6.3f} ms   "
        f"median {statistics.median(times):6.3f} ms   p95 {p95(times):6.3f} ms   max {times[-1]:6.3f} ms"
    )


def games_per_second(variant: str, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(variant, ["a", "b"], seed)
        play_out(game, [make_player("greedy", seed), make_player("greedy", seed + 1)])
    return games / (time.perf_counter() - start)


def load_henriksu(root: str) -> tuple[ModuleType, ModuleType]:
    """henriksu's ``game_logic.board`` and ``game_logic.tile`` from a checkout at ``root``. Its package is also named
    ``qwirkle``: ours is set aside in ``sys.modules`` while they are imported, then put back."""

    def ours() -> dict[str, ModuleType]:
        return {name: module for name, module in sys.modules.items() if name.split(".")[0] == "qwirkle"}

    saved = ours()
    for name in saved:
        del sys.modules[name]
    sys.path.insert(0, root)
    try:
        return importlib.import_module("qwirkle.game_logic.board"), importlib.import_module("qwirkle.game_logic.tile")
    finally:
        sys.path.remove(root)
        for name in ours():
            del sys.modules[name]
        sys.modules.update(saved)


def timed(run: Callable[[], Any]) -> float:
    """Milliseconds ``run`` takes."""
    start = time.perf_counter()
    run()
    return (time.perf_counter() - start) * 1000


def side_by_side(root: str, repeat: int, turns: set[int] | None) -> None:
    """Our generator and henriksu's on the classic positions (of ``turns`` only, if given), interleaved position by
    position; exits 1 if they find other plays. Prints ours, henriksu's every play (``Board.legal_moves``: the same
    work) and henriksu's single tiles only (``Board.legal_single_piece_moves``: a smaller task)."""
    board_module, tile_module = load_henriksu(root)
    shapes = {name: "X" if name == "cross" else name.upper() for name in SHAPE_NAMES}

    def theirs(tile: Tile) -> Any:
        return tile_module.Tile(
            tile_module.Color[COLOR_NAMES[tile.color].upper()], tile_module.Shape[shapes[SHAPE_NAMES[tile.shape]]]
        )

    class Hand:  # what henriksu's Board reads of a hand
        def __init__(self, tiles: list[Any]) -> None:
            self.tiles = tiles

    classic = find_variant("classic")
    times: dict[str, list[float]] = {"ours": [], "henriksu": [], "singles": []}
    for line in POSITIONS.read_text().splitlines():
        item = json.loads(line)
        if item["variant"] != "classic" or (turns and item["turn"] not in turns):
            continue
        board, hand = Board.from_notation(item["board"]), parse_tiles(item["hand"])
        their_board = board_module.Board(
            [(board_module.Position(*cell), theirs(tile)) for cell, tile in board.tiles.items()]
        )
        their_hand = Hand([theirs(tile) for tile in hand])
        found = {
            frozenset((p.cell, theirs(p.tile)) for p in play.placements) for play in legal_plays(board, hand, classic)
        }
        their_found = {
            frozenset((tuple(cell), tile) for cell, tile in move.tiles_and_positions)
            for move in their_board.legal_moves(their_hand)
        }
        if found != their_found:
            sys.exit(
                f"henriksu finds other plays at seed {item['seed']} turn {item['turn']}: "
                f"{len(their_found)} against our {len(found)}"
            )
        runs: dict[str, Callable[[], Any]] = {
            "ours": partial(legal_plays, board, hand, classic),
            "henriksu": partial(their_board.legal_moves, their_hand),
            "singles": partial(their_board.legal_single_piece_moves, their_hand),
        }
        best = dict.fromkeys(runs, float("inf"))
        for _ in range(repeat):  # interleaved, so that all see the same load
            for name, run in runs.items():
                best[name] = min(best[name], timed(run))
        for name in runs:
            times[name].append(best[name])
    which = f"turns {', '.join(map(str, sorted(turns)))}" if turns else "all turns"
    print(
        f"side by side with henriksu/qwirkle over {len(times['ours'])} classic positions ({which}; the same plays "
        "found); henriksu: every play, singles: henriksu's single-tile plays only:"
    )
    for name, values in times.items():
        print(summary(name, values))
    ours = statistics.median(times["ours"])
    print(
        f"henriksu's median time is {statistics.median(times['henriksu']) / ours:.1f}x ours for every play, "
        f"{statistics.median(times['singles']) / ours:.1f}x ours for its single tiles only"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="timings per position (the best is kept)")
    parser.add_argument("--games", type=int, default=20, help="greedy self-play games per variant")
    parser.add_argument("--henriksu", metavar="DIR", help="a checkout of github.com/henriksu/qwirkle to compare with")
    parser.add_argument("--turns", help="compare with henriksu on the positions of these turns only (e.g. 10,16)")
    record.json_option(parser, "movegen.json")
    args = parser.parse_args()
    if args.henriksu:
        side_by_side(args.henriksu, args.repeat, {int(t) for t in args.turns.split(",")} if args.turns else None)
    by_variant = time_positions(args.repeat)
    print(f"legal-play generation over {sum(map(len, by_variant.values()))} positions ({POSITIONS.name}):")
    for name, times in sorted(by_variant.items()):
        print(summary(name, times))
    every = [t for times in by_variant.values() for t in times]
    print(summary("all", every))
    print("greedy self-play, 2 players:")
    rates = {}
    for name in ("classic", "cubes", "flex"):
        rate = rates[name] = games_per_second(name, args.games)
        print(f"{name:<8} {rate:6.1f} games/s   {1000 / rate:6.1f} ms a game")
    if args.json:
        record.write(
            args.json,
            {
                **record.provenance(),
                "positions": len(every),
                "repeat": args.repeat,
                "ms_per_position": {
                    name: {
                        "mean": round(statistics.fmean(times), 4),
                        "median": round(statistics.median(times), 4),
                        "p95": round(p95(times), 4),
                    }
                    for name, times in [*sorted(by_variant.items()), ("all", every)]
                },
                "greedy_games": args.games,
                "greedy_games_per_second": {name: round(rate, 2) for name, rate in rates.items()},
            },
        )


if __name__ == "__main__":
    main()
