"""The headless state of one human turn: selection, pending placements, marks, cursor.

No DOM here and no rules either: legality and scores come from the engine
(``game.legal_cells``, ``game.check``). Tiles are named by their index in the rack, because a
rack may hold two identical tiles.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from qwirkle import IllegalMoveError, Placement
from qwirkle.rules import ScoredLine

from .notes import EXCHANGE, PLACE, ROLL  # noqa: F401 - re-exported

Cell = tuple[int, int]


@dataclass(frozen=True)
class Preview:
    """The live score of the pending tiles, or why they cannot be played yet."""

    points: int | None = None
    lines: tuple[ScoredLine, ...] = ()
    error: dict[str, Any] | None = None     # IllegalMoveError.to_json()
    opening_size: int | None = None


@dataclass
class TurnState:
    """What the player to move has done so far this turn, before committing a move."""

    selected: int | None = None
    pending: list[tuple[int, Placement]] = field(default_factory=list)
    mode: str = PLACE
    marked: set[int] = field(default_factory=set)
    cursor: Cell = (0, 0)
    _legal: dict[tuple[Any, ...], frozenset[Cell]] = field(default_factory=dict)

    # -- derived --------------------------------------------------------------------------------
    def pending_placements(self) -> list[Placement]:
        return [placement for _, placement in self.pending]

    def pending_cells(self) -> dict[Cell, Placement]:
        return {placement.cell: placement for _, placement in self.pending}

    def pending_indexes(self) -> set[int]:
        return {index for index, _ in self.pending}

    def rack(self, hand: tuple[Any, ...]) -> list[tuple[int, Any]]:
        """(index, tile) of the rack tiles not on the board."""
        used = self.pending_indexes()
        return [(i, tile) for i, tile in enumerate(hand) if i not in used]

    def legal_cells(self, game: Any, hand: tuple[Any, ...]) -> frozenset[Cell]:
        """The engine's legal cells for the selected tile given the pending ones (cached)."""
        if self.selected is None or self.mode != PLACE or self.selected >= len(hand):
            return frozenset()
        key = (len(game.history), hand[self.selected], tuple(self.pending_placements()))
        if key not in self._legal:
            self._legal[key] = frozenset(game.legal_cells(hand[self.selected], self.pending_placements()))
        return self._legal[key]

    def preview(self, game: Any) -> Preview:
        size = game.opening_size()
        placements = self.pending_placements()
        if not placements:
            return Preview(opening_size=size)
        try:
            score = game.check(placements)
        except IllegalMoveError as error:
            return Preview(error=error.to_json(), opening_size=size)
        return Preview(score.points, score.lines, None, size)

    # -- changes --------------------------------------------------------------------------------
    def reset(self, keep_cursor: bool = True) -> None:
        cursor = self.cursor
        self.selected = None
        self.pending.clear()
        self.mode = PLACE
        self.marked.clear()
        self._legal.clear()
        self.cursor = cursor if keep_cursor else (0, 0)

    def select(self, index: int | None) -> None:
        """Select a rack tile (again: unselect). In exchange/roll mode, mark it instead."""
        if self.mode != PLACE:
            if index is not None:
                self.marked.symmetric_difference_update({index})
            return
        if index in self.pending_indexes():
            return
        self.selected = None if index == self.selected else index

    def refusal(self, game: Any, hand: tuple[Any, ...], cell: Cell) -> dict[str, Any] | None:
        """Why the selected tile may not go on ``cell`` (an IllegalMoveError as JSON), or None."""
        if self.selected is None:
            return None
        if cell in self.legal_cells(game, hand):
            return None
        tile = hand[self.selected]
        try:
            game.check(self.pending_placements() + [Placement(tile, cell)])
        except IllegalMoveError as error:
            if error.reason != "opening_size":
                return error.to_json()
        rule = "C2" if game.is_opening else "C5"
        return IllegalMoveError(rule, f"{tile.describe()} cannot go on {cell[0]},{cell[1]}", [cell],
                                "not_legal", {"tile": tile.notation()}).to_json()

    def place(self, game: Any, hand: tuple[Any, ...], cell: Cell) -> dict[str, Any] | None:
        """Put the selected tile on ``cell`` if the engine allows it; else return the refusal."""
        why = self.refusal(game, hand, cell)
        if why is not None or self.selected is None:
            return why
        self.pending.append((self.selected, Placement(hand[self.selected], cell)))
        self.selected = None
        self.cursor = cell
        return None

    def take_back(self, cell: Cell) -> int | None:
        """Return the pending tile on ``cell`` to the rack; its rack index, or None."""
        for position, (index, placement) in enumerate(self.pending):
            if placement.cell == cell:
                del self.pending[position]
                return index
        return None

    def recall(self) -> None:
        self.pending.clear()
        self.selected = None

    def set_mode(self, mode: str) -> None:
        self.recall()
        self.mode = mode
        self.marked.clear()
