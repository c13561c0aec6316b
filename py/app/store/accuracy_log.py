"""The humans' accuracy over games, per rule set (``qwirkle.study.accuracy``), for the Statistics dialog's trend.

A review of a finished two-player game computes each player's accuracy (``review.win_panels``); the figure of the
players who played on this device (seat ``human``; the mean of both in a hot-seat game) is kept here once per game
(``record_accuracy``), keyed by the save's id, with the time the game was played::

    {"version": 1, "variants": {"classic": [{"game": "18c2…", "time": 1764150000.0, "accuracy": 82.4}, …], …}}

oldest first, at most ``MAX_GAMES`` per rule set (the oldest go). Nothing read is trusted: a value that is not such
an object is moved aside and reported like a save (``SaveStore.move_aside``); an entry of any other shape, or of a
rule set the engine does not know, is left out. A full or broken storage loses only this figure, never a game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .beside import load_beside
from .saves import PREFIX, SaveStore
from .storage import seconds

ACCURACY = PREFIX + "accuracy"
VERSION = 1
MAX_GAMES = 50  # per rule set
MAX_TEXT = 100_000  # 3 rule sets of 50 games take about 10,000 characters


@dataclass(frozen=True)
class Played:
    """One game's accuracy: the save's id, when it was played (seconds), the figure (0-100, one decimal)."""

    game: str
    time: float
    accuracy: float

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "time": self.time, "accuracy": self.accuracy}

    @classmethod
    def read(cls, value: Any) -> Played | None:
        """An entry as stored; None for anything else."""
        if not isinstance(value, dict):
            return None
        game, figure = value.get("game"), value.get("accuracy")
        if not isinstance(game, str) or not game or len(game) > 100:
            return None
        if not isinstance(figure, (int, float)) or isinstance(figure, bool) or not 0 <= figure <= 100:
            return None
        return cls(game, seconds(value.get("time")), round(float(figure), 1))


def _variants() -> set[str]:
    from qwirkle.variants import VARIANTS

    return set(VARIANTS)


def load_accuracy(store: SaveStore) -> dict[str, list[Played]]:
    """Each rule set's games, oldest first ({} when there are none or the value cannot be read)."""
    value = load_beside(store, ACCURACY, MAX_TEXT, "accuracy")  # unreadable: moved aside there
    if not value and store._get(ACCURACY) is None:
        return {}
    if value.get("version") != VERSION or not isinstance(value.get("variants"), dict):
        store.move_aside(ACCURACY, "not the accuracy of Qwirkle games")
        return {}
    known = _variants()
    found: dict[str, list[Played]] = {}
    for variant, entries in value["variants"].items():
        if variant not in known or not isinstance(entries, list):
            continue
        games: dict[str, Played] = {}
        for entry in entries:
            played = Played.read(entry)
            if played is not None:
                games.setdefault(played.game, played)
        if games:
            found[variant] = sorted(games.values(), key=lambda p: p.time)[-MAX_GAMES:]
    return found


def record_accuracy(store: SaveStore, game_id: str, variant: str, time: float, figures: Sequence[float]) -> bool:
    """Keep the mean of ``figures`` (the humans' accuracies in one game of ``variant``, a rule set's name) once per
    game; False when there is nothing to keep, it is kept already, it is older than the ``MAX_GAMES`` kept or the
    storage refused it.

    >>> from app.store.saves import DictStorage, SaveStore
    >>> store = SaveStore(DictStorage())
    >>> record_accuracy(store, "g1", "classic", 100.0, [80.0, 70.0]), record_accuracy(store, "g1", "classic", 9.0, [1])
    (True, False)
    >>> load_accuracy(store)
    {'classic': [Played(game='g1', time=100.0, accuracy=75.0)]}
    """
    values = [float(f) for f in figures if isinstance(f, (int, float)) and 0 <= f <= 100]
    if not game_id or not values or variant not in _variants():
        return False
    log = load_accuracy(store)
    games = log.setdefault(variant, [])
    if any(played.game == game_id for played in games):
        return False
    games.append(Played(game_id, seconds(time), round(sum(values) / len(values), 1)))
    games.sort(key=lambda p: p.time)
    log[variant] = games[-MAX_GAMES:]
    if not any(played.game == game_id for played in log[variant]):
        return False  # older than every game kept
    value = {"version": VERSION, "variants": {name: [p.to_json() for p in kept] for name, kept in log.items()}}
    try:
        store._set(ACCURACY, json.dumps(value, separators=(",", ":")))
    except Exception:  # noqa: BLE001 - a full store loses only this figure
        return False
    return True


def reset_accuracy(store: SaveStore) -> None:
    store.storage.remove(ACCURACY)
