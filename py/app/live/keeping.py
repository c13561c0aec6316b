"""What the live table keeps beside a saved game (``qwirkle.live.<id>``) so that a reload of the table resumes it.

The save keeps the game; this keeps the phone seats (``LiveTable.to_dict``)::

    {"version": 1, "n": STATE_NUMBER, "seats": {"SEAT": {"token", "seq", "joined", "name"}}}

``kept_seats`` checks every field of a value read back; ``restore`` reads it from the store: a value that cannot be
read, or is not a live table of this game, is moved aside and reported like a save (``SaveStore.move_aside``), and
the table starts with new tokens (the phones then join again by new codes), never crashing.

>>> from app.store.saves import DictStorage, SaveStore
>>> store = SaveStore(DictStorage({"qwirkle.live.g1": '{"version": 1, "n": 2, "seats": {"1": 5}}'}))
>>> load_live(store, "g1", 2), [p.error for p in store.take_problems()]
(None, ['seats: seat 1: expected {token, seq, joined, name}'])
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeGuard

from ..store.beside import load_beside, save_beside
from ..store.saves import LIVE_PREFIX, SaveStore
from .protocol import MAX_NAME

if TYPE_CHECKING:
    from qwirkle import Game

    from .protocol import Player
    from .table import Apply, LiveTable

MAX_TEXT = 4_000  # four seats take about 300 characters
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
Kept = tuple[int, dict[int, tuple[str, int, bool, str]]]


def kept_seats(data: Any, players: int) -> Kept:
    """The state number and, per phone seat, its token, last move number, whether it joined and its name, from a
    kept value of a game of ``players`` seats; ``ValueError`` naming the field at fault."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("version: expected a live table of version 1")
    n = data.get("n")
    if not _whole(n):
        raise ValueError("n: expected a whole number")
    seats = data.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ValueError("seats: expected the phone seats")
    kept: dict[int, tuple[str, int, bool, str]] = {}
    for key, value in seats.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players):
            raise ValueError(f"seats: {key[:8]!r} is not a seat of this game")
        if not isinstance(value, dict) or set(value) != {"token", "seq", "joined", "name"}:
            raise ValueError(f"seats: seat {key}: expected {{token, seq, joined, name}}")
        token, seq, joined, name = value["token"], value["seq"], value["joined"], value["name"]
        if not (isinstance(token, str) and TOKEN.match(token)):
            raise ValueError(f"seats: seat {key}: a token is 16 to 64 characters of base64url")
        if not _whole(seq) or not isinstance(joined, bool) or not (isinstance(name, str) and len(name) <= MAX_NAME):
            raise ValueError(f"seats: seat {key}: expected seq (whole), joined (true/false), name (text)")
        kept[int(key)] = (token, seq, joined, name)
    return n, kept


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


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
    from .table import LiveTable

    kept = load_live(store, game_id, len(players))
    if kept is not None:
        table = LiveTable.from_dict(kept, players, game, apply)
        if sorted(table.seats) == sorted(seats):
            return table
        store.move_aside(LIVE_PREFIX + game_id, "seats: not this game's phone seats")
    return LiveTable(seats, players, game, apply)
