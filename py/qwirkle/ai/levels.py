"""The computer levels shown in the app, weakest first: beginner, easy, medium, hard (expert is in ``expert.py``).

Every level receives only a ``PlayerView`` and returns a legal move (``make_player("hard", seed).choose(view)``);
``registry.py`` lists them. See docs/research/strength.md.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ..movegen import ScoredPlay
from ..notation import Exchange, Move, Play, Roll
from ..view import PlayerView
from .basic import PlayPicker, fallback
from .endgame import endgame_move
from .evaluate import Evaluator, Weights
from .exchange import EXCHANGE_BASE, exchange_choice
from .reroll import choose_roll


def _sorted(plays: Sequence[ScoredPlay]) -> list[ScoredPlay]:
    return sorted(plays, key=lambda p: (-p.points, p.placements))


class BeginnerPlayer(PlayPicker):
    """Legal but modest: a random play among the lower-scoring half (mostly one or two tiles)."""

    name = "beginner"

    def pick(self, plays: list[ScoredPlay], view: PlayerView) -> ScoredPlay:
        plays = _sorted(plays)[::-1]
        return self.rng.choice(plays[: max(1, (len(plays) + 1) // 2)])


class EasyPlayer(PlayPicker):
    """In between: the best-scoring play with probability ``best_share``, otherwise a random play from the better
    half."""

    name = "easy"

    def __init__(self, rng: random.Random, best_share: float = 0.75) -> None:
        super().__init__(rng)
        self.best_share = best_share

    def pick(self, plays: list[ScoredPlay], view: PlayerView) -> ScoredPlay:
        plays = _sorted(plays)
        if self.rng.random() < self.best_share:
            return plays[0]
        return self.rng.choice(plays[: max(1, (len(plays) + 1) // 2)])


class HardPlayer:
    """One-ply reasoning: the evaluation (points, leave, Qwirkle danger and set-ups, Flex diagonals), exchanges
    when the best play is poor, reasoned Cubes re-rolls."""

    name = "hard"

    def __init__(
        self,
        rng: random.Random,
        weights: Weights = Weights(),
        exchange_base: float = EXCHANGE_BASE,
        roll_samples: int = 8,
        endgame_nodes: int = 80,
        endgame_seconds: float | None = None,
    ) -> None:
        self.rng = rng
        self.endgame_nodes = endgame_nodes
        self.endgame_seconds = endgame_seconds  # a time cap on the end-game search (the browser's budget)
        self.weights = weights
        self.exchange_base = exchange_base
        self.roll_samples = roll_samples

    def ranked(self, view: PlayerView) -> tuple[Evaluator, list[tuple[float, ScoredPlay]]]:
        evaluator = Evaluator(view, self.weights)
        return evaluator, evaluator.ranked(view.legal_plays())

    def choose(self, view: PlayerView) -> Move:
        if self.endgame_nodes and view.bag_count == 0:
            deadline = None if self.endgame_seconds is None else time.perf_counter() + self.endgame_seconds
            found = endgame_move(view, self.endgame_nodes, deadline=deadline)
            if found is not None:
                play = found[0]
                return fallback(view) if play is None else Play(play.placements)
        evaluator, ranked = self.ranked(view)
        move = self.before_play(view, evaluator, ranked)
        if move is not None:
            return move
        if not ranked:
            return fallback(view)
        return Play(ranked[0][1].placements)

    def before_play(
        self, view: PlayerView, evaluator: Evaluator, ranked: list[tuple[float, ScoredPlay]]
    ) -> Exchange | Roll | None:
        """An exchange or a re-roll worth more than the best play, if any."""
        if view.can_roll:
            if not ranked:
                return Roll(tuple(view.hand))
            return choose_roll(view, ranked, self.rng, samples=self.roll_samples)
        if view.exchange_limit:
            best = ranked[0][0] if ranked else float("-inf")
            return exchange_choice(view.hand, view.exchange_limit, best, evaluator.leave_value, self.exchange_base)
        return None


class MediumPlayer(HardPlayer):
    """Between greedy and Hard: Hard's evaluation without its set-ups and with half its caution about Qwirkles left
    to the opponent (points, the leave, the lines of five and of four an opponent may complete, weighed at
    ``danger`` and ``danger_two`` points an expected Qwirkle), Hard's exchanges and Cubes re-rolls, and no exact
    end-game search: it beats greedy and loses to Hard (docs/research/strength.md)."""

    name = "medium"

    def __init__(self, rng: random.Random, danger: float = 4.0, danger_two: float = 3.0) -> None:
        super().__init__(rng, Weights(danger=danger, danger_two=danger_two, setup=0.0), endgame_nodes=0)
