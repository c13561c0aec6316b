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


def expert_seconds(value: Any) -> float | None:
    """The Expert's time budget from settings ('1' to '3' seconds), None for the engine's default."""
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return min(max(seconds, 0.5), 5.0) if seconds == seconds else None


def _game(record_json: str, seat: int) -> Any:
    from qwirkle.record import loads
    game = loads(str(record_json))
    if game.is_over or game.to_move != seat:
        raise ValueError(f"ai: seat {seat} is not to move")
    return game


def choose_move(record_json: str, seat: int, kind: str, seed: int, seconds: Any = None) -> str:
    """The move ``kind`` would make in ``seat`` of the recorded game, in notation (``seconds``: the
    Expert's budget)."""
    seat = int(seat)
    game = _game(record_json, seat)
    player = _player(str(kind), int(seed) * 1000 + len(game.history), expert_seconds(seconds))
    return player.choose(game.view(seat)).notation()


def hint_move(record_json: str, seat: int, level: str, seed: int, seconds: Any = None) -> str:
    """The move ``level`` advises in ``seat`` (a play, an exchange, a re-roll or a pass), in notation."""
    from qwirkle.ai import hint
    seat = int(seat)
    game = _game(record_json, seat)
    options = _options(str(level), expert_seconds(seconds))
    advice = hint(game.view(seat), seats.engine_player(str(level)), int(seed), **options)
    return advice.move.notation() if advice is not None else ""


def _options(kind: str, seconds: float | None) -> dict[str, Any]:
    """In the browser the expert thinks to its time cap (not the tournament's iteration budget)."""
    if seats.engine_player(kind) != "expert":
        return seats.page_options(kind)
    from qwirkle.ai import expert
    return {"seconds": seconds or expert.DEFAULT_SECONDS}  # with a time cap the clock decides


def _player(kind: str, seed: int, seconds: float | None = None) -> Any:
    options = _options(kind, seconds)
    if options and seats.engine_player(kind) == "expert":
        try:
            from qwirkle.ai import make_player
            return make_player("expert", seed, **options)
        except (ImportError, TypeError):
            pass
    return seats.make_ai(kind, seed)
