"""Computer moves computed away from the page: the functions a PyScript worker exports.

The page sends the game's record (the engine's JSON), the seat and the player kind; the worker
rebuilds the game, gives the player only that seat's view, and answers with the move in
notation. Pure Python: the same functions run under CPython in tests and in the page when no
worker is available. Which players think here is the registry's ``in_worker``.
"""

from __future__ import annotations

from typing import Any

from ..shared import seats


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


def _options(kind: str, seconds: float | None) -> dict[str, Any]:
    """A level that thinks in the worker thinks to the time chosen (a time cap: the clock decides)."""
    if not seats.in_worker(kind):
        return seats.page_options(kind)
    from qwirkle.ai import expert

    return {**seats.page_options(kind), "seconds": seconds or expert.DEFAULT_SECONDS}


def choose_move(record_json: str, seat: int, kind: str, seed: int, seconds: Any = None) -> str:
    """The move ``kind`` would make in ``seat`` of the recorded game, in notation (``seconds``: the
    Expert's budget)."""
    from qwirkle.ai.registry import find_level

    seat = int(seat)
    game = _game(record_json, seat)
    level = find_level(str(kind))
    player = level.make(int(seed) * 1000 + len(game.history), **_options(level.name, expert_seconds(seconds)))
    move = player.choose(game.view(seat)).notation()
    looked = getattr(player, "looked", 0)
    if looked:  # for bench/aimove.py: how many look-aheads the Expert made on its clock (the worker's console)
        print(f"ai-lookaheads {level.name} {looked}")
    return move


def hint_move(record_json: str, seat: int, level: str, seed: int, seconds: Any = None) -> str:
    """The move ``level`` advises in ``seat`` (a play, an exchange, a re-roll or a pass), in notation."""
    from qwirkle.ai import hint

    seat = int(seat)
    game = _game(record_json, seat)
    name = seats.engine_player(str(level))
    advice = hint(game.view(seat), name, int(seed), **_options(name, expert_seconds(seconds)))
    return advice.move.notation() if advice is not None else ""
