"""Game records as JSON: options + moves; loading replays every move and names the first bad one."""
from __future__ import annotations

import json
from typing import Any

from .errors import IllegalMoveError, NotationError, RecordError
from .game import Game, Options

FORMAT = "qwirkle-game"
VERSION = 1


def to_record(game: Game) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, **game.options.to_json(), "moves": list(game.moves)}


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), ensure_ascii=False)


def from_record(record: Any) -> Game:
    """Rebuild a game by replaying its moves; ``RecordError`` says what is wrong."""
    if not isinstance(record, dict):
        raise RecordError("record: expected a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {record.get('format')!r}")
    if record.get("version") != VERSION:
        raise RecordError(f"version: this app reads version {VERSION}, the record has {record.get('version')!r}")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players: expected a list of names")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("seed: expected an integer")
    ages = record.get("ages")
    if ages is not None and (not isinstance(ages, list)
                             or not all(a is None or (isinstance(a, int) and not isinstance(a, bool)) for a in ages)):
        raise RecordError("ages: expected a list of integers or nulls")
    tiles = record.get("tiles")
    if tiles is not None and not isinstance(tiles, int):
        raise RecordError("tiles: expected an integer")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("moves: expected a list of moves in notation")
    try:
        game = Game(Options(str(record.get("variant")), tuple(players), seed,
                            tuple(ages) if ages is not None else None, tiles))
    except ValueError as error:
        raise RecordError(str(error)) from error
    for index, move in enumerate(moves):
        try:
            game.apply(move)
        except (IllegalMoveError, NotationError) as error:
            raise RecordError(f"move {index + 1} ({move!r}): {error}", index) from error
    return game


def loads(text: str) -> Game:
    try:
        record = json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(f"record: not JSON ({error.msg} at line {error.lineno})") from error
    return from_record(record)
