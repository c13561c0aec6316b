"""The Expert's tuned settings, gathered for the benches' screens and ablations.

Each default is what every Expert plays (the page, reviews, tournaments); the benches set other values to measure a
setting or to turn a part off: ``prior=0`` (the look-ahead alone), ``play_out=0`` (no play-outs to the end),
``win=0`` (look-aheads valued in points), ``plies=2`` (no deep look-aheads), ``endgame="search"`` (Hard's pruned
end-game search instead of the exact solver). A tournament's player spec sets them after slashes, e.g.
``python3 -m qwirkle tournament --players expert,expert/prior=0``. See docs/research/strength.md.
"""

from __future__ import annotations

from dataclasses import dataclass

PRIOR_DEALS = 6.0  # Hard's evaluation of a candidate counts as this many look-aheads per DEFAULT_ITERATIONS
WIDE_CANDIDATES = 12  # on a large budget, Hard's best this many plays are candidates rather than ``candidates``
PLAY_OUT_BAG = 6  # with at most this many tiles in the bag, look-aheads play out to the end
MAX_PLIES = 24  # a play-out's plies at most
DEEP_PLIES = 4  # on a large budget, a look-ahead's plies after the candidate
WIN_SCALE = 0.25  # the win-chance curve's slope is taken times this
ENDGAMES = ("solver", "search")


@dataclass(frozen=True)
class Tuning:
    """The Expert's settings that benches vary (``ExpertPlayer(rng, prior=0)`` builds ``Tuning(prior=0)``).

    ``candidates``: Hard's best plays looked at; ``wide``: as many on a large budget; ``follow_up``: the weight of our
    next play; ``reply``: the weight of the opponents' replies in two-ply look-aheads; ``prior``: how many look-aheads
    Hard's evaluation counts as; ``play_out``: the bag's tiles at most for play-outs to the end; ``win``: the slope
    factor of the chance to win (0: points); ``plies``: a deep look-ahead's plies; ``endgame``: ``"solver"`` or
    ``"search"``. ValueError on a value out of range."""

    candidates: int = 8
    wide: int = WIDE_CANDIDATES
    follow_up: float = 1.0
    reply: float = 1.0
    prior: float = PRIOR_DEALS
    play_out: int = PLAY_OUT_BAG
    win: float = WIN_SCALE
    plies: int = DEEP_PLIES
    endgame: str = "solver"

    def __post_init__(self) -> None:
        for name in ("prior", "play_out", "reply", "win"):
            if getattr(self, name) < 0:
                raise ValueError(f"expert: {name} must be at least 0")
        if not 2 <= self.plies <= MAX_PLIES:
            raise ValueError(f"expert: plies must be between 2 and {MAX_PLIES}")
        if self.endgame not in ENDGAMES:
            raise ValueError(f"expert: endgame must be one of {', '.join(ENDGAMES)}")
