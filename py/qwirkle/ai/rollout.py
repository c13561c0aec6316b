"""The greedy play-out that values a position at a search's horizon: both players make their best-scoring play in
turn to the end of the game.

``rollout(who, plays, hands, make, unmake, moves)`` plays ``plays[0]`` (the mover's best) and then the first of
``moves(mover)`` for each player in turn, each with ``make``, until someone goes out (+6, C9) or both pass in a row
(C10), takes every play back with ``unmake`` and returns the margin for ``who``. Both end-game searches use it:
``endgame.py`` (Hard's) and ``solver`` (the Expert's). See docs/research/endgames.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import END_BONUS
from ..movegen import ScoredPlay
from ..tiles import Tile


def rollout(
    who: int,
    plays: list[ScoredPlay],
    hands: Sequence[list[Tile]],
    make: Callable[[int, ScoredPlay], None],
    unmake: Callable[[int, ScoredPlay], None],
    moves: Callable[[int], list[ScoredPlay]],
) -> int:
    """The margin for ``who`` (to move, with ``plays`` best first) of both players making their best-scoring play to
    the end; the board and hands are left as they were."""
    made: list[tuple[int, ScoredPlay]] = []
    value = 0
    mover = who
    passed = False
    try:
        while True:
            if not plays:
                if passed:
                    break
                passed = True
            else:
                passed = False
                play = plays[0]
                make(mover, play)
                made.append((mover, play))
                out = not hands[mover]
                gain = play.points + (END_BONUS if out else 0)
                value += gain if mover == who else -gain
                if out:
                    break
            mover = 1 - mover
            plays = moves(mover)
    finally:
        for mover, play in reversed(made):
            unmake(mover, play)
    return value
