"""The table of computer players: the levels shown as a difficulty (beginner ... expert) and the reference players
(random, greedy), with what the browser needs to run each. See docs/research/strength.md.

>>> [level.name for level in LEVELS]
['beginner', 'easy', 'medium', 'hard', 'expert']
>>> find_level("Computer").name, find_level("expert").in_worker
('medium', True)
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..notation import Move
from ..view import PlayerView


class Player(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Move: ...


@dataclass(frozen=True)
class Level:
    """One computer player.

    ``factory(rng, **options)`` builds it (``where`` is ``"module:Class"`` in this package, imported on first use:
    the page reads the table at start-up, and the players' modules are large); ``difficulty`` is True for the levels
    offered as a difficulty, False for the reference players; ``in_worker``: it thinks long enough to need a browser
    worker; ``page_options``: options for playing it in the page (Pyodide runs about 2-3x slower than CPython).
    """

    name: str
    where: str
    difficulty: bool = True
    in_worker: bool = False
    page_options: dict[str, Any] = field(default_factory=dict, hash=False)

    @property
    def factory(self) -> Callable[..., Player]:
        module, _, cls = self.where.partition(":")
        factory: Callable[..., Player] = getattr(importlib.import_module(f"{__package__}.{module}"), cls)
        return factory

    def make(self, seed: int = 0, **options: Any) -> Player:
        return self.factory(random.Random(seed), **options)


# Hard's exact end-game search gets a time cap in the page so that a move stays within 300 ms (past the cap it plays
# its one-ply choice); the Expert thinks in a worker, on the clock chosen in the settings.
TABLE: tuple[Level, ...] = (
    Level("random", "basic:RandomPlayer", difficulty=False),
    Level("greedy", "basic:GreedyPlayer", difficulty=False),
    Level("beginner", "levels:BeginnerPlayer"),
    Level("easy", "levels:EasyPlayer"),
    Level("medium", "levels:MediumPlayer"),
    Level("hard", "levels:HardPlayer", page_options={"endgame_seconds": 0.1}),
    Level("expert", "expert:ExpertPlayer", in_worker=True),
)
LEVELS: tuple[Level, ...] = tuple(level for level in TABLE if level.difficulty)


def _factory(level: Level) -> Callable[..., Player]:
    def build(rng: random.Random, **options: Any) -> Player:
        return level.factory(rng, **options)

    build.__name__ = level.where.partition(":")[2]
    return build


PLAYERS: dict[str, Callable[..., Player]] = {level.name: _factory(level) for level in TABLE}
ALIASES = {"computer": "medium"}


def find_level(name: str) -> Level:
    """A computer player by name or alias (``computer`` is ``medium``), case-insensitive; ValueError naming the
    field ``ai`` otherwise."""
    key = ALIASES.get(name.lower(), name.lower())
    for level in TABLE:
        if level.name == key:
            return level
    raise ValueError(f"ai: unknown player {name!r}; choose one of {', '.join(PLAYERS)}")
