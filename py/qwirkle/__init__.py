"""Qwirkle rules engine: classic, Cubes and Flex. Standard library only; runs in CPython and Pyodide."""
from .board import Board
from .errors import IllegalMoveError, NotationError, RecordError
from .game import Game, LegalMoves, Options, TurnResult
from .movegen import ScoredPlay, legal_plays
from .notation import Exchange, Move, Pass, Placement, Play, Roll, parse_cell, parse_move
from .record import dumps, from_record, loads, to_record
from .rules import Score, ScoredLine, score_play
from .tiles import Tile, largest_combination, parse_tiles
from .variants import VARIANTS, Variant, find_variant
from .view import PlayerView

__all__ = [
    "Board", "Exchange", "Game", "LegalMoves", "IllegalMoveError", "Move", "NotationError", "Options", "Pass", "Placement",
    "Play", "PlayerView", "RecordError", "Roll", "Score", "ScoredLine", "ScoredPlay", "Tile", "TurnResult",
    "VARIANTS", "Variant", "dumps", "find_variant", "from_record", "largest_combination", "legal_plays", "loads",
    "parse_cell", "parse_move", "parse_tiles", "score_play", "to_record",
]
