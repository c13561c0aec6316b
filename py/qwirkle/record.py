"""Game records as JSON: options + moves; loading replays every move and names the first bad one.

A record is ``{"format": "qwirkle-game", "version": 2, "variant", "players", "seed", "ages", "tiles", "moves"}``.
The version says how the seed deals (``chance``): version 1 records (Python's own shuffle) load and replay
exactly as they were played. Nothing read is trusted: every field is checked, and bounded (``limits``), before the
first move is replayed.
"""

from __future__ import annotations

import json
from typing import Any, TypeGuard

from .chance import VERSIONS
from .errors import IllegalMoveError, NotationError, RecordError
from .game import Game, Options
from .limits import MAX_MOVE_TEXT, MAX_MOVES, MAX_RECORD_BYTES, check_options, nested_deeper

FORMAT = "qwirkle-game"
VERSION = VERSIONS[-1]  # the version of new records
FIELDS = ("format", "version", "variant", "players", "seed", "ages", "tiles", "moves")  # nothing else is kept


def to_record(game: Game) -> dict[str, Any]:
    """The game's record; ValueError for a game set up from a position (a record replays from the seed's deal)."""
    if game.options.start is not None:
        raise ValueError("record: a game set up from a position has no record; keep its position instead")
    return {"format": FORMAT, "version": game.options.version, **game.options.to_json(), "moves": list(game.moves)}


def dumps(game: Game) -> str:
    return json.dumps(to_record(game), ensure_ascii=False)


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def options_of(record: Any) -> tuple[Options, list[str]]:
    """The options and moves of a record, every field checked; ``RecordError`` names the first wrong one."""
    if not isinstance(record, dict):
        raise RecordError("record: expected a JSON object", reason="not_object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format: expected {FORMAT!r}, got {_short(record.get('format'))}", reason="format")
    version = record.get("version")
    if not _whole(version) or version not in VERSIONS:
        raise RecordError(
            f"version: this app reads versions {VERSIONS[0]} to {VERSIONS[-1]}, the record has {_short(version)}",
            reason="version",
            details={"low": VERSIONS[0], "high": VERSIONS[-1]},
        )
    variant = record.get("variant")
    if not isinstance(variant, str):
        raise RecordError('variant: expected a name, e.g. "classic"', reason="bad_variant")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise RecordError("players: expected a list of names", reason="bad_players")
    seed = record.get("seed")
    if not _whole(seed):
        raise RecordError("seed: expected an integer", reason="bad_seed")
    ages = record.get("ages")
    if ages is not None and (not isinstance(ages, list) or not all(a is None or _whole(a) for a in ages)):
        raise RecordError("ages: expected a list of integers or nulls", reason="bad_ages")
    tiles = record.get("tiles")
    if tiles is not None and not _whole(tiles):
        raise RecordError("tiles: expected an integer", reason="bad_tiles")
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("moves: expected a list of moves in notation", reason="bad_moves")
    if len(moves) > MAX_MOVES:
        raise RecordError(
            f"moves: {len(moves)} moves; no game makes more than {MAX_MOVES}",
            reason="too_many_moves",
            details={"got": len(moves), "limit": MAX_MOVES},
        )
    for index, move in enumerate(moves):
        if len(move) > MAX_MOVE_TEXT:
            raise RecordError(
                f"moves: move {index + 1} has {len(move)} characters (at most {MAX_MOVE_TEXT})",
                index,
                "move_too_long",
                {"n": index + 1, "got": len(move), "limit": MAX_MOVE_TEXT},
            )
    try:
        check_options(players)
    except ValueError as error:
        raise RecordError(str(error), reason="settings") from error
    return Options(variant, tuple(players), seed, tuple(ages) if ages is not None else None, tiles, version), moves


def from_record(record: Any) -> Game:
    """Rebuild a game by replaying its moves; ``RecordError`` says what is wrong."""
    options, moves = options_of(record)
    try:
        game = Game(options)
    except ValueError as error:
        raise RecordError(str(error), reason=_settings_reason(error)) from error
    _replay(game, moves, 0)
    return game


def extend_record(game: Game, record: Any) -> Game | None:
    """``game`` brought up to ``record`` when the record continues it (the same options, ``game``'s moves first, at
    least one of them): only the moves after ``game``'s are replayed, onto ``game`` itself. None, and ``game``
    unchanged, when the record does not continue it; ``RecordError`` as ``from_record`` for a bad record or move
    (``game`` then holds the moves before the bad one).

    >>> game, later = Game.new("classic", ["A", "B"], 3), Game.new("classic", ["A", "B"], 3)
    >>> for step in range(3):   # the longest play each time: an opening places the largest combination (C2)
    ...     _ = later.apply(max(later.legal_plays(), key=lambda play: len(play.placements)).notation())
    ...     if step == 0:
    ...         _ = game.apply(later.history[0].move)
    >>> extend_record(game, {**to_record(later), "seed": 4}), len(game.moves)
    (None, 1)
    >>> extend_record(game, to_record(later)) is game, game.moves == later.moves
    (True, True)
    """
    options, moves = options_of(record)
    known = game.moves
    if not known or options != game.options or tuple(moves[: len(known)]) != known:
        return None
    _replay(game, moves, len(known))
    return game


def _replay(game: Game, moves: list[str], start: int) -> None:
    """Apply ``moves[start:]``; ``RecordError`` names the first that is not a move or breaks a rule."""
    for index in range(start, len(moves)):
        move = moves[index]
        try:
            game.apply(move)
        except (IllegalMoveError, NotationError) as error:
            if index == 0 and isinstance(error, IllegalMoveError) and error.reason in ("not_in_hand", "opening_size"):
                raise RecordError(
                    f"seed: seed {game.options.seed} (version {game.options.version}) does not deal "
                    f"the tiles of move 1 ({move!r}): the record's seed or first move was changed "
                    f"({error})",
                    index,
                    "seed_deal",
                    {"n": 1, "move": move},
                ) from error
            raise RecordError(
                f"move {index + 1} ({move!r}): {error}", index, "bad_move", {"n": index + 1, "move": move}
            ) from error


def parse_json(text: str, field: str = "record") -> Any:
    """JSON from stored or imported text, whatever its shape: a byte-order mark is skipped; text too long, nested
    too deep or with numbers too large gives a ``RecordError`` naming ``field``, never Python's own exception."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            f"{field}: {len(text)} characters; a game record has at most {MAX_RECORD_BYTES}",
            reason="too_long",
            details={"got": len(text), "limit": MAX_RECORD_BYTES},
        )
    if nested_deeper(text):
        raise RecordError(f"{field}: not a game record (nested too deep)", reason="too_deep")
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{field}: not JSON ({error.msg} at line {error.lineno})", reason="not_json", details={"line": error.lineno}
        ) from None
    except RecursionError:
        raise RecordError(f"{field}: not a game record (nested too deep)", reason="too_deep") from None
    except (ValueError, OverflowError, MemoryError) as error:  # e.g. an integer of thousands of digits
        raise RecordError(f"{field}: not a game record ({str(error)[:80]})", reason="not_json") from None


def _settings_reason(error: ValueError) -> str:
    """The reason of options that make no game: ``bad_<field>`` when the engine's message names a record field."""
    field = str(error).partition(":")[0]
    return f"bad_{field}" if field in ("variant", "players", "ages", "tiles") else "settings"


def loads(text: str) -> Game:
    return from_record(parse_json(text))


def _short(value: Any, limit: int = 60) -> str:
    """``repr(value)``, cut to ``limit`` characters (a field may hold anything, of any size)."""
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # an integer too long to print, a list nested too deep
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "…"
