"""Cubes re-roll reasoning (Q3): which dice to re-roll before placing, by the expected value of the best play after.

Re-rolling the dice a play does not use keeps that play available, so for each of the best few plays (by the
evaluation) we consider re-rolling all the other dice, and also re-rolling every die. Each choice is valued by the
expected points of the best play after the roll (``bestplay.Position``): every outcome when there are few, otherwise a
fixed number of seeded samples. The roll is made only when it beats placing now by a margin; the play itself is then
chosen by the evaluation from the dice as they fall. See docs/research/strength.md.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from ..movegen import ScoredPlay
from ..notation import Roll
from ..tiles import Tile, kinds_by_cell, kinds_mask
from ..view import PlayerView
from .bestplay import Position

FACES = 6


def roll_outcomes(dice: Sequence[Tile], samples: int, rng: random.Random) -> list[list[Tile]]:
    """Faces the re-rolled dice may show: all 6^n outcomes when few enough, else ``samples`` draws."""
    if FACES ** len(dice) <= samples:
        return [
            [Tile(d.color, face) for d, face in zip(dice, faces)]
            for faces in itertools.product(range(FACES), repeat=len(dice))
        ]
    return [[Tile(d.color, rng.randrange(FACES)) for d in dice] for _ in range(samples)]


def choose_roll(
    view: PlayerView,
    ranked: Sequence[tuple[float, ScoredPlay]],
    rng: random.Random,
    candidates: int = 3,
    samples: int = 8,
    margin: float = 0.3,
) -> Roll | None:
    """The dice to re-roll, or None to place now.

    ``ranked``: (value, play) best first for the current hand. Each choice of dice is scored by the expected
    points of the best play after the roll (the points now for not rolling).
    """
    if not view.can_roll:
        return None
    hand = list(view.hand)
    position = Position(kinds_by_cell(view.board.tiles))
    options: list[tuple[Tile, ...]] = []
    for _, play in ranked[:candidates]:
        rest = list(hand)
        for p in play.placements:
            rest.remove(p.tile)
        options.append(tuple(sorted(rest)))
    options.append(tuple(sorted(hand)))
    now = _best_points(position, hand)
    best_gain, best_roll = margin, None
    for dice in dict.fromkeys(options):
        if not dice:
            continue
        kept = list(hand)
        for d in dice:
            kept.remove(d)
        outcomes = roll_outcomes(dice, samples, rng)
        expected = sum(_best_points(position, kept + faces) for faces in outcomes) / len(outcomes)
        if expected - now > best_gain:
            best_gain, best_roll = expected - now, Roll(dice)
    return best_roll


def _best_points(position: Position, hand: Sequence[Tile]) -> float:
    """The most the hand scores now; a hand with no play would be re-rolled whole by the engine (Q4): 0."""
    found = position.best_play(kinds_mask(hand))
    return float(found[0]) if found else 0.0
