"""What the commands share to read their input: the board of ``--board`` and a set's tiles, checked the same way
(``score``, ``moves``, ``endgame``), and ``InputError`` for malformed input (exit 2).

A module of its own so that a command in its own module (``endgame``) reuses the checks without importing the
package that registers it.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..limits import check_board, check_count
from ..variants import Variant


class InputError(ValueError):
    """Malformed command-line input (exit 2)."""


def board(variant: Variant, text: str) -> Board:
    """The board of ``--board``: no more tiles than the set, none beyond what a game can reach (``limits``),
    checked before any move is generated."""
    check_count(text, "board", variant.default_tiles)
    parsed = Board.from_notation(text)
    check_set(variant, parsed.tiles.values(), "board")
    check_board(variant, parsed)
    return parsed


def check_set(variant: Variant, tiles: Any, field: str) -> None:
    for tile in tiles:
        if not variant.accepts(tile):
            need = "needs a background (k, w or m)" if variant.backgrounds else "takes no background"
            raise InputError(f"{field}: {tile.notation()} is not a {variant.title} tile: the variant {need}")
