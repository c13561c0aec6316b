"""What the live table keeps beside a saved game (``qwirkle.live.<id>``) so that a reload of the table resumes it.

The save keeps the game; this keeps the phone seats (``LiveTable.to_dict``)::

    {"version": 1, "n": STATE_NUMBER, "seats": {"SEAT": {"token", "seq", "joined", "name"}}}

``table.kept_seats`` checks every field of a value read back; ``restore`` reads it from the store: a value that
cannot be read, or is not a live table of this game, is moved aside and reported like a save
(``SaveStore.move_aside``), and the table starts with new tokens (the phones then join again by new codes), never
crashing.

>>> from app.store.saves import DictStorage, SaveStore
>>> store = SaveStore(DictStorage({"qwirkle.live.g1": '{"version": 1, "n": 2, "seats": {"1": 5}}'}))
>>> load_live(store, "g1", 2), [p.error for p in store.take_problems()]
(None, ['seats: seat 1: expected {token, seq, joined, name}'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..store.beside import load_beside, save_beside
from ..store.saves import LIVE_PREFIX, SaveStore
from .table import LiveTable, kept_seats

if TYPE_CHECKING:
    from qwirkle import Game

    from .protocol import Player
    from .table import Apply

MAX_TEXT = 4_000  # four seats take about 300 characters


def load_live(store: SaveStore, game_id: str, players: int) -> dict[str, Any] | None:
    """The kept value of ``game_id``'s live table, checked; None when there is none or it cannot be read (then
    moved aside and reported)."""
    key = LIVE_PREFIX + game_id
    value = load_beside(store, key, MAX_TEXT, "live table")
    if not value:
        return None
    try:
        kept_seats(value, players)
    except ValueError as error:
        store.move_aside(key, str(error))
        return None
    return value


def save_live(store: SaveStore, game_id: str, table: LiveTable) -> None:
    """Keep the table's seats beside the save; a full or broken storage loses only this, never the game."""
    save_beside(store, LIVE_PREFIX + game_id, table.to_dict())


def restore(
    store: SaveStore,
    game_id: str,
    seats: Sequence[int],
    players: Sequence[Player],
    game: Callable[[], Game],
    apply: Apply,
) -> LiveTable:
    """The live table of a saved game after a reload: as kept when it can be read and holds these phone seats, else
    a new one (new tokens), the kept value moved aside and reported."""
    kept = load_live(store, game_id, len(players))
    if kept is not None:
        table = LiveTable.from_dict(kept, players, game, apply)
        if sorted(table.seats) == sorted(seats):
            return table
        store.move_aside(LIVE_PREFIX + game_id, "seats: not this game's phone seats")
    return LiveTable(seats, players, game, apply)
