"""Paired screen of player settings: each setting plays the same seeded games against one opponent, game by game.

Run: make bench B=screen ARGS="[--against greedy] [--variant classic] [--seed 50001] [--games 200]"
         [--start 0] [--workers 2] [--out FILE] expert expert/reply=0.85 expert/prior=3 ...

Each listed setting (a player as ``tournament`` reads one: a name and options after slashes) plays games ``start`` to
``start + games - 1`` of a two-player ``tournament`` against ``--against``: game i dealt with seed S + i, seats
rotated, every player seeded as the tournament seeds it (``tournament.play_one``), so a setting's games here are the
games of ``python3 -m qwirkle tournament --players SETTING,greedy --seed S``. The first setting is the reference: for
every other one the table gives, over the games both played, the mean difference of the win (1, 1/2 or 0) and of the
margin (the setting's final score minus the opponent's), each with its standard error, and how many games ended
otherwise. On the same deals most games end alike, so a paired difference is several times more precise than two
separate win rates (bench/strength.py gives the latter, with more figures).

``--out FILE`` appends one JSON line a game (setting, game, win, margin) and reads the file back first: a stopped
screen resumes where it was, and a new setting added later is compared on the games already played by the others.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import pathlib
import sys
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from mean_error import mean_and_error

from qwirkle.study.tournament import GameSpec, play_one

Results = dict[str, dict[int, dict[str, Any]]]


def play(job: tuple[str, str, str, int, int]) -> dict[str, Any]:
    """One game of a setting against the opponent: the setting's win and margin."""
    setting, against, variant, seed, index = job
    mine, theirs = play_one(GameSpec(variant, (setting, against), seed, index))
    return {"setting": setting, "game": index, "win": mine.wins, "margin": mine.score - theirs.score}


def table(results: Results, settings: list[str]) -> str:
    """A Markdown table: each setting's win share and margin, and its paired differences from the first."""
    rows = [
        "| setting | games | win % | margin | paired games | win change (points of %) | margin change | "
        "ended otherwise |",
        "|---|---|---|---|---|---|---|---|",
    ]
    reference = results.get(settings[0], {})
    for setting in settings:
        games = results.get(setting, {})
        if not games:
            continue
        win, win_error = mean_and_error([r["win"] for r in games.values()])
        margin, _ = mean_and_error([r["margin"] for r in games.values()])
        row = f"| {setting} | {len(games)} | {100 * win:.1f} ± {100 * win_error:.1f} | {margin:+.1f} |"
        common = sorted(set(games) & set(reference))
        if setting == settings[0] or not common:
            rows.append(row + " | | | |")
            continue
        wins = [games[i]["win"] - reference[i]["win"] for i in common]
        margins = [games[i]["margin"] - reference[i]["margin"] for i in common]
        dwin, dwin_error = mean_and_error(wins)
        dmargin, dmargin_error = mean_and_error(margins)
        rows.append(
            row + f" {len(common)} | {100 * dwin:+.1f} ± {100 * dwin_error:.1f} | "
            f"{dmargin:+.2f} ± {dmargin_error:.2f} | {sum(1 for d in wins if d)} |"
        )
    return "\n".join(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("settings", nargs="+", help="players with options, the first being the reference")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=50001)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", metavar="FILE", help="per-game JSON lines, read back first (resume)")
    args = parser.parse_args()
    results: Results = defaultdict(dict)
    out = pathlib.Path(args.out) if args.out else None
    if out is not None and out.exists():
        for line in out.read_text().splitlines():
            record = json.loads(line)
            results[record["setting"]][record["game"]] = record
    jobs = [
        (setting, args.against, args.variant, args.seed, index)
        for index in range(args.start, args.start + args.games)
        for setting in args.settings
        if index not in results[setting]
    ]
    with contextlib.ExitStack() as stack:
        sink = stack.enter_context(out.open("a")) if out is not None else None
        records: Iterable[dict[str, Any]] = map(play, jobs)
        if args.workers > 1 and len(jobs) > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(args.workers))
            records = pool.imap_unordered(play, jobs, chunksize=1)
        for record in records:  # kept as each game ends, so that a stopped screen resumes
            results[record["setting"]][record["game"]] = record
            if sink is not None:
                sink.write(json.dumps(record) + "\n")
                sink.flush()
    print(f"{args.variant}, against {args.against}, seed {args.seed}: every game of this run and of --out")
    print(table(results, args.settings))
    return 0


if __name__ == "__main__":
    sys.exit(main())
