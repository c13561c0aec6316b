"""Game review computed away from the page, a few moves at a time: the functions the worker exports
(``review_best``, ``review_levels``, ``review_win``).

The page sends the finished game's record (the engine's JSON) and asks for the review in chunks, so that it can
show progress and, when no worker is available, compute on the page between frames. All answer JSON text (plain
data crosses the worker boundary): ``{"total": n, "moves": [...], "players": [...] | null}``, the moves exactly
what ``python3 -m qwirkle review`` prints.

A chunk continues the engine's pass that the previous chunk left (kept in a small cache keyed by the record and the
pass), so a review costs one pass whatever the chunk size. Pure Python: the same functions run under CPython in the
tests and on the page when there is no worker.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

CACHE_SIZE = 4  # passes kept alive (a review has three; a second review may start before the first ends)


class _Pass:
    """One engine pass under way: its generator, how far it is, what it produced."""

    def __init__(self, moves: Iterator[Any], game: Any) -> None:
        self.moves = moves
        self.game = game
        self.done: list[Any] = []

    def take(self, start: int, count: int) -> list[Any]:
        while len(self.done) < start + count:
            item = next(self.moves, None)
            if item is None:
                break
            self.done.append(item)
        return self.done[start : start + count]


_PASSES: OrderedDict[tuple[Any, ...], _Pass] = OrderedDict()
_REPLAYS: OrderedDict[tuple[Any, ...], Any] = OrderedDict()  # LevelReplay, WinReplay by record (level, budget)


def _cached(cache: OrderedDict[tuple[Any, ...], Any], key: tuple[Any, ...], make: Any) -> Any:
    """The cached pass or replay for ``key``, or a new one from ``make()``; the least recently used go first."""
    found = cache.get(key)
    if found is None:
        found = cache[key] = make()
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
    cache.move_to_end(key)
    return found


def _load(record_json: str) -> Any:
    from qwirkle.study.review import load

    return load(str(record_json))


def review_best(record_json: str, start: int, count: int) -> str:
    """Moves ``start`` to ``start + count`` reviewed by points (``qwirkle.study.review.review_moves``: each the
    engine's ``MoveReview.to_json()`` with ``index``); the per-player totals once the last move is in."""
    from qwirkle.study.review import review_moves, summarize

    record_json, start, count = str(record_json), max(int(start), 0), max(int(count), 1)

    def make() -> _Pass:
        game = _load(record_json)
        return _Pass(review_moves(game), game)

    run: _Pass = _cached(_PASSES, ("best", record_json), make)
    entries = run.take(start, count)
    total = len(run.game.history)
    players = None
    if start + len(entries) >= total:
        players = [player.to_json() for player in summarize(run.game, run.take(0, total))]
    moves = [{"index": entry.index, **entry.to_json()} for entry in entries]
    return json.dumps({"total": total, "moves": moves, "players": players})


def review_levels(record_json: str, level: str, budget: Any, start: int, count: int) -> str:
    """What ``level`` would have played before record moves ``start`` to ``start + count``, in any order
    (``qwirkle.study.review.LevelReplay``: each seeded by its index, the Expert on a fixed ``budget``, so the page
    asks for the move on show first); each move ``{"index", "move", "points"}``."""
    from qwirkle.study.review import LevelReplay

    record_json, level, start, count = str(record_json), str(level), max(int(start), 0), max(int(count), 1)
    iterations = int(budget) if isinstance(budget, (int, float)) and budget > 0 else None  # JS null: none
    replay = _cached(
        _REPLAYS, ("level", record_json, level, iterations), lambda: LevelReplay(_load(record_json), level, iterations)
    )
    moves = [replay.at(i) for i in range(start, min(start + count, replay.total))]
    return json.dumps(
        {
            "total": replay.total,
            "moves": [{"index": m.index, "move": m.move, "points": m.points} for m in moves],
            "players": None,
        }
    )


def review_win(record_json: str, start: int, count: int) -> str:
    """The mover's chances of winning around record moves ``start`` to ``start + count``, in any order, in games of
    two to four players (``qwirkle.study.win_review.WinReplay``, each seeded by its index: what ``python3 -m qwirkle
    review --win`` gives, with ``win_lost``, the first player's chance ``first`` for the graph, and ``why`` the most
    points and the best chances differ)."""
    from qwirkle.study.win_review import WinReplay

    record_json, start, count = str(record_json), max(int(start), 0), max(int(count), 1)
    replay = _cached(_REPLAYS, ("win", record_json), lambda: WinReplay(_load(record_json)))
    found = [replay.at(i) for i in range(start, min(start + count, replay.total))]
    return json.dumps({"total": replay.total, "moves": [m.to_json() for m in found], "players": None})
