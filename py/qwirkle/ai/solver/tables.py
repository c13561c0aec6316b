"""The end-game solver's tables: the transposition table's entries, the positions' keys, and the caches by position.

A position's key is a Zobrist hash (``Keys``): the xor of a random 64-bit number per tile placed (who placed it and
where), of the side to move and of whether the last move was a pass; seeded, so that keys, and results, never vary.
The transposition table maps a key to an ``Entry``: the depth searched (``PROVEN`` when no horizon touched the value),
whether the value is exact or a bound, and the best play. ``Cache`` holds what is found once per position and side:
the ordered plays (``moves.Moves``) and the bounds' threats (``bounds.Bounds``), all cleared together past
``MAX_CACHED_PLAYS`` entries (memory in Pyodide).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import NamedTuple

from ...movegen import ScoredPlay
from ...notation import Placement

PROVEN = 1 << 20  # the depth of a table entry whose value no horizon touched
EXACT, LOWER, UPPER = 0, 1, 2  # an entry's value is the position's, at least it, at most it
MAX_CACHED_PLAYS = 400_000  # plays kept in the per-position caches before they are cleared (memory in Pyodide)


class Entry(NamedTuple):
    """A transposition table entry: the depth searched, ``EXACT``, ``LOWER`` or ``UPPER``, the value, the best play
    (None when the position was valued without one)."""

    depth: int
    flag: int
    value: int
    best: ScoredPlay | None


class Keys:
    """Zobrist keys: ``side[who]`` for the player on move, ``passed`` after a pass, ``play(who, play)`` for a play's
    tiles, each tile's number drawn when first asked for, from a generator of fixed seed."""

    __slots__ = ("side", "passed", "_random", "_tiles")

    def __init__(self) -> None:
        self._random = random.Random(0x51ED)
        self.side = (self._random.getrandbits(64), self._random.getrandbits(64))
        self.passed = self._random.getrandbits(64)
        self._tiles: dict[tuple[int, Placement], int] = {}

    def play(self, who: int, play: ScoredPlay) -> int:
        """The key of ``who``'s tiles of ``play``: the xor of each placed tile's."""
        keys = self._tiles
        value = 0
        for p in play.placements:
            key = (who, p)
            part = keys.get(key)
            if part is None:
                part = keys[key] = self._random.getrandbits(64)
            value ^= part
        return value


class Cache:
    """The plays of each position and side, by key, as ``moves.Moves`` orders them (``plays``), with their masks
    (``grid.live_plays_through``) when known (``masks``); other caches by position (the bounds') join ``clears``
    and add to ``count``, the entries held, so that all are cleared together."""

    __slots__ = ("plays", "masks", "count", "clears")

    def __init__(self) -> None:
        self.plays: dict[int, list[ScoredPlay]] = {}
        self.masks: dict[int, list[int]] = {}
        self.count = 0
        self.clears: list[Callable[[], None]] = [self.plays.clear, self.masks.clear]

    def keep_plays(self, key: int, plays: list[ScoredPlay], masks: list[int] | None) -> None:
        """Keep a position's plays (and their masks when known), every cache cleared first when it holds too many."""
        if self.count > MAX_CACHED_PLAYS:
            for clear in self.clears:
                clear()
            self.count = 0
        self.plays[key] = plays
        if masks is not None:
            self.masks[key] = masks
        self.count += len(plays) + 1
