"""Hard's evaluation of a play: its points, the leave, Qwirkles handed to the opponents and Qwirkles set up for later.

``Evaluator(view).value(play)`` is meant for every legal play of a turn, so the per-view work (tile kinds by cell, the
odds) is done once and each play costs a few dictionary look-ups. See docs/research/strength.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game import END_BONUS, HAND_SIZE
from ..movegen import ScoredPlay
from ..tiles import Tile, kinds_by_cell
from ..view import PlayerView
from .danger import Odds, threats
from .leave import LeaveWeights, leave_value

QWIRKLE_POINTS = 12
MAX_EVALUATED = 150


@dataclass(frozen=True)
class Weights:
    leave: LeaveWeights = field(default_factory=LeaveWeights)
    leave_scale: float = 1.0
    danger: float = 8.0  # points given away per expected Qwirkle an opponent completes (line of 5)
    danger_two: float = 6.0  # the same for a line of 4 finished with two tiles
    setup: float = 6.0  # per expected Qwirkle of our own next turn
    endgame_tile: float = 1.5  # bag empty: per tile still in hand (the opponent may go out first)


def leave_of(hand: Sequence[Tile], played: Sequence[Tile]) -> list[Tile]:
    rest = list(hand)
    for tile in played:
        rest.remove(tile)
    return rest


class Evaluator:
    """Values plays from one seat's view; higher is better. Uses nothing the view does not show."""

    def __init__(self, view: PlayerView, weights: Weights = Weights()) -> None:
        self.view = view
        self.weights = weights
        self.kinds = kinds_by_cell(view.board.tiles)
        self.backs = {cell: t.background for cell, t in view.board.tiles.items()} if view.variant.diagonals else None
        self.odds = Odds(view)
        self.bag_empty = view.bag_count == 0
        # Points that go to one opponent count 1/(players - 1): with several opponents the aim is to beat them
        # on average (in two-player games a point given away is a point lost).
        self.share = 1.0 / (len(view.hand_sizes) - 1)
        self._leaves: dict[tuple[int, ...], float] = {}

    def leave_value(self, leave: Sequence[Tile]) -> float:
        if self.bag_empty:
            return -self.weights.endgame_tile * len(leave)
        kinds = [t.kind for t in leave]
        if self.view.variant.dice:  # dice are re-rolled; keep only the duplicate penalty, halved
            return 0.5 * self.weights.leave_scale * leave_value(kinds, self.weights.leave, self._leaves)
        return self.weights.leave_scale * leave_value(kinds, self.weights.leave, self._leaves)

    def value(self, play: ScoredPlay, hand: Sequence[Tile] | None = None) -> float:
        """The play's value for the hand (default: the view's hand; Cubes re-roll reasoning passes another)."""
        weights = self.weights
        placements = play.placements
        leave = leave_of(self.view.hand if hand is None else hand, [p.tile for p in placements])
        value = float(play.points)
        if self.bag_empty and not leave:
            return value + END_BONUS + 100.0  # going out ends the game at once (C9)
        value += self.leave_value(leave)
        kinds = dict(self.kinds)
        for p in placements:
            kinds[p.cell] = p.tile.kind
        backs = None
        if self.backs is not None:
            backs = dict(self.backs)
            for p in placements:
                backs[p.cell] = p.tile.background
        for threat in threats(kinds, [p.cell for p in placements], backs):
            theirs = self.odds.opponent(threat)
            value -= theirs * (weights.danger if threat[2] == 1 else weights.danger_two) * self.share
            if threat[2] == 1:
                value += (1.0 - theirs) * self.odds.mine(leave, threat) * weights.setup
        return value

    def ranked(self, plays: Sequence[ScoredPlay], hand: Sequence[Tile] | None = None) -> list[tuple[float, ScoredPlay]]:
        """Plays with their values, best first (ties in placement order, so the choice is reproducible).

        Only the ``MAX_EVALUATED`` highest-scoring plays are valued: rich hands (an opening of six, six dice of one
        color) list thousands of plays, mostly the same tiles in another order."""
        if len(plays) > MAX_EVALUATED:
            plays = sorted(plays, key=lambda p: (-p.points, p.placements))[:MAX_EVALUATED]
        scored = [(self.value(p, hand), p) for p in plays]
        scored.sort(key=lambda item: (-item[0], item[1].placements))
        return scored


def hand_draws(view: PlayerView, played: int) -> int:
    """How many tiles this player draws after placing ``played`` tiles."""
    return min(view.bag_count, HAND_SIZE - len(view.hand) + played)
