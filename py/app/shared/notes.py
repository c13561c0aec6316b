"""Messages for the player and the modes of a turn: tiny value types shared by the controller and
the page, in a module of their own so the page can start without importing the engine."""

from __future__ import annotations

from typing import Any, Final, Literal

from ui.values import Value

TurnMode = Literal["place", "exchange", "roll"]  # what tapping a rack tile does: pick it to place, or mark it
PLACE: Final = "place"
EXCHANGE: Final = "exchange"
ROLL: Final = "roll"


class Note(Value):
    """A message for the player: ``key`` and ``values`` for i18n, or an engine refusal.
    ``level``: "info", "warn" or "error"; ``count`` for counted texts (Translator.tn)."""

    __slots__ = ("key", "values", "error", "level", "count")

    def __init__(
        self,
        key: str,
        values: dict[str, Any] | None = None,
        error: dict[str, Any] | None = None,
        level: str = "info",
        count: int | None = None,
    ) -> None:
        self.key = key
        self.values: dict[str, Any] = {} if values is None else values
        self.error = error
        self.level = level
        self.count = count


class Availability(Value):
    """Whether a button can be used now, and if not, why (a Note)."""

    __slots__ = ("enabled", "why")

    def __init__(self, enabled: bool, why: Note | None = None) -> None:
        self.enabled = enabled
        self.why = why
