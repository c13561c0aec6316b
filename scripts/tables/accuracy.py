#!/usr/bin/env python3
"""Each computer level's accuracy (``qwirkle.study.accuracy``), measured over seeded games, per rule set.

    make tables     (this with --write, after scripts/tables/winchance.py)
    PYTHONPATH=py nice -n 10 .venv/bin/python scripts/tables/accuracy.py [--games classic=10,...] [--seed 1]
        [--levels random,greedy,...] [--workers 2] [--losses DIR [--no-play]] [--against LEVELS] [--write]

Every level of the registry (``qwirkle.ai.registry.TABLE``: random, greedy, beginner ... expert) plays every level,
itself included (a round robin), in seeded two-player games, seats alternating (the first-named level moves first in
the even games), game i of a pairing dealt with seed S + i and the players seeded as in ``qwirkle.study.tournament``;
the Expert on its fixed tournament budget (no clock), so every game is the same on any machine
(``accuracy.pair_game``). Before each move of *both* players its cost in chances is measured as ``review --win``
measures it (``win_cost.move_chances``, 8 deals seeded from the game's seed and the move's index), so each game gives
each of its two players the figure the review of that game gives them. A level's accuracy is the mean over all its
games, against the whole field of levels alike: measured the way a reviewed player is, whoever their opponent.

``--games``: games per pairing, ``N`` (every rule set) or ``VARIANT=N``, comma separated. The games are played in an
order that advances every pairing together, so a run stopped early (``--losses`` keeps what was played) still
measured each of them.

Progress goes to stderr every 28 games. Printed per rule set: each level's mean accuracy over its games, their
standard deviation, the standard error of the mean, the mean win chance lost per move (percentage points), the moves
and the games, then each level's mean against each opponent. ``--losses DIR`` keeps each game's losses
(``DIR/VARIANT-LEVEL-LEVEL-SEED.jsonl``) and reads them back, so that a run can be resumed and ``--no-play``
reprints it. ``--against medium,hard,expert`` makes each level's figure the mean over its games against those
opponents only (the field; the games are the same, so ``--no-play`` reads them from ``--losses``). ``--write``
writes the means, with the seed, the field, the formula's decay and the game counts, to
``py/qwirkle/data/accuracy.json`` (what ``played_like`` reads).
Everything but the timings is the same for the same seed and games, whatever the number of workers.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import multiprocessing
import sys
import time
from pathlib import Path
from typing import Any

from qwirkle.ai import TABLE as LEVELS
from qwirkle.study.accuracy import DATA_NAME, DECAY, FORMAT, accuracy, pair_game

ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "py" / "qwirkle" / "data" / Path(DATA_NAME).name
VARIANTS = ("classic", "cubes", "flex")
SEED = 1
GAMES = "classic=10,cubes=4,flex=4"  # games per pairing: 28 pairings of the 7 levels

Pair = tuple[str, str]
Played = dict[int, tuple[list[list[float]], float]]  # game index -> (each seat's losses, CPU seconds)


def play_game(job: tuple[str, Pair, int, int]) -> tuple[str, Pair, int, list[list[float]], float]:
    """Game ``index`` of the pairing (``pair_game``; the first level moves first in the even games): each listed
    level's losses, and the CPU seconds the game took."""
    variant, pair, seed, index = job
    start = time.process_time()
    names = pair if index % 2 == 0 else (pair[1], pair[0])
    lost = pair_game(variant, names, seed, index)
    if index % 2:
        lost = [lost[1], lost[0]]
    return variant, pair, index, lost, time.process_time() - start


class Store:
    """The games played, per rule set and pairing: in memory, and one JSON line a game in ``folder`` when given
    (``VARIANT-LEVEL-LEVEL-SEED.jsonl``: index, both levels' losses, CPU seconds), read back so that a run can be
    resumed or reprinted."""

    def __init__(self, seed: int, folder: str | None) -> None:
        self.seed = seed
        self.folder = Path(folder) if folder else None
        self.games: dict[tuple[str, Pair], Played] = {}

    def path(self, variant: str, pair: Pair) -> Path | None:
        return self.folder / f"{variant}-{pair[0]}-{pair[1]}-{self.seed}.jsonl" if self.folder else None

    def of(self, variant: str, pair: Pair) -> Played:
        key = (variant, pair)
        if key not in self.games:
            self.games[key] = {}
            path = self.path(variant, pair)
            if path is not None and path.is_file():
                for line in path.read_text(encoding="utf-8").splitlines():
                    index, lost, seconds = json.loads(line)
                    self.games[key][index] = (lost, seconds)
        return self.games[key]

    def add(self, variant: str, pair: Pair, index: int, lost: list[list[float]], seconds: float) -> None:
        self.of(variant, pair)[index] = (lost, seconds)
        path = self.path(variant, pair)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as out:
                out.write(json.dumps([index, lost, round(seconds, 3)]) + "\n")


def pairings(levels: list[str]) -> list[Pair]:
    """Every two levels, each with itself too, in the registry's order."""
    return list(itertools.combinations_with_replacement(levels, 2))


def play(targets: dict[tuple[str, Pair], int], store: Store, workers: int) -> None:
    """Play the games missing from ``store`` up to each target, every pairing advancing together (so that a run
    stopped early still has some games of each)."""
    jobs = [
        (variant, pair, store.seed, index)
        for (variant, pair), count in targets.items()
        for index in range(count)
        if index not in store.of(variant, pair)
    ]
    jobs.sort(key=lambda job: (job[3] / targets[job[0], job[1]], job[0], job[1]))
    start = time.time()

    def keep(done: int, found: tuple[str, Pair, int, list[list[float]], float]) -> None:
        store.add(*found)
        if done % 28 == 0 or done == len(jobs):
            print(f"  {done}/{len(jobs)} games, {time.time() - start:.0f} s", file=sys.stderr, flush=True)

    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            for done, found in enumerate(pool.imap_unordered(play_game, jobs, chunksize=1), 1):
                keep(done, found)
    else:
        for done, job in enumerate(jobs, 1):
            keep(done, play_game(job))


def measure(played: list[tuple[list[float], float]]) -> dict[str, Any]:
    """One level's accuracy over its games: mean, spread, mean loss per move, games, CPU seconds a game."""
    figures = [value for value in (accuracy(lost) for lost, _ in played) if value is not None]
    losses = [x for lost, _ in played for x in lost]
    mean = sum(figures) / len(figures)
    sd = math.sqrt(sum((x - mean) ** 2 for x in figures) / max(1, len(figures) - 1))
    return {
        "mean": round(mean, 2),
        "sd": round(sd, 2),
        "se": round(sd / math.sqrt(len(figures)), 2),
        "lost": round(100 * sum(losses) / max(1, len(losses)), 2),
        "moves": len(losses),
        "games": len(figures),
        "cpu": round(sum(seconds for _, seconds in played) / len(played), 2),
    }


def parse_games(text: str) -> dict[str, int]:
    """Games per pairing from ``N`` (every rule set) or ``VARIANT=N``, comma separated; a rule set not named plays
    none."""
    if "=" not in text:
        return {variant: int(text) for variant in VARIANTS}
    counts: dict[str, int] = {}
    for part in text.split(","):
        name, _, count = part.partition("=")
        if name not in VARIANTS:
            raise SystemExit(f"--games: unknown rule set {name!r}")
        counts[name] = int(count)
    return {key: count for key, count in counts.items() if count > 0}


def done(store: Store, variant: str, pairs: list[Pair], count: int) -> int:
    """How many games, 0, 1, 2... up to ``count``, every pairing has played (a run stopped early: fewer)."""
    played = [store.of(variant, pair) for pair in pairs]
    return min(next((index for index in range(count) if index not in games), count) for games in played)


def figures_of(store: Store, variant: str, pairs: list[Pair], count: int) -> dict[str, dict[str, Any]]:
    """Per level: its games (losses, CPU seconds) against each opponent, games 0 to ``count - 1`` of each pairing."""
    found: dict[str, dict[str, Any]] = {}
    for pair in pairs:
        games = store.of(variant, pair)
        for index in range(count):
            lost, seconds = games[index]
            for side, (level, opponent) in enumerate((pair, (pair[1], pair[0]))):
                found.setdefault(level, {}).setdefault(opponent, []).append((lost[side], seconds))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--games", default=GAMES, help=f"games per pairing: N or VARIANT=N, comma separated (default {GAMES})"
    )
    parser.add_argument("--levels", default=",".join(level.name for level in LEVELS))
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--losses", metavar="DIR", help="keep each game's losses in DIR and read them back")
    parser.add_argument("--no-play", action="store_true", help="only report the games kept in --losses")
    parser.add_argument("--write", action="store_true", help=f"write {OUT.relative_to(ROOT)}")
    parser.add_argument(
        "--against",
        metavar="LEVELS",
        help="count only the games against these opponents in each level's figure (default: the whole field)",
    )
    args = parser.parse_args()
    levels = args.levels.split(",")
    against = args.against.split(",") if args.against else levels
    pairs = pairings(levels)
    counts = parse_games(args.games)
    targets = {(variant, pair): count for variant, count in counts.items() for pair in pairs}
    store = Store(args.seed, args.losses)
    start = time.time()
    if not args.no_play:
        play(targets, store, args.workers)
    table: dict[str, Any] = {}
    played_games: dict[str, int] = {}
    for variant in VARIANTS:
        count = done(store, variant, pairs, counts.get(variant, 0))  # the same games for every pairing
        if not count:
            continue
        found = figures_of(store, variant, pairs, count)
        played_games[variant] = count
        rows = {
            level: measure([game for other, games in found[level].items() if other in against for game in games])
            for level in levels
            if level in found
        }
        table[variant] = rows
        print(
            f"\n{variant}: each level against every level (itself too), seed {args.seed}"
            + (f"; figures over the games against {', '.join(against)}" if args.against else "")
        )
        print("| level | accuracy | sd | se | lost a move (points) | moves | games |")
        print("|---|---|---|---|---|---|---|")
        for level, row in rows.items():
            print(
                f"| {level} | {row['mean']:.1f} | {row['sd']:.1f} | {row['se']:.1f} | {row['lost']:.2f} | "
                f"{row['moves']} | {row['games']} |"
            )
        print("\neach level's mean accuracy (rows) against each opponent (columns)")
        print("| level | " + " | ".join(levels) + " |")
        print("|---" * (len(levels) + 1) + "|")
        for level in rows:
            cells = [f"{measure(found[level][other])['mean']:.1f}" if other in found[level] else "" for other in levels]
            print(f"| {level} | " + " | ".join(cells) + " |")
    games = ",".join(f"{variant}={count}" for variant, count in played_games.items())
    print(f"\n{time.time() - start:.0f} s wall; again: --seed {args.seed} --games {games}")
    print(json.dumps({"seed": args.seed, "field": against, "variants": table}))
    if args.write:
        data = {
            "format": FORMAT,
            "made_by": "scripts/tables/accuracy.py",
            "field": against,
            "seed": args.seed,
            "games": games,
            "decay": DECAY,
            "variants": {
                variant: {level: {key: row[key] for key in ("mean", "sd", "games")} for level, row in rows.items()}
                for variant, rows in table.items()
            },
        }
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
