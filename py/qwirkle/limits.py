"""Limits on input: what no real game reaches is refused, naming the field, before any heavy work.

Records, the command line and the embedded boards read text from anywhere. A board whose tiles lie millions of cells
apart, a hand of 18 tiles or a record of a million moves is not a game: the work it would start (move generation,
drawing, replay) is refused up front with a ``LimitError`` that says which field is wrong and what the limit is.

>>> check_name("Ann", "players")
>>> try:
...     check_name("A" * 41, "players")
... except LimitError as error:
...     print(error)
players: a name has at most 40 characters, got 41
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .board import Board
from .errors import FieldError
from .tiles import COLOR_NAMES, Tile
from .variants import Variant

MAX_NAME = 40  # characters of a player's name (the page's start links cut names there too)
MAX_MOVES = 10_000  # moves of a record; a real game makes about 100 (exchanges can stretch it, never so far)
MAX_MOVE_TEXT = 200  # characters of one move in notation (a 6-tile Flex play takes about 80)
MAX_RECORD_BYTES = 2_000_000  # a record's text, before it is parsed (10,000 moves of 200 characters)
MAX_DEPTH = 100  # JSON nesting: a record nests 2 deep; Pyodide's parser overflows the browser's stack
#                           (an uncatchable crash) long before Python's recursion limit stops it

# A JSON string (an unterminated one runs to the end: the scan never backtracks) or a bracket.
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\[\s\S]?)*(?:"|\Z)|[\[\]{}]')


class LimitError(FieldError):
    """Input beyond what any game reaches; the message starts with the field (``board:``, ``players:``...).
    ``kind`` says which limit (``count``, ``copies``, ``extent``, ``name``) and ``details`` its
    numbers, for a translated message (the embedded boards show ``error_limit_<kind>``)."""

    def __init__(self, field: str, kind: str, message: str, **details: Any) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.kind = kind
        self.details = details


def nested_deeper(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON ``text`` nests arrays and objects deeper than ``limit`` (brackets inside strings ignored);
    checked before parsing, in one pass of the regular expression engine.

    >>> nested_deeper('{"moves": ["[[[["]}', 2), nested_deeper("[" * 3 + "]" * 3, 2)
    (False, True)
    """
    if text.count("[") + text.count("{") <= limit:
        return False
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif token in ("]", "}"):
            depth -= 1
    return False


def check_name(name: str, field: str) -> None:
    if len(name) > MAX_NAME:
        raise LimitError(
            field, "name", f"a name has at most {MAX_NAME} characters, got {len(name)}", limit=MAX_NAME, got=len(name)
        )


def check_options(players: Sequence[str]) -> None:
    """A game's settings within bounds: names (player counts are the rule set's, C1; seeds and ages may be any
    whole numbers, and JSON or the command line already refuse numbers too long to read)."""
    for name in players:
        check_name(name, "players")


def check_count(text: str, field: str, limit: int) -> None:
    """Before parsing a space-separated list (a board, a hand, a play): at most ``limit`` items."""
    count = len(text.split())
    if count > limit:
        raise LimitError(field, "count", f"at most {limit} tiles, got {count}", limit=limit, got=count)


def check_tiles(variant: Variant, tiles: Iterable[Tile], field: str) -> None:
    """No more copies of a piece than the rule set's largest set holds (C1, Q1, F1)."""
    have = Counter(variant.identity(t) for t in variant.tiles(variant.default_tiles))
    for piece, count in Counter(variant.identity(t) for t in tiles).items():
        if count > have[piece]:
            name = f"{COLOR_NAMES[piece.color]} dice" if variant.dice else piece.notation()
            raise LimitError(
                field,
                "copies",
                f"{count} × {name}, but {variant.title} has {have[piece]}",
                tile=name,
                got=count,
                limit=have[piece],
            )


def check_extent(variant: Variant, board: Board, field: str) -> None:
    """A board no wider or taller than a line of every tile of the set: anything larger is no game's board."""
    bounds = board.bounds()
    if bounds is None:
        return
    most = variant.default_tiles
    width, height = bounds[2] - bounds[0] + 1, bounds[3] - bounds[1] + 1
    if max(width, height) > most:
        raise LimitError(
            field,
            "extent",
            f"the tiles span {width} × {height} cells; no game of {most} tiles spans more than {most}",
            width=width,
            height=height,
            limit=most,
        )


def check_board(variant: Variant, board: Board, field: str = "board") -> None:
    check_tiles(variant, board.tiles.values(), field)
    check_extent(variant, board, field)
