"""Hard's end-game search, the engine's only search besides the exact solver (``solver``, the Expert's).

``endgame_move(view, nodes)`` gives its play and whether it is exact. ``EndgameSearch`` is an iterative-deepening
alpha-beta (negamax) over the score difference to the end (going out: +6, C9; two passes end it, C10) that keeps only
a node's ``width`` best-scoring plays (and every play going out) with more than 3 tiles in hand; a horizon is valued
by a greedy play-out (``rollout.py``). It is kept apart from the solver on purpose: the solver with a width would not
play as Hard plays (its nodes are positions, not move generations; its table, ordering and proofs search other plays
first), and no level's play may change. A node is one move generation, so the budget bounds the time whatever the
machine. See docs/research/endgames.md.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..board import Board
from ..game import END_BONUS
from ..movegen import ScoredPlay, legal_plays
from ..tiles import Tile
from ..variants import Variant
from ..view import PlayerView
from .rollout import rollout

FULL_WIDTH_HAND = 3


class _Budget(Exception):
    pass


def hidden_hand(view: PlayerView) -> list[Tile] | None:
    """The opponent's hand when it is known from the view alone: two players, tiles not dice, bag empty."""
    if len(view.hand_sizes) != 2 or view.bag_count or view.variant.dice:
        return None
    unseen = view.unseen()
    tiles = sorted(unseen.elements())
    if len(tiles) != view.hand_sizes[1 - view.seat]:
        return None
    return tiles


class EndgameSearch:
    """Alpha-beta over the rest of a two-player game with both hands known."""

    def __init__(
        self,
        board: Board,
        variant: Variant,
        hands: Sequence[Sequence[Tile]],
        nodes: int = 2000,
        width: int = 8,
        root_width: int = 12,
        deadline: float | None = None,
    ) -> None:
        self.board = Board(board.tiles)
        self.variant = variant
        self.hands = [list(h) for h in hands]
        self.budget = nodes
        self.width = width
        self.root_width = root_width
        self.deadline = deadline
        self.nodes = 0
        self.exact = False
        self.depth = 0  # deepest finished iteration (0: none finished, the play returned is a guess)
        self._horizon = False
        self._pruned = False  # a node kept only its best few plays: the value is then no proof

    def best(self) -> tuple[ScoredPlay | None, float]:
        """The best play of player 0 (None: pass) and its value (score difference to the end, player 0's view)."""
        plays = self._plays(0, root=True)
        if not plays:
            return None, 0.0
        if len(plays) == 1:
            self.depth = 1
            return plays[0], 0.0
        best_play, best_value = plays[0], float("-inf")
        depth = 1
        while True:
            self._horizon = False
            try:
                play, value = self._root(plays, depth)
            except _Budget:
                break
            best_play, best_value = play, value
            self.depth = depth
            plays.sort(key=lambda p: p is not play)  # search the best move first next time
            if not self._horizon:
                self.exact = not self._pruned
                break
            depth += 1
        return best_play, best_value

    def _plays(self, who: int, root: bool = False, width: int = 0) -> list[ScoredPlay]:
        self.nodes += 1
        if self.nodes > self.budget or (self.deadline is not None and time.perf_counter() > self.deadline):
            raise _Budget
        hand = self.hands[who]
        plays = legal_plays(self.board, hand, self.variant, None)
        size = len(hand)

        def gain(p: ScoredPlay) -> int:
            return p.points + (END_BONUS if len(p.placements) == size else 0)

        if width == 1:
            return [max(plays, key=gain)] if plays else plays
        plays.sort(key=lambda p: (-gain(p), p.placements))
        keep = self.root_width if root else self.width
        if size > FULL_WIDTH_HAND and len(plays) > keep:
            out = [p for p in plays[keep:] if len(p.placements) == size]
            self._pruned = self._pruned or len(out) < len(plays) - keep
            plays = plays[:keep] + out
        return plays

    def _root(self, plays: list[ScoredPlay], depth: int) -> tuple[ScoredPlay, float]:
        alpha = float("-inf")
        best = plays[0]
        for play in plays:
            value = self._after(0, play, depth, alpha, float("inf"))
            if value > alpha:
                alpha, best = value, play
        return best, alpha

    def _after(self, who: int, play: ScoredPlay, depth: int, alpha: float, beta: float) -> float:
        """Value for ``who`` of making ``play`` then the game going on."""
        self._make(who, play)
        try:
            if not self.hands[who]:
                return play.points + END_BONUS
            return play.points - self._negamax(1 - who, depth - 1, -beta + play.points, -alpha + play.points, False)
        finally:
            self._unmake(who, play)

    def _negamax(self, who: int, depth: int, alpha: float, beta: float, passed: bool) -> float:
        """Value for ``who`` (to move) of the rest of the game."""
        plays = self._plays(who)
        if not plays:
            if passed:
                return 0.0
            return -self._negamax(1 - who, depth, -beta, -alpha, True)
        if depth <= 0:
            self._horizon = True
            return self._rollout(who, plays)
        value = float("-inf")
        for play in plays:
            value = max(value, self._after(who, play, depth, alpha, beta))
            alpha = max(alpha, value)
            if alpha >= beta:
                break
        return value

    def _rollout(self, who: int, plays: list[ScoredPlay]) -> float:
        """Value for ``who`` of both players making their best-scoring play (going out counts 6 more) to the end."""
        return float(rollout(who, plays, self.hands, self._make, self._unmake, self._best))

    def _best(self, who: int) -> list[ScoredPlay]:
        return self._plays(who, width=1)

    def _make(self, who: int, play: ScoredPlay) -> None:
        tiles, hand = self.board.tiles, self.hands[who]
        for p in play.placements:
            tiles[p.cell] = p.tile
            hand.remove(p.tile)

    def _unmake(self, who: int, play: ScoredPlay) -> None:
        tiles, hand = self.board.tiles, self.hands[who]
        for p in play.placements:
            del tiles[p.cell]
            hand.append(p.tile)


def endgame_move(
    view: PlayerView, nodes: int, width: int = 10, deadline: float | None = None
) -> tuple[ScoredPlay | None, bool] | None:
    """The end-game search's play for this view (a play, or None to pass) and whether the search was exact; None
    when the view is not such an end game or the budget (``nodes``, and ``deadline`` on ``time.perf_counter``)
    did not allow one full iteration."""
    other = hidden_hand(view)
    if other is None:
        return None
    search = EndgameSearch(view.board, view.variant, [view.hand, other], nodes, width, deadline=deadline)
    play, _ = search.best()
    if not search.depth:
        return None
    return play, search.exact
