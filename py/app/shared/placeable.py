"""The tiles of a hand that fit nowhere on the board now: the engine's legal plays, asked once. The rack marks them
(``app.regions.rack``), and the live table says them to a phone before its own engine runs (``app.live.view``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qwirkle import Game
    from qwirkle.notation import Placement
    from qwirkle.tiles import Tile


def unplaceable(game: Game, hand: Sequence[Tile], pending: Sequence[Placement]) -> set[int]:
    """Hand indexes of the tiles that no legal play (holding the pending ones) can place now: the
    engine's legal plays, asked once, as ``Game.legal_cells`` reads them."""
    wanted = set(pending)
    placeable: Counter[Any] = Counter()
    for play in game.legal_plays():
        if wanted.issubset(play.placements):
            placeable.update({p.tile for p in play.placements if p not in wanted})
    return {i for i, tile in enumerate(hand) if placeable[tile] == 0}
