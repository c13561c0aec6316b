"""Tiles and their notation: color letter + shape letter (+ background letter in Flex), and their kinds.

A tile's *kind* is its color and shape as one number 0-35 (``Tile.kind``); a set of kinds is the bits of an int. The
helpers on kinds (``tile_of``, ``kinds_mask``, ``kinds_by_cell``, ``kind_bits``, the color and shape masks) live here
and nowhere else: the move generator and the computer players all read kinds through them.

>>> Tile.from_notation("Bsk")
Tile.from_notation('Bsk')
>>> Tile.from_notation("Rd").notation()
'Rd'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple, TypeVar

from .errors import NotationError

COLORS = "ROYGBP"
SHAPES = "osdcxt"
BACKGROUNDS = "kwm"  # index + 1 is the background number; 0 means "no background"
COLOR_NAMES = ("red", "orange", "yellow", "green", "blue", "purple")
SHAPE_NAMES = ("circle", "square", "diamond", "clover", "cross", "star")
BACKGROUND_NAMES = ("none", "black", "white", "two-tone")
NO_BACKGROUND, BLACK, WHITE, TWO_TONE = 0, 1, 2, 3
HAND_SIZE = 6  # C7: a player holds six tiles while the bag lasts

_TILE_RE = re.compile(r"^([ROYGBP])([osdcxt])([kwm]?)$")


class Tile(NamedTuple):
    """One tile (or a Cubes die showing a face): color 0-5, shape 0-5, background 0-3."""

    color: int
    shape: int
    background: int = NO_BACKGROUND

    @property
    def kind(self) -> int:
        """Color and shape as one number 0-35; tiles of the same kind are duplicates."""
        return self.color * 6 + self.shape

    @classmethod
    def from_notation(cls, text: str) -> Tile:
        match = _TILE_RE.match(text)
        if not match:
            raise NotationError(
                "tile",
                text,
                "expected a color of ROYGBP, a shape of osdcxt and, in Flex, a background of kwm (e.g. Rd, Bsk)",
                "tile_format",
            )
        color, shape, background = match.groups()
        return cls(
            COLORS.index(color), SHAPES.index(shape), BACKGROUNDS.index(background) + 1 if background else NO_BACKGROUND
        )

    def notation(self) -> str:
        code = COLORS[self.color] + SHAPES[self.shape]
        return code + BACKGROUNDS[self.background - 1] if self.background else code

    def describe(self) -> str:
        """Plain English name, e.g. 'yellow diamond' or 'black blue square'."""
        name = f"{COLOR_NAMES[self.color]} {SHAPE_NAMES[self.shape]}"
        return f"{BACKGROUND_NAMES[self.background]} {name}" if self.background else name

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Tile.from_notation({self.notation()!r})"


# -- kinds ----------------------------------------------------------------------------------------------------------
KINDS = 36  # color x shape
ALL_KINDS = (1 << KINDS) - 1
# The Tile of each background (0: none) and kind, made once: plays share them.
KIND_TILES = tuple(tuple(Tile(*divmod(kind, 6), background) for kind in range(KINDS)) for background in range(4))
COLOR_MASKS = tuple(sum(1 << Tile(color, shape).kind for shape in range(6)) for color in range(6))
SHAPE_MASKS = tuple(sum(1 << Tile(color, shape).kind for color in range(6)) for shape in range(6))
# The kinds each kind may share a line with (C5): those of its color and of its shape, itself left out.
PARTNERS = tuple((COLOR_MASKS[t.color] | SHAPE_MASKS[t.shape]) & ~(1 << t.kind) for t in KIND_TILES[NO_BACKGROUND])

_Key = TypeVar("_Key")


def tile_of(kind: int, background: int = NO_BACKGROUND) -> Tile:
    """The tile of this kind and background (one shared instance).

    >>> tile_of(Tile.from_notation("Bs").kind)
    Tile.from_notation('Bs')
    """
    return KIND_TILES[background][kind]


def kinds_mask(tiles: Iterable[Tile]) -> int:
    """The bits of the tiles' kinds (a kind held twice is one bit)."""
    mask = 0
    for tile in tiles:
        mask |= 1 << (tile.color * 6 + tile.shape)  # ``Tile.kind`` without a call: the look-ahead asks per hand
    return mask


def kinds_by_cell(tiles: Mapping[_Key, Tile]) -> dict[_Key, int]:
    """The kind of each tile of a board (``Board.tiles``), by cell."""
    return {cell: tile.color * 6 + tile.shape for cell, tile in tiles.items()}  # ``Tile.kind`` without a call


def kind_bits(mask: int) -> Iterator[int]:
    """The kinds whose bits are set in ``mask``, lowest first.

    >>> list(kind_bits(kinds_mask(parse_tiles("Rs Ro Bs"))))
    [0, 1, 25]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def parse_tiles(text: str) -> list[Tile]:
    """A space-separated list of tile codes (a hand)."""
    return [Tile.from_notation(code) for code in text.split()]


def tiles_notation(tiles: Iterable[Tile]) -> str:
    return " ".join(tile.notation() for tile in tiles)


def classic_set() -> list[Tile]:
    """C1: 6 colors x 6 shapes x 3 copies."""
    return [Tile(c, s) for c in range(6) for s in range(6) for _ in range(3)]


def flex_set(size: int) -> list[Tile]:
    """F1: each background holds each color x shape once; 72 = black + white, 108 adds two-tone."""
    if size not in (72, 108):
        raise ValueError("tiles: the Flex set has 72 or 108 tiles (F1)")
    backgrounds = (BLACK, WHITE) if size == 72 else (BLACK, WHITE, TWO_TONE)
    return [Tile(c, s, b) for b in backgrounds for c in range(6) for s in range(6)]


def _group_sizes(hand: Iterable[Tile]) -> tuple[int, int]:
    """The most distinct kinds of the hand sharing one color, and sharing one shape."""
    distinct = {tile_of(tile.kind) for tile in hand}
    if not distinct:
        return 0, 0
    return max(Counter(t.color for t in distinct).values()), max(Counter(t.shape for t in distinct).values())


def largest_combination(hand: Iterable[Tile]) -> int:
    """C2: the most tiles of the hand sharing a color or a shape, duplicates counted once."""
    return max(_group_sizes(hand))


def combination_attribute(hand: Iterable[Tile]) -> str:
    """C2: what the hand's largest combination shares, ``"color"`` (on a draw too) or ``"shape"``.

    >>> combination_attribute(parse_tiles("Ro Rs Bo Go")), combination_attribute(parse_tiles("Ro Bo Rs"))
    ('shape', 'color')
    """
    by_color, by_shape = _group_sizes(hand)
    return "color" if by_color >= by_shape else "shape"
