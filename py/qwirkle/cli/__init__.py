"""The command line: ``python3 -m qwirkle COMMAND ...``, the commands score, moves, selfplay, replay, position,
tournament, review, puzzles, analyse and endgame.

The engine's top layer: it may import the rules, the computer players (``qwirkle.ai``) and ``qwirkle.study``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..ai import PLAYERS, make_player
from ..errors import IllegalMoveError
from ..game import HAND_SIZE, Game
from ..limits import check_count
from ..movegen import legal_plays
from ..notation import parse_placements
from ..record import dumps, loads, parse_json
from ..rules import score_play
from ..study.match import play_out
from ..tiles import parse_tiles
from ..variants import VARIANTS, find_variant
from .inputs import InputError
from .inputs import board as _board
from .inputs import check_set as _check_set


def score_one(variant_name: str, board_text: str, play_text: str) -> tuple[dict[str, Any], bool]:
    """The JSON result of ``score`` and whether the play is legal."""
    variant = find_variant(variant_name)
    board = _board(variant, board_text)
    check_count(play_text, "play", HAND_SIZE)
    placements = parse_placements(play_text)
    if not placements:
        raise InputError("play: empty; give placements like 'Rd@1,0 Rs@2,0'")
    _check_set(variant, (p.tile for p in placements), "play")
    try:
        score = score_play(board, placements, variant)
    except IllegalMoveError as error:
        return {
            "legal": False,
            "rule": error.rule,
            "message": error.message,
            "cells": [f"{x},{y}" for x, y in error.cells],
        }, False
    return {"legal": True, "points": score.points, "breakdown": [line.to_json() for line in score.lines]}, True


def moves_one(variant_name: str, board_text: str, hand_text: str) -> list[dict[str, Any]]:
    variant = find_variant(variant_name)
    board = _board(variant, board_text)
    check_count(hand_text, "hand", HAND_SIZE)
    hand = parse_tiles(hand_text)
    _check_set(variant, hand, "hand")
    plays = sorted(legal_plays(board, hand, variant), key=lambda p: (-p.points, p.notation()))
    return [{"play": p.notation(), "points": p.points} for p in plays]


def position_moves(text: str) -> list[dict[str, Any]]:
    """The JSON of ``moves --position``: every distinct legal play of the player to move, as ``moves`` lists them
    (an opening holds the largest combination, C2)."""
    plays = sorted(Game.from_position(text).legal_plays(), key=lambda p: (-p.points, p.notation()))
    return [{"play": p.notation(), "points": p.points} for p in plays]


# What a batch line, or any input, may raise besides our own ValueErrors: JSON nested too deep, numbers too large.
BAD_INPUT = (ValueError, RecursionError, OverflowError, MemoryError)


def _batch(path: str, field: str, run: Callable[[str, str, str], Any]) -> int:
    """One JSON object per line; each line gets one JSON answer, ``{"error": ...}`` when it is wrong, and the batch
    goes on."""
    with open(path, encoding="utf-8-sig") as lines:
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                result = run(*_batch_item(line, field))
                if isinstance(result, tuple):
                    result = result[0]
            except BAD_INPUT as error:
                result = {"error": f"line {number}: {_message(error)}"}
            print(json.dumps(result), flush=True)
    return 0


def _batch_item(line: str, field: str) -> tuple[str, str, str]:
    """The variant, board and ``field`` (play or hand) of a batch line, each a string."""
    item = json.loads(line)
    if not isinstance(item, dict):
        raise InputError(f"expected a JSON object with variant, board and {field}")
    values = []
    for name, default in (("variant", None), ("board", ""), (field, None)):
        value = item.get(name, default)
        if value is None:
            raise InputError(f"{name}: missing")
        if not isinstance(value, str):
            raise InputError(f"{name}: expected a string, got {type(value).__name__}")
        values.append(value)
    return values[0], values[1], values[2]


def _message(error: BaseException) -> str:
    """An error in words that name the field; Python's own errors get a plain sentence instead of their text."""
    if isinstance(error, RecursionError):
        return "input nested too deep"
    if isinstance(error, (OverflowError, MemoryError)):
        return "input too large"
    return str(error)


def _cmd_score(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args.batch, "play", score_one)
    if args.play is None:
        raise InputError("--play is required (or --batch FILE)")
    result, legal = score_one(args.variant, args.board, args.play)
    print(json.dumps(result))
    return 0 if legal else 1


def _cmd_moves(args: argparse.Namespace) -> int:
    if args.batch:
        return _batch(args.batch, "hand", moves_one)
    if args.position is not None:
        if args.hand is not None or args.board:
            raise InputError("--position: give a position or --board and --hand, not both")
        print(json.dumps(position_moves(args.position)))
        return 0
    if args.hand is None:
        raise InputError("--hand is required (or --batch FILE)")
    print(json.dumps(moves_one(args.variant, args.board, args.hand)))
    return 0


def _cmd_position(args: argparse.Namespace) -> int:
    """The position of a saved game after its first ``--move`` moves (all by default), as one line of text."""
    game = loads(_read(args.file))
    moves = game.moves
    count = len(moves) if args.move is None else args.move
    if not 0 <= count <= len(moves):
        raise InputError(f"--move: the game has {len(moves)} moves")
    while len(game.moves) > count:
        game.undo()
    if args.seat is not None and not 0 <= args.seat < len(game.hands):
        raise InputError(f"--seat: a seat from 0 to {len(game.hands) - 1}")
    position = game.position()
    print(position if args.seat is None else position.hidden(args.seat))
    return 0


def _cmd_selfplay(args: argparse.Namespace) -> int:
    names = args.ai.split(",")
    if len(names) == 1:
        names = names * args.players
    if len(names) != args.players:
        raise InputError(f"--ai: give one player or {args.players} (comma-separated)")
    for index in range(args.games):
        seed = args.seed + index
        game = Game.new(args.variant, [f"{name}{seat + 1}" for seat, name in enumerate(names)], seed, tiles=args.tiles)
        players = [make_player(name, seed * 10 + seat) for seat, name in enumerate(names)]
        summary = play_out(game, players).to_json()
        if args.save:
            summary["record"] = _save(args.save, f"{args.variant}-{seed}.json", dumps(game))
        print(json.dumps(summary), flush=True)
    return 0


def _save(folder: str, name: str, text: str) -> str:
    """Write a game record into ``folder`` (made if missing); return its path."""
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text + "\n")
    return path


def _cmd_replay(args: argparse.Namespace) -> int:
    text = _read(args.file)
    game = loads(text)
    print(
        json.dumps(
            {
                "variant": game.variant.name,
                "players": list(game.options.players),
                "scores": list(game.scores),
                "winners": list(game.winners()),
                "moves": len(game.moves),
                "over": game.is_over,
                "ended": game.end_reason,
            }
        )
    )
    return 0


def _read(path: str) -> str:
    """A record file: UTF-8, with or without a byte-order mark; larger than any record is refused unread."""
    from ..limits import MAX_RECORD_BYTES

    if os.path.getsize(path) > MAX_RECORD_BYTES * 4:
        raise InputError(f"{path}: larger than any game record ({MAX_RECORD_BYTES} characters at most)")
    try:
        with open(path, encoding="utf-8-sig") as file:
            return file.read()
    except UnicodeDecodeError:
        raise InputError(f"{path}: not UTF-8 text") from None


def _cmd_review(args: argparse.Namespace) -> int:
    """Every move of a saved game against the best play by points and a level's move (see ``qwirkle.study.review``)."""
    from ..study.review import review

    level = None if args.level == "none" else args.level
    if level is not None:
        make_player(level)  # unknown names fail here, before any move
    if args.budget is not None and args.budget < 1:
        raise InputError("--budget: at least 1")
    print(json.dumps(review(_record_of(_read(args.file)), level, args.budget, win=args.win)))
    return 0


def _record_of(text: str) -> Any:
    """The game record of a file's text: the engine's record, the page's export of one (a record with ``seats``),
    or a whole save file of the page, which holds the record under ``record`` (the page's format is its own:
    py/app/store/save_format.py; a record has no ``record`` field)."""
    value = parse_json(text)
    if isinstance(value, dict) and isinstance(value.get("record"), dict):
        return value["record"]
    return value


def _cmd_tournament(args: argparse.Namespace) -> int:
    """Seeded games between computer players, seats rotated; one JSON summary (see ``qwirkle.study.tournament``)."""
    from ..study.tournament import run

    names = [name.strip() for name in args.players.split(",")]
    if not 2 <= len(names) <= 4:
        raise InputError("--players: give 2 to 4 comma-separated players, e.g. hard,greedy")
    from ..study.tournament import parse_player

    for listed in names:
        name, options = parse_player(listed)
        make_player(name, **options)  # unknown names and options fail here, before any game
    if args.games < 1:
        raise InputError("--games: at least 1")
    print(json.dumps(run(args.variant, names, args.games, args.seed, tiles=args.tiles, workers=args.workers)))
    return 0


def _add_tournament(commands: Any, variants: list[str]) -> None:
    tournament = commands.add_parser("tournament", help="seeded games between computer players, with statistics")
    tournament.add_argument("--variant", choices=variants, default="classic")
    tournament.add_argument(
        "--players",
        required=True,
        help=f"2 to 4 comma-separated players, one per seat: {', '.join(PLAYERS)}; "
        "options after slashes, e.g. expert/endgame=search",
    )
    tournament.add_argument("--games", type=int, default=100)
    tournament.add_argument("--seed", type=int, default=0)
    tournament.add_argument("--tiles", type=int, choices=(72, 108), help="Flex tile set (default 108)")
    tournament.add_argument("--workers", type=int, default=1, help="processes to play games in (same results)")
    tournament.set_defaults(run=_cmd_tournament)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python3 -m qwirkle", description="Qwirkle rules engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    variants = sorted(VARIANTS)

    score = commands.add_parser("score", help="check and score one play (exit 1 when illegal)")
    score.add_argument("--variant", choices=variants, default="classic")
    score.add_argument("--board", default="", help="placements already on the board, e.g. 'Ro@0,0 Rs@1,0'")
    score.add_argument("--play", help="the play, e.g. 'Rd@2,0'")
    score.add_argument("--batch", metavar="FILE", help="JSON lines with variant, board, play")
    score.set_defaults(run=_cmd_score)

    moves = commands.add_parser("moves", help="list every distinct legal play of a hand")
    moves.add_argument("--variant", choices=variants, default="classic")
    moves.add_argument("--board", default="")
    moves.add_argument("--hand", help="the tiles in hand, e.g. 'Ro Rs Bd'")
    moves.add_argument("--batch", metavar="FILE", help="JSON lines with variant, board, hand")
    moves.add_argument("--position", help="a position's text instead of --board and --hand (docs/engine.md)")
    moves.set_defaults(run=_cmd_moves)

    selfplay = commands.add_parser("selfplay", help="play whole games between computer players")
    selfplay.add_argument("--variant", choices=variants, default="classic")
    selfplay.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    selfplay.add_argument("--ai", default="greedy", help=f"comma-separated, one per seat: {', '.join(PLAYERS)}")
    selfplay.add_argument("--seed", type=int, default=0)
    selfplay.add_argument("--games", type=int, default=1)
    selfplay.add_argument("--tiles", type=int, choices=(72, 108), help="Flex tile set (default 108)")
    selfplay.add_argument("--save", metavar="DIR", help="write each game's record to DIR as VARIANT-SEED.json")
    selfplay.set_defaults(run=_cmd_selfplay)

    replay = commands.add_parser("replay", help="validate a saved game and print its final scores")
    replay.add_argument("file")
    replay.set_defaults(run=_cmd_replay)

    position = commands.add_parser("position", help="the position of a saved game, as one line of text")
    position.add_argument("file", help="a game record")
    position.add_argument("--move", type=int, help="after this many moves (default: all)")
    position.add_argument("--seat", type=int, help="as this seat sees it: other hands and the bag by count")
    position.set_defaults(run=_cmd_position)

    _add_tournament(commands, variants)

    review = commands.add_parser("review", help="every move of a saved game against the best play and a level's")
    review.add_argument("file", help="a game record (or the page's export or save file)")
    review.add_argument(
        "--level",
        default="expert",
        help=f"the level whose move is shown: {', '.join(PLAYERS)}, or none (default expert)",
    )
    review.add_argument("--budget", type=int, help="the Expert's look-ahead budget in iterations (default 160)")
    review.add_argument(
        "--win",
        action="store_true",
        help="add each move's chances of winning: win_before, win_after, best_win, best_win_move "
        "(percentages, two-player games), and each player's accuracy and played_like",
    )
    review.set_defaults(run=_cmd_review)

    from . import analyse, endgame, puzzles

    puzzles.add(commands, variants)
    analyse.add(commands, variants)
    endgame.add(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except (*BAD_INPUT, OSError) as error:  # InputError, NotationError, RecordError, LimitError are ValueErrors
        print(f"error: {_message(error)}", file=sys.stderr)
        return 2
