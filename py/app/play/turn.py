"""The headless state of one human turn: the pending play, the mode, the marks, the cursor.

No DOM here and no rules either: legality, refusals and scores come from the engine
(``game.legal_cells``, ``game.refusal``, ``game.check``). Tiles are named by their index in the
rack, because a rack may hold two identical tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from qwirkle import Game, IllegalMoveError
from qwirkle.notation import Cell
from qwirkle.rules import ScoredLine
from qwirkle.tiles import Tile
from ui.pending import PendingPlay
from ui.values import Value

from ..shared.notes import PLACE, TurnMode


class Preview(Value):
    """The live score of the pending tiles, or why they cannot be played yet (``error``:
    IllegalMoveError.to_json())."""

    __slots__ = ("points", "lines", "error", "opening_size")

    def __init__(
        self,
        points: int | None = None,
        lines: tuple[ScoredLine, ...] = (),
        error: dict[str, Any] | None = None,
        opening_size: int | None = None,
    ) -> None:
        self.points, self.lines, self.error, self.opening_size = points, lines, error, opening_size


class TurnState(PendingPlay):
    """What the player to move has done so far this turn, before committing a move."""

    def __init__(self) -> None:
        super().__init__()
        self.mode: TurnMode = PLACE
        self.marked: set[int] = set()
        self.cursor: Cell = (0, 0)
        self._legal: dict[tuple[Any, ...], frozenset[Cell]] = {}

    # -- asked of the engine ------------------------------------------------------------------
    def legal_cells(self, game: Game, hand: Sequence[Tile]) -> frozenset[Cell]:
        """The engine's legal cells for the selected tile given the pending ones (cached)."""
        if self.selected is None or self.mode != PLACE or self.selected >= len(hand):
            return frozenset()
        key = (len(game.history), hand[self.selected], tuple(self.placements()))
        if key not in self._legal:
            self._legal[key] = frozenset(game.legal_cells(hand[self.selected], self.placements()))
        return self._legal[key]

    def preview(self, game: Game) -> Preview:
        size = game.opening_size()
        placements = self.placements()
        if not placements:
            return Preview(opening_size=size)
        try:
            score = game.check(placements)
        except IllegalMoveError as error:
            return Preview(error=error.to_json(), opening_size=size)
        return Preview(score.points, score.lines, None, size)

    def place(self, game: Game, hand: Sequence[Tile], cell: Cell) -> dict[str, Any] | None:
        """Put the selected tile on ``cell`` if the engine allows it; else return its refusal."""
        if self.selected is None:
            return None
        if cell not in self.legal_cells(game, hand):
            why = game.refusal(hand[self.selected], cell, self.placements())
            if why is not None:
                return why.to_json()
        self.put(hand, cell)
        self.cursor = cell
        return None

    # -- changes --------------------------------------------------------------------------------
    def reset(self) -> None:
        self.recall()
        self.mode = PLACE
        self.marked.clear()
        self._legal.clear()

    def select(self, index: int | None) -> None:
        """Select a rack tile (again: unselect). In exchange/roll mode, mark it instead."""
        if self.mode != PLACE:
            if index is not None:
                self.marked.symmetric_difference_update({index})
            return
        super().select(index)

    def set_mode(self, mode: TurnMode) -> None:
        self.recall()
        self.mode = mode
        self.marked.clear()
