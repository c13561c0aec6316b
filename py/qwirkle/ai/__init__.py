"""Computer players. Each receives only a ``PlayerView`` and returns a move.

``make_player(name, seed)`` builds one by name: the reference players ``random`` and ``greedy``, and the levels of
``LEVELS`` (``beginner`` ... ``expert``; ``computer`` means ``medium``). Options go to the level, e.g.
``make_player("expert", seed, seconds=2.0)``; ``hint(view, "hard")`` is the move a level would make.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol

from ..notation import Move
from ..view import PlayerView
from .basic import GreedyPlayer, RandomPlayer
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
}


def make_player(name: str, seed: int = 0, **options: Any) -> Player:
    """A player by name (``computer`` is ``medium``); ``options`` are passed to the level (see ``ExpertPlayer``)."""
    name = ALIASES.get(name, name)
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"ai: unknown player {name!r}; choose one of {', '.join(PLAYERS)}") from None
    return factory(random.Random(seed), **options)


__all__ = ["ALIASES", "LEVELS", "PLAYERS", "Player", "make_player"]
