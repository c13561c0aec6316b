"""The analysis board: set up any position, and ask the engine for every legal play of a rack, best first.

For people at a physical table and for study: a board is built tile by tile (``place``, ``remove``) and must stay a
position the rules allow (``qwirkle.position.check_position``), or the change is refused with the rule it breaks
(``IllegalMoveError``: C1 the set's copies, C5 every row and column a line of one color or one shape with no duplicate
and at most six tiles, C5 one connected group of tiles, F5 a Flex diagonal of at most six). ``rank`` lists every
distinct play of a rack with its points and the lines that score them; ``score_lines`` checks a play entered by hand
("did we score that right").

An analysed position has no bag and no turn order, so no end bonus (C9) is counted: the points are those of the lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..board import Board
from ..errors import IllegalMoveError
from ..game import HAND_SIZE
from ..limits import check_count
from ..movegen import legal_plays
from ..notation import Cell, Placement, parse_placements
from ..position import check_accepted, check_position
from ..rules import score_play
from ..scoring import ScoredLine
from ..tiles import Tile, parse_tiles
from ..variants import Variant, find_variant


@dataclass(frozen=True)
class RankedPlay:
    """One legal play of the rack, with its points and the lines that score them."""

    play: str
    points: int
    lines: tuple[ScoredLine, ...]

    def to_json(self) -> dict[str, Any]:
        return {"play": self.play, "points": self.points, "lines": [line.to_json() for line in self.lines]}


def parse_board(variant_name: str, text: str) -> tuple[Variant, Board]:
    """A set-up board from notation (``Ro@0,0 Rs@1,0``, or joined with ``+`` as in a link), checked."""
    variant = find_variant(variant_name)
    text = text.replace("+", " ")
    check_count(text, "board", variant.default_tiles)
    placements = parse_placements(text)
    cells = [p.cell for p in placements]
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise IllegalMoveError("C5", f"two tiles on ({twice[0]}, {twice[1]})", [twice], "same_cell")
    board = Board.from_placements(placements)
    check_position(variant, board)
    return variant, board


def parse_hand(variant: Variant, text: str) -> list[Tile]:
    """A rack of at most six tiles (``Bo Bs`` or ``Bo+Bs``) of the variant's set."""
    text = text.replace("+", " ")
    check_count(text, "hand", HAND_SIZE)
    hand = parse_tiles(text)
    check_accepted(variant, hand, "hand")
    return hand


def place(variant: Variant, board: Board, tile: Tile, cell: Cell) -> Board:
    """The board with ``tile`` on ``cell``; refused (the board unchanged) when the result breaks a rule."""
    if cell in board:
        raise IllegalMoveError("C5", f"the cell ({cell[0]}, {cell[1]}) is already taken", [cell], "occupied")
    tiles = dict(board.tiles)
    tiles[cell] = tile
    result = Board(tiles)
    check_position(variant, result)
    return result


def remove(variant: Variant, board: Board, cell: Cell) -> Board:
    """The board without the tile on ``cell``; refused when that splits the tiles in two (C5)."""
    tiles = dict(board.tiles)
    tiles.pop(cell, None)
    result = Board(tiles)
    check_position(variant, result)
    return result


def rank(variant: Variant, board: Board, hand: Sequence[Tile]) -> list[RankedPlay]:
    """Every distinct legal play of ``hand``, best first (ties by notation), each with its scored lines."""
    plays = legal_plays(board, hand, variant)
    ranked = [
        RankedPlay(play.notation(), play.points, score_play(board, play.placements, variant).lines) for play in plays
    ]
    return sorted(ranked, key=lambda r: (-r.points, r.play))


def score_lines(variant: Variant, board: Board, play_text: str) -> RankedPlay:
    """A play entered by hand, scored line by line; ``IllegalMoveError`` names the rule it breaks."""
    text = play_text.replace("+", " ")
    check_count(text, "play", HAND_SIZE)
    placements: list[Placement] = parse_placements(text)
    if not placements:
        raise IllegalMoveError("C4", "a play places at least one tile", (), "empty")
    score = score_play(board, placements, variant)
    return RankedPlay(" ".join(p.notation() for p in placements), score.points, score.lines)
