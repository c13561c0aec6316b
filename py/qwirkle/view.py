"""What one player may see: the board, their own hand (every hand in Cubes), counts, the public record."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .board import Board
from .movegen import ScoredPlay, legal_plays
from .tiles import Tile
from .variants import Variant

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class PublicTurn:
    """A turn as every player saw it: exchanged tiles are shown only to their owner."""

    seat: int
    kind: str
    move: str | None       # None for another player's exchange
    points: int
    count: int


@dataclass(frozen=True)
class PlayerView:
    """A snapshot of the game from one seat. It holds no bag order and no hidden hand."""

    seat: int
    variant: Variant
    board: Board
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    open_hands: tuple[tuple[Tile, ...], ...] | None   # Cubes only (Q1)
    bag_count: int
    scores: tuple[int, ...]
    to_move: int
    opening_size: int | None
    exchange_limit: int
    can_roll: bool
    full_set: tuple[Tile, ...]
    history: tuple[PublicTurn, ...]
    is_over: bool

    @classmethod
    def of(cls, game: "Game", seat: int) -> "PlayerView":
        hands = game.hands
        history = tuple(PublicTurn(t.seat, t.kind, t.move if t.kind != "exchange" or t.seat == seat else None,
                                   t.points, t.count) for t in game.history)
        mine = seat == game.to_move
        return cls(seat, game.variant, game.board.copy(), hands[seat], tuple(len(h) for h in hands),
                   hands if game.variant.hands_open else None, game.bag_count, game.scores, game.to_move,
                   game.opening_size() if mine else None, game.exchange_limit() if mine else 0,
                   game.can_roll() if mine else False, tuple(game.full_set), history, game.is_over)

    def legal_plays(self) -> list[ScoredPlay]:
        """This player's plays (meaningful when it is their turn)."""
        return legal_plays(self.board, self.hand, self.variant, self.opening_size)

    def unseen(self) -> Counter[Tile]:
        """Tiles this player has not seen: the full set minus the board and the visible hands.

        In Cubes the unseen dice are given by color only (their faces are rolled when drawn)."""
        left = Counter(self._identity(t) for t in self.full_set)
        seen = list(self.board.tiles.values()) + list(self.hand)
        if self.open_hands is not None:
            seen = list(self.board.tiles.values()) + [t for hand in self.open_hands for t in hand]
        left.subtract(self._identity(t) for t in seen)
        return +left

    def _identity(self, tile: Tile) -> Tile:
        return Tile(tile.color, 0) if self.variant.can_roll else tile
