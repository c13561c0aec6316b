"""Who is who at the table: which seats are human, who is to move, whose rack the screen shows, the hot seat's
hand-over, and what each seat may see (its ``PlayerView``, never the game's hands).

``Seating`` is owned by ``play.controller.Controller``: it reads the game and the seat kinds through ``Table`` and
keeps what is its own, the seat that last showed its tiles and the views already asked of the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..shared import seats as seat_registry

if TYPE_CHECKING:
    from qwirkle import Game, PlayerView
    from qwirkle.tiles import Tile


class Table(Protocol):
    """What seating reads: the game in play and the kind of each seat (``Controller`` is one)."""

    @property
    def game(self) -> Game | None: ...
    @property
    def seats(self) -> tuple[str, ...]: ...


class Seating:
    """The seats of the game at ``table``; it changes nothing there."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.revealed: int | None = None  # the seat that last showed its tiles (hot-seat privacy)
        self._views: dict[int, PlayerView] = {}

    def forget(self) -> None:
        """The game changed: each seat's view is asked of the engine again."""
        self._views.clear()

    def conceal(self) -> None:
        """Hide the racks until the human to move shows theirs (a new game, a move taken back)."""
        self.revealed = None

    def reveal(self) -> None:
        game = self.table.game
        if game is not None:
            self.revealed = game.to_move

    def is_human(self, seat: int) -> bool:
        return self.table.seats[seat] == seat_registry.HUMAN

    @property
    def human_seats(self) -> list[int]:
        return [i for i, kind in enumerate(self.table.seats) if kind == seat_registry.HUMAN]

    @property
    def computer_to_move(self) -> bool:
        game = self.table.game
        return game is not None and not game.is_over and seat_registry.is_computer(self.table.seats[game.to_move])

    @property
    def human_to_move(self) -> bool:
        game = self.table.game
        return game is not None and not game.is_over and self.is_human(game.to_move)

    @property
    def needs_handover(self) -> bool:
        """Hot-seat privacy: hide the racks until the next human says they hold the device."""
        game = self.table.game
        if game is None or game.is_over or game.variant.hands_open or len(self.human_seats) < 2:
            return False
        return self.human_to_move and self.revealed != game.to_move

    @property
    def interactive(self) -> bool:
        """The player to move is a human who can see their rack."""
        return self.human_to_move and not self.needs_handover

    def rack_seat(self) -> int | None:
        """Whose tiles the rack shows: the human to move, else the only human (read-only)."""
        game = self.table.game
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
        """What the player in ``seat`` may see (kept until the game changes)."""
        game = self.table.game
        assert game is not None
        if seat not in self._views:
            self._views[seat] = game.view(seat)
        return self._views[seat]

    def hand(self) -> tuple[Tile, ...]:
        """The rack of the player to move, from their own view."""
        game = self.table.game
        assert game is not None
        return self.view(game.to_move).hand
