"""The review's win-chance pass a move at a time, in any order, and why the best chances differ from the most points.

``WinReplay(record).at(index)`` gives what ``review --win`` gives for record move ``index`` (``win_cost``: the
mover's chance before the move, after it and after the best candidate, the candidates on the same deals, seeded by the
record's seed and the index), so a page may ask for the move on show first. Games of three or four players get the
same chances, from the table's fields for that many players.

When the play with the most points (the review's best play: ``review.best_by_points``) is not the move with the best
chances, ``WinMove.why`` compares the two (``Option``): their points and chances, the tiles each keeps, and the lines
of five each leaves that one tile completes into a Qwirkle for the opponent (``review.lines_left``), with how many
completing tiles the mover had not seen. The most-points play is valued on the same deals as the candidates (it is one
of them unless a tie between plays of equal points was broken differently), so the comparison is fair.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Game
from ..notation import Exchange, Move, Play, Roll, parse_move
from ..tiles import Tile, tiles_notation
from ..winchance import win_chance
from .endgame_review import move_note
from .review import Replay, best_by_points, lines_left, with_bonus
from .win_cost import (
    DEFAULT_CANDIDATES,
    DEFAULT_SAMPLES,
    SOLVE_NODES,
    LookAhead,
    MoveChances,
    candidates,
    percent,
    pick,
)

# The solver's budget for a move's verdict here (the page's review runs this for every move made with the bag
# empty): a tenth of ``review``'s, so that the verdicts cost a review 0.7 s of CPython instead of 3.8 (a classic
# game, measured); only a proven verdict is said, and a proven one is the same at any budget. The chances of winning
# solve the same positions on the same budget (``win_cost.SOLVE_NODES``), so the verdicts find them solved.
ENDGAME_NODES = SOLVE_NODES


@dataclass(frozen=True)
class Option:
    """One side of the comparison: a move, its points and chance, what it keeps and the Qwirkles it leaves open."""

    move: str
    points: int
    chance: float
    kept: tuple[Tile, ...]
    open: int  # lines of five it leaves that one tile completes
    unseen: int  # completing tiles the mover had not seen (over those lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "points": self.points,
            "win": percent(self.chance),
            "kept": tiles_notation(self.kept),
            "open": self.open,
            "unseen": self.unseen,
        }


@dataclass(frozen=True)
class WinMove:
    """The win-chance review of one record move. ``why`` compares the most-points play and the move with the best
    chances when they differ; ``endgame`` is the exact solver's verdict on a move made with the bag empty in a
    two-player classic or Flex game (``endgame_review.move_note`` on ``ENDGAME_NODES``, a smaller budget than
    ``review``'s)."""

    index: int
    seat: int
    chances: MoveChances
    first: float  # the first player's chance before the move (the graph's point)
    why: tuple[Option, Option] | None = None  # (most points, best chances) when they differ
    endgame: dict[str, Any] | None = None  # the exact solver's verdict on a move made with the bag empty

    def to_json(self) -> dict[str, Any]:
        why = None if self.why is None else {"most": self.why[0].to_json(), "best": self.why[1].to_json()}
        return {
            "index": self.index,
            "seat": self.seat,
            **self.chances.to_json(),
            "win_lost": percent(self.chances.lost),
            "lost": self.chances.lost,
            "first": percent(self.first),
            "why": why,
            "endgame": self.endgame,
        }


class WinReplay(Replay):
    """The win-chance review of any record move: ``at(index)``. Asking for an earlier move than the last one replays
    the game from the start (cheap beside the look-ahead)."""

    def __init__(
        self, source: Game | dict[str, Any] | str, samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES
    ) -> None:
        super().__init__(source)
        self.samples, self.limit = samples, limit

    def at(self, index: int) -> WinMove:
        game = self.position(index)
        return win_move(game, parse_move(self.game.moves[index]), index, self.samples, self.limit)


def win_move(
    game: Game, move: Move, index: int, samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES
) -> WinMove:
    """Record move ``index`` (``move`` in ``game``'s position), seeded as the review seeds it (``review._win``)."""
    moves = candidates(game, move, limit)
    ahead = LookAhead(game, samples, game.options.seed * 1_000_003 + index)
    values = ahead.chances(moves)
    chances = pick(game, moves, values)
    seat = game.to_move
    endgame = move_note(game, move, nodes=ENDGAME_NODES)
    first = chances.before if seat == 0 else 1.0 - chances.before if len(game.scores) == 2 else win_chance(game, 0)
    _, most, most_points = best_by_points(game)
    if isinstance(move, Play) and with_bonus(game, move, game.check(move.placements).points) == most_points:
        most = move.notation()  # the move made is a best play by points: the one shown (as the review does)
    if most is None or most == chances.best_move:
        return WinMove(index, seat, chances, first, None, endgame)
    values_of = {m.notation(): value for m, value in zip(moves, values, strict=True)}
    most_move = parse_move(most)
    most_value = values_of[most] if most in values_of else ahead.chances([most_move])[0]
    why = (option(game, most_move, most_value), option(game, parse_move(chances.best_move), chances.best))
    return WinMove(index, seat, chances, first, why, endgame)


def option(game: Game, move: Move, chance: float) -> Option:
    """``move`` of the player to move described for the comparison (the game is left as it was)."""
    seat = game.to_move
    hand = list(game.hands[seat])
    if isinstance(move, Play):
        used = [p.tile for p in move.placements]
    elif isinstance(move, (Exchange, Roll)):
        used = list(move.tiles)
    else:
        used = []
    for tile in used:
        hand.remove(tile)
    points, open_lines, unseen = 0, 0, 0
    if isinstance(move, Play):
        points = with_bonus(game, move, game.check(move.placements).points)
        game.apply(move)
        try:
            left = lines_left(game, seat, [p.cell for p in move.placements])
        finally:
            game.undo()
        open_lines, unseen = len(left), sum(line.unseen for line in left)
    return Option(move.notation(), points, chance, tuple(hand), open_lines, unseen)
