"""The two reference players: uniformly random, and greedy (the highest-scoring play now).

``make_player("greedy", seed)`` or ``GreedyPlayer(rng)``; the levels are measured against greedy (see
docs/research/strength.md)."""

from __future__ import annotations

import random

from ..movegen import ScoredPlay
from ..notation import Exchange, Move, Pass, Play, Roll
from ..view import PlayerView


def fallback(view: PlayerView) -> Move:
    """No play: exchange the whole hand (as far as the bag allows), re-roll every die, or pass."""
    if view.can_roll:
        return Roll(view.hand)
    if view.exchange_limit:
        return Exchange(view.hand[: view.exchange_limit])
    return Pass()


class PlayPicker:
    """A player that picks one of the legal plays (``pick``) and falls back when there is none."""

    name = ""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: PlayerView) -> Move:
        plays = view.legal_plays()
        if not plays:
            return fallback(view)
        return Play(self.pick(plays, view).placements)

    def pick(self, plays: list[ScoredPlay], view: PlayerView) -> ScoredPlay:
        raise NotImplementedError


class RandomPlayer(PlayPicker):
    """A uniformly random legal play; exchanges or re-rolls only when it cannot play."""

    name = "random"

    def pick(self, plays: list[ScoredPlay], view: PlayerView) -> ScoredPlay:
        return self.rng.choice(sorted(plays, key=lambda p: p.notation()))


class GreedyPlayer(PlayPicker):
    """The highest-scoring play now (ties broken at random); exchanges the hand when it cannot play."""

    name = "greedy"

    def pick(self, plays: list[ScoredPlay], view: PlayerView) -> ScoredPlay:
        best = max(p.points for p in plays)
        return self.rng.choice(sorted((p for p in plays if p.points == best), key=lambda p: p.notation()))
