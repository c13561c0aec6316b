"""Saved games and settings in a key-value store (the browser's localStorage, a dict in tests).

Keys, all under ``qwirkle.``:

* ``qwirkle.save.ID``: one game, ``{"format": "qwirkle-save", "version": 1, "id", "seats",
  "pace", "created", "updated", "record", "app"}`` where ``record`` is the engine's JSON record
  (``qwirkle.record.to_record``), untouched, and ``app`` the app's own data beside it
  (``{"hints": [hints used per seat]}``; optional);
* ``qwirkle.current``: the ID of the game to offer on the next visit;
* ``qwirkle.settings``: ``{"lang", "palette", "hint_level", "expert_seconds", "celebrate", "sound"}``;
* ``qwirkle.newgame``: the last new-game choices (``setup_memory``);
* ``qwirkle.aside.KEY.N``: a value that could not be read, moved aside (never deleted).

Nothing read from the store is trusted: a corrupt or foreign value is moved aside and reported
in ``problems``, other saves still load, and the app never crashes on it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from qwirkle import Game

PREFIX = "qwirkle."
SAVE_PREFIX = PREFIX + "save."
CURRENT = PREFIX + "current"
SETTINGS = PREFIX + "settings"
ASIDE_PREFIX = PREFIX + "aside."
SAVE_FORMAT = "qwirkle-save"
SAVE_VERSION = 1
PALETTES = ("standard", "contrast")
EXPERT_SECONDS = ("1", "1.5", "2", "3")
MAX_SAVES = 30


class ImportRefused(ValueError):
    """A file that is not added: ``reason`` is "not_json" (the page says so in words, not the
    parser's message) or "duplicate" (the same game is saved already, as ``game_id``)."""

    def __init__(self, reason: str, message: str, game_id: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.game_id = game_id


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


@dataclass(frozen=True)
class Problem:
    """A stored value that could not be read: where it was, where it went, and why."""

    key: str
    moved_to: str
    error: str


@dataclass(frozen=True)
class SavedGame:
    """A readable save. ``game`` is rebuilt by replaying the record's moves."""

    id: str
    seats: tuple[str, ...]
    pace: int
    created: float
    updated: float
    record: dict[str, Any]
    game: "Game"
    app: dict[str, Any] = field(default_factory=dict)   # the app's data beside the record (hints used)

    @property
    def move_count(self) -> int:
        return len(self.record.get("moves", []))


class SaveStore:
    """Saved games, the current game and settings over a ``Storage``."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.problems: list[Problem] = []

    # -- safety --------------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        try:
            value = self.storage.get(key)
        except Exception:  # noqa: BLE001 - a broken store must not break the app
            return None
        return value if isinstance(value, str) else None

    def _set(self, key: str, value: str) -> None:
        self.storage.set(key, value)

    def _keys(self) -> list[str]:
        try:
            return [k for k in self.storage.keys() if isinstance(k, str)]
        except Exception:  # noqa: BLE001
            return []

    def move_aside(self, key: str, error: str) -> Problem:
        """Keep an unreadable value under ``qwirkle.aside.KEY.N`` and report it."""
        value = self._get(key)
        keys = set(self._keys())
        suffix = key[len(PREFIX):] if key.startswith(PREFIX) else key
        n = 1
        while f"{ASIDE_PREFIX}{suffix}.{n}" in keys:
            n += 1
        target = f"{ASIDE_PREFIX}{suffix}.{n}"
        try:
            if value is not None:
                self._set(target, value)
            self.storage.remove(key)
        except Exception:  # noqa: BLE001 - full or broken store: at least stop reading it
            try:
                self.storage.remove(key)
            except Exception:  # noqa: BLE001
                pass
        problem = Problem(key, target, error)
        self.problems.append(problem)
        return problem

    def take_problems(self) -> list[Problem]:
        problems, self.problems = self.problems, []
        return problems

    # -- games ---------------------------------------------------------------------------------
    def new_id(self) -> str:
        keys = set(self._keys())
        base = int(self.clock() * 1000)
        n = 0
        while f"{SAVE_PREFIX}{base + n:x}" in keys:
            n += 1
        return f"{base + n:x}"

    def save(self, game_id: str, record: dict[str, Any], seats: tuple[str, ...] | list[str],
             pace: int = 1, created: float | None = None, current: bool = True,
             app: dict[str, Any] | None = None) -> None:
        """Write a game (autosave after every move) and make it the current one. ``app`` is kept beside
        the engine's record (the record itself stays as the engine wrote it)."""
        now = self.clock()
        old = self._read_raw(game_id)
        payload: dict[str, Any] = {
            "format": SAVE_FORMAT, "version": SAVE_VERSION, "id": game_id, "seats": list(seats), "pace": pace,
            "created": created or (old or {}).get("created") or now, "updated": now, "record": record}
        if app:
            payload["app"] = app
        self._set(SAVE_PREFIX + game_id, json.dumps(payload, ensure_ascii=False))
        if current:
            self._set(CURRENT, game_id)
        self._prune()

    def _read_raw(self, game_id: str) -> dict[str, Any] | None:
        text = self._get(SAVE_PREFIX + game_id)
        if text is None:
            return None
        try:
            value = json.loads(text)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def load(self, game_id: str) -> SavedGame | None:
        """A save by id, or None (missing, or unreadable: then moved aside and reported)."""
        key = SAVE_PREFIX + game_id
        text = self._get(key)
        if text is None:
            return None
        try:
            return parse_save(text, game_id)
        except ValueError as error:
            self.move_aside(key, str(error))
            if self.current_id() == game_id:
                self.clear_current()
            return None

    def list(self) -> list[SavedGame]:
        """Every readable save, newest first; unreadable ones are moved aside."""
        saves = []
        for key in sorted(self._keys()):
            if key.startswith(SAVE_PREFIX):
                saved = self.load(key[len(SAVE_PREFIX):])
                if saved is not None:
                    saves.append(saved)
        saves.sort(key=lambda s: s.updated, reverse=True)
        return saves

    def delete(self, game_id: str) -> None:
        self.storage.remove(SAVE_PREFIX + game_id)
        if self.current_id() == game_id:
            self.clear_current()

    def current_id(self) -> str | None:
        value = self._get(CURRENT)
        return value if value else None

    def set_current(self, game_id: str) -> None:
        self._set(CURRENT, game_id)

    def clear_current(self) -> None:
        try:
            self.storage.remove(CURRENT)
        except Exception:  # noqa: BLE001
            pass

    def load_current(self) -> SavedGame | None:
        game_id = self.current_id()
        if game_id is None:
            return None
        saved = self.load(game_id)
        if saved is None:
            self.clear_current()
        return saved

    def _prune(self) -> None:
        """Keep the newest MAX_SAVES finished or abandoned games (by key: ids grow with time)."""
        keys = sorted(k for k in self._keys() if k.startswith(SAVE_PREFIX))
        current = self.current_id()
        for key in keys[:-MAX_SAVES] if len(keys) > MAX_SAVES else []:
            if key != SAVE_PREFIX + (current or ""):
                self.storage.remove(key)

    # -- export / import -----------------------------------------------------------------------
    def export_text(self, game_id: str) -> str | None:
        """The engine's JSON record of a save (plus ``seats``, which the engine ignores)."""
        saved = self.load(game_id)
        if saved is None:
            return None
        return json.dumps({**saved.record, "seats": list(saved.seats)}, ensure_ascii=False, indent=1)

    def import_text(self, text: str) -> SavedGame:
        """Add a game from an exported record; raises ``ValueError`` (RecordError) if it is not one,
        ``ImportRefused`` when it is not JSON or the same game is saved already."""
        from qwirkle.record import from_record
        try:
            record = json.loads(text)
        except ValueError as error:
            raise ImportRefused("not_json", f"not JSON ({error})") from None
        if isinstance(record, dict) and record.get("format") == SAVE_FORMAT:
            record = record.get("record")  # a whole save file is accepted too
        game = from_record(record)
        players = len(game.options.players)
        seats = record.get("seats") if isinstance(record, dict) else None
        if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, str) for s in seats)):
            seats = ["human"] * players
        from .seats import is_known
        seats = [s if is_known(s) else "human" for s in seats]
        clean = {k: v for k, v in record.items() if k != "seats"}
        same = next((saved for saved in self.list() if saved.record == clean), None)
        if same is not None:
            raise ImportRefused("duplicate", "this game is saved already", same.id)
        game_id = self.new_id()
        self.save(game_id, clean, seats, current=False)
        return SavedGame(game_id, tuple(seats), 1, self.clock(), self.clock(), clean, game)

    # -- settings ------------------------------------------------------------------------------
    def settings(self) -> dict[str, str]:
        """``{"lang", "palette"}`` as stored; unreadable settings are moved aside."""
        text = self._get(SETTINGS)
        if text is None:
            return {}
        try:
            value = json.loads(text)
            if not isinstance(value, dict):
                raise ValueError("settings: expected a JSON object")
        except ValueError as error:
            self.move_aside(SETTINGS, str(error))
            return {}
        result = {}
        if value.get("lang") in ("en", "fr"):
            result["lang"] = value["lang"]
        if value.get("palette") in PALETTES:
            result["palette"] = value["palette"]
        level = value.get("hint_level")
        if isinstance(level, str) and level.isalpha() and len(level) <= 20:  # checked against the levels when used
            result["hint_level"] = level
        if value.get("expert_seconds") in EXPERT_SECONDS:
            result["expert_seconds"] = value["expert_seconds"]
        for switch in ("celebrate", "sound"):   # "on" or "off"
            if value.get(switch) in ("on", "off"):
                result[switch] = value[switch]
        return result

    def save_settings(self, **values: str) -> None:
        current = self.settings()
        current.update({k: v for k, v in values.items() if v is not None})
        try:
            self._set(SETTINGS, json.dumps(current))
        except Exception:  # noqa: BLE001 - settings are a convenience
            pass


def parse_save(text: str, game_id: str | None = None) -> SavedGame:
    """Read one stored save; ``ValueError`` with a short reason when it is not a readable save."""
    from qwirkle.record import from_record
    try:
        value = json.loads(text)
    except ValueError as error:
        raise ValueError(f"not JSON ({error})") from None
    if not isinstance(value, dict) or value.get("format") != SAVE_FORMAT:
        raise ValueError("not a saved Qwirkle game")
    if value.get("version") != SAVE_VERSION:
        raise ValueError(f"save version {value.get('version')!r} is not supported")
    record = value.get("record")
    game = from_record(record)  # RecordError is a ValueError; a record is a dict once it loads
    assert isinstance(record, dict)
    seats = value.get("seats")
    players = len(game.options.players)
    if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, str) for s in seats)):
        raise ValueError("seats: expected one entry per player")
    from .seats import is_known
    if not all(is_known(s) for s in seats):
        raise ValueError("seats: unknown player kind")
    pace = value.get("pace", 1)
    created = value.get("created", 0)
    updated = value.get("updated", created)
    number = (int, float)
    app = value.get("app")
    return SavedGame(str(value.get("id") or game_id or ""), tuple(seats), 0 if pace == 0 else 1,
                     float(created) if isinstance(created, number) else 0.0,
                     float(updated) if isinstance(updated, number) else 0.0, record, game,
                     app if isinstance(app, dict) else {})
