"""The three rule sets and their registry (``find_variant``)."""
from __future__ import annotations

from dataclasses import dataclass

from .tiles import Tile, classic_set, flex_set


@dataclass(frozen=True)
class Variant:
    """What differs between rule sets. Defaults are classic Qwirkle."""

    name: str
    title: str
    hands_open: bool = False         # Q1: Cubes hands are visible to everyone
    can_exchange: bool = True        # C8 / F6; Cubes has no exchange (Q3)
    can_roll: bool = False           # Q3: re-roll dice once per turn
    diagonals: bool = False          # F3-F5: Flex diagonals
    backgrounds: bool = False        # tiles carry a background (Flex)
    oldest_starts: bool = True       # C2 tie-break; Q2: the youngest starts
    tile_sets: tuple[int, ...] = (108,)
    rule_prefix: str = "C"

    def tiles(self, size: int | None = None) -> list[Tile]:
        """The full set for this variant (Cubes: the dice, each showing its first face)."""
        size = size or self.tile_sets[-1]
        if size not in self.tile_sets:
            sizes = " or ".join(str(s) for s in self.tile_sets)
            raise ValueError(f"tiles: {self.title} is played with {sizes} tiles")
        if self.backgrounds:
            return flex_set(size)
        if self.can_roll:
            return [Tile(color, 0) for color in range(6) for _ in range(15)]
        return classic_set()

    def accepts(self, tile: Tile) -> bool:
        """Whether a tile code belongs to this variant (backgrounds only in Flex)."""
        return bool(tile.background) == self.backgrounds


CLASSIC = Variant("classic", "Qwirkle")
CUBES = Variant("cubes", "Qwirkle Cubes", hands_open=True, can_exchange=False, can_roll=True,
                oldest_starts=False, tile_sets=(90,), rule_prefix="Q")
FLEX = Variant("flex", "Qwirkle Flex", diagonals=True, backgrounds=True, tile_sets=(72, 108),
               rule_prefix="F")

VARIANTS = {v.name: v for v in (CLASSIC, CUBES, FLEX)}


def find_variant(name: str) -> Variant:
    try:
        return VARIANTS[name.lower()]
    except KeyError:
        raise ValueError(f"variant: unknown {name!r}; choose one of {', '.join(VARIANTS)}") from None
