"""Qwirkle rules engine: classic, Cubes and Flex. Standard library only; runs in CPython and Pyodide.

``LAYERS`` is the engine's order, bottom up: the rules (the modules at this folder's root), the computer players
(``ai``), the study of games (``study``) and the command line (``cli``, with ``__main__``); each imports only its
own layer and those before it (``tests/architecture`` checks).
"""

from .board import Board
from .errors import IllegalMoveError, NotationError, RecordError, refusal_category
from .game import Game, LegalMoves, Opening, Options, TurnResult
from .movegen import ScoredPlay, legal_plays
from .notation import Exchange, Move, Pass, Placement, Play, Roll, parse_cell, parse_move
from .position import Position
from .record import dumps, from_record, loads, to_record
from .rules import Score, ScoredLine, score_play
from .tiles import Tile, largest_combination, parse_tiles
from .variants import VARIANTS, Setup, Variant, find_setup, find_variant, register_variant, setup_of, setups
from .view import PlayerView

LAYERS: tuple[str, ...] = ("rules", "ai", "study", "cli")

__all__ = [
    "VARIANTS",
    "Board",
    "Exchange",
    "Game",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "NotationError",
    "Opening",
    "Options",
    "Pass",
    "Placement",
    "Play",
    "PlayerView",
    "Position",
    "RecordError",
    "Roll",
    "Score",
    "ScoredLine",
    "ScoredPlay",
    "Setup",
    "Tile",
    "TurnResult",
    "Variant",
    "dumps",
    "find_setup",
    "find_variant",
    "from_record",
    "largest_combination",
    "legal_plays",
    "loads",
    "parse_cell",
    "parse_move",
    "parse_tiles",
    "refusal_category",
    "register_variant",
    "score_play",
    "setup_of",
    "setups",
    "to_record",
]
