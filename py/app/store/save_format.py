"""One saved game as stored under ``qwirkle.save.ID``: its format, the value a store hands out (``SavedGame``) and
the reading of a stored value (``parse_save``), which trusts nothing it reads.

A save is ``{"format": "qwirkle-save", "version": 1, "id", "seats", "pace", "created", "updated", "revision",
"over", "record", "app"}``: ``record`` is the engine's JSON record (``qwirkle.record.to_record``), untouched; ``app``
the app's own data beside it (``{"hints": [hints used per seat]}``; optional); ``revision`` counts the writes
(``play.tabs``) and ``over`` says the game is finished (a save may lack these two: revision 0, finished unknown).
The store (``saves.SaveStore``) imports this module when it first reads or writes a save.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.values import Value

from .storage import read_json, seconds

if TYPE_CHECKING:
    from qwirkle import Game

SAVE_FORMAT = "qwirkle-save"
SAVE_VERSION = 1


def record_of(value: Any) -> Any:
    """The engine's record inside a whole save file; any other value as it is (a record, or the page's export of
    one, a record with ``seats``)."""
    if isinstance(value, dict) and value.get("format") == SAVE_FORMAT:
        return value.get("record")
    return value


class SavedGame(Value):
    """A readable save. ``game`` is rebuilt by replaying the record's moves; ``app`` is the app's
    data beside the record (hints used); ``revision``, how many times it was written (``play.tabs``)."""

    __slots__ = ("id", "seats", "pace", "created", "updated", "record", "game", "app", "revision")

    def __init__(
        self,
        id: str,
        seats: tuple[str, ...],
        pace: int,
        created: float,
        updated: float,
        record: dict[str, Any],
        game: Game,
        app: dict[str, Any] | None = None,
        revision: int = 0,
    ) -> None:
        self.id, self.seats, self.pace, self.created, self.updated = id, seats, pace, created, updated
        self.record, self.game, self.revision = record, game, revision
        self.app: dict[str, Any] = {} if app is None else app

    @property
    def move_count(self) -> int:
        return len(self.record.get("moves", []))


def revision_of(payload: dict[str, Any]) -> int:
    """A stored save's ``revision`` (0 when it has none or a value that is not one)."""
    value = payload.get("revision")
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**53 else 0


def names_bounded(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its player names as the page makes them (spaces collapsed, at most 40 characters), so that
    a file or a save with longer names still loads (the engine refuses them)."""
    from qwirkle.limits import MAX_NAME

    players = record.get("players")
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        return record
    return {**record, "players": [" ".join(p.split())[:MAX_NAME] for p in players]}


def parse_save(text: str, game_id: str | None = None) -> SavedGame:
    """Read one stored save; ``ValueError`` with a short reason when it is not a readable save."""
    from qwirkle.record import from_record

    value = read_json(text)
    if not isinstance(value, dict) or value.get("format") != SAVE_FORMAT:
        raise ValueError("not a saved Qwirkle game")
    if value.get("version") != SAVE_VERSION:
        raise ValueError(f"save version {value.get('version')!r} is not supported")
    record = value.get("record")
    if isinstance(record, dict):
        record = names_bounded(record)
    game = from_record(record)  # RecordError is a ValueError; a record is a dict once it loads
    assert isinstance(record, dict)
    seats = value.get("seats")
    players = len(game.options.players)
    if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, str) for s in seats)):
        raise ValueError("seats: expected one entry per player")
    from ..shared.seats import is_known

    if not all(is_known(s) for s in seats):
        raise ValueError("seats: unknown player kind")
    pace = value.get("pace", 1)
    created = seconds(value.get("created"))
    updated = seconds(value.get("updated")) or created
    app = value.get("app")
    stored_id = value.get("id")
    return SavedGame(
        stored_id if isinstance(stored_id, str) and stored_id else game_id or "",
        tuple(seats),
        0 if pace == 0 else 1,
        created,
        updated,
        record,
        game,
        app if isinstance(app, dict) else {},
        revision_of(value),
    )
