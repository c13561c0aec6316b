"""Computer moves computed away from the page: the function a PyScript worker exports.

The page sends the game's record (the engine's JSON), the seat and the player kind; the worker
rebuilds the game, gives the player only that seat's view, and answers with the move in
notation. Pure Python: the same function runs under CPython in tests and in the page when no
worker is available.
"""

from __future__ import annotations

from typing import Any

from . import seats

# Players whose thinking takes long enough to freeze the page: they run in the worker.
SLOW_PLAYERS = frozenset({"expert"})


def is_slow(kind: str) -> bool:
    return seats.engine_player(kind) in SLOW_PLAYERS


def choose_move(record_json: str, seat: int, kind: str, seed: int) -> str:
    """The move ``kind`` would make in ``seat`` of the recorded game, in notation."""
    from qwirkle.record import loads
    game = loads(str(record_json))
    seat = int(seat)
    if game.is_over or game.to_move != seat:
        raise ValueError(f"ai: seat {seat} is not to move")
    player = _player(str(kind), int(seed) * 1000 + len(game.history))
    return player.choose(game.view(seat)).notation()


def _player(kind: str, seed: int) -> Any:
    """In the worker the expert may think to its time cap (not the tournament's iteration budget)."""
    if seats.engine_player(kind) == "expert":
        try:
            from qwirkle.ai import expert, make_player
            return make_player("expert", seed, seconds=expert.DEFAULT_SECONDS, iterations=expert.BROWSER_ITERATIONS)
        except (ImportError, AttributeError, TypeError):
            pass
    return seats.make_ai(kind, seed)
