"""Qwirkle danger: lines a play leaves one or two tiles short of a Qwirkle, and the odds that someone completes them.

A *threat* is what it takes to finish a Qwirkle next turn: ``(kinds, background, needed)``. ``needed`` tiles whose kinds
are in the mask ``kinds`` (and, for a Flex diagonal, of that ``background``; 0 means any) must be placed. Rows and
columns of 5 need their one missing kind at an open end; rows and columns of 4 need both missing kinds; Flex diagonals
of 5 need a tile of their background that also fits the row and column of the open end cell.

``Odds`` turns a threat into probabilities using only the player's view: in classic and Flex the opponents' hands are
a uniform draw from the unseen tiles (hand sizes known); in Cubes the hands are open and a die can be re-rolled.
See docs/research/strength.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..notation import Cell
from ..scoring import QWIRKLE
from ..tiles import Tile, kind_bits, tile_of
from ..view import PlayerView
from .lines import DIAGONAL_STEPS, STEPS, accepts, cell_accepts, diagonal_run, line, missing, popcount, touches

Threat = tuple[int, int, int]  # kinds mask, background (0: any), tiles needed (1 or 2)

ROLL_CHANCE = 1 / 6


def threats(kinds: dict[Cell, int], placed: Iterable[Cell], backs: dict[Cell, int] | None = None) -> list[Threat]:
    """Qwirkles one or two tiles away along the rows, columns (and Flex diagonals) through the placed cells."""
    found: list[Threat] = []
    seen: set[tuple[Cell, int]] = set()
    for x, y in placed:
        for dx, dy in STEPS:
            mask, before, after = line(kinds, x, y, dx, dy)
            length = before + after + 1
            if length < QWIRKLE - 2 or length >= QWIRKLE:
                continue
            start = (x - before * dx, y - before * dy)
            if (start, dx) in seen:
                continue
            seen.add((start, dx))
            need = missing(mask)
            px, py = dy, dx  # the crossing direction
            open_ends = 0
            fits = 0
            for ex, ey, sx, sy in (
                (start[0] - dx, start[1] - dy, -dx, -dy),
                (x + (after + 1) * dx, y + (after + 1) * dy, dx, dy),
            ):
                if (ex, ey) in kinds or ((ex + sx, ey + sy) in kinds and length == QWIRKLE - 1):
                    continue
                ok = accepts(kinds, ex, ey, px, py) & need
                if ok:
                    open_ends += 1
                    fits |= ok
            if length == QWIRKLE - 1:
                if fits:
                    found.append((need, 0, 1))
            elif open_ends and fits == need:
                found.append((need, 0, 2))
    if backs is not None:
        for x, y in placed:
            background = backs[(x, y)]
            for dx, dy in DIAGONAL_STEPS:
                before, after = diagonal_run(backs, x, y, dx, dy, background)
                if before + after + 1 != QWIRKLE - 1:
                    continue
                for ex, ey, sx, sy in (
                    (x - (before + 1) * dx, y - (before + 1) * dy, -dx, -dy),
                    (x + (after + 1) * dx, y + (after + 1) * dy, dx, dy),
                ):
                    if (ex, ey) in kinds or backs.get((ex + sx, ey + sy)) == background:
                        continue
                    if not touches(kinds, ex, ey):
                        continue
                    ok = cell_accepts(kinds, ex, ey)
                    if ok:
                        found.append((ok, background, 1))
    return found


def holds(hand: Sequence[Tile], threat: Threat) -> bool:
    """Whether these tiles can finish the threat (Cubes: showing the right faces)."""
    mask, background, needed = threat
    have = 0
    for tile in hand:
        bit = 1 << tile.kind
        if mask & bit and (not background or tile.background == background):
            have |= bit
    return popcount(have) >= needed if needed > 1 else bool(have)


class Odds:
    """Chances, from one seat's view, that the opponents (together) or this player can finish a threat."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        n = len(view.hand_sizes)
        self.opponents = [(view.seat + i) % n for i in range(1, n)]
        self.cubes = view.variant.dice
        self.backgrounds = view.variant.backgrounds
        if self.cubes:
            assert view.open_hands is not None
            self.open_hands = [view.open_hands[s] for s in self.opponents]
            return
        unseen = view.unseen()
        self.unseen_total = sum(unseen.values())
        self.hidden = sum(view.hand_sizes[s] for s in self.opponents)
        self.by_kind = [0] * 36
        self.by_kind_background: dict[tuple[int, int], int] = {}
        for tile, count in unseen.items():
            self.by_kind[tile.kind] += count
            if self.backgrounds:
                self.by_kind_background[(tile.kind, tile.background)] = count
        self._none: dict[int, float] = {}

    def _unseen(self, mask: int, background: int) -> int:
        if background:
            get = self.by_kind_background.get
            return sum(get((kind, background), 0) for kind in kind_bits(mask))
        return sum(self.by_kind[kind] for kind in kind_bits(mask))

    def _some(self, count: int) -> float:
        """Chance that the opponents' hidden tiles hold at least one of ``count`` unseen tiles."""
        if count <= 0 or not self.hidden:
            return 0.0
        none = self._none.get(count)
        if none is None:
            total = self.unseen_total
            none = 1.0
            for i in range(min(self.hidden, total)):
                if total - count - i <= 0:
                    none = 0.0
                    break
                none *= (total - count - i) / (total - i)
            self._none[count] = none
        return 1.0 - none

    def opponent(self, threat: Threat) -> float:
        """Chance that some opponent can finish the threat on their next turn."""
        mask, background, needed = threat
        if self.cubes:
            return self._cubes_opponent(mask, needed)
        if needed == 1:
            return self._some(self._unseen(mask, background))
        chance = 1.0
        for kind in kind_bits(mask):
            chance *= self._some(self._unseen(1 << kind, background))
        return chance

    def _cubes_opponent(self, mask: int, needed: int) -> float:
        escape = 1.0
        for hand in self.open_hands:
            escape *= 1.0 - cubes_chance(hand, mask, needed)
        return 1.0 - escape

    def mine(self, leave: Sequence[Tile], threat: Threat) -> float:
        """Chance that this player can finish the threat next turn with the tiles kept (draws ignored)."""
        if self.cubes:
            return cubes_chance(leave, threat[0], threat[2])
        return 1.0 if holds(leave, threat) else 0.0


def cubes_chance(dice: Sequence[Tile], mask: int, needed: int) -> float:
    """Cubes: chance that these dice show the kinds of the mask (one of them, or all when ``needed`` > 1) after
    one re-roll of the dice of the right colors."""
    chances = []
    for kind in kind_bits(mask):
        if any(d.kind == kind for d in dice):
            chances.append(1.0)
        else:
            color = tile_of(kind).color
            spare = sum(1 for d in dice if d.color == color)
            chances.append(1.0 - (1.0 - ROLL_CHANCE) ** spare)
    result = 1.0
    if needed == 1:
        for chance in chances:
            result *= 1.0 - chance
        return 1.0 - result
    for chance in chances:
        result *= chance
    return result
