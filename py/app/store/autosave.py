"""Autosave: the game at the table is written after every change, and nothing already saved is lost by it.

* The save carries a revision (``saves.SaveStore.save``): when another tab of this browser saved the same game
  since this tab last read or wrote it, nothing is written and the controller is marked ``stale``; the session
  then brings this tab up to date (``tabs.catch_up``) instead of overwriting the newer state.
* When the browser refuses the write (storage full), the player is told, with the way out: deleting finished
  games from Saved games. No save is deleted without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..shared.notes import Note
from .storage import StaleSave, StorageFull

if TYPE_CHECKING:
    from qwirkle import Game

    from .saves import SaveStore


class Saved(Protocol):
    """What autosave reads and sets on the controller (``Controller`` is one)."""

    store: SaveStore | None
    game: Game | None
    game_id: str | None
    seats: tuple[str, ...]
    pace: int
    created: float | None
    revision: int | None
    stale: bool
    note: Note | None

    def hint_record(self) -> dict[str, Any]: ...


def save_game(c: Saved) -> None:
    """Write ``c``'s game (nothing when it has no store or no game)."""
    from qwirkle.record import to_record

    store, game = c.store, c.game
    if store is None or game is None or c.game_id is None:
        return
    try:
        c.revision = store.save(
            c.game_id,
            to_record(game),
            c.seats,
            c.pace,
            c.created,
            app=c.hint_record(),
            revision=c.revision,
            over=game.is_over,
        )
    except StaleSave:
        c.stale = True
    except StorageFull as error:
        c.note = Note("storage_failed", {"error": str(error)[:200]}, level="error")
