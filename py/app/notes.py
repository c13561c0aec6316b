"""Messages for the player and the modes of a turn: tiny value types shared by the controller and
the page, in a module of their own so the page can start without importing the engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

PLACE, EXCHANGE, ROLL = "place", "exchange", "roll"


@dataclass(frozen=True)
class Note:
    """A message for the player: ``key`` and ``values`` for i18n, or an engine refusal."""

    key: str
    values: dict[str, Any] = field(default_factory=dict)
    error: dict[str, Any] | None = None
    level: str = "info"          # "info", "warn", "error"
    count: int | None = None     # for counted texts (Translator.tn)


@dataclass(frozen=True)
class Availability:
    """Whether a button can be used now, and if not, why (a Note)."""

    enabled: bool
    why: Note | None = None
