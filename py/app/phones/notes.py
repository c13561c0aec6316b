"""What the table says about its phone seats, as ``Note`` objects (no DOM): a refused message from a phone, by the
group of its reason (the protocol's, the table's, or the engine's with its rule id)::

    >>> from app.live.table import TableNote
    >>> refusal_note(TableNote("refused", 1, "1.2", "replayed"), "Ann").key
    'live_refused_sequence'
    >>> note = refusal_note(TableNote("refused", 1, "1.2", "no_contact", rule="C4"), "Ann")
    >>> note.key, note.error["rule"], note.values
    ('live_refused', 'C4', {'name': 'Ann'})
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..shared.notes import Note

if TYPE_CHECKING:
    from ..live.table import TableNote

GROUPS = {
    "wrong_token": "token",
    "seat_taken": "taken",
    "wrong_seat": "seat",
    "replayed": "sequence",
    "skipped": "sequence",
    "not_your_turn": "turn",
    "game_over": "turn",
    "too_big": "size",
    "unknown_kind": "kind",
    "unexpected": "kind",
}


def refusal_note(note: TableNote, name: str) -> Note:
    """The table's note for a refused message from seat ``note.seat`` (its player ``name``)."""
    if note.rule and note.reason not in GROUPS:  # the engine refused the move: its rule, as refusals say it
        error = {"rule": note.rule, "reason": note.reason, "message": "", "cells": [], "details": {}}
        return Note("live_refused", {"name": name}, error=error, level="warn")
    return Note(f"live_refused_{GROUPS.get(note.reason, 'malformed')}", {"name": name}, level="warn")
