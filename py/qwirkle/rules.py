"""Legality and scoring of one play on a board (C4-C6, F2-F5), with the rule id of every refusal."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .board import HORIZONTAL, VERTICAL, Board
from .errors import IllegalMoveError, LineProblem
from .notation import Cell, Placement
from .scoring import QWIRKLE, QWIRKLE_BONUS, Score, ScoredLine
from .tiles import Tile
from .variants import Variant

__all__ = [
    "QWIRKLE",
    "QWIRKLE_BONUS",
    "Score",
    "ScoredLine",
    "check_choice",
    "check_placement_shape",
    "line_problem",
    "score_play",
]


def _where(cell: Cell) -> str:
    return f"({cell[0]}, {cell[1]})"


def _describe_tiles(tiles: Sequence[Tile]) -> str:
    return ", ".join(t.describe() for t in tiles)


def check_choice(tiles: Sequence[Tile], cells: Sequence[Cell] = ()) -> None:
    """C4: several tiles share a color or a shape, with no duplicate (background ignored, F2)."""
    if not tiles:
        raise IllegalMoveError("C4", "a play places at least one tile", reason="empty")
    kinds = [t.kind for t in tiles]
    if len(set(kinds)) != len(kinds):
        twin = next(t for t in tiles if kinds.count(t.kind) > 1)
        raise IllegalMoveError(
            "C4", f"two {twin.describe()}s cannot be played together", cells, "duplicate", {"tile": twin.notation()}
        )
    if len({t.color for t in tiles}) > 1 and len({t.shape for t in tiles}) > 1:
        raise IllegalMoveError(
            "C4", "the tiles played must all share a color or all share a shape", cells, "no_common_attribute"
        )


def line_problem(tiles: Sequence[Tile]) -> tuple[LineProblem, dict[str, Any]] | None:
    """Why a row or column of tiles is invalid (C5), or None when it is valid (the refusal adds the line's kind
    to these details, ``details["line"]``: ``"row"`` or ``"column"``)."""
    if len(tiles) > QWIRKLE:
        return "too_long", {"length": len(tiles)}
    seen: set[int] = set()
    for tile in tiles:
        if tile.kind in seen:
            return "duplicate", {"tile": tile.notation()}
        seen.add(tile.kind)
    if len({t.color for t in tiles}) > 1 and len({t.shape for t in tiles}) > 1:
        return "mixed", {}
    return None


def _line_message(kind: str, start: Cell, reason: str, details: dict[str, Any], tiles: Sequence[Tile]) -> str:
    where = f"the {kind} at {_where(start)}"
    if reason == "too_long":
        return f"{where} would hold {details['length']} tiles; a line holds at most 6"
    if reason == "duplicate":
        twin = next(t for t in tiles if t.notation() == details["tile"])
        return f"{where} would hold two {twin.describe()}s"
    return f"{where} would mix colors and shapes ({_describe_tiles(tiles)})"


def check_placement_shape(board: Board, placements: Sequence[Placement]) -> tuple[int, int]:
    """C5: one row or column, empty cells, no gap, touching the board (unless it is empty).

    Returns the step of the line of play ((1, 0) or (0, 1); (1, 0) for a single tile).
    """
    cells = [p.cell for p in placements]
    for cell in cells:
        if cell in board:
            raise IllegalMoveError("C5", f"the cell {_where(cell)} is already taken", [cell], "occupied")
    if len(set(cells)) != len(cells):
        twice = next(c for c in cells if cells.count(c) > 1)
        raise IllegalMoveError("C5", f"two tiles are placed on {_where(twice)}", [twice], "same_cell")
    xs = {x for x, _ in cells}
    ys = {y for _, y in cells}
    if len(ys) == 1:
        step = HORIZONTAL
    elif len(xs) == 1:
        step = VERTICAL
    else:
        raise IllegalMoveError("C5", "the tiles must all go in one row or one column", cells, "not_aligned")
    if len(cells) > 1:
        lo, hi = min(cells), max(cells)
        placed = set(cells)
        gaps = [
            c
            for c in ((lo[0] + i * step[0], lo[1] + i * step[1]) for i in range(max(hi[0] - lo[0], hi[1] - lo[1]) + 1))
            if c not in placed and c not in board
        ]
        if gaps:
            raise IllegalMoveError("C5", f"the line of play has a gap at {_where(gaps[0])}", gaps, "gap")
    if len(board) and not any(
        (x + dx, y + dy) in board for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
    ):
        raise IllegalMoveError("C5", "at least one tile must touch a tile already on the board", cells, "no_contact")
    return step


def score_play(board: Board, placements: Sequence[Placement], variant: Variant) -> Score:
    """Check a play on a board and score it; raise ``IllegalMoveError`` with its rule otherwise.

    The board is not changed. An empty board is the opening position: no contact needed.
    """
    tiles = [p.tile for p in placements]
    cells = [p.cell for p in placements]
    for tile in tiles:
        if not variant.accepts(tile):
            raise IllegalMoveError(
                variant.rule(1),
                f"{tile.notation()} is not a tile of {variant.title}",
                cells,
                "wrong_set",
                {"tile": tile.notation()},
            )
    check_choice(tiles, cells)
    step = check_placement_shape(board, placements)
    placed = {p.cell: p.tile for p in placements}
    lines: list[ScoredLine] = []
    seen: set[tuple[Cell, ...]] = set()
    for cell in cells:
        for direction in (step, VERTICAL if step == HORIZONTAL else HORIZONTAL):
            run = tuple(board.run(cell, direction, placed))
            if len(run) < 2 or run in seen:
                continue
            seen.add(run)
            kind = "row" if direction == HORIZONTAL else "column"
            run_tiles = [board.get(c) or placed[c] for c in run]
            problem = line_problem(run_tiles)
            if problem:
                reason, details = problem
                raise IllegalMoveError(
                    "C5",
                    _line_message(kind, run[0], reason, details, run_tiles),
                    run,
                    reason,
                    {**details, "line": kind},
                )
            lines.append(ScoredLine.of(kind, run))
    lines.extend(variant.extra_lines(board, placed))
    if not lines:  # a lone tile on the opening turn (C6)
        lines.append(ScoredLine("row", (cells[0],), 1, False))
    return Score(tuple(lines))
