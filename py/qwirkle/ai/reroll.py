"""Cubes re-roll reasoning (Q3): which dice to re-roll before placing, by the expected value of the best play after.

Re-rolling the dice a play does not use keeps that play available, so for each of the best few plays we consider
re-rolling all the other dice (and also re-rolling every die). Each choice is valued by the expected value of the best
play after the roll: every outcome when there are few, otherwise a fixed number of seeded samples. The roll is made
only when it beats placing now by a margin.
"""
from __future__ import annotations

import itertools
import random
from typing import Callable, Sequence

from ..movegen import legal_plays
from ..notation import Roll
from ..tiles import Tile
from ..view import PlayerView

FACES = 6


def roll_outcomes(dice: Sequence[Tile], samples: int, rng: random.Random) -> list[list[Tile]]:
    """Faces the re-rolled dice may show: all 6^n outcomes when few enough, else ``samples`` draws."""
    if FACES ** len(dice) <= samples:
        return [[Tile(d.color, face) for d, face in zip(dice, faces)]
                for faces in itertools.product(range(FACES), repeat=len(dice))]
    return [[Tile(d.color, rng.randrange(FACES)) for d in dice] for _ in range(samples)]


def choose_roll(view: PlayerView, ranked: Sequence[tuple[float, object]],
                best_after: Callable[[list[Tile]], float], rng: random.Random,
                candidates: int = 3, samples: int = 8, margin: float = 0.3) -> Roll | None:
    """The dice to re-roll, or None to place now.

    ``ranked``: (value, play) best first for the current hand; ``best_after(hand)``: the best play's value for a hand.
    """
    if not view.can_roll:
        return None
    hand = list(view.hand)
    options: list[tuple[Tile, ...]] = []
    for _, play in ranked[:candidates]:
        rest = list(hand)
        for p in play.placements:   # type: ignore[attr-defined]
            rest.remove(p.tile)
        options.append(tuple(sorted(rest)))
    options.append(tuple(sorted(hand)))
    current = ranked[0][0] if ranked else float("-inf")
    best_gain, best_roll = margin, None
    for dice in dict.fromkeys(options):
        if not dice:
            continue
        kept = list(hand)
        for d in dice:
            kept.remove(d)
        outcomes = roll_outcomes(dice, samples, rng)
        expected = sum(best_after(kept + faces) for faces in outcomes) / len(outcomes)
        if expected - current > best_gain:
            best_gain, best_roll = expected - current, Roll(dice)
    return best_roll


def best_value_after(view: PlayerView, value: Callable[..., float]) -> Callable[[list[Tile]], float]:
    """``best_after`` for ``choose_roll``: the best value of a hand's plays on the view's board (a hand with no
    play would be re-rolled whole by the engine (Q4); it is valued at 0)."""
    def best_after(hand: list[Tile]) -> float:
        plays = legal_plays(view.board, hand, view.variant, None)
        if not plays:
            return 0.0
        return max(value(p, hand) for p in plays)
    return best_after
