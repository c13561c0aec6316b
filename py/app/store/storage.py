"""The storage under the saves: what the store needs from localStorage, an in-memory stand-in, and reading
stored JSON safely whatever it holds (``saves.SaveStore`` is built on these)."""

from __future__ import annotations

import json
from typing import Any, Protocol


class Storage(Protocol):
    """What the store needs from localStorage."""

    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...
    def keys(self) -> list[str]: ...


class DictStorage:
    """An in-memory Storage (tests, and the fallback when localStorage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data = data if data is not None else {}

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        return list(self.data)


class StaleSave(Exception):
    """Another tab saved this game since this tab last read or wrote it: nothing was written."""


class StorageFull(Exception):
    """The browser would not store a save (its storage is full, or blocked): nothing was written."""


MAX_DEPTH = 40  # what we store nests 4 deep; Pyodide's parser crashes the page (browser stack) on deep JSON


def too_deep(text: str) -> bool:
    """Whether JSON ``text`` nests deeper than ``MAX_DEPTH``, found without parsing it. Only a text with more
    brackets than that is scanned, by the engine's own check (``qwirkle.limits.nested_deeper``): the page reads
    its settings before it loads the engine, and no value it stores has so many."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    from qwirkle.limits import nested_deeper

    return nested_deeper(text, MAX_DEPTH)


def read_json(text: str) -> Any:
    """A stored JSON value, whatever the text: ``ValueError`` with a short reason for anything the parser raises
    (including JSON nested too deep, numbers too large for Python, memory)."""
    if too_deep(text):
        raise ValueError("not readable (nested too deep)")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("not readable (nested too deep)") from None
    except (OverflowError, MemoryError):
        raise ValueError("not readable (too large)") from None
    except ValueError as error:
        raise ValueError(f"not JSON ({str(error)[:80]})") from None


def seconds(value: Any) -> float:
    """A stored time in seconds; anything else (a string, a number too large for a date) is 0."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < 1e12
    return float(value) if ok else 0.0
