"""Board geometry for the computer players: runs along a line, what an empty cell accepts.

Kinds are color x shape numbers 0-35 held as bits of an int (``tiles``: ``Tile.kind``, ``kinds_by_cell``); these
helpers read plain dicts so that evaluation and look-ahead can copy and extend a position cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..movegen import cell_crossing
from ..notation import Cell, Placement
from ..tiles import ALL_KINDS, COLOR_MASKS, SHAPE_MASKS, Tile

STEPS = ((1, 0), (0, 1))
DIAGONAL_STEPS = ((1, 1), (1, -1))


def popcount(mask: int) -> int:
    return bin(mask).count("1")


def missing(run: int) -> int:
    """The kinds a valid line ``run`` still lacks to be a Qwirkle (its color or shape group minus itself)."""
    color, shape = divmod(run.bit_length() - 1, 6)
    if not run & ~COLOR_MASKS[color]:
        return COLOR_MASKS[color] & ~run
    return SHAPE_MASKS[shape] & ~run


def line(kinds: dict[Cell, int], x: int, y: int, dx: int, dy: int) -> tuple[int, int, int]:
    """The line through the occupied cell (x, y) along (dx, dy): (kinds mask, tiles before, tiles after)."""
    mask = 1 << kinds[(x, y)]
    before = 0
    cx, cy = x - dx, y - dy
    kind = kinds.get((cx, cy))
    while kind is not None:
        mask |= 1 << kind
        before += 1
        cx -= dx
        cy -= dy
        kind = kinds.get((cx, cy))
    after = 0
    cx, cy = x + dx, y + dy
    kind = kinds.get((cx, cy))
    while kind is not None:
        mask |= 1 << kind
        after += 1
        cx += dx
        cy += dy
        kind = kinds.get((cx, cy))
    return mask, before, after


def accepts(kinds: dict[Cell, int], x: int, y: int, dx: int, dy: int) -> int:
    """Kinds a tile on the empty cell (x, y) may have as far as its line along (dx, dy) is concerned."""
    crossing = cell_crossing(kinds, x, y, dx, dy)
    return ALL_KINDS if crossing is None else crossing[0]


def cell_accepts(kinds: dict[Cell, int], x: int, y: int) -> int:
    """Kinds that fit the empty cell (x, y) in both its row and its column."""
    return accepts(kinds, x, y, 1, 0) & accepts(kinds, x, y, 0, 1)


def touches(kinds: dict[Cell, int], x: int, y: int) -> bool:
    return (x + 1, y) in kinds or (x - 1, y) in kinds or (x, y + 1) in kinds or (x, y - 1) in kinds


def diagonal_run(backs: dict[Cell, int], x: int, y: int, dx: int, dy: int, background: int) -> tuple[int, int]:
    """Same-background tiles before and after the cell (x, y) along the diagonal (dx, dy)."""
    before = 0
    cx, cy = x - dx, y - dy
    while backs.get((cx, cy)) == background:
        before += 1
        cx -= dx
        cy -= dy
    after = 0
    cx, cy = x + dx, y + dy
    while backs.get((cx, cy)) == background:
        after += 1
        cx += dx
        cy += dy
    return before, after


def place(tiles: dict[Cell, Tile], placements: Iterable[Placement]) -> dict[Cell, Tile]:
    """A copy of ``tiles`` with the placements added."""
    board = dict(tiles)
    for placement in placements:
        board[placement.cell] = placement.tile
    return board
