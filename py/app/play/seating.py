"""Who is who at the table: which seats are human, who is to move, whose rack the screen shows, the hot seat's
hand-over, and what each seat may see (its ``PlayerView``, never the game's hands).

``Seating`` is the part of ``play.controller.Controller`` that answers these; it changes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..shared import seats as seat_registry

if TYPE_CHECKING:
    from qwirkle import Game, PlayerView
    from qwirkle.tiles import Tile

    from .turn import TurnState


class Seating:
    """Mixed into ``Controller``: what it needs from it is declared here."""

    game: Game | None
    seats: tuple[str, ...]
    turn: TurnState
    revealed: int | None
    _version: int
    _views: dict[tuple[int, int], PlayerView]

    @property
    def active(self) -> bool:
        return self.game is not None

    def is_human(self, seat: int) -> bool:
        return self.seats[seat] == seat_registry.HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [i for i, kind in enumerate(self.seats) if kind == seat_registry.HUMAN]

    @property
    def computer_to_move(self) -> bool:
        return (
            self.game is not None and not self.game.is_over and seat_registry.is_computer(self.seats[self.game.to_move])
        )

    @property
    def human_to_move(self) -> bool:
        return self.game is not None and not self.game.is_over and self.is_human(self.game.to_move)

    @property
    def needs_handover(self) -> bool:
        """Hot-seat privacy: hide the racks until the next human says they hold the device."""
        game = self.game
        if game is None or game.is_over or game.variant.hands_open or len(self.human_seats) < 2:
            return False
        return self.human_to_move and self.revealed != game.to_move

    def reveal(self) -> None:
        if self.game is not None:
            self.revealed = self.game.to_move

    @property
    def interactive(self) -> bool:
        """The player to move is a human who can see their rack."""
        return self.human_to_move and not self.needs_handover

    def rack_seat(self) -> int | None:
        """Whose tiles the rack shows: the human to move, else the only human (read-only)."""
        game = self.game
        if game is None:
            return None
        if self.human_to_move:
            return None if self.needs_handover else game.to_move
        humans = self.human_seats
        if len(humans) == 1:
            return humans[0]
        if game.variant.hands_open or not humans:
            return game.to_move
        return None

    def view(self, seat: int) -> PlayerView:
        """What the player in ``seat`` may see (cached until the game changes)."""
        assert self.game is not None
        key = (self._version, seat)
        if key not in self._views:
            self._views[key] = self.game.view(seat)
        return self._views[key]

    def hand(self) -> tuple[Tile, ...]:
        """The rack of the player to move, from their own view."""
        assert self.game is not None
        return self.view(self.game.to_move).hand

    def rack(self) -> list[tuple[int, Tile]]:
        """(index, tile) of the to-move rack without the pending tiles."""
        return self.turn.left(self.hand())
