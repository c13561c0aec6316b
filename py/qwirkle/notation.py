"""Cells, placements and moves with their text form.

Cell ``X,Y`` (x grows right, y grows down); placement ``CODE@X,Y``; a play is a space-separated list of
placements; ``swap Rd Gc`` exchanges tiles; ``roll Rd Gc`` re-rolls those Cubes dice (Q3); ``pass``.

>>> parse_move("Ro@0,0 Rs@1,0")
Play.from_notation('Ro@0,0 Rs@1,0')
>>> parse_move("swap Rd Gc").notation()
'swap Rd Gc'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, NamedTuple

from .errors import NotationError
from .tiles import Tile, parse_tiles, tiles_notation

Cell = tuple[int, int]
MoveKind = Literal["play", "exchange", "roll", "pass"]  # a turn's kind (``TurnResult.kind``)
OtherMove = Literal["exchange", "roll", "pass"]  # the kinds a rule set may not have (``Variant.allows``)
_CELL_RE = re.compile(r"^(-?\d+),(-?\d+)$")
MAX_DIGITS = 6  # of a coordinate: no game goes 108 cells from where it started


def parse_cell(text: str) -> Cell:
    match = _CELL_RE.match(text.strip())
    if not match:
        raise NotationError("cell", text[:40], "expected X,Y with integers, e.g. 3,-1", "cell_format")
    if max(len(match.group(1).lstrip("-")), len(match.group(2).lstrip("-"))) > MAX_DIGITS:
        raise NotationError(
            "cell", text[:40], f"coordinates have at most {MAX_DIGITS} digits", "cell_digits", {"limit": MAX_DIGITS}
        )
    return int(match.group(1)), int(match.group(2))


def cell_notation(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


class Placement(NamedTuple):
    """A tile put on a cell."""

    tile: Tile
    cell: Cell

    @classmethod
    def from_notation(cls, text: str) -> Placement:
        code, at, where = text.partition("@")
        if not at:
            raise NotationError("placement", text, "expected CODE@X,Y, e.g. Rd@1,0", "placement_format")
        return cls(Tile.from_notation(code), parse_cell(where))

    def notation(self) -> str:
        return f"{self.tile.notation()}@{self.cell[0]},{self.cell[1]}"


def parse_placements(text: str) -> list[Placement]:
    """A board or a play: a space-separated list of placements."""
    return [Placement.from_notation(item) for item in text.split()]


def placements_notation(placements: Iterable[Placement]) -> str:
    return " ".join(p.notation() for p in placements)


def canonical(placements: Iterable[Placement]) -> tuple[Placement, ...]:
    """Placements in reading order (by row, then column): one spelling per distinct play."""
    return tuple(sorted(placements, key=lambda p: (p.cell[1], p.cell[0], p.tile)))


class Play(NamedTuple):
    """Tiles placed this turn (C4-C6)."""

    placements: tuple[Placement, ...]

    @classmethod
    def from_notation(cls, text: str) -> Play:
        placements = parse_placements(text)
        if not placements:
            raise NotationError("play", text, "a play places at least one tile", "play_empty")
        return cls(tuple(placements))

    def notation(self) -> str:
        return placements_notation(self.placements)

    def __repr__(self) -> str:
        return f"Play.from_notation({self.notation()!r})"


class Exchange(NamedTuple):
    """C8: put tiles back into the bag for as many new ones."""

    tiles: tuple[Tile, ...]

    def notation(self) -> str:
        return "swap " + tiles_notation(self.tiles)


class Roll(NamedTuple):
    """Q3: re-roll these dice of one's hand (each given by the face it shows)."""

    tiles: tuple[Tile, ...]

    def notation(self) -> str:
        return "roll " + tiles_notation(self.tiles)


class Pass(NamedTuple):
    """C3/C10: nothing can be played or exchanged."""

    def notation(self) -> str:
        return "pass"


Move = Play | Exchange | Roll | Pass


def parse_move(text: str) -> Move:
    words = text.split()
    if not words:
        raise NotationError("move", text, "empty move", "move_empty")
    head, rest = words[0], " ".join(words[1:])
    if head == "pass":
        if rest:
            raise NotationError("move", text, "'pass' takes nothing after it", "pass_extra")
        return Pass()
    if head in ("swap", "roll"):
        tiles = tuple(parse_tiles(rest))
        if not tiles:
            raise NotationError(
                "move", text, f"'{head}' needs at least one tile, e.g. '{head} Rd Gc'", "move_no_tiles", {"head": head}
            )
        return Exchange(tiles) if head == "swap" else Roll(tiles)
    return Play.from_notation(text)
