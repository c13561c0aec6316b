"""Monte-Carlo sampling of what a player cannot see, from their view only.

In classic and Flex the hidden tiles are the opponents' hands and the bag; together they are exactly
``view.unseen()``, so a *deal* shuffles the unseen tiles and gives each opponent as many as their hand size, the rest
being the bag in a random order. In Cubes the hands are open and the bag holds dice known by color only: a deal keeps
the hands and rolls a face for every die of the bag. ``Sampler(view, rng).deal()`` makes one.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..tiles import Tile
from ..view import PlayerView


class Deal(NamedTuple):
    """One guess at the hidden state: every hand by seat (this player's is the real one) and the bag, top first."""

    hands: tuple[tuple[Tile, ...], ...]
    bag: tuple[Tile, ...]


class Sampler:
    """Draws deals consistent with a view. The unseen tiles are sorted first, so a seeded generator gives the same
    deals for the same view."""

    def __init__(self, view: PlayerView, rng: random.Random) -> None:
        self.view = view
        self.rng = rng
        self.unseen = sorted(view.unseen().elements())

    def deal(self) -> Deal:
        view = self.view
        tiles = list(self.unseen)
        self.rng.shuffle(tiles)
        if view.open_hands is not None:  # Cubes: the bag's dice get their faces as drawn (Variant.drawn)
            drawn = view.variant.drawn
            bag = tuple(drawn(t, self.rng) for t in tiles[: view.bag_count])
            return Deal(tuple(view.open_hands), bag)
        hands: list[tuple[Tile, ...]] = []
        start = 0
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(tuple(view.hand))
            else:
                hands.append(tuple(tiles[start : start + size]))
                start += size
        return Deal(tuple(hands), tuple(tiles[start:]))
