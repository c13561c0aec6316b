#!/usr/bin/env python3
"""Each computer level's accuracy (``qwirkle.study.accuracy``), measured over seeded games, per rule set.

    nice -n 10 .venv/bin/python bench/accuracy.py [--games ...] [--levels random,greedy,...] [--seed 1]
                                                 [--workers 2] [--losses DIR [--no-play]] [--write]

Every level of the registry (``qwirkle.ai.registry.TABLE``: random, greedy, beginner ... expert) plays two-player
games against the same opponent (``accuracy.OPPONENT``, greedy), seats alternating (the level moves first in the
even games), game i dealt with seed S + i and the players seeded as in ``qwirkle.study.tournament``; the Expert on
its fixed tournament budget (no clock), so every game is the same on any machine (``accuracy.level_game``). Before
each of the level's moves its cost in chances is measured as ``review --win`` measures it (``win_cost.move_chances``,
8 deals seeded from the game's seed and the move's index), and each game gives the level one accuracy figure.

``--games``: ``N`` (every rule set and level), ``VARIANT=N`` and ``VARIANT/LEVEL=N``, comma separated, the more
specific winning. The default gives the levels far apart (random, beginner, easy) few games and those a few points
apart (greedy, Medium, Hard, the Expert) many; an Expert game costs about seven Hard games (Flex: fifteen). The games
are played in an order that advances every rule set and level in proportion to its count, so a run stopped early
(``--losses`` keeps what was played) still measured each of them.

Printed per rule set: each level's mean accuracy over its games, their standard deviation, the standard error of the
mean, the mean win chance lost per move (percentage points), the moves, the games and the CPU seconds a game took
(the level's moves and the measure). ``--losses DIR`` keeps each game's losses (``DIR/VARIANT-LEVEL-SEED.jsonl``)
and reads them back, so that a run can be resumed and ``--no-play`` reprints it. ``--write`` writes the means, with
the seed, the opponent, the formula's decay and the game counts, to ``py/qwirkle/data/accuracy.json`` (what
``played_like`` reads). Everything but the timings is the same for the same seed and games, whatever the number of
workers.
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from qwirkle.ai import TABLE as LEVELS  # noqa: E402
from qwirkle.study.accuracy import DATA_NAME, DECAY, FORMAT, OPPONENT, accuracy, level_game  # noqa: E402

OUT = ROOT / "py" / "qwirkle" / "data" / Path(DATA_NAME).name
VARIANTS = ("classic", "cubes", "flex")
SEED = 1
# The levels far apart need few games, those close together (greedy, Medium, Hard, the Expert) many; an Expert game
# costs about seven times a Hard one (in Flex twice that again).
GAMES = ("classic=300,cubes=120,flex=100,classic/random=60,classic/beginner=60,classic/easy=60,classic/expert=100,"
         "cubes/random=40,cubes/beginner=40,cubes/easy=40,cubes/expert=50,flex/random=40,flex/beginner=40,"
         "flex/easy=40,flex/expert=40")


def play_game(job: tuple[str, str, int, int]) -> tuple[str, str, int, list[float], float]:
    """Game ``index`` of ``level`` against the opponent (``level_game``): the losses and the CPU seconds it took."""
    variant, level, seed, index = job
    start = time.process_time()
    lost = level_game(variant, level, seed, index)
    return variant, level, index, lost, time.process_time() - start


class Store:
    """The games played, per rule set and level: in memory, and one JSON line a game in ``folder`` when given
    (``VARIANT-LEVEL-SEED.jsonl``: index, losses, CPU seconds), read back so that a run can be resumed or reprinted."""

    def __init__(self, seed: int, folder: str | None) -> None:
        self.seed = seed
        self.folder = Path(folder) if folder else None
        self.games: dict[tuple[str, str], dict[int, tuple[list[float], float]]] = {}

    def path(self, variant: str, level: str) -> Path | None:
        return self.folder / f"{variant}-{level}-{self.seed}.jsonl" if self.folder else None

    def of(self, variant: str, level: str) -> dict[int, tuple[list[float], float]]:
        key = (variant, level)
        if key not in self.games:
            self.games[key] = {}
            path = self.path(variant, level)
            if path is not None and path.is_file():
                for line in path.read_text(encoding="utf-8").splitlines():
                    index, lost, seconds = json.loads(line)
                    self.games[key][index] = (lost, seconds)
        return self.games[key]

    def add(self, variant: str, level: str, index: int, lost: list[float], seconds: float) -> None:
        self.of(variant, level)[index] = (lost, seconds)
        path = self.path(variant, level)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps([index, lost, round(seconds, 3)]) + "\n")


def play(targets: dict[tuple[str, str], int], store: Store, workers: int) -> None:
    """Play the games missing from ``store`` up to each target, every rule set and level advancing in proportion to
    its target (so that a run stopped early still has some games of each)."""
    jobs = [(variant, level, store.seed, index) for (variant, level), count in targets.items()
            for index in range(count) if index not in store.of(variant, level)]
    jobs.sort(key=lambda job: (job[3] / targets[job[0], job[1]], job[0], job[1]))
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for found in pool.imap_unordered(play_game, jobs, chunksize=1):
                store.add(*found)
    else:
        for job in jobs:
            store.add(*play_game(job))


def measure(played: list[tuple[list[float], float]]) -> dict[str, Any]:
    """One level's accuracy over its games: mean, spread, mean loss per move, games, CPU seconds a game."""
    figures = [value for value in (accuracy(lost) for lost, _ in played) if value is not None]
    losses = [x for lost, _ in played for x in lost]
    mean = sum(figures) / len(figures)
    sd = math.sqrt(sum((x - mean) ** 2 for x in figures) / max(1, len(figures) - 1))
    return {"mean": round(mean, 2), "sd": round(sd, 2), "se": round(sd / math.sqrt(len(figures)), 2),
            "lost": round(100 * sum(losses) / max(1, len(losses)), 2), "moves": len(losses), "games": len(figures),
            "cpu": round(sum(seconds for _, seconds in played) / len(played), 2)}


def parse_games(text: str, levels: list[str]) -> dict[tuple[str, str], int]:
    """Games per rule set and level from ``N`` (all), ``VARIANT=N`` (its levels) and ``VARIANT/LEVEL=N``, comma
    separated, the more specific winning; a rule set or level not given plays none."""
    counts: dict[tuple[str, str], int] = {}
    parts = [part.partition("=") for part in text.split(",")]
    for name, equals, count in sorted(parts, key=lambda part: (bool(part[1]), "/" in part[0])):
        variant, _, level = (name if equals else "").partition("/")
        if equals and variant not in VARIANTS or level and level not in levels:
            raise SystemExit(f"--games: unknown rule set or level in {name!r}")
        for v in ([variant] if variant else VARIANTS):
            for lv in ([level] if level else levels):
                counts[v, lv] = int(count if equals else name)
    return {key: count for key, count in counts.items() if count > 0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=GAMES, help="games: N, VARIANT=N or VARIANT/LEVEL=N, comma separated "
                        "(default: the more the closer the levels)")
    parser.add_argument("--levels", default=",".join(level.name for level in LEVELS))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--losses", metavar="DIR", help="keep each game's losses in DIR and read them back")
    parser.add_argument("--no-play", action="store_true", help="only report the games kept in --losses")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    args = parser.parse_args()
    levels = args.levels.split(",")
    targets = parse_games(args.games, levels)
    store = Store(args.seed, args.losses)
    start = time.time()
    if not args.no_play:
        play(targets, store, args.workers)
    table: dict[str, Any] = {}
    for variant in VARIANTS:
        rows = {}
        for level in levels:
            found = store.of(variant, level)
            count = targets.get((variant, level), 0)
            played = []
            while len(played) < count and len(played) in found:   # games 0, 1, 2... (a run stopped early: those done)
                played.append(found[len(played)])
            if played:
                rows[level] = measure(played)
        if not rows:
            continue
        table[variant] = rows
        print(f"\n{variant}: each level against {OPPONENT}, seed {args.seed}")
        print("| level | accuracy | sd | se | lost a move (points) | moves | games | CPU s a game |")
        print("|---|---|---|---|---|---|---|---|")
        for level, row in rows.items():
            print(f"| {level} | {row['mean']:.1f} | {row['sd']:.1f} | {row['se']:.1f} | {row['lost']:.2f} | "
                  f"{row['moves']} | {row['games']} | {row['cpu']:.1f} |")
    games = ",".join(f"{variant}/{level}={row['games']}" for variant, rows in table.items() for level, row in rows.items())
    print(f"\n{time.time() - start:.0f} s wall; again: --seed {args.seed} --games {games}")
    print(json.dumps({"seed": args.seed, "opponent": OPPONENT, "variants": table}))
    if args.write:
        data = {"format": FORMAT, "made_by": "bench/accuracy.py", "opponent": OPPONENT, "seed": args.seed,
                "games": games, "decay": DECAY, "variants": {variant: {level: {key: row[key] for key in ("mean", "sd", "games")}
                                                       for level, row in rows.items()}
                                              for variant, rows in table.items()}}
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
