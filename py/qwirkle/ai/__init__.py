"""Computer players. Each receives only a ``PlayerView`` and returns a move.

``make_player(name, seed)`` builds one by name: the reference players ``random`` and ``greedy``, and the levels of
``LEVELS`` (``beginner`` ... ``expert``; ``computer`` means ``medium``). Options go to the level, e.g.
``make_player("expert", seed, seconds=2.0)``; ``hint(view, "hard")`` is the move a level would make.
"""
from __future__ import annotations

import dataclasses
import random
from typing import Any, Callable, NamedTuple, Protocol

from ..notation import Move, Play
from ..rules import score_play
from ..view import PlayerView
from .basic import GreedyPlayer, RandomPlayer
from .expert import ExpertPlayer
from .levels import ALIASES, LEVELS, BeginnerPlayer, EasyPlayer, HardPlayer, MediumPlayer


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


PLAYERS: dict[str, Callable[..., Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "beginner": BeginnerPlayer,
    "easy": EasyPlayer,
    "medium": MediumPlayer,
    "hard": HardPlayer,
    "expert": ExpertPlayer,
}


def make_player(name: str, seed: int = 0, **options: Any) -> Player:
    """A player by name (``computer`` is ``medium``); ``options`` are passed to the level (see ``ExpertPlayer``)."""
    name = ALIASES.get(name, name)
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"ai: unknown player {name!r}; choose one of {', '.join(PLAYERS)}") from None
    return factory(random.Random(seed), **options)


class Hint(NamedTuple):
    """A level's advice for the player to move: the move, and its points when it is a play (else 0)."""

    move: Move
    points: int


def hint(view: PlayerView, level: str = "hard", seed: int = 0, play_only: bool = False,
         **options: Any) -> Hint | None:
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


__all__ = ["ALIASES", "LEVELS", "PLAYERS", "ExpertPlayer", "Hint", "Player", "hint", "make_player"]
