"""The leave: what the tiles kept in hand after a play are worth for the next turns.

A good rack holds tiles that can go out together (they share a color or a shape, no duplicate); duplicates can never
be played together and clog the rack. The value is measured against drawing fresh tiles, so a leave of nothing is 0.

The weights are small on purpose: the points of the next turn move little with the leave, and larger weights lost
games against greedy (docs/research/strength.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..tiles import tile_of


@dataclass(frozen=True)
class LeaveWeights:
    group: float = 0.3  # per tile of the largest group beyond the first (playable together next turn)
    pair: float = 0.1  # per other pair of distinct kinds sharing a color or a shape
    duplicate: float = 0.6  # per tile that duplicates another kept tile
    loner: float = 0.0  # per kept tile sharing nothing with the rest of the leave


def leave_value(
    kinds: Sequence[int], weights: LeaveWeights = LeaveWeights(), cache: dict[tuple[int, ...], float] | None = None
) -> float:
    """The value of keeping tiles of these kinds (0-35; duplicates repeated)."""
    if not kinds:
        return 0.0
    key = tuple(sorted(kinds))
    if cache is not None:
        value = cache.get(key)
        if value is not None:
            return value
    distinct = set(key)
    duplicates = len(key) - len(distinct)
    colors = [0] * 6
    shapes = [0] * 6
    for kind in distinct:
        tile = tile_of(kind)
        colors[tile.color] += 1
        shapes[tile.shape] += 1
    group = max(max(colors), max(shapes))
    pairs = sum(n * (n - 1) // 2 for n in colors) + sum(n * (n - 1) // 2 for n in shapes)
    pairs -= group * (group - 1) // 2
    loners = sum(1 for kind in distinct if colors[tile_of(kind).color] == 1 and shapes[tile_of(kind).shape] == 1)
    if len(distinct) == 1:
        loners = 0
    value = weights.group * (group - 1) + weights.pair * pairs - weights.duplicate * duplicates - weights.loner * loners
    if cache is not None:
        cache[key] = value
    return value
