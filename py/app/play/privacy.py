"""Hot-seat privacy: who holds the device, which moves they may take back, what may leave the device.

Several people share one device and each rack is hidden from the others (not in Cubes, whose dice are open, Q1).
The device is held by the human to move once they have shown their tiles; between two humans (the hand-over
screen), or while the computers answer, or once the game is over, it is still held by the last human who moved.

* **Undo**: a human may take back only their own last move, with the computers' replies after it; never another
  human's. Taking it back hands the device to that player first (the controller hides the racks again), so their
  rack is never shown to whoever happens to hold the device.
* **Export**: a record deals every rack from its seed, so a game in progress with hidden racks and two humans or
  more leaves the device only once it is over (against computers, the one human may export: no other person's
  rack is at stake).
* The rack, the tile tracker and hints show only the holder's own tiles (``Controller.rack_seat``, ``interactive``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..shared.notes import Note

if TYPE_CHECKING:
    from qwirkle import Game

    from ..store.save_format import SavedGame


class Table(Protocol):
    """What the rules of privacy read from the game at the table (``Controller`` is one)."""

    game: Game | None
    seats: tuple[str, ...]

    @property
    def human_seats(self) -> list[int]: ...
    @property
    def interactive(self) -> bool: ...
    def is_human(self, seat: int) -> bool: ...


def holder(c: Table) -> int | None:
    """The human seat holding the device, None when no human plays."""
    game = c.game
    humans = c.human_seats
    if game is None or not humans:
        return None
    if len(humans) == 1:
        return humans[0]
    if c.interactive:
        return game.to_move
    return next((turn.seat for turn in reversed(game.history) if c.is_human(turn.seat)), None)


def undo_count(c: Table) -> int:
    """How many moves Undo takes back: the holder's last move and every computer move after it; 0 when the last
    human move is another human's (or there is none)."""
    game = c.game
    seat = holder(c)
    if game is None or seat is None or game.is_over:  # a finished game stays finished
        return 0
    from ..shared.seats import FRIEND, PHONE

    count = 0
    for turn in reversed(game.history):
        count += 1
        if c.seats[turn.seat] in (FRIEND, PHONE):  # a friend (by link) or a phone has replied: no taking it back
            return 0
        if c.is_human(turn.seat):
            return count if turn.seat == seat else 0
    return 0


def export_refusal(saved: SavedGame) -> Note | None:
    """Why a saved game may not be exported now (a game in progress whose racks are hidden between humans), or
    None when it may."""
    from ..shared.seats import HUMAN

    game = saved.game
    humans = sum(1 for kind in saved.seats if kind == HUMAN)
    if game.is_over or game.variant.hands_open or humans < 2:
        return None
    return Note("export_in_progress", level="warn")
