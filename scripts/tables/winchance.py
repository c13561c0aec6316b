#!/usr/bin/env python3
"""The win-chance table (``py/qwirkle/data/winchance.json``), built from seeded self-play.

    make tables     (this, then scripts/tables/accuracy.py --write)
    PYTHONPATH=py nice -n 10 .venv/bin/python scripts/tables/winchance.py [--games classic=1500,cubes=600,flex=1500]
                                                                          [--seed 1] [--players 2] [--out FILE]

Plays ``--games`` two-player games per rule set (one number for all, or one per rule set: a Cubes game costs four
times a classic one) between two Hard players without their end-game search (``LEVELS``), seats rotated and seeded as
in ``qwirkle.study.tournament`` (game i is dealt with seed S + i), and records every position at the start of a turn
from the side of the player on move: the score difference (theirs minus the opponent's), the tiles left (bag and both
hands), both hand sizes, and whether that player went on to win (a shared win counts one half). It then fits, for each
rule set, the chance of winning as a logistic function of the score difference and of the hands' difference, with
coefficients that vary smoothly with the tiles left (``fit``), and writes the coefficients, the seed, the game counts
and the levels into the table. ``--players 3`` or ``4`` fits that field of the table and keeps the rest. The table's
calibration on games it was not fit on is a bench: ``make bench B=winchance_calibration``.

``--positions DIR`` keeps the recorded positions (``DIR/VARIANT-SEED-GAMES.jsonl``, one game a line) and reads them
back when present, so that a refit does not replay the games; a run of more games with the same seed starts from the
longest kept run (a run of fewer games takes its first games from a longer one). Everything is seeded: the same seed
and game counts give the same table, whatever the number of workers.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from qwirkle.ai import make_player
from qwirkle.game import Game
from qwirkle.study.match import MAX_TURNS
from qwirkle.study.tournament import parse_player, player_seed

ROOT = Path(__file__).resolve().parents[2]

TABLE = ROOT / "py" / "qwirkle" / "data" / "winchance.json"
VARIANTS = ("classic", "cubes", "flex")
# Hard without its end-game search, which took three quarters of a game's time: with the bag empty it plays by its
# evaluation (which already counts each tile left in hand against it).
LEVELS = ("hard/endgame_nodes=0", "hard/endgame_nodes=0")
BUILD_SEED = 1
BUILD_GAMES = "classic=1500,cubes=600,flex=1500"
# games of three and four players (``--players 3`` or ``4``): the same levels all round, other game counts
MANY_BUILD_GAMES = "classic=600,cubes=200,flex=400"

# A position as recorded: tiles left (bag + both hands), bag, the mover's hand, the opponent's hand, the score
# difference (mover minus opponent), and the mover's result (1 won, 0.5 shared, 0 lost).
Row = tuple[int, int, int, int, int, float]


# -- self-play ---------------------------------------------------------------------------------------------------------
def play_game(job: tuple[str, int, int]) -> list[Row]:
    """Game ``index`` of a run with ``seed``: the positions at the start of each turn, labelled by the result."""
    variant, seed, index = job
    shift = index % 2
    players = []
    for seat in (0, 1):
        place = (seat + shift) % 2
        name, options = parse_player(LEVELS[place])
        players.append(make_player(name, player_seed(seed, index, place), **options))
    game = Game.new(variant, ["a", "b"], seed + index)
    seen, share = play_out_seen(game, players)
    return [
        (bag + sum(hands), bag, hands[seat], hands[1 - seat], scores[seat] - scores[1 - seat], share[seat])
        for seat, bag, scores, hands in seen
    ]


def play_out_seen(
    game: Game, players: Sequence[Any]
) -> tuple[list[tuple[int, int, list[int], list[int]]], list[float]]:
    """Play ``game`` out: at the start of each turn the seat on move, the bag, the scores and the hand sizes; then
    each seat's result (1 won, 1/k shared by k, 0 lost)."""
    seen: list[tuple[int, int, list[int], list[int]]] = []
    turns = 0
    turn_start = True
    while not game.is_over and turns < MAX_TURNS:
        seat = game.to_move
        if turn_start:
            seen.append((seat, game.bag_count, list(game.scores), [len(hand) for hand in game.hands]))
        result = game.apply(players[seat].choose(game.view(seat)))
        turn_start = result.kind != "roll" or result.forced_pass
        turns += turn_start
    winners = game.winners()
    return seen, [1.0 / len(winners) if seat in winners else 0.0 for seat in range(len(game.scores))]


# A position of a game of three or four: tiles left, bag, the seat on move, then per seat in seat order the scores, the
# hand sizes and the results (1 won, 1/k shared by k, 0 lost).
Many = tuple[int, int, int, list[int], list[int], list[float]]


def play_many(job: tuple[str, int, int, int]) -> list[Many]:
    """Game ``index`` of ``count`` players (seats rotated as in ``qwirkle.study.tournament``): the positions at the
    start of each turn, labelled by the result."""
    variant, seed, index, count = job
    name, options = parse_player(LEVELS[0])
    players = [make_player(name, player_seed(seed, index, (seat + index) % count), **options) for seat in range(count)]
    game = Game.new(variant, [f"p{seat}" for seat in range(count)], seed + index)
    seen, shares = play_out_seen(game, players)
    return [(bag + sum(hands), bag, mover, scores, hands, shares) for mover, bag, scores, hands in seen]


def play_any(job: tuple[str, int, int, int]) -> list[Any]:
    """One game of ``job``'s player count: two (``play_game``) or more (``play_many``)."""
    variant, seed, index, count = job
    return list(play_game((variant, seed, index)) if count == 2 else play_many(job))


def self_play(
    variants: Sequence[str], counts: dict[str, int], args: argparse.Namespace
) -> Iterator[tuple[str, list[list[Any]], float, float]]:
    """Each rule set of ``variants`` with games to play: its recorded positions (``positions``, with the run's
    options), and the wall clock and CPU seconds at the start of its games."""
    for variant in variants:
        if counts[variant]:
            start, cpu = time.perf_counter(), cpu_seconds()
            games = positions(variant, args.seed, counts[variant], args.workers, args.positions, args.players)
            yield variant, games, start, cpu


def positions(variant: str, seed: int, games: int, workers: int, folder: str | None, count: int = 2) -> list[list[Any]]:
    """The recorded positions of ``games`` games of ``count`` players, one list per game (read from ``folder`` when
    kept there)."""
    suffix = "" if count == 2 else f"-{count}p"
    cache = Path(folder) / f"{variant}-{seed}-{games}{suffix}.jsonl" if folder else None
    played: list[list[Any]] = []
    kept = cache if cache is None or cache.is_file() else kept_run(cache.parent, variant, seed, games, suffix)
    if kept is not None:  # a run stopped early continues after its last whole game
        with kept.open(encoding="utf-8") as lines:
            for line in lines:
                if line.endswith("\n") and len(played) < games:
                    played.append([tuple(row) for row in json.loads(line)])
    if cache is not None and kept is not None:  # the kept games (a longer run's first ones) under this run's name
        cache.write_text("".join(json.dumps(rows) + "\n" for rows in played), encoding="utf-8")
    jobs = [(variant, seed, index, count) for index in range(len(played), games)]
    out = None
    if cache is not None:
        cache.parent.mkdir(parents=True, exist_ok=True)
        out = cache.open("a", encoding="utf-8")
    try:
        with multiprocessing.get_context("fork").Pool(max(1, workers)) as pool:
            for rows in pool.imap(play_any, jobs, chunksize=2):
                played.append(rows)
                if out is not None:
                    out.write(json.dumps(rows) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    return played


def kept_run(folder: Path, variant: str, seed: int, games: int, suffix: str) -> Path | None:
    """The kept run of the same rule set, seed and players with the most games (a longer one first), whose games
    start a run of ``games`` (game i of a run depends only on the seed and i)."""
    runs = []
    for path in folder.glob(f"{variant}-{seed}-*{suffix}.jsonl"):
        count = path.name[len(f"{variant}-{seed}-") : -len(f"{suffix}.jsonl")]
        if count.isdigit():
            runs.append((int(count) >= games, int(count) if int(count) < games else -int(count), path))
    return max(runs)[2] if runs else None


# -- the fit -----------------------------------------------------------------------------------------------------------
SCALE = 10.0  # the score difference enters the fit in tens of points (a better conditioned system)
RIDGE = 1.0  # a weak pull of the slopes towards 0, so that a sparse grid point cannot run away
CUT = 3.0  # kernel weights beyond CUT bandwidths are dropped
MIN_SLOPE = 0.001
MIN_WEIGHT = 5.0  # a grid point with less (kernel-weighted positions) takes its coefficients from its neighbours
EPSILON = 1e-6  # keeps the system solvable when every position around a grid point has the same outcome


def grid(most: int) -> list[int]:
    """The tiles-left values the table holds: each one up to 12 (the bag is empty: every tile tells), then every
    second up to 24, then every fourth, and the most a position can have."""
    points = list(range(2, 13)) + list(range(14, 25, 2)) + list(range(28, most, 4))
    return sorted(set(p for p in points if p < most) | {most})


def bandwidth(left: float) -> float:
    """How far around a grid point positions count (in tiles left): narrow in the end game, wider before."""
    return 0.5 + 0.06 * left


Cells = dict[tuple[int, int, int], list[float]]  # (tiles left, difference, hands' difference) -> [count, wins]


def aggregate(games: Iterable[Sequence[Row]]) -> Cells:
    cells: Cells = {}
    for rows in games:
        for left, _bag, hand, other, diff, won in rows:
            cell = cells.setdefault((left, diff, other - hand), [0.0, 0.0])
            cell[0] += 1
            cell[1] += won
    return cells


def solve(m: list[list[float]], v: list[float]) -> list[float]:
    """Solve the system m x = v (Gaussian elimination with partial pivoting)."""
    n = len(v)
    a = [[*row, v[i]] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            f = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= f * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def near(cells: dict[Any, Any], centre: int) -> Iterator[tuple[float, Any, Any]]:
    """The cells (keyed by tiles left first, valued by their count of positions first) within ``CUT`` bandwidths of
    ``centre`` tiles left, each with its kernel weight (its positions times a Gaussian in the distance)."""
    h = bandwidth(centre)
    for key, value in cells.items():
        z = (key[0] - centre) / h
        if abs(z) <= CUT:
            yield value[0] * math.exp(-0.5 * z * z), key, value


def local_fit(cells: Cells, centre: int) -> tuple[list[float], float]:
    """Kernel-weighted logistic regression around ``centre`` tiles left: logit = a + b d/SCALE + c k. Returns the
    coefficients (per point of difference for b) and the effective weight of the positions used."""
    data = []
    total = 0.0
    for w, (_left, diff, hands), (count, wins) in near(cells, centre):
        data.append((w, diff / SCALE, float(hands), wins / count))
        total += w
    beta = [0.0, 0.5, 0.0]
    if total < MIN_WEIGHT:
        return [0.0, 0.0, 0.0], 0.0
    for _ in range(50):
        grad = [-EPSILON * beta[0], -RIDGE * beta[1], -RIDGE * beta[2]]
        hess = [[0.0] * 3 for _ in range(3)]
        hess[0][0], hess[1][1], hess[2][2] = EPSILON, RIDGE, RIDGE
        for w, d, k, y in data:
            s = beta[0] + beta[1] * d + beta[2] * k
            p = 1.0 / (1.0 + math.exp(-s)) if s > -30 else 0.0
            g = w * (y - p)
            x = (1.0, d, k)
            q = w * p * (1.0 - p)
            for i in range(3):
                grad[i] += g * x[i]
                for j in range(3):
                    hess[i][j] += q * x[i] * x[j]
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return [beta[0], beta[1] / SCALE, beta[2]], total


def isotonic_down(values: list[float], weights: list[float]) -> list[float]:
    """The closest non-increasing sequence (weighted least squares: pool adjacent violators)."""
    blocks: list[list[float]] = []  # [mean, weight, length]
    for v, w in zip(values, weights, strict=True):
        blocks.append([v, w, 1])
        while len(blocks) > 1 and blocks[-2][0] < blocks[-1][0]:
            v2, w2, n2 = blocks.pop()
            v1, w1, n1 = blocks.pop()
            blocks.append([(v1 * w1 + v2 * w2) / (w1 + w2), w1 + w2, n1 + n2])
    out: list[float] = []
    for v, _w, n in blocks:
        out.extend([v] * int(n))
    return out


def fit(cells: Cells, most: int) -> dict[str, list[float]]:
    """The coefficients at each grid point: local fits, the slope made positive and non-increasing in the tiles left
    (more tiles to come, the less a point of lead is worth), then every coefficient smoothed over neighbouring grid
    points so that the chance never jumps between two tile counts."""
    points = grid(most)
    fits = [local_fit(cells, t) for t in points]
    weights = [max(w, 1e-9) for _, w in fits]
    known = [i for i, (_, w) in enumerate(fits) if w >= MIN_WEIGHT]
    if not known:
        raise SystemExit("fit: no positions to fit (play more games)")
    a, b, c = [fill(points, [f[0][k] for f in fits], known) for k in range(3)]
    b = isotonic_down([max(x, MIN_SLOPE) for x in b], weights)
    a, c = smooth(a, weights), smooth(c, weights)
    b = isotonic_down(smooth(b, weights), weights)
    return {"tiles": [float(t) for t in points], "a": a, "b": b, "c": c}


# -- the fit for three and four players --------------------------------------------------------------------------------
# (tiles left, each place's score minus the mover's, each place's hand) -> [positions, each place's wins]; place k is
# the player k seats after the mover.
ManyCells = dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[Any]]


def aggregate_many(games: Iterable[Sequence[Many]]) -> ManyCells:
    cells: ManyCells = {}
    for rows in games:
        for left, _bag, mover, scores, hands, shares in rows:
            count = len(scores)
            seats = [(mover + k) % count for k in range(count)]
            key = (left, tuple(scores[s] - scores[mover] for s in seats), tuple(hands[s] for s in seats))
            cell = cells.setdefault(key, [0.0, [0.0] * count])
            cell[0] += 1
            for k, s in enumerate(seats):
                cell[1][k] += shares[s]
    return cells


def local_fit_many(cells: ManyCells, centre: int, count: int, start: list[float]) -> tuple[list[float], float]:
    """Kernel-weighted multinomial (softmax) regression around ``centre`` tiles left: place k's strength is
    b d_k / SCALE - c h_k + a_k (a_0 = 0), d_k its score minus the mover's and h_k its hand. Returns [b per point, c,
    a_1 ... a_{count-1}] and the effective weight of the positions used."""
    size = count + 1
    data = []
    total = 0.0
    for w, (_left, diffs, hands), (n, wins) in near(cells, centre):
        rows = [
            [d / SCALE, -float(hand)] + [1.0 if j == k else 0.0 for j in range(1, count)]
            for k, (d, hand) in enumerate(zip(diffs, hands, strict=True))
        ]
        data.append((w, rows, [x / n for x in wins]))
        total += w
    if total < MIN_WEIGHT:
        return [0.0] * size, 0.0
    beta = [start[0] * SCALE, *start[1:]]
    penalty = [RIDGE, RIDGE] + [EPSILON] * (count - 1)
    for _ in range(30):
        grad = [-penalty[i] * beta[i] for i in range(size)]
        hess = [[penalty[i] if i == j else 0.0 for j in range(size)] for i in range(size)]
        for w, rows, ys in data:
            strengths = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in rows]
            top = max(strengths)
            exps = [math.exp(s - top) for s in strengths]
            norm = sum(exps)
            ps = [e / norm for e in exps]
            mean = [sum(p * row[i] for p, row in zip(ps, rows, strict=True)) for i in range(size)]
            for p, y, row in zip(ps, ys, rows, strict=True):
                g = w * (y - p)
                q = w * p
                for i in range(size):
                    xi = row[i] - mean[i]
                    grad[i] += g * row[i]
                    if xi:
                        for j in range(size):
                            hess[i][j] += q * xi * (row[j] - mean[j])
        step = solve(hess, grad)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-6:
            break
    return [beta[0] / SCALE, *beta[1:]], total


def fit_many(cells: ManyCells, most: int, count: int) -> dict[str, Any]:
    """The coefficients at each grid point for ``count`` players, made regular as ``fit`` makes them: ``b``
    positive and non-increasing in the tiles left, everything smoothed over neighbouring grid points."""
    points = grid(most)
    fits: list[tuple[list[float], float]] = []
    start = [0.05, 0.0] + [0.0] * (count - 1)
    for t in points:
        found = local_fit_many(cells, t, count, start)
        fits.append(found)
        if found[1] >= MIN_WEIGHT:
            start = found[0]
    weights = [max(w, 1e-9) for _, w in fits]
    known = [i for i, (_, w) in enumerate(fits) if w >= MIN_WEIGHT]
    if not known:
        raise SystemExit("fit: no positions to fit (play more games)")
    columns = [fill(points, [f[0][k] for f in fits], known) for k in range(count + 1)]
    b = isotonic_down(smooth(isotonic_down([max(x, MIN_SLOPE) for x in columns[0]], weights), weights), weights)
    rest = [smooth(column, weights) for column in columns[1:]]
    return {"tiles": [float(t) for t in points], "b": b, "c": rest[0], "a": rest[1:]}


def fill(points: Sequence[int], values: Sequence[float], known: Sequence[int]) -> list[float]:
    """The values at the grid points that had too few positions, interpolated from the nearest that had enough."""
    out = list(values)
    for i in range(len(points)):
        if i in known:
            continue
        below = [k for k in known if k < i]
        above = [k for k in known if k > i]
        if not below or not above:
            out[i] = values[below[-1] if below else above[0]]
            continue
        lo, hi = below[-1], above[0]
        f = (points[i] - points[lo]) / (points[hi] - points[lo])
        out[i] = values[lo] + f * (values[hi] - values[lo])
    return out


def smooth(values: list[float], weights: list[float]) -> list[float]:
    """A weighted moving average over each grid point and its two neighbours (1-2-1)."""
    out = []
    for i in range(len(values)):
        num = den = 0.0
        for j, k in ((i - 1, 1.0), (i, 2.0), (i + 1, 1.0)):
            if 0 <= j < len(values):
                num += k * weights[j] * values[j]
                den += k * weights[j]
        out.append(num / den)
    return out


def cpu_seconds() -> float:
    """CPU time of this process and of its finished workers (what the games cost, whatever the machine's load)."""
    import resource

    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


# -- build -------------------------------------------------------------------------------------------------------------
def most_tiles(variant: str) -> int:
    """The most tiles a position can have left: the whole set (nothing placed yet)."""
    return len(Game.new(variant, ["a", "b"], 0).full_set)


def game_counts(text: str, variants: Sequence[str]) -> dict[str, int]:
    """``--games``: one number for every rule set, or ``classic=1500,cubes=600,...`` (a rule set left out: 0)."""
    if "=" not in text:
        return {variant: int(text) for variant in variants}
    counts = {variant: 0 for variant in variants}
    for item in text.split(","):
        name, _, number = item.partition("=")
        if name not in counts:
            raise SystemExit(f"--games: {name!r} is not one of {', '.join(variants)}")
        counts[name] = int(number)
    return counts


def build(args: argparse.Namespace) -> int:
    variants = args.variants.split(",")
    counts = game_counts(args.games, variants)
    out = Path(args.out)
    if args.players == 2:
        table: dict[str, Any] = {
            "format": "qwirkle-winchance",
            "version": 1,
            "made_by": "scripts/tables/winchance.py",
            "levels": list(LEVELS),
            "seed": args.seed,
            "games": counts,
            "model": "chance of the player on move = 1 / (1 + exp(-(a + b * difference + c * (other hand - own "
            "hand)))), a, b, c at each tiles-left value (bag + both hands), linear in between",
            "positions": {},
            "variants": {},
        }
        if out.is_file():  # the fields of three and four players stay
            kept = json.loads(out.read_text(encoding="utf-8"))
            table.update({key: kept[key] for key in ("players", "players_made", "players_model") if key in kept})
    else:  # the two-player table (and the other count's field) stay as they are
        table = json.loads(out.read_text(encoding="utf-8"))
        table["players_model"] = (
            "each player's strength = b * score - c * hand + a[k] (k: seats after the player on move, a[0] = 0); "
            "chance = exp(strength) / sum over the players; b, c, a at each tiles-left value (bag + all hands)"
        )
        made = table.setdefault("players_made", {}).setdefault(str(args.players), {})
        if made.get("seed", args.seed) != args.seed:
            made.clear()  # another seed: the rule sets fit before are fit again
        made.update(seed=args.seed, levels=[LEVELS[0]] * args.players)
        made.setdefault("games", {}).update({variant: n for variant, n in counts.items() if n})
        made.setdefault("positions", {})
        field = table.setdefault("players", {}).setdefault(str(args.players), {})
    for variant, games, start, cpu in self_play(variants, counts, args):
        played = time.perf_counter() - start
        found = sum(len(rows) for rows in games)
        if args.players == 2:
            curve = fit(aggregate(games), most_tiles(variant))
            table["positions"][variant] = found
            table["variants"][variant] = {key: [round(x, 5) for x in values] for key, values in curve.items()}
        else:
            many = fit_many(aggregate_many(games), most_tiles(variant), args.players)
            made["positions"][variant] = found
            field[variant] = {
                key: ([[round(x, 4) for x in row] for row in values] if key == "a" else [round(x, 4) for x in values])
                for key, values in many.items()
            }
        print(
            f"{variant}, {args.players} players: {counts[variant]} games, {found} positions, played in {played:.0f} s, "
            f"fit in {time.perf_counter() - start - played:.1f} s (CPU {cpu_seconds() - cpu:.0f} s)",
            flush=True,
        )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


def parse(argv: Sequence[str] | None, doc: str, table: str, games: str, many: str, seed: int) -> argparse.Namespace:
    """The options of a self-play run over the ``table`` file (``--out`` or ``--table``), shared with the calibration
    bench (bench/winchance_calibration.py); ``games`` (``many`` for three or four players) and ``seed`` by default."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument(
        "--games",
        help=f"games per rule set: N, or classic=N,cubes=M,flex=K (default {games}; with --players 3 or 4, {many})",
    )
    parser.add_argument("--seed", type=int, default=seed, help=f"game i is dealt with seed S + i (default {seed})")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument(
        "--players",
        type=int,
        default=2,
        choices=(2, 3, 4),
        help="players a game (3 or 4: that field of the table, the rest kept; default 2)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--positions", metavar="DIR", help="keep the recorded positions in DIR (and reuse them)")
    parser.add_argument(table, default=str(TABLE))
    args = parser.parse_args(argv)
    if args.games is None:
        args.games = games if args.players == 2 else many
    return args


def main(argv: Sequence[str] | None = None) -> int:
    return build(parse(argv, __doc__, "--out", BUILD_GAMES, MANY_BUILD_GAMES, BUILD_SEED))


if __name__ == "__main__":
    sys.exit(main())
