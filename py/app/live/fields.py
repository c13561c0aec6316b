"""Reading a received JSON object field by field, each with its type and range checked: ``ProtocolError`` names the
reason (``ProtocolReason``) and the field at fault. ``protocol.decode`` reads every message through ``Fields``."""

from __future__ import annotations

from typing import Any, Literal, TypeGuard

MAX_SEATS = 4  # a game seats at most four (C1)
ProtocolReason = Literal[
    "too_big",  # over MAX_BYTES once encoded as UTF-8
    "not_json",  # not JSON text (or nested deeper than any message)
    "not_object",  # JSON, but not an object
    "version",  # no "v", or another version than VERSION
    "unknown_kind",  # a "kind" this version does not have
    "missing_field",  # a field of the kind is missing (``field`` names it)
    "bad_field",  # a field of the wrong type or out of range (``field``)
    "bad_move",  # a move that is not the engine's notation
]


class ProtocolError(ValueError):
    """A text that is not a message of this protocol: ``reason`` says why, ``field`` which field (or "")."""

    def __init__(self, reason: ProtocolReason, message: str, field: str = "") -> None:
        super().__init__(f"{reason}: {message}")
        self.reason: ProtocolReason = reason
        self.field = field


class Fields:
    """The fields of one received object, each read with its type checked (``ProtocolError`` naming it)."""

    def __init__(self, value: dict[str, Any]) -> None:
        self.value = value

    def get(self, name: str) -> Any:
        if name not in self.value:
            raise ProtocolError("missing_field", f"{name}: missing", name)
        return self.value[name]

    def whole(self, name: str, low: int = 0, high: int = 2**53) -> int:
        value = self.get(name)
        if not whole(value) or not low <= value <= high:
            raise ProtocolError("bad_field", f"{name}: expected a whole number from {low} to {high}", name)
        return value

    def seat(self, name: str = "seat") -> int:
        return self.whole(name, 0, MAX_SEATS - 1)

    def text(self, name: str, limit: int, empty: bool = True) -> str:
        value = self.get(name)
        if not isinstance(value, str) or len(value) > limit or (not empty and not value):
            raise ProtocolError("bad_field", f"{name}: expected a text of at most {limit} characters", name)
        return value

    def number(self, name: str) -> float:
        value = self.get(name)
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value != value or abs(value) > 1e15:
            raise ProtocolError("bad_field", f"{name}: expected a number", name)
        return float(value)

    def flag(self, name: str) -> bool:
        value = self.get(name)
        if not isinstance(value, bool):
            raise ProtocolError("bad_field", f"{name}: expected true or false", name)
        return value

    def items(self, name: str, limit: int) -> list[Any]:
        value = self.get(name)
        if not isinstance(value, list) or len(value) > limit:
            raise ProtocolError("bad_field", f"{name}: expected a list of at most {limit} items", name)
        return value

    def optional_object(self, name: str) -> dict[str, Any] | None:
        value = self.get(name)
        if value is not None and not isinstance(value, dict):
            raise ProtocolError("bad_field", f"{name}: expected an object or null", name)
        return value

    def each(self, name: str, limit: int) -> list[Fields]:
        found = self.items(name, limit)
        if not all(isinstance(item, dict) for item in found):
            raise ProtocolError("bad_field", f"{name}: expected objects", name)
        return [Fields(item) for item in found]


def whole(value: Any) -> TypeGuard[int]:
    """An integer that is not a boolean."""
    return isinstance(value, int) and not isinstance(value, bool)
