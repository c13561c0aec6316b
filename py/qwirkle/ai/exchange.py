"""Exchange policy (C8): when the best play is poor and the rack is bad, trade the tiles that do not fit.

The rack is split into the tiles worth keeping (the best group of distinct kinds sharing a color or a shape) and the
rest. Exchanging the rest scores nothing now, so it is chosen only when the kept group plus a fresh draw is worth more
than the best play's value by the evaluation (``exchange_choice``). See docs/research/strength.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..notation import Exchange
from ..tiles import Tile

# What a fresh draw of several tiles is worth against playing now, in evaluation points (tuned by bench/strength.py).
EXCHANGE_BASE = 1.5


def keep_group(hand: Sequence[Tile]) -> list[Tile]:
    """The largest set of distinct kinds sharing a color or a shape (ties: the group listed first)."""
    best: list[Tile] = []
    for attribute in ("color", "shape"):
        for value in range(6):
            group: dict[int, Tile] = {}
            for tile in hand:
                if getattr(tile, attribute) == value and tile.kind not in group:
                    group[tile.kind] = tile
            if len(group) > len(best):
                best = list(group.values())
    return best


def exchange_choice(
    hand: Sequence[Tile],
    limit: int,
    best_value: float,
    leave_value: Callable[[Sequence[Tile]], float],
    base: float = EXCHANGE_BASE,
) -> Exchange | None:
    """The exchange to make instead of a play worth ``best_value``, or None to play."""
    if limit <= 0:
        return None
    keep = keep_group(hand)
    rest = list(hand)
    for tile in keep:
        rest.remove(tile)
    if not rest:
        return None
    if len(rest) > limit:  # the bag is short: trade duplicates and loners first
        rest.sort(key=lambda t: (-sum(1 for u in hand if u.kind == t.kind), t))
        rest = rest[:limit]
    kept = list(hand)
    for tile in rest:
        kept.remove(tile)
    value = base + leave_value(kept)
    if value <= best_value:
        return None
    return Exchange(tuple(rest))
