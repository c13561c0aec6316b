"""Whether the player to move may exchange tiles or re-roll dice now, and if not, why, in words the player can act
on (the rules themselves are the engine's: the opening, the bag's size, one re-roll a turn); and what to do when
nothing can be placed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..shared.notes import Availability, Note

if TYPE_CHECKING:
    from qwirkle import Game


def exchange(game: Game | None, turn: bool, hand_size: int) -> Availability:
    """``turn``: a human may act now (not a computer's turn, not a puzzle)."""
    if game is None or not turn or not game.variant.can_exchange:
        return Availability(False)
    if game.is_opening:
        return Availability(False, Note("exchange_opening"))
    limit = game.exchange_limit()
    if limit == 0:
        return Availability(False, Note("exchange_none"))
    if limit < hand_size:
        return Availability(True, Note("exchange_limit", count=limit))
    return Availability(True)


def roll(game: Game | None, turn: bool) -> Availability:
    if game is None or not turn or not game.variant.dice:
        return Availability(False)
    if game.is_opening:
        return Availability(False, Note("roll_opening"))
    if game.has_rolled:
        return Availability(False, Note("roll_done"))
    return Availability(True)


def stuck(game: Game) -> Note | None:
    """What the player to move can do when no tile can be placed (C3, C10, Q4); None when one can."""
    if game.legal_plays():
        return None
    if game.can_roll():
        return Note("stuck_roll", level="warn")
    if game.exchange_limit():
        return Note("stuck_exchange", level="warn")
    if game.can_pass():
        return Note("stuck_pass", level="warn")
    return None
