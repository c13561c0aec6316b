"""The browser's localStorage as a ``saves.Storage`` (falls back to memory when it is blocked)."""

from __future__ import annotations

from typing import Any

from ui.jsvalues import present

from .storage import DictStorage


class LocalStorage:
    """``window.localStorage`` with Python types: a missing key is None (not ``jsnull``)."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def get(self, key: str) -> str | None:
        value = self.backend.getItem(key)
        return value if present(value) and isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        self.backend.setItem(key, value)

    def remove(self, key: str) -> None:
        self.backend.removeItem(key)

    def keys(self) -> list[str]:
        count = int(self.backend.length)
        keys = []
        for index in range(count):
            key = self.backend.key(index)
            if present(key) and isinstance(key, str):
                keys.append(key)
        return keys


def browser_storage(window: Any) -> Any:
    """localStorage when usable (private modes may refuse it), else an in-memory store."""
    try:
        backend = window.localStorage
        backend.getItem("qwirkle.probe")
        return LocalStorage(backend)
    except Exception:  # noqa: BLE001
        return DictStorage()
