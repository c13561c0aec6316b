"""The board region: draws the board model (``board_model.build``) and keeps the game in view.

It follows the game (the last move, a hint, the legal cells of the selected tile) unless the
player moved the view; the fit button shows the whole board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from qwirkle.notation import Cell
from ui.cells import cell_text

from . import board_model
from .board_view import BoardView
from .display import Display

if TYPE_CHECKING:
    from .session import Session


class BoardRegion:
    def __init__(self, session: "Session", display: Display, announce: Callable[[str], None]) -> None:
        self.session = session
        self.display = display
        self.announce = announce
        self.view = BoardView(self._cursor_moved)

    def render(self) -> None:
        c = self.session.controller
        model = board_model.build(c, self.display.tr, self.session.fresh)
        self.view.render(model, self.display.palette, c.current.variant.dice, self.view.cursor)

    def reset(self) -> None:
        """A new game: follow it from its first move, cursor at the centre."""
        self.view.view.user_moved = False
        self.view.cursor = (0, 0)

    def fit(self, force: bool = False) -> None:
        """Show the tiles and the cells around them (``force``: the whole board, whatever the player did)."""
        if not self.session.has_game():
            return
        c = self.session.controller
        cells = set(c.current.board.tiles) | set(c.turn.cells())
        cells = cells | board_model.neighbours(cells) if cells else {(-2, -2), (3, 3)}
        self.view.fit(cells, force, focus=board_model.last_move_cells(c))

    def show_legal(self) -> None:
        """Pan so that at least one allowed cell of the selected tile is in view."""
        cells = self.session.controller.legal_cells()
        view = self.view.view
        self.view.measure()
        if not cells or any(view.is_visible(cell) for cell in cells):
            return
        centre = view.cell_at(view.width / 2, view.height / 2)
        nearest = min(cells, key=lambda c: (c[0] - centre[0]) ** 2 + (c[1] - centre[1]) ** 2)
        view.reveal(nearest)
        self.view.apply_view()

    def follow_hint(self) -> None:
        """Centre on a hinted play when it is out of view (or the player has not moved the view)."""
        c = self.session.controller
        cells = {p.cell for p in c.turn.placements()}
        if not cells:
            return
        view = self.view.view
        self.view.measure()
        if not view.user_moved or not all(view.is_visible(cell) for cell in cells):
            shown = set(c.current.board.tiles) | cells
            view.user_moved = False
            self.view.fit(shown | board_model.neighbours(shown), focus=cells)

    def _cursor_moved(self, cell: Cell) -> None:
        if not self.session.has_game():
            return
        model = board_model.build(self.session.controller, self.display.tr).get(cell)
        self.announce(model.label if model else self.display.tr.t("cell_empty", cell=cell_text(cell)))
