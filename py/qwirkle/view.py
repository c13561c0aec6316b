"""What one player may see: the board, their own hand (every hand in Cubes), counts, the public record."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .board import Board
from .movegen import ScoredPlay, legal_plays
from .notation import MoveKind
from .tiles import Tile
from .variants import Variant


@dataclass(frozen=True)
class PublicTurn:
    """A turn as every player saw it: exchanged tiles are shown only to their owner."""

    seat: int
    kind: MoveKind
    move: str | None  # None for another player's exchange
    points: int
    count: int


@dataclass(frozen=True)
class PlayerView:
    """A snapshot of the game from one seat (``Game.view(seat)`` makes it). It holds no bag order and no hidden
    hand. ``can_roll``: the seat may re-roll dice now (Q3)."""

    seat: int
    variant: Variant
    board: Board
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    open_hands: tuple[tuple[Tile, ...], ...] | None  # Cubes only (Q1)
    bag_count: int
    scores: tuple[int, ...]
    to_move: int
    opening_size: int | None
    exchange_limit: int
    can_roll: bool
    full_set: tuple[Tile, ...]
    history: tuple[PublicTurn, ...]
    is_over: bool

    def legal_plays(self) -> list[ScoredPlay]:
        """This player's plays (meaningful when it is their turn)."""
        return legal_plays(self.board, self.hand, self.variant, self.opening_size)

    def unseen(self) -> Counter[Tile]:
        """Tiles this player has not seen: the full set minus the board and the visible hands.

        Each is given as the variant knows an unseen piece (``Variant.identity``: in Cubes a die by its color only,
        its face is rolled when drawn)."""
        identity = self.variant.identity
        left = Counter(identity(t) for t in self.full_set)
        seen = list(self.board.tiles.values()) + list(self.hand)
        if self.open_hands is not None:
            seen = list(self.board.tiles.values()) + [t for hand in self.open_hands for t in hand]
        left.subtract(identity(t) for t in seen)
        return +left
