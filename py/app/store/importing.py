"""Reading an imported file (Saved games, Import a file): the engine's record, the page's export of it (with
``seats``) or a whole save file, from this or another browser, or from anywhere.

Nothing in it is trusted. Whatever the file holds, the result is a record of the engine's own fields only
(``qwirkle.record.FIELDS``: anything else is dropped, never saved or exported again), player names cut to 40
characters like the start links', and the seats checked: a seat kind this app does not know is refused with a
message, not turned into a human. Errors are ``ValueError``s that name the field (the engine's ``RecordError``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .save_format import names_bounded, record_of

if TYPE_CHECKING:
    from qwirkle import Game


def read_import(text: str) -> tuple[dict[str, Any], list[str], Game]:
    """(the clean record, its seats, the game replayed) of an imported file's text."""
    from qwirkle.errors import RecordError
    from qwirkle.record import FIELDS, from_record, parse_json

    value = parse_json(text, "file")  # a byte-order mark is fine; depth, size and numbers are bounded
    seats: Any = value.get("seats") if isinstance(value, dict) else None
    record = record_of(value)  # a whole save file holds it in "record"
    if not isinstance(record, dict):
        raise RecordError("record: expected a JSON object", reason="not_object")
    clean = names_bounded({key: record[key] for key in FIELDS if key in record})
    game = from_record(clean)
    return clean, check_seats(seats, len(game.options.players)), game


def check_seats(seats: Any, players: int) -> list[str]:
    """The seats of an imported game: one known kind per player; none given means every player is a human."""
    from qwirkle.errors import RecordError

    from ..shared.seats import HUMAN, is_known, seat_choices

    if seats is None:
        return [HUMAN] * players
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise RecordError('seats: expected a list of player kinds, e.g. ["human", "hard"]', reason="bad_seats")
    if len(seats) != players:
        raise RecordError(f"seats: {len(seats)} seats for {players} players", reason="bad_seats")
    for kind in seats:
        if not is_known(kind):
            raise RecordError(
                f"seats: unknown player kind {kind[:40]!r}; this app knows " + ", ".join(seat_choices()),
                reason="bad_seats",
            )
    return list(seats)
