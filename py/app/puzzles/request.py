"""What a puzzle link asks for: ``?puzzle=daily[&variant=cubes|flex]`` (the puzzle of the day by the device's date,
classic unless a variant is named) or ``?puzzle=ID`` (one puzzle, rebuilt from its id by the engine).

Only the link is read here; rebuilding the puzzle is the engine's (``qwirkle.study.puzzles``). A bad link raises
``PuzzleLinkError`` whose message names the parameter and the problem, so the page can say it and change nothing::

    >>> parse_puzzle_link({"puzzle": "daily", "variant": "flex"}, today="2026-11-25")
    PuzzleRequest(daily=True, variant='flex', date='2026-11-25', puzzle_id=None)
    >>> parse_puzzle_link({"puzzle": "CQ-k3x9a-1f"}, today="2026-11-25").puzzle_id
    'cq-k3x9a-1f'
    >>> parse_puzzle_link({"puzzle": "nonsense"}, today="2026-11-25")
    Traceback (most recent call last):
    ...
    app.puzzles.request.PuzzleLinkError: puzzle: 'nonsense' is not a puzzle id (e.g. cq-k3x9a-1f)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from qwirkle.study.puzzles import VARIANT_CODES, PuzzleError, check_theme, parse_id

DAILY = "daily"
MAX_VALUE = 60  # longer than any id: the message quotes at most this much


class PuzzleLinkError(ValueError):
    """A puzzle link that opens nothing; the message names the parameter and what is wrong with it, ``reason`` and
    ``details`` say it in the player's words (``ui.problems``)."""

    def __init__(self, message: str, reason: str, **details: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


@dataclass(frozen=True)
class PuzzleRequest:
    """The puzzle a link asks for: the day's puzzle of ``variant`` on ``date``, or the one ``puzzle_id`` names."""

    daily: bool
    variant: str
    date: str | None = None
    puzzle_id: str | None = None

    def link_id(self) -> str:
        """The value of ``?puzzle=`` that asks for this puzzle again."""
        return DAILY if self.daily else str(self.puzzle_id)


def parse_puzzle_link(params: Mapping[str, str], today: str) -> PuzzleRequest | None:
    """The request of a link's query parameters; None when the link asks for no puzzle."""
    if "puzzle" not in params:
        return None
    value = params["puzzle"].strip()
    if not value:
        raise PuzzleLinkError("puzzle: empty; give daily or a puzzle id (e.g. cq-k3x9a-1f)", "puzzle_empty")
    if value.lower() == DAILY:
        variant = params.get("variant", "classic").strip().lower() or "classic"
        if variant not in VARIANT_CODES:
            raise PuzzleLinkError(
                f"variant: unknown {variant[:MAX_VALUE]!r}; one of {', '.join(VARIANT_CODES)}",
                "puzzle_variant",
                got=variant[:MAX_VALUE],
                choices=list(VARIANT_CODES),
            )
        return PuzzleRequest(True, variant, date=today)
    try:
        variant, theme, _seed, _move = parse_id(value[:MAX_VALUE])
        check_theme(variant, theme)
    except PuzzleError as error:
        text = str(error)
        raise PuzzleLinkError(
            "puzzle" + text[len("id") :] if text.startswith("id:") else text, "puzzle_id", got=value[:MAX_VALUE]
        ) from None
    if "variant" in params and params["variant"].strip().lower() not in ("", variant):
        raise PuzzleLinkError(
            f"variant: {params['variant'][:MAX_VALUE]!r} but puzzle {value.lower()} is {variant}",
            "puzzle_mismatch",
            got=params["variant"][:MAX_VALUE],
            puzzle=value.lower()[:MAX_VALUE],
        )
    return PuzzleRequest(False, variant, puzzle_id=value.lower())
