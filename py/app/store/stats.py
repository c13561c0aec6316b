"""Statistics of finished games, kept in the same store as the saves (``qwirkle.stats``).

Counted from the humans' side: games played and won per variant and opponent (the computer
levels faced, or ``humans`` for hot-seat games), the best single turn and the Qwirkles made by
a human. Games without a human are not counted. Each game is counted once, even when a move is
taken back and the game ends again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..shared.seats import HUMAN as HUMAN_SEAT
from .saves import PREFIX, SaveStore
from .storage import read_json

if TYPE_CHECKING:
    from qwirkle import Game

STATS = PREFIX + "stats"
STATS_VERSION = 1
HUMANS = "humans"
MAX_COUNTED = 200


@dataclass
class Stats:
    """``games[variant][opponent] = {"played": n, "won": n}``, best turn, Qwirkles."""

    games: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    best: dict[str, Any] | None = None  # {"points", "name", "variant"}
    qwirkles: int = 0
    counted: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATS_VERSION,
            "games": self.games,
            "best": self.best,
            "qwirkles": self.qwirkles,
            "counted": self.counted[-MAX_COUNTED:],
        }

    @classmethod
    def from_json(cls, value: Any) -> Stats:
        if not isinstance(value, dict) or value.get("version") != STATS_VERSION:
            raise ValueError("not Qwirkle statistics")
        games = value.get("games")
        if not isinstance(games, dict):
            raise ValueError("games: expected an object")
        clean: dict[str, dict[str, dict[str, int]]] = {}
        for variant, by_opponent in games.items():
            if not isinstance(by_opponent, dict):
                raise ValueError("games: expected an object per variant")
            for opponent, counts in by_opponent.items():
                if not isinstance(counts, dict):
                    raise ValueError("games: expected counts")
                played, won = counts.get("played"), counts.get("won")
                if not isinstance(played, int) or not isinstance(won, int):
                    raise ValueError("games: counts are whole numbers")
                clean.setdefault(str(variant), {})[str(opponent)] = {"played": played, "won": won}
        best = value.get("best")
        if best is not None and not (
            isinstance(best, dict)
            and isinstance(best.get("points"), int)
            and all(isinstance(best.get(k, ""), str) for k in ("name", "variant"))
        ):
            raise ValueError("best: expected a turn")
        qwirkles = value.get("qwirkles", 0)
        counted = value.get("counted", [])
        if not isinstance(qwirkles, int) or not isinstance(counted, list):
            raise ValueError("qwirkles/counted: wrong type")
        return cls(clean, best, qwirkles, [str(c) for c in counted])

    @property
    def played(self) -> int:
        return sum(c["played"] for v in self.games.values() for c in v.values())


def variant_key(game: Game) -> str:
    """The game's rule set as the engine's registry names it: 'classic', 'cubes', 'flex72', 'flex108'."""
    from qwirkle.variants import setup_of

    return setup_of(game.variant.name, game.options.tiles).key


def opponent_key(seats: tuple[str, ...] | list[str]) -> str:
    computers = sorted({s for s in seats if s != HUMAN_SEAT})
    return "+".join(computers) if computers else HUMANS


def load_stats(store: SaveStore) -> Stats:
    text = store._get(STATS)
    if text is None:
        return Stats()
    try:
        return Stats.from_json(read_json(text))
    except ValueError as error:
        store.move_aside(STATS, str(error))
        return Stats()


def record_game(store: SaveStore, game_id: str, game: Game, seats: tuple[str, ...] | list[str]) -> bool:
    """Count a finished game once; False when it was already counted, unfinished or has no human."""
    humans = [i for i, kind in enumerate(seats) if kind == HUMAN_SEAT]
    if not game.is_over or not humans:
        return False
    stats = load_stats(store)
    if game_id in stats.counted:
        return False
    counts = stats.games.setdefault(variant_key(game), {}).setdefault(opponent_key(seats), {"played": 0, "won": 0})
    counts["played"] += 1
    if any(seat in humans for seat in game.winners()):
        counts["won"] += 1
    names = game.options.players
    for turn in game.history:
        if turn.seat not in humans or turn.kind != "play":
            continue
        stats.qwirkles += sum(1 for line in turn.lines if line.qwirkle)
        if stats.best is None or turn.points > stats.best["points"]:
            stats.best = {"points": turn.points, "name": names[turn.seat], "variant": variant_key(game)}
    stats.counted.append(game_id)
    try:
        store._set(STATS, json.dumps(stats.to_json(), ensure_ascii=False))
    except Exception:  # noqa: BLE001 - a full store must not stop the game
        return False
    return True


def reset_stats(store: SaveStore) -> None:
    store.storage.remove(STATS)
