"""The board region: draws the board model (``board_model.build``) and keeps the game in view.

It follows the game: after every move the last move comes into view (unless the player is
touching the board), a hint's tiles and every legal cell of the selected tile too. On a touch
screen a game in play is never fitted below a tappable cell: the last move is centred instead (the
selected tile's cells are shown whatever the size). A finished game and a puzzle are shown whole,
every tile. The "last move" control returns there; the fit control shows as much of the board as it
can.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from qwirkle.notation import Cell
from ui.cells import cell_text

from ..play import board_model
from ..web.display import Display
from .board_view import BoardView
from .viewport import FIT_MAX_ZOOM, fit_span

if TYPE_CHECKING:
    from qwirkle import TurnResult

    from ..play.session import Session


class BoardRegion:
    def __init__(self, session: Session, display: Display, announce: Callable[[str], None]) -> None:
        self.session = session
        self.display = display
        self.announce = announce
        self.view = BoardView(self._cursor_moved)

    def render(self) -> None:
        c = self.session.controller
        model = board_model.build(c, self.display.tr, self.session.fresh)
        self.view.render(model, self.display.palette, c.current.variant.dice, self.view.cursor)
        self.view.render_badges(board_model.badges(board_model.scored_lines(c)))

    def forget(self) -> None:
        """Nothing to forget: the board view redraws a tile when the palette or its words change (``BoardView``)."""

    def reset(self) -> None:
        """A new game: follow it from its first move, cursor at the centre, no flash left over."""
        self.view.view.user_moved = False
        self.view.cursor = (0, 0)
        self.view.flash(set())

    def _shown(self, resumed: bool = False) -> set[Cell]:
        """The tiles, the pending ones, the cells around them (in play: where the next tiles go) and the cells the
        selected tile may take (one two or more cells away, the first of a longer play, lay outside the fitted
        board; the empty board: its centre). ``resumed``: as a resume shows it, nothing pending nor selected."""
        c = self.session.controller
        cells = set(c.current.board.tiles) | (set() if resumed else set(c.turn.cells()))
        if not cells:
            return {(-2, -2), (2, 2)}  # centred on (0, 0)
        around = set() if self._whole() else board_model.neighbours(cells)
        return cells | around | (set() if resumed else set(c.legal_cells()))

    def _whole(self) -> bool:
        """The board is there to be seen whole: a finished game, a puzzle."""
        c = self.session.controller
        return c.current.is_over or c.puzzle

    def fit(self, force: bool = False) -> None:
        """Show ``_shown()``: the tiles, the cells around them and the selected tile's cells (``force``: whatever the
        player did)."""
        if not self.session.has_game():
            return
        c = self.session.controller
        last = board_model.last_move_cells(c)
        self.view.fit(self._shown(), force, focus=last, must=set(c.legal_cells()), whole=self._whole())

    def resumed_fit(self) -> tuple[Any, ...]:
        """What a resume of this game fits in the board (``Page.entered``: nothing pending, nothing selected), for the
        glance drawn before Python on the next visit (``regions.glance``): the span and focus of ``fit_span``, the
        least and the most zoom."""
        focus = board_model.last_move_cells(self.session.controller)
        span = fit_span(self._shown(resumed=True), focus=focus)
        return (*span, self.view.min_zoom(self._whole()), FIT_MAX_ZOOM)

    def follow(self, result: TurnResult) -> None:
        """A move was made: its scored lines flash, and it comes into view."""
        c = self.session.controller
        if result.kind == "play":
            self.view.flash({cell for line in result.lines for cell in line.cells})
        self.view.follow(self._shown(), board_model.last_move_cells(c), whole=self._whole())

    def show_last(self) -> None:
        """The "last move" control: centre the last move (the board's centre before the first)."""
        if not self.session.has_game():
            return
        last = board_model.last_move_cells(self.session.controller)
        self.view.centre(last or set(self.session.controller.current.board.tiles) or {(0, 0)})

    def show_legal(self) -> None:
        """Bring every cell the selected tile may take into view (docs/playing.md): the board is fitted with them,
        smaller than a tappable cell if that is what they need."""
        cells = self.session.controller.legal_cells()
        view = self.view.view
        self.view.measure()
        if cells and not all(view.is_visible(cell) for cell in cells):
            self.fit(force=True)

    def follow_hint(self) -> None:
        """Show a hinted play and the lines it scores when they are out of view (or the player has
        not moved the view)."""
        c = self.session.controller
        cells = {p.cell for p in c.turn.placements()}
        cells |= {cell for line in board_model.pending_lines(c) for cell in line.cells}
        if not cells:
            return
        view = self.view.view
        self.view.measure()
        if not view.user_moved or not all(view.is_visible(cell) for cell in cells):
            shown = set(c.current.board.tiles) | cells
            view.user_moved = False
            self.view.fit(shown | board_model.neighbours(shown), focus=cells)

    def announce_cell(self, cell: Cell) -> None:
        """Say what is on ``cell`` now (after a keyboard placement or take-back)."""
        self._cursor_moved(cell)

    def _cursor_moved(self, cell: Cell) -> None:
        if not self.session.has_game():
            return
        model = board_model.build(self.session.controller, self.display.tr).get(cell)
        self.announce(model.label if model else self.display.tr.t("cell_empty", cell=cell_text(cell)))
