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
from typing import Any

from .saves import RACKS_PREFIX, SaveStore
from .storage import read_json

MAX_TEXT = 20_000   # four racks of six tiles take about 600 characters


def load_racks(store: SaveStore, game_id: str) -> dict[str, Any]:
    """The stored arrangement of ``game_id``'s racks; {} when there is none or it cannot be read."""
    key = RACKS_PREFIX + game_id
    text = store._get(key)
    if text is None:
        return {}
    try:
        if len(text) > MAX_TEXT:
            raise ValueError("not readable (too large)")
        value = read_json(text)
        if not isinstance(value, dict):
            raise ValueError("racks: expected a JSON object")
    except ValueError as error:
        store.move_aside(key, str(error))
        return {}
    return value


def save_racks(store: SaveStore, game_id: str, value: dict[str, Any]) -> None:
    """Keep the arrangement; a full or broken storage loses only the arrangement, never the game."""
    try:
        store._set(RACKS_PREFIX + game_id, json.dumps(value, separators=(",", ":")))
    except Exception:  # noqa: BLE001 - the rack order is a convenience
        pass
