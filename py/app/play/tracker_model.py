"""The tile tracker as a colour x shape grid, without the DOM: how many of each tile a player has
not seen yet (``PlayerView.unseen``), split by background in Flex; Cubes dice by colour only
(their faces are rolled when drawn)::

    >>> from collections import Counter
    >>> from qwirkle import Tile
    >>> g = grid(Counter({Tile(0, 0, 1): 2, Tile(0, 0, 2): 1}), flex=True, dice=False)
    >>> g.backgrounds, g.rows[0][0].counts, g.rows[0][0].total, g.rows[0][1].total
    ((1, 2, 3), (2, 1, 0), 3, 0)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

COLORS = SHAPES = range(6)
FLEX_BACKGROUNDS = (1, 2, 3)  # black, white, two-tone (as in qwirkle.tiles)


@dataclass(frozen=True)
class Entry:
    color: int
    shape: int
    counts: tuple[int, ...]  # per background of ``Grid.backgrounds`` (one count without backgrounds)

    @property
    def total(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True)
class Grid:
    backgrounds: tuple[int, ...]  # () without backgrounds
    shapes: tuple[int, ...]  # the columns: the six shapes, or one column for dice
    rows: list[list[Entry]]  # one row per colour

    @property
    def total(self) -> int:
        return sum(entry.total for row in self.rows for entry in row)


def grid(unseen: Counter[Any], flex: bool, dice: bool) -> Grid:
    backgrounds = FLEX_BACKGROUNDS if flex else ()
    shapes = (0,) if dice else tuple(SHAPES)
    rows = []
    for color in COLORS:
        row = []
        for shape in shapes:
            if backgrounds:
                counts = tuple(_count(unseen, color, shape, b) for b in backgrounds)
            else:
                counts = (sum(n for t, n in unseen.items() if t.color == color and (dice or t.shape == shape)),)
            row.append(Entry(color, shape, counts))
        rows.append(row)
    return Grid(backgrounds, shapes, rows)


def _count(unseen: Counter[Any], color: int, shape: int, background: int) -> int:
    return sum(
        n
        for t, n in unseen.items()
        if t.color == color and t.shape == shape and getattr(t, "background", 0) == background
    )
