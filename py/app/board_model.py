"""What the board shows, cell by cell, as plain data (no DOM): the renderer diffs it by cell.

A cell is listed when it holds a tile, holds a pending tile, or could receive one: the empty
neighbours of the tiles, the engine's legal cells for the selected tile, and the keyboard
cursor. Legality always comes from the controller (the engine), never from here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qwirkle.notation import Cell
from qwirkle.tiles import Tile
from ui.cells import cell_text
from ui.words import Translator

if TYPE_CHECKING:
    from .controller import Controller

TILE, PENDING, EMPTY = "tile", "pending", "empty"


@dataclass(frozen=True)
class CellModel:
    kind: str                 # TILE, PENDING or EMPTY
    tile: Tile | None = None
    legal: bool = False
    last: bool = False        # part of the last move
    new: bool = False         # placed by the move just made (animated)
    label: str = ""
    ghost: Tile | None = None  # a tile drawn faintly over the cell (a game review's best play)

    @property
    def code(self) -> str | None:
        return self.tile.notation() if self.tile is not None else None


def neighbours(cells: set[Cell] | dict[Cell, Any]) -> set[Cell]:
    around: set[Cell] = set()
    for x, y in cells:
        around.update(((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)))
    return around - set(cells)


def last_move_cells(controller: "Controller") -> set[Cell]:
    last = controller.last
    if last is None or last.kind != "play":
        return set()
    from qwirkle.notation import parse_placements
    return {p.cell for p in parse_placements(last.move)}


def build(controller: "Controller", tr: Translator, animate: set[Cell] | None = None) -> dict[Cell, CellModel]:
    """The cells to draw for the controller's game, labelled in the translator's language."""
    game = controller.game
    if game is None:
        return {}
    die = game.variant.dice
    pending = controller.turn.cells() if controller.interactive else {}
    legal = controller.legal_cells()
    last = last_move_cells(controller)
    model: dict[Cell, CellModel] = {}
    for cell, tile in game.board.tiles.items():
        key = "cell_last" if cell in last else "cell_tile"
        model[cell] = CellModel(TILE, tile, last=cell in last, new=bool(animate and cell in animate),
                                label=tr.t(key, tile=tr.tile(tile, die=die), cell=cell_text(cell)))
    for cell, placement in pending.items():
        model[cell] = CellModel(PENDING, placement.tile,
                                label=tr.t("cell_pending", tile=tr.tile(placement.tile, die=die), cell=cell_text(cell)))
    occupied = set(game.board.tiles) | set(pending)
    empties = neighbours(occupied) if occupied else {(0, 0)}
    empties |= set(legal)
    for cell in empties - occupied:
        ok = cell in legal
        model[cell] = CellModel(EMPTY, legal=ok,
                                label=tr.t("cell_legal" if ok else "cell_empty", cell=cell_text(cell)))
    return model
