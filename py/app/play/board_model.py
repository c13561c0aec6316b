"""What the board shows, cell by cell, as plain data (no DOM): the renderer diffs it by cell.

A cell is listed when it holds a tile, holds a pending tile, or could receive one: the empty
neighbours of the tiles, the engine's legal cells for the selected tile, and the keyboard
cursor. Legality and scores always come from the controller (the engine), never from here:
the cells of every line the pending play scores are marked ``scoring``, and ``badges`` says
where each line's points go beside it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qwirkle.notation import Cell
from qwirkle.tiles import Tile
from ui.cells import cell_text
from ui.values import Value
from ui.words import Translator

if TYPE_CHECKING:
    from .controller import Controller

TILE, PENDING, EMPTY = "tile", "pending", "empty"


class CellModel(Value):
    """What a cell shows. ``kind``: TILE, PENDING or EMPTY; ``last``: part of the last move; ``new``:
    placed by the move just made (animated); ``ghost``: a tile drawn faintly over the cell (a game
    review's best play); ``scoring``: in a line the pending play scores."""

    __slots__ = ("kind", "tile", "legal", "last", "new", "label", "ghost", "scoring")

    def __init__(
        self,
        kind: str,
        tile: Tile | None = None,
        legal: bool = False,
        last: bool = False,
        new: bool = False,
        label: str = "",
        ghost: Tile | None = None,
        scoring: bool = False,
    ) -> None:
        self.kind, self.tile, self.legal, self.last, self.new = kind, tile, legal, last, new
        self.label, self.ghost, self.scoring = label, ghost, scoring

    @property
    def code(self) -> str | None:
        return self.tile.notation() if self.tile is not None else None


class Badge(Value):
    """A scored line's points beside its end: ``x``, ``y`` in cells (0.5 is a cell's middle)."""

    __slots__ = ("key", "x", "y", "points", "qwirkle", "kind")

    def __init__(self, key: str, x: float, y: float, points: int, qwirkle: bool, kind: str) -> None:
        self.key, self.x, self.y, self.points, self.qwirkle, self.kind = key, x, y, points, qwirkle, kind


def neighbours(cells: set[Cell] | dict[Cell, Any]) -> set[Cell]:
    around: set[Cell] = set()
    for x, y in cells:
        around.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    return around - set(cells)


def last_move_cells(controller: Controller) -> set[Cell]:
    last = controller.last
    if last is None or last.kind != "play":
        return set()
    from qwirkle.notation import parse_placements

    return {p.cell for p in parse_placements(last.move)}


def pending_lines(controller: Controller) -> tuple[Any, ...]:
    """The lines the pending play scores (the engine's ``check``), none while it is not legal."""
    if not controller.interactive or not controller.turn.pending or controller.game is None:
        return ()
    return tuple(controller.preview().lines)


def scored_lines(controller: Controller) -> tuple[Any, ...]:
    """The lines to mark on the board: the pending play's, or once a puzzle is played, the lines its last play
    scored (the player's answer or the solution, each line with its points)."""
    last = controller.last
    if controller.puzzle and not controller.human_to_move and last is not None and last.kind == "play":
        return tuple(last.lines)
    return pending_lines(controller)


def badges(lines: tuple[Any, ...] | list[Any]) -> list[Badge]:
    """Where each scored line's points are written: just past its last cell, in its direction."""
    found = []
    for line in lines:
        cells = sorted(line.cells)
        (x0, y0), (x1, y1) = cells[0], cells[-1]
        if line.kind == "column":
            x, y = x1 + 0.5, y1 + 1.0
        elif line.kind == "diagonal":
            x, y = x1 + 1.0, (y1 + 1.0) if y1 > y0 else float(y1)
        else:  # a row, or a single tile
            x, y = x1 + 1.0, y1 + 0.5
        found.append(Badge(f"{line.kind}:{x0},{y0}:{x1},{y1}", x, y, line.points, line.qwirkle, line.kind))
    return found


def build(controller: Controller, tr: Translator, animate: set[Cell] | None = None) -> dict[Cell, CellModel]:
    """The cells to draw for the controller's game, labelled in the translator's language."""
    game = controller.game
    if game is None:
        return {}
    die = game.variant.dice
    pending = controller.turn.cells() if controller.interactive else {}
    legal = controller.legal_cells()
    last = last_move_cells(controller)
    scoring = {cell for line in scored_lines(controller) for cell in line.cells}
    model: dict[Cell, CellModel] = {}
    for cell, tile in game.board.tiles.items():
        key = "cell_last" if cell in last else "cell_tile"
        model[cell] = CellModel(
            TILE,
            tile,
            last=cell in last,
            new=bool(animate and cell in animate),
            label=tr.t(key, tile=tr.tile(tile, die=die), cell=cell_text(cell)),
            scoring=cell in scoring,
        )
    for cell, placement in pending.items():
        model[cell] = CellModel(
            PENDING,
            placement.tile,
            scoring=cell in scoring,
            label=tr.t("cell_pending", tile=tr.tile(placement.tile, die=die), cell=cell_text(cell)),
        )
    occupied = set(game.board.tiles) | set(pending)
    empties = neighbours(occupied) if occupied else {(0, 0)}
    empties |= set(legal)
    for cell in empties - occupied:
        ok = cell in legal
        model[cell] = CellModel(EMPTY, legal=ok, label=tr.t("cell_legal" if ok else "cell_empty", cell=cell_text(cell)))
    return model
