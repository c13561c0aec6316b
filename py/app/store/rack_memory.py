"""This device's arrangement of a saved game's racks, kept beside the save (``qwirkle.racks.<id>``): the
order each player put their tiles in and the tiles drawn since their last move, so that a reload, another
tab or a turn link brings the rack back as it was. A friend's device keeps its own (storage is per device).

The value is ``play.rack_model.RackOrders.to_json()``, checked again when it is read back: an unreadable
value is moved aside and reported like a save (``SaveStore.move_aside``), and the rack starts in the dealt
order::

    >>> from app.store.saves import DictStorage, SaveStore
    >>> store = SaveStore(DictStorage({"qwirkle.racks.g1": "{oops"}))
    >>> load_racks(store, "g1"), [p.key for p in store.take_problems()]
    ({}, ['qwirkle.racks.g1'])
    >>> save_racks(store, "g1", {"seats": {}}); load_racks(store, "g1")
    {'seats': {}}
"""

from __future__ import annotations

import json
from typing import Any, Generic, Protocol, TypeVar

from .beside import load_beside, save_beside
from .saves import RACKS_PREFIX, SaveStore

MAX_TEXT = 20_000  # four racks of six tiles take about 600 characters


def load_racks(store: SaveStore, game_id: str) -> dict[str, Any]:
    """The stored arrangement of ``game_id``'s racks; {} when there is none or it cannot be read."""
    return load_beside(store, RACKS_PREFIX + game_id, MAX_TEXT, "racks")


def save_racks(store: SaveStore, game_id: str, value: dict[str, Any]) -> None:
    """Keep the arrangement; a full or broken storage loses only the arrangement, never the game."""
    save_beside(store, RACKS_PREFIX + game_id, value)


class Arrangement(Protocol):
    """What is kept of the racks (``play.rack_model.RackOrders``)."""

    def to_json(self) -> dict[str, Any]: ...
    def load(self, data: Any) -> None: ...


R = TypeVar("R", bound=Arrangement)


class KeptRacks(Generic[R]):
    """The arrangement of the game at the table kept in step with the store: read back when a game is entered,
    written when it changed (a sort, a drag, a hand drawn)."""

    def __init__(self, store: SaveStore, racks: R) -> None:
        self.store, self.racks = store, racks
        self._kept: tuple[str | None, str] = (None, "")  # the game and the arrangement last saved

    def load(self, game_id: str | None) -> None:
        self.racks.load(load_racks(self.store, game_id) if game_id else {})
        self._kept = (game_id, json.dumps(self.racks.to_json()))

    def keep(self, game_id: str | None) -> None:
        data = self.racks.to_json()
        text = json.dumps(data)
        if game_id and self._kept != (game_id, text):
            save_racks(self.store, game_id, data)
            self._kept = (game_id, text)
