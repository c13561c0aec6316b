"""The end-game solver's grid: a board laid out once (``movegen.Grid``) and kept up to date play by play.

``LiveGrid`` is the grid with room for every tile still to come and placements made once for its whole life;
``live_plays`` lists a hand's plays on it given a frontier its caller keeps up to date (``board.LiveBoard``), and
``live_plays_through`` only those with a tile on given empty cells, each with its *mask* (the bits of its kinds and,
``CELL_BITS`` up, of its cells), so that the solver can keep a list of plays of a position a few plays back
(``moves.Moves``). Legal-play generation proper is ``movegen``'s; this module holds what only the solver needs.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...movegen import (
    MARGIN,
    Able,
    Grid,
    Groups,
    Hand,
    IndexCrossings,
    Placements,
    ScoredPlay,
    Segment,
    grid_plays,
    groups_of,
    line_segments,
    segment_plays,
)
from ...notation import Cell
from ...scoring import QWIRKLE
from ...variants import ExtraPoints

CELL_BITS = 36  # a play's mask (``live_plays_through``): bit ``kind`` per kind, bit ``CELL_BITS + index`` per cell
NO_FIT = (0, 0)  # a cell of no ``singles``: no kind fits there alone
_HAND_GROUPS: dict[int, Groups | None] = {}  # ``_hand_groups`` by the hand's kinds


class LiveGrid(Grid):
    """A board's grid kept up to date by its caller as tiles come and go (its ``kinds`` and ``tiles``), with
    ``growth`` more empty cells all round than ``Grid``'s margin so that up to ``growth`` tiles placed later keep it.
    Its placements are made once for its whole life (``placed``)."""

    __slots__ = ("placed",)

    def __init__(self, occupied: dict[Cell, int], growth: int) -> None:
        super().__init__(occupied, MARGIN + growth)
        self.placed = Placements(self)


def live_plays(
    grid: LiveGrid,
    across: IndexCrossings,
    down: IndexCrossings,
    singles: IndexCrossings,
    held: Hand,
    extra: ExtraPoints | None,
) -> list[ScoredPlay]:
    """``legal_plays`` on the non-empty board of ``grid``, given its frontier by index (``grid.frontier()``, kept up
    to date by the caller) and ``singles``: for each frontier cell that may take a tile alone, the kinds both of its
    lines accept and the points of both (``NO_CROSSING`` for a missing line), which may leave out kinds of no hand.
    Unordered: the caller sorts the plays."""
    return grid_plays(grid, across, down, held, extra, False, singles, grid.placed)


def live_plays_through(
    grid: LiveGrid,
    across: IndexCrossings,
    down: IndexCrossings,
    singles: IndexCrossings,
    hand_kinds: int,
    cells: Sequence[int],
) -> list[tuple[ScoredPlay, int]]:
    """The plays of ``live_plays`` (no extra lines) with a tile on one of the empty ``cells`` next to the board (grid
    indexes, lowest first), each once, with its mask: the bit of each kind it holds and bit ``CELL_BITS + index`` of
    each of its cells.
    ``hand_kinds``: the bits of the kinds in the hand. Unordered. (A cell of ``cells`` where no kind of the hand fits
    alone, by both its lines, holds no play: placing more tiles only narrows its lines.)

    A play of several tiles fills the empty cells of a stretch of a row or column bounded by empty cells, at most
    6 long: from each cell of ``cells`` the stretches through it are walked from each start at most 5 cells back, and a
    stretch holding an earlier cell of ``cells`` is left to that cell."""
    placed = grid.placed
    found: list[tuple[ScoredPlay, int]] = []
    cells = [d for d in cells if singles.get(d, NO_FIT)[0] & hand_kinds]  # a tile of no play fits anywhere else
    for d in cells:
        fits, points = singles[d]
        fits &= hand_kinds
        while fits:
            low = fits & -fits
            fits ^= low
            found.append((ScoredPlay((placed[d * 36 + low.bit_length() - 1],), points), 1 << (CELL_BITS + d) | low))
    groups = _hand_groups(hand_kinds)
    if groups is not None:
        marked = frozenset(cells)
        ways = ((1, down, _Able(down, groups)), (grid.width, across, _Able(across, groups)))  # shared by the cells
        for d in cells:
            for step, crossing, able in ways:
                for segment in _segments_through(grid, crossing, able, groups, step, d, marked):
                    found.extend(_masked(segment_plays(*segment, placed), segment[0]))
    return found


def _hand_groups(hand_kinds: int) -> Groups | None:
    """``Groups`` of a hand's kinds (None when no color or shape holds two of them), kept for the next hand with the
    same kinds."""
    if hand_kinds not in _HAND_GROUPS:
        if len(_HAND_GROUPS) > 4096:
            _HAND_GROUPS.clear()
        groups = groups_of(hand_kinds)
        _HAND_GROUPS[hand_kinds] = Groups(groups) if groups else None
    return _HAND_GROUPS[hand_kinds]


def _segments_through(
    grid: Grid, crossing: IndexCrossings, able: Able, groups: Groups, step: int, d: int, taken: frozenset[int]
) -> list[Segment]:
    """``movegen``'s segments along ``step`` restricted to the stretches holding the empty cell at index ``d`` and no
    cell of ``taken`` before it (``able``: the crossings by group, as ``_Able`` finds them)."""
    found: list[list[Segment]] = [[] for _ in groups.groups]
    line_segments(grid, crossing, able, groups, range(d - (QWIRKLE - 1) * step, d + step, step), found, d, taken)
    return [segment for group_segments in found for segment in group_segments]


class _Able(dict[int, "tuple[int, int] | None"]):
    """``Groups.crossings`` of the cells a walk asks about only, each found when first asked for."""

    __slots__ = ("crossing", "groups")

    def __init__(self, crossing: IndexCrossings, groups: Groups) -> None:
        super().__init__()
        self.crossing = crossing
        self.groups = groups

    def __missing__(self, i: int) -> tuple[int, int] | None:
        cross = self.crossing.get(i)
        found = self[i] = None if cross is None else (self.groups.able(cross[0]), cross[1])
        return found


def _masked(plays: list[ScoredPlay], empties: tuple[int, ...]) -> list[tuple[ScoredPlay, int]]:
    """``plays`` of the cells at ``empties``, each with its mask (``live_plays_through``)."""
    cells = 0
    for i in empties:
        cells |= 1 << (CELL_BITS + i)
    masked = []
    for play in plays:
        mask = cells
        for p in play.placements:
            mask |= 1 << p.tile.kind
        masked.append((play, mask))
    return masked
