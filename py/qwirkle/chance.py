"""The game's randomness: dealing, drawing and rolling from the seed, the same on every Python, forever.

A record holds a seed, not the draws, so a game replays only if the seed gives the same shuffles and rolls on every
Python that ever loads it. Python promises that for ``random.Random(seed).random()`` alone; ``shuffle`` and
``randrange`` may change between versions. Record version 2 therefore shuffles and rolls with this module's own
algorithm over ``random()`` (Fisher-Yates with ``floor(random() * n)``); version 1 records use Python's
``shuffle``/``randrange``, so that they replay exactly as they were made.

``Chance`` rewinds for undo without keeping Python's whole state (625 integers) per move: a position is the count
of 32-bit words the generator has given out, and ``seek`` rebuilds the state from the nearest checkpoint (kept
every ``CHECKPOINT`` words) by skipping words in one call.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import MutableSequence
from typing import Any, Protocol, TypeVar

LATEST = 2  # the record version of new games
VERSIONS = (1, 2)  # the record versions this engine replays
CHECKPOINT = 1 << 16  # words between two kept generator states (about 300 shuffles of a full bag)

T = TypeVar("T")


class Roller(Protocol):
    """What rolls a die (``Variant.drawn``): the game's ``Chance``, or an AI's own ``random.Random``."""

    def randrange(self, n: int, /) -> int: ...


class _Counted(random.Random):
    """Python's Mersenne Twister, counting the 32-bit words it gives out (``random()`` takes two, ``getrandbits(k)``
    takes ``ceil(k / 32)``). Overriding ``getrandbits`` keeps ``shuffle``/``randrange`` on the algorithm they use in
    ``random.Random`` itself (``_randbelow_with_getrandbits``), so version 1 draws exactly as ``random.Random`` does."""

    words = 0

    def random(self) -> float:
        self.words += 2
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.words += (k + 31) // 32
        return super().getrandbits(k)


class Chance:
    """Shuffles and rolls of one game, from its seed, by the algorithm of a record version.

    >>> chance = Chance(7, 2)
    >>> start = chance.position()
    >>> first = [chance.randrange(6) for _ in range(5)]
    >>> chance.seek(start)
    >>> [chance.randrange(6) for _ in range(5)] == first
    True
    """

    def __init__(self, seed: int, version: int = LATEST) -> None:
        if version not in VERSIONS:
            raise ValueError(f"version: this engine reads record versions {VERSIONS[0]} to {VERSIONS[-1]}")
        self.seed = seed
        self.version = version
        self._rng = _Counted(seed)
        self._kept: list[int] = [0]  # positions of the kept states, ascending
        self._states: list[Any] = [self._rng.getstate()]

    def randrange(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely."""
        if self.version == 1:
            return self._rng.randrange(n)
        return min(int(self._rng.random() * n), n - 1)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Put ``items`` in a random order, in place."""
        if self.version == 1:
            self._rng.shuffle(items)
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def position(self) -> int:
        """How far the generator has gone (words given out); ``seek`` comes back to it."""
        words = self._rng.words
        if words - self._kept[-1] >= CHECKPOINT:
            self._kept.append(words)
            self._states.append(self._rng.getstate())
        return words

    def seek(self, position: int) -> None:
        """Rewind (or advance) the generator to a ``position``: from the last kept state at or before it, skip the
        words between in one call."""
        index = bisect.bisect_right(self._kept, position) - 1
        self._rng.setstate(self._states[index])
        skip = position - self._kept[index]
        if skip:
            self._rng.getrandbits(32 * skip)
        self._rng.words = position
