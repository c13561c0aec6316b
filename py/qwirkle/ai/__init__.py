"""Computer players. Each receives only a ``PlayerView`` and returns a move.

``make_player(name, seed)`` builds one by name (``random``, ``greedy``...).
"""
from __future__ import annotations

import random
from typing import Callable, Protocol

from ..notation import Move
from ..view import PlayerView
from .basic import GreedyPlayer, RandomPlayer


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


PLAYERS: dict[str, Callable[[random.Random], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
}


def make_player(name: str, seed: int = 0) -> Player:
    try:
        factory = PLAYERS[name]
    except KeyError:
        raise ValueError(f"ai: unknown player {name!r}; choose one of {', '.join(PLAYERS)}") from None
    return factory(random.Random(seed))
