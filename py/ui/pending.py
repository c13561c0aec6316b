"""The tiles a player has put down this turn but not played yet, and the tile selected in the hand.

Shared by the game's turn (``app.play.turn.TurnState``) and the "play the best move" exercise of
embedded boards (``embed.model.BoardState``). No rules here: whether a tile may go on a cell is
the engine's answer (``Game.refusal``, ``score_play``); this only remembers. Tiles are named by
their index in the hand, because a hand may hold two identical tiles::

    >>> from qwirkle import Tile
    >>> hand = (Tile.from_notation("Rd"), Tile.from_notation("Rs"))
    >>> play = PendingPlay()
    >>> play.select(1); play.put(hand, (1, 0))
    True
    >>> [p.notation() for p in play.placements()], play.left(hand)
    (['Rs@1,0'], [(0, Tile.from_notation('Rd'))])
"""

from __future__ import annotations

from collections.abc import Sequence

from qwirkle.notation import Cell, Placement
from qwirkle.tiles import Tile


class PendingPlay:
    """The selected hand index and the placed (index, placement) pairs, in the order put down. (A plain class,
    not a dataclass: see ui.values.)"""

    def __init__(self) -> None:
        self.selected: int | None = None
        self.pending: list[tuple[int, Placement]] = []

    def placements(self) -> list[Placement]:
        return [placement for _, placement in self.pending]

    def cells(self) -> dict[Cell, Placement]:
        return {placement.cell: placement for _, placement in self.pending}

    def indexes(self) -> set[int]:
        return {index for index, _ in self.pending}

    def left(self, hand: Sequence[Tile]) -> list[tuple[int, Tile]]:
        """(index, tile) of the hand tiles not put down."""
        used = self.indexes()
        return [(i, tile) for i, tile in enumerate(hand) if i not in used]

    def select(self, index: int | None) -> None:
        """Select a hand tile (the selected one again: unselect); a tile put down is not selectable."""
        if index is not None and index in self.indexes():
            return
        self.selected = None if index == self.selected else index

    def put(self, hand: Sequence[Tile], cell: Cell) -> bool:
        """Put the selected tile on ``cell`` (the caller has asked the engine); False if none is."""
        index = self.selected
        if index is None or not 0 <= index < len(hand) or cell in self.cells():
            return False
        self.pending.append((index, Placement(hand[index], cell)))
        self.selected = None
        return True

    def take_back(self, cell: Cell) -> int | None:
        """Return the tile on ``cell`` to the hand; its index, or None when no tile was put there."""
        for position, (index, placement) in enumerate(self.pending):
            if placement.cell == cell:
                del self.pending[position]
                return index
        return None

    def recall(self) -> None:
        self.pending.clear()
        self.selected = None
