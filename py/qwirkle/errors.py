"""Error types: syntax (notation) and legality (rules), both ``ValueError``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

Cell = tuple[int, int]
# The machine code of a refusal (``IllegalMoveError.reason``), which the page translates; "" for none given;
# "notation" is the page's own, for a play it could not read. A line's faults (C5) are ``LineProblem``.
LineProblem = Literal["too_long", "duplicate", "mixed"]
RefusalReason = Literal[
    "",
    "bag_too_small",
    "can_play",
    "copies",
    "diagonal_too_long",
    "duplicate",
    "empty",
    "exchange_instead",
    "game_over",
    "gap",
    "mixed",
    "no_common_attribute",
    "no_contact",
    "no_exchange",
    "no_roll",
    "not_aligned",
    "not_in_hand",
    "not_legal",
    "notation",
    "nothing_to_undo",
    "occupied",
    "opening",
    "opening_size",
    "opening_unreachable",
    "roll_instead",
    "rolled_twice",
    "same_cell",
    "too_long",
    "wrong_set",
]


class FieldError(ValueError):
    """An engine error with fields beside its message, pickled whole (a tournament's worker process sends its error
    back to the parent, which reports it: the default pickling calls ``__init__`` with the message alone, which fails,
    and the process pool then waits forever)."""

    def __reduce__(self) -> tuple[Any, ...]:
        return _restored, (type(self), self.args), self.__dict__


def _restored(cls: type[FieldError], args: tuple[Any, ...]) -> FieldError:
    return cls.__new__(cls, *args)


class NotationError(FieldError):
    """Text that is not valid notation (a tile code, a cell, a move).

    ``field`` names what was being read (``"tile"``, ``"cell"``, ``"move"``...); ``reason`` is a short machine code
    the UI translates (``NOTATION_REASONS``), ``details`` its parameters, as for ``IllegalMoveError``.
    """

    def __init__(
        self, field: str, text: str, message: str, reason: str = "", details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(f"bad {field} {text!r}: {message}")
        self.field = field
        self.text = text
        self.message = message
        self.reason = reason
        self.details = dict(details or {})

    def to_json(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "text": self.text,
            "message": self.message,
            "reason": self.reason,
            "details": self.details,
        }


# The reasons of a NotationError: what the text lacks.
NOTATION_REASONS = (
    "tile_format",  # not a color letter, a shape letter and (Flex) a background letter
    "cell_format",  # not X,Y with integers
    "cell_digits",  # a coordinate longer than ``details["limit"]`` digits
    "placement_format",  # no CODE@X,Y
    "play_empty",  # a play of no tile
    "move_empty",  # no move at all
    "pass_extra",  # something after 'pass'
    "move_no_tiles",  # 'swap' or 'roll' (``details["head"]``) with no tile after it
    "cell_twice",  # a board that lists a cell (``details["cell"]``) twice
)


class IllegalMoveError(FieldError):
    """A well-formed move that the rules refuse.

    ``rule`` is the rule id of RULES.md (``"C5"``, ``"F5"``...), ``cells`` the cells involved,
    ``reason`` a short machine code the UI translates, ``details`` its parameters.
    """

    def __init__(
        self,
        rule: str,
        message: str,
        cells: Sequence[Cell] = (),
        reason: RefusalReason = "",
        details: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.cells = tuple(cells)
        self.reason = reason
        self.details = dict(details or {})

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "message": self.message,
            "reason": self.reason,
            "cells": [f"{x},{y}" for x, y in self.cells],
            "details": self.details,
        }


# The answers of a "why is this illegal?" exercise, and which one each refusal belongs to: looked up by the refusal's
# rule id, then by its reason; any other refusal is about where the tiles are placed ("place").
CATEGORIES = ("choice", "place", "line", "diagonal")
REFUSAL_CATEGORIES: dict[str, str] = {
    "C4": "choice",  # choosing the tiles (a duplicate, no shared color or shape)
    "F5": "diagonal",  # a Flex diagonal too long
    "too_long": "line",  # a row or column (C5)...
    "duplicate": "line",
    "mixed": "line",
}


def refusal_category(error: IllegalMoveError) -> str:
    """The exercise category of a refusal: ``"choice"``, ``"place"``, ``"line"`` or ``"diagonal"``.

    >>> refusal_category(IllegalMoveError("C5", "...", reason="mixed", details={"line": "row"}))
    'line'
    >>> refusal_category(IllegalMoveError("C5", "...", reason="gap"))
    'place'
    """
    return REFUSAL_CATEGORIES.get(error.rule) or REFUSAL_CATEGORIES.get(error.reason, "place")


class RecordError(FieldError):
    """A saved game that cannot be loaded; ``move_index`` is the first bad move, if any.

    ``reason`` is a short machine code the UI translates (``RECORD_REASONS``), ``details`` its parameters; a bad
    move's own error (``IllegalMoveError`` or ``NotationError``) is the ``__cause__``.
    """

    def __init__(
        self, message: str, move_index: int | None = None, reason: str = "", details: dict[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.move_index = move_index
        self.reason = reason
        self.details = dict(details or {})


# The reasons of a RecordError.
RECORD_REASONS = (
    "not_object",  # not a JSON object
    "format",  # another format than a game record
    "version",  # a record version this engine does not read (``details``: ``low``, ``high``)
    "bad_variant",  # a field of the wrong type or value, one code per field
    "bad_players",
    "bad_seed",
    "bad_ages",
    "bad_tiles",
    "bad_moves",
    "too_many_moves",  # ``details``: ``got``, ``limit``
    "move_too_long",  # ``details``: ``n``, ``got``, ``limit``
    "bad_move",  # move ``details["n"]`` is not a move or breaks a rule (the ``__cause__``)
    "seed_deal",  # the seed does not deal the first move's tiles (the ``__cause__``)
    "too_long",  # text of ``details["got"]`` characters, at most ``details["limit"]``
    "too_deep",  # JSON nested deeper than any record
    "not_json",  # text that is not JSON (``details["line"]``)
    "settings",  # the options make no game (the ``__cause__``, a limit, or a ValueError naming its field)
)
