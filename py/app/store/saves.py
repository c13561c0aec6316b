"""Saved games and settings in a key-value store (the browser's localStorage, a dict in tests).

Keys, all under ``qwirkle.``:

* ``qwirkle.save.ID``: one game (its format and its reading: ``save_format``);
* ``qwirkle.current``: the ID of the game to offer on the next visit;
* ``qwirkle.settings``: ``{"lang", "palette", "hint_level", "review_level", "expert_seconds", "celebrate", "sound"}``;
* ``qwirkle.newgame``: the last new-game choices (``setup_memory``);
* ``qwirkle.racks.ID``, ``qwirkle.review.ID``: beside a save, its racks and review (``rack_memory``, ``review_memory``);
* ``qwirkle.glance``: the game screen of the current game as a resume shows it, drawn before Python on the next
  visit (``regions.glance``, js/early-game.js);
* ``qwirkle.aside.KEY.N``: a value that could not be read, moved aside (never deleted).

Nothing read is trusted: a corrupt or foreign value is moved aside and reported in ``problems``, the other saves
still load, and the app never crashes on it. No save is lost unless the player decides it: beyond ``MAX_SAVES`` only
finished games are removed, least recently played first; a save is never written over a newer one from another tab.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.values import Value
from ui.words import LANGUAGES

from .storage import DictStorage as DictStorage  # re-exported: the store's in-memory storage
from .storage import StaleSave as StaleSave
from .storage import Storage as Storage
from .storage import StorageFull as StorageFull
from .storage import read_json, seconds

if TYPE_CHECKING:
    from .save_format import SavedGame

PREFIX = "qwirkle."
SAVE_PREFIX = PREFIX + "save."
CURRENT = PREFIX + "current"
SETTINGS = PREFIX + "settings"
ASIDE_PREFIX = PREFIX + "aside."
RACKS_PREFIX = PREFIX + "racks."  # this device's arrangement of a saved game's racks (store.rack_memory)
GLANCE = PREFIX + "glance"  # the current game's screen, drawn before Python on a return (regions.glance)
REVIEW_PREFIX = PREFIX + "review."  # what a review computed for a saved game (store.review_memory)
LIVE_PREFIX = PREFIX + "live."  # the live table's phone seats of a saved game: tokens, move numbers (live.keeping)
PHONE = PREFIX + "phone"  # a phone at a live table: its seat, token, last state, the offer it answered
PALETTES = ("standard", "contrast")
EXPERT_SECONDS = ("1", "1.5", "2", "3")  # the Expert's thinking times: the settings' and the new-game dialog's
MAX_SAVES = 30


class ImportRefused(ValueError):
    """A file that is not added: ``reason`` is "not_json" (the page says so in words, not the
    parser's message) or "duplicate" (the same game is saved already, as ``game_id``)."""

    def __init__(self, reason: str, message: str, game_id: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.game_id = game_id


class Problem(Value):
    """A stored value that could not be read: where it was, where it went (None: it could not be moved and stays
    where it was, unread), and why."""

    __slots__ = ("key", "moved_to", "error")

    def __init__(self, key: str, moved_to: str | None, error: str) -> None:
        self.key, self.moved_to, self.error = key, moved_to, error


class SaveStore:
    """Saved games, the current game and settings over a ``Storage``."""

    def __init__(self, storage: Storage, clock: Callable[[], float] = time.time) -> None:
        self.storage = storage
        self.clock = clock
        self.problems: list[Problem] = []
        self._unread: set[str] = set()  # keys of bad values that could not be moved aside: not read again

    # -- safety --------------------------------------------------------------------------------
    def _get(self, key: str) -> str | None:
        if key in self._unread:
            return None
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
        """Keep an unreadable value under ``qwirkle.aside.KEY.N`` and report it. It is never deleted: when it
        cannot be copied aside (storage full), it stays where it is and is not read again in this visit."""
        value = self._get(key)
        keys = set(self._keys())
        suffix = key[len(PREFIX) :] if key.startswith(PREFIX) else key
        n = 1
        while f"{ASIDE_PREFIX}{suffix}.{n}" in keys:
            n += 1
        target = f"{ASIDE_PREFIX}{suffix}.{n}"
        try:
            if value is not None:
                self._set(target, value)
        except Exception:  # noqa: BLE001 - full or broken store: the value stays where it is, unread
            self._unread.add(key)
            problem = Problem(key, None, error)
        else:
            try:
                self.storage.remove(key)
            except Exception:  # noqa: BLE001 - copied aside but still there: not read again
                self._unread.add(key)
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

    def save(
        self,
        game_id: str,
        record: dict[str, Any],
        seats: tuple[str, ...] | list[str],
        pace: int = 1,
        created: float | None = None,
        current: bool = True,
        app: dict[str, Any] | None = None,
        revision: int | None = None,
        over: bool = False,
    ) -> int:
        """Write a game (autosave after every move) and make it the current one; return its new revision.
        ``app`` is kept beside the engine's record (the record itself stays as the engine wrote it).

        ``revision`` is the revision this tab last read or wrote (None: do not check): when the stored save is
        newer (another tab wrote it), nothing is written and ``StaleSave`` is raised. ``StorageFull`` when the
        browser refuses the write (finished games beyond ``MAX_SAVES`` were removed first)."""
        from .save_format import SAVE_FORMAT, SAVE_VERSION, revision_of

        now = self.clock()
        old = self._read_raw(game_id) or {}
        stored = revision_of(old)
        if revision is not None and stored > revision:
            raise StaleSave(game_id)
        new = max(stored, revision or 0) + 1
        payload: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "id": game_id,
            "seats": list(seats),
            "pace": pace,
            "created": created or seconds(old.get("created")) or now,
            "updated": now,
            "revision": new,
            "over": over,
            "record": record,
        }
        if app:
            payload["app"] = app
        self._prune(keep=game_id)
        try:
            self._set(SAVE_PREFIX + game_id, json.dumps(payload, ensure_ascii=False))
            if current:
                self._set(CURRENT, game_id)
        except Exception as error:  # noqa: BLE001 - QuotaExceededError, or storage blocked
            raise StorageFull(str(error)) from None
        return new

    def revision(self, game_id: str) -> int:
        """The stored revision of a game (0: missing, unreadable, or without one)."""
        from .save_format import revision_of

        return revision_of(self._read_raw(game_id) or {})

    def _read_raw(self, game_id: str) -> dict[str, Any] | None:
        text = self._get(SAVE_PREFIX + game_id)
        if text is None:
            return None
        try:
            value = read_json(text)
        except ValueError:
            return None
        return value if isinstance(value, dict) else None

    def load(self, game_id: str) -> SavedGame | None:
        """A save by id, or None (missing, or unreadable: then moved aside and reported)."""
        from .save_format import parse_save

        key = SAVE_PREFIX + game_id
        text = self._get(key)
        if text is None:
            return None
        try:
            return parse_save(text, game_id)
        except (ValueError, RecursionError, OverflowError, MemoryError) as error:
            self.move_aside(key, str(error))
            if self.current_id() == game_id:
                self.clear_current()
            return None

    def exists(self, game_id: str) -> bool:
        """Whether something is stored under this save id (nothing is read or replayed)."""
        return self._get(SAVE_PREFIX + game_id) is not None

    def list(self) -> list[SavedGame]:
        """Every readable save, newest first; unreadable ones are moved aside."""
        saves = []
        for key in sorted(self._keys()):
            if key.startswith(SAVE_PREFIX):
                saved = self.load(key[len(SAVE_PREFIX) :])
                if saved is not None:
                    saves.append(saved)
        saves.sort(key=lambda s: s.updated, reverse=True)
        return saves

    def delete(self, game_id: str) -> None:
        try:
            for prefix in (
                SAVE_PREFIX,
                RACKS_PREFIX,
                REVIEW_PREFIX,
                LIVE_PREFIX,
            ):  # the save, then what is kept beside it
                self.storage.remove(prefix + game_id)
        except Exception:  # noqa: BLE001 - a broken store: the save stays
            return
        if self.current_id() == game_id:
            self.clear_current()

    def current_id(self) -> str | None:
        value = self._get(CURRENT)
        return value if value else None

    def set_current(self, game_id: str) -> None:
        try:
            self._set(CURRENT, game_id)
        except Exception:  # noqa: BLE001 - a full store: the next visit offers the previous game
            pass

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

    def _prune(self, keep: str | None = None) -> None:
        """Beyond MAX_SAVES saves, remove finished games, least recently played first. A game in progress (or
        a save that does not say whether it is finished) is never removed without the player."""
        ids = [k[len(SAVE_PREFIX) :] for k in self._keys() if k.startswith(SAVE_PREFIX)]
        excess = len(ids) - MAX_SAVES
        if excess <= 0:
            return
        spared = {keep, self.current_id()}
        finished = []
        for game_id in ids:
            raw = self._read_raw(game_id) or {}
            if raw.get("over") is True and game_id not in spared:
                finished.append((seconds(raw.get("updated")), game_id))
        for _, game_id in sorted(finished)[:excess]:
            self.delete(game_id)

    def finished_ids(self) -> tuple[str, ...]:
        """The finished saved games (a save that does not say is replayed to find out)."""
        ids: tuple[str, ...] = ()
        for key in self._keys():
            if key.startswith(SAVE_PREFIX):
                game_id = key[len(SAVE_PREFIX) :]
                over = (self._read_raw(game_id) or {}).get("over")
                if over is None:
                    saved = self.load(game_id)
                    over = saved is not None and saved.game.is_over
                if over is True:
                    ids += (game_id,)
        return ids

    def delete_finished(self) -> int:
        """Delete every finished game (the player asked it, to make room); how many."""
        ids = self.finished_ids()
        for game_id in ids:
            self.delete(game_id)
        return len(ids)

    # -- export / import -----------------------------------------------------------------------
    def export_text(self, game_id: str) -> str | None:
        """The engine's JSON record of a save (plus ``seats``, which the engine ignores): the record's own fields
        only, whatever else the save holds."""
        from qwirkle.record import to_record

        saved = self.load(game_id)
        if saved is None:
            return None
        return json.dumps({**to_record(saved.game), "seats": list(saved.seats)}, ensure_ascii=False, indent=1)

    def import_text(self, text: str) -> SavedGame:
        """Add a game from an exported record (or a save file); ``ValueError`` (RecordError) naming the field when
        it is not one, ``ImportRefused`` when it is not JSON or the same game is saved already. Only the record's
        own fields are kept; names longer than 40 characters are cut."""
        from .importing import read_import
        from .save_format import SavedGame

        try:
            json.loads(text.removeprefix("\ufeff"))
        except json.JSONDecodeError as error:
            raise ImportRefused("not_json", f"not JSON ({error.msg})") from None
        except (RecursionError, ValueError):
            pass  # JSON, but too deep or with numbers too long: read_import names the problem
        clean, seats, game = read_import(text)
        same = next((saved for saved in self.list() if saved.record == clean), None)
        if same is not None:
            raise ImportRefused("duplicate", "this game is saved already", same.id)
        game_id = self.new_id()
        revision = self.save(game_id, clean, seats, current=False, over=game.is_over)
        return SavedGame(game_id, tuple(seats), 1, self.clock(), self.clock(), clean, game, revision=revision)

    # -- settings ------------------------------------------------------------------------------
    def settings(self) -> dict[str, str]:
        """``{"lang", "palette"}`` as stored; unreadable settings are moved aside."""
        text = self._get(SETTINGS)
        if text is None:
            return {}
        try:
            value = read_json(text)
            if not isinstance(value, dict):
                raise ValueError("settings: expected a JSON object")
        except ValueError as error:
            self.move_aside(SETTINGS, str(error))
            return {}
        result = {}
        if value.get("lang") in LANGUAGES:
            result["lang"] = value["lang"]
        if value.get("palette") in PALETTES:
            result["palette"] = value["palette"]
        for key in ("hint_level", "review_level"):  # checked against the levels when used
            level = value.get(key)
            if isinstance(level, str) and level.isalpha() and len(level) <= 20:
                result[key] = level
        if value.get("expert_seconds") in EXPERT_SECONDS:
            result["expert_seconds"] = value["expert_seconds"]
        for switch in ("celebrate", "sound"):  # "on" or "off"
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
