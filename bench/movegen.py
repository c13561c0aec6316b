"""Legal-play generation speed: mean, median and p95 ms per position, and greedy games per second.

Run: PYTHONPATH=py python3 bench/movegen.py [--repeat N] [--games N]
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import time

from qwirkle import Board, Game, find_variant, legal_plays, parse_tiles
from qwirkle.ai import make_player
from qwirkle.study.match import play_out

POSITIONS = pathlib.Path(__file__).with_name("positions.jsonl")


def time_positions(repeat: int) -> dict[str, list[float]]:
    by_variant: dict[str, list[float]] = {}
    for line in POSITIONS.read_text().splitlines():
        item = json.loads(line)
        variant = find_variant(item["variant"])
        board = Board.from_notation(item["board"])
        hand = parse_tiles(item["hand"])
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            legal_plays(board, hand, variant)
            best = min(best, time.perf_counter() - start)
        by_variant.setdefault(item["variant"], []).append(best * 1000)
    return by_variant


def summary(label: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    return (f"{label:<8} n={len(times):<4} mean {statistics.fmean(times):6.3f} ms   "
            f"median {statistics.median(times):6.3f} ms   p95 {p95:6.3f} ms   max {times[-1]:6.3f} ms")


def games_per_second(variant: str, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        game = Game.new(variant, ["a", "b"], seed)
        play_out(game, [make_player("greedy", seed), make_player("greedy", seed + 1)])
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="timings per position (the best is kept)")
    parser.add_argument("--games", type=int, default=20, help="greedy self-play games per variant")
    args = parser.parse_args()
    by_variant = time_positions(args.repeat)
    print(f"legal-play generation over {sum(map(len, by_variant.values()))} positions ({POSITIONS.name}):")
    for name, times in sorted(by_variant.items()):
        print(summary(name, times))
    print(summary("all", [t for times in by_variant.values() for t in times]))
    print("greedy self-play, 2 players:")
    for name in ("classic", "cubes", "flex"):
        print(f"{name:<8} {games_per_second(name, args.games):6.1f} games/s")


if __name__ == "__main__":
    main()
