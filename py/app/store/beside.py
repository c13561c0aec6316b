"""A value kept beside a save under its own key (``qwirkle.racks.<id>``, ``qwirkle.review.<id>``): a JSON object,
checked when it is read back. An unreadable value is moved aside and reported like a save
(``SaveStore.move_aside``); a full or broken storage loses only this value, never a game."""

from __future__ import annotations

import json
from typing import Any

from .saves import SaveStore
from .storage import read_json


def load_beside(store: SaveStore, key: str, max_text: int, what: str) -> dict[str, Any]:
    """The object stored under ``key``; {} when there is none or it cannot be read (``what`` names it)."""
    text = store._get(key)
    if text is None:
        return {}
    try:
        if len(text) > max_text:
            raise ValueError("not readable (too large)")
        value = read_json(text)
        if not isinstance(value, dict):
            raise ValueError(f"{what}: expected a JSON object")
    except ValueError as error:
        store.move_aside(key, str(error))
        return {}
    return value


def save_beside(store: SaveStore, key: str, value: dict[str, Any]) -> None:
    """Keep ``value`` under ``key``; nothing is raised when the storage refuses it (it is a convenience)."""
    try:
        store._set(key, json.dumps(value, separators=(",", ":")))
    except Exception:  # noqa: BLE001 - a convenience: the game itself is saved elsewhere
        pass
