"""The player's puzzle progress on this device (``PuzzleProgress``), kept in localStorage beside the saves:

* ``qwirkle.puzzles.solved.THEME``: the ids solved in that theme (a JSON list, oldest first);
* ``qwirkle.puzzles.daily.VARIANT``: the streak of daily puzzles of that rule set,
  ``{"last": "YYYY-MM-DD", "streak": n, "best": n}`` (the last day solved, the current and the longest run).

One key per theme and per rule set, so that a damaged value loses nothing else: it is moved aside and reported
like a save (``SaveStore.move_aside``) and that part starts again empty.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from qwirkle.study.puzzles import THEMES, VARIANT_CODES

from ..store.saves import PREFIX, SaveStore
from ..store.storage import read_json

SOLVED_PREFIX = PREFIX + "puzzles.solved."
DAILY_PREFIX = PREFIX + "puzzles.daily."
MAX_SOLVED = 2000  # ids kept per theme (the oldest go first): about 25 kB at most
MAX_TEXT = 40_000


def _day(text: Any) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text) if isinstance(text, str) else None
    except ValueError:
        return None


class PuzzleProgress:
    """Solved puzzles per theme and the daily streak per rule set; every value read is checked again.

    >>> from app.store.saves import DictStorage, SaveStore
    >>> store = SaveStore(DictStorage({"qwirkle.puzzles.solved.long": "{oops"}))
    >>> progress = PuzzleProgress(store)
    >>> progress.record_solved("cq-k3x9a-1f", "qwirkle"), progress.solved("long")
    (True, [])
    >>> [p.key for p in store.take_problems()], progress.is_solved("cq-k3x9a-1f")
    (['qwirkle.puzzles.solved.long'], True)
    >>> progress.record_daily("classic", "2026-11-24"), progress.record_daily("classic", "2026-11-25")
    (1, 2)
    >>> progress.streak("classic", today="2026-11-27")
    0
    """

    def __init__(self, store: SaveStore) -> None:
        self.store = store

    def _read(self, key: str) -> Any:
        text = self.store._get(key)
        if text is None:
            return None
        try:
            if len(text) > MAX_TEXT:
                raise ValueError("not readable (too large)")
            return read_json(text)
        except ValueError as error:
            self.store.move_aside(key, str(error))
            return None

    def _write(self, key: str, value: Any) -> bool:
        """Keep ``value``; a full or broken storage loses only this progress, never a game (False)."""
        try:
            self.store._set(key, json.dumps(value, separators=(",", ":")))
        except Exception:  # noqa: BLE001 - progress is a convenience
            return False
        return True

    def solved(self, theme: str) -> list[str]:
        """The ids solved in ``theme``, oldest first; [] when none or the value cannot be read."""
        key = SOLVED_PREFIX + theme
        value = self._read(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(item, str) and len(item) < 40 for item in value):
            self.store.move_aside(key, "puzzles solved: expected a list of puzzle ids")
            return []
        return value

    def is_solved(self, puzzle_id: str) -> bool:
        return any(puzzle_id in self.solved(theme) for theme in THEMES)

    def record_solved(self, puzzle_id: str, theme: str) -> bool:
        """Count ``puzzle_id`` solved in ``theme`` (once); False when it could not be kept."""
        if theme not in THEMES:
            raise ValueError(f"theme: unknown {theme!r}")
        ids = self.solved(theme)
        if puzzle_id in ids:
            return True
        return self._write(SOLVED_PREFIX + theme, [*ids, puzzle_id][-MAX_SOLVED:])

    def counts(self) -> dict[str, int]:
        """How many puzzles are solved in each theme (every theme, 0 included)."""
        return {theme: len(self.solved(theme)) for theme in THEMES}

    def _daily(self, variant: str) -> dict[str, Any]:
        key = DAILY_PREFIX + variant
        value = self._read(key)
        if value is None:
            return {}
        if (
            not isinstance(value, dict)
            or _day(value.get("last")) is None
            or not all(type(value.get(name)) is int and 0 < value[name] < 100_000 for name in ("streak", "best"))
        ):
            self.store.move_aside(key, "puzzle streak: expected {last, streak, best}")
            return {}
        return value

    def record_daily(self, variant: str, date: str) -> int:
        """Count the daily puzzle of ``date`` solved: the run goes on from the day before, else starts again at 1.
        Solving the same day again changes nothing. Returns the streak."""
        if variant not in VARIANT_CODES:
            raise ValueError(f"variant: unknown {variant!r}")
        day = _day(date)
        if day is None:
            raise ValueError(f"date: {date[:20]!r} is not a date (YYYY-MM-DD)")
        value = self._daily(variant)
        last = _day(value.get("last"))
        if last == day:
            return int(value["streak"])
        streak = int(value["streak"]) + 1 if last is not None and last + datetime.timedelta(days=1) == day else 1
        best = max(streak, int(value.get("best", 0)))
        self._write(DAILY_PREFIX + variant, {"last": day.isoformat(), "streak": streak, "best": best})
        return streak

    def streak(self, variant: str, today: str) -> int:
        """The current run of daily puzzles: alive while the last day solved is today or yesterday."""
        value = self._daily(variant)
        last, now = _day(value.get("last")), _day(today)
        if last is None or now is None or (now - last).days > 1:
            return 0
        return int(value["streak"])

    def best_streak(self, variant: str) -> int:
        return int(self._daily(variant).get("best", 0))
