"""Who is who at the table: which seats are human, who is to move, whose rack the screen shows, the hot seat's
hand-over, and what each seat may see (its ``PlayerView``, never the game's hands).

A phone seat (``seats.PHONE``) plays on its own phone: the table never shows its rack and waits for its move, which
comes live (``app.phones``). When that phone is away, the table may play the seat's turn itself (``stand_in``): for
that turn the seat counts as a human at the table, behind the hand-over screen, which hides every rack first.

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
        self.stand_in: int | None = None  # the phone seat whose turn the table plays now (its phone is away)
        self._views: dict[int, PlayerView] = {}

    def forget(self) -> None:
        """The game changed: each seat's view is asked of the engine again; a stand-in's turn is over."""
        self._views.clear()
        self.stand_in = None

    def conceal(self) -> None:
        """Hide the racks until the human to move shows theirs (a new game, a move taken back)."""
        self.revealed = None

    def reveal(self) -> None:
        game = self.table.game
        if game is not None:
            self.revealed = game.to_move

    def is_human(self, seat: int) -> bool:
        return self.table.seats[seat] == seat_registry.HUMAN or seat == self.standing_in

    @property
    def human_seats(self) -> list[int]:
        return [i for i in range(len(self.table.seats)) if self.is_human(i)]

    @property
    def standing_in(self) -> int | None:
        """The phone seat the table plays for, while it is that seat's turn (else None)."""
        game = self.table.game
        if self.stand_in is None or game is None or game.is_over or game.to_move != self.stand_in:
            return None
        return self.stand_in

    def phone_to_move(self) -> bool:
        """A phone seat is to move and the table does not play for it: the game waits for its move."""
        game = self.table.game
        return (
            game is not None
            and not game.is_over
            and self.table.seats[game.to_move] == seat_registry.PHONE
            and self.standing_in is None
        )

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
        if game is None or game.is_over or game.variant.hands_open:
            return False
        if self.standing_in is not None:  # the table plays a phone's turn: every rack hidden until they say so
            return self.revealed != game.to_move
        return len(self.human_seats) >= 2 and self.human_to_move and self.revealed != game.to_move

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
        if game.variant.hands_open:
            return game.to_move
        if not humans and self.table.seats[game.to_move] != seat_registry.PHONE:  # computers only: theirs
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
