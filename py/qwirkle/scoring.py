"""Lines and their points (C6, F3-F5): the pieces of scoring that rule sets are built from.

This module sits below ``variants`` (whose hooks score a rule set's extra lines with it) and below ``rules`` and
``movegen`` (which ask a variant for those lines), so that none of them imports another in a circle.

>>> line_points(1), line_points(3), line_points(6)
(0, 3, 12)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .board import DIAGONALS, Board
from .errors import IllegalMoveError
from .notation import Cell, cell_notation
from .tiles import Tile

QWIRKLE = 6
QWIRKLE_BONUS = 6


def line_points(length: int) -> int:
    """Points of a line of ``length`` tiles (a lone tile's line scores nothing, a Qwirkle its bonus too)."""
    if length < 2:
        return 0
    return length + QWIRKLE_BONUS if length == QWIRKLE else length


class ScoredLine(NamedTuple):
    """One row, column or diagonal scored by a play (C6, F3, F4)."""

    kind: str  # "row", "column" or "diagonal"
    cells: tuple[Cell, ...]
    points: int
    qwirkle: bool

    @classmethod
    def of(cls, kind: str, cells: tuple[Cell, ...]) -> ScoredLine:
        """The line of ``kind`` through ``cells`` with its points (C6, F4)."""
        return cls(kind, cells, line_points(len(cells)), len(cells) == QWIRKLE)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cells": [cell_notation(c) for c in self.cells],
            "points": self.points,
            "qwirkle": self.qwirkle,
        }


class Score(NamedTuple):
    """The points of a play and where they come from."""

    lines: tuple[ScoredLine, ...]

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines)


def _where(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def diagonal_lines(board: Board, placed: dict[Cell, Tile], rule: str = "F5") -> list[ScoredLine]:
    """F3-F5: each placed tile's same-background diagonals; more than 6 in a row is refused (``rule``)."""
    lines = []
    for cell in placed:
        for step in DIAGONALS:
            run = tuple(board.run(cell, step, placed, same_background=True))
            if len(run) > QWIRKLE:
                raise IllegalMoveError(
                    rule,
                    f"the diagonal through {_where(cell)} would hold {len(run)} tiles of the same "
                    "background; at most 6",
                    run,
                    "diagonal_too_long",
                    {"length": len(run), "line": "diagonal"},
                )
            if len(run) >= 2:
                lines.append(ScoredLine.of("diagonal", run))
    return lines


def diagonal_points(backgrounds: dict[Cell, int], cell: Cell, background: int) -> int | None:
    """F3-F5: points a tile of ``background`` on the empty ``cell`` scores along its two diagonals of that
    background, or None when one would exceed 6 tiles."""
    total = 0
    x, y = cell
    for dx, dy in ((1, 1), (1, -1)):
        length = 1
        for sign in (1, -1):
            cx, cy = x + sign * dx, y + sign * dy
            while backgrounds.get((cx, cy)) == background:
                length += 1
                cx += sign * dx
                cy += sign * dy
        if length > QWIRKLE:
            return None
        total += line_points(length)
    return total


class DiagonalPoints:
    """F3-F5 for one board, cached: ``points(cell, background)`` is what a tile of that background scores along
    its diagonals on the empty cell, or None when a diagonal would exceed 6 tiles."""

    def __init__(self, tiles: dict[Cell, Tile]) -> None:
        self.backgrounds = {cell: tile.background for cell, tile in tiles.items()}
        self.cache: dict[tuple[Cell, int], int | None] = {}

    def copy(self) -> DiagonalPoints:
        """The same board's backgrounds, nothing cached."""
        other = DiagonalPoints({})
        other.backgrounds = dict(self.backgrounds)
        return other

    def place(self, cell: Cell, background: int) -> None:
        """A tile of this background on the cell (what was cached goes)."""
        self.backgrounds[cell] = background
        self.cache = {}

    def points(self, cell: Cell, background: int) -> int | None:
        key = (cell, background)
        if key in self.cache:
            return self.cache[key]
        total = self.cache[key] = diagonal_points(self.backgrounds, cell, background)
        return total
