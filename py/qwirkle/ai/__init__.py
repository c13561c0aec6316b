"""Computer players. Each receives only a ``PlayerView`` and returns a move.

``make_player(name, seed)`` builds one by name: the reference players ``random`` and ``greedy``, and the levels of
``LEVELS`` (``beginner`` ... ``expert``; ``computer`` means ``medium``), all in the table of ``registry.py``
(``find_level``). Options go to the level, e.g. ``make_player("expert", seed, seconds=2.0)``; ``hint(view, "hard")``
is the move a level would make. See docs/research/strength.md.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from ..notation import Move, Play
from ..rules import score_play
from ..view import PlayerView
from .registry import ALIASES, LEVELS, PLAYERS, TABLE, Level, Player, find_level


def make_player(name: str, seed: int = 0, **options: Any) -> Player:
    """A player by name (``computer`` is ``medium``); ``options`` are passed to the level (see ``ExpertPlayer``)."""
    return find_level(name).make(seed, **options)


class Hint(NamedTuple):
    """A level's advice for the player to move: the move, and its points when it is a play (else 0)."""

    move: Move
    points: int


def hint(view: PlayerView, level: str = "hard", seed: int = 0, play_only: bool = False, **options: Any) -> Hint | None:
    """The move ``level`` would make in this seat (the view must be of the player to move).

    With ``play_only`` the level may not exchange or re-roll, so the hint is a play to show as pending tiles
    (None when no tile can be placed). Options go to the level, e.g. ``seconds=2.0`` for the Expert.
    """
    if play_only:
        view = dataclasses.replace(view, exchange_limit=0, can_roll=False)
        if not view.legal_plays():
            return None
    move = make_player(level, seed, **options).choose(view)
    if isinstance(move, Play):
        return Hint(move, score_play(view.board, move.placements, view.variant).points)
    return None if play_only else Hint(move, 0)


__all__ = [
    "ALIASES",
    "LEVELS",
    "PLAYERS",
    "TABLE",
    "ExpertPlayer",
    "Hint",
    "Level",
    "Player",
    "find_level",
    "hint",
    "make_player",
]


def __getattr__(name: str) -> Any:
    """``ExpertPlayer`` on first use: the players' modules load only when a player is made."""
    if name == "ExpertPlayer":
        from .expert import ExpertPlayer

        return ExpertPlayer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
