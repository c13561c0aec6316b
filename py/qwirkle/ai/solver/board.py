"""The end-game solver's board, kept up to date play by play: ``LiveBoard``.

It holds the tiles, both hands, the grid (``grid.LiveGrid``), the frontier's crossings (``across``, ``down``), the
cells where a tile fits alone (``singles``) and the position's key (``hash``, ``tables.Keys``). ``make`` places a
play and updates only what it changed: the crossings of the first empty cell at each end of its tiles' runs;
``unmake`` takes the last play back. ``path`` records each play made (``Made``) for the caches that derive a
position's lists from one a few plays back. It also answers questions on the grid that the search and the bounds
ask without making a play: the cells a play would change (``changed``), a cell's zone (``zone_at``) and whether a
play is still legal here, with its points (``fit``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ...board import Board
from ...movegen import LINE_POINTS, NO_CROSSING, Hand, IndexCrossings, ScoredPlay
from ...notation import Placement
from ...tiles import COLOR_MASKS, SHAPE_MASKS, Tile
from ...variants import Variant
from .grid import CELL_BITS, LiveGrid
from .tables import Keys

Saved = list[tuple[IndexCrossings, int, tuple[int, int] | None]]  # what ``make`` changed: (crossings, index, old)


class Made(NamedTuple):
    """A play made (``LiveBoard.make``), as the caches read it: the hash before it, who made it, the bits (at
    ``CELL_BITS`` up) of its cells and of the empty cells whose lines it changed, the bits of its kinds, those
    empty cells, and its cells' grid indexes."""

    before: int
    who: int
    cells: int
    kinds: int
    changed: list[int]
    placed: list[int]


class LiveBoard:
    """A two-player end game's position kept up to date by ``make`` and ``unmake``. ``hands[0]`` is the hand of the
    player on move at the start, ``hands[1]`` the opponent's."""

    def __init__(self, board: Board, variant: Variant, hands: Sequence[Sequence[Tile]], keys: Keys) -> None:
        self.tiles = dict(board.tiles)
        self.grid = LiveGrid({cell: tile.kind for cell, tile in self.tiles.items()}, sum(len(h) for h in hands))
        self.across, self.down = self.grid.frontier()
        width = self.grid.width
        # the four ways along a line from a cell: (index step, axis, the crossings read there, the line's own)
        self.directions = (
            (1, 1, self.down, self.across),
            (-1, 1, self.down, self.across),
            (width, width, self.across, self.down),
            (-width, width, self.across, self.down),
        )
        self.relevant = Hand([tile for h in hands for tile in h]).kinds  # the kinds any play can hold
        self.singles: IndexCrossings = {}
        for i in self.across.keys() | self.down.keys():
            self._single(i)
        self.variant = variant
        self.plain = variant.extra_points(self.tiles) is None  # no extra lines (Flex diagonals) to score
        self.hands = [list(h) for h in hands]
        self.keys = keys
        self.hash = 0
        self.path: list[Made] = []  # the plays made, in order
        self.restore: list[Saved] = []  # what each of them changed, to take it back

    def _single(self, i: int) -> None:
        """Update ``singles`` at the frontier cell at grid index ``i`` from its crossings."""
        across, down = self.across, self.down
        h_kinds, h_points = across.get(i, NO_CROSSING)
        v_kinds, v_points = down.get(i, NO_CROSSING)
        fits = h_kinds & v_kinds & self.relevant
        if fits and (i in across or i in down):
            self.singles[i] = fits, h_points + v_points
        else:
            self.singles.pop(i, None)

    def make(self, who: int, play: ScoredPlay, key: int | None = None) -> None:
        """Place ``play`` for ``who`` (whose ``Keys.play`` is ``key`` when known): tiles, hand, hash, and the
        frontier's crossings around the new tiles."""
        hand = self.hands[who]
        tiles, grid = self.tiles, self.grid
        kinds, width, left, top = grid.kinds, grid.width, grid.left, grid.top
        across, down, singles = self.across, self.down, self.singles
        saved: Saved = []
        cells = []
        bits = played = 0
        for p in play.placements:
            cell, tile = p.cell, p.tile
            i = (cell[1] - top) * width + cell[0] - left
            kind = tile.kind
            cells.append(i)
            tiles[cell] = tile
            kinds[i] = kind
            hand.remove(tile)
            saved.append((across, i, across.pop(i, None)))
            saved.append((down, i, down.pop(i, None)))
            saved.append((singles, i, singles.pop(i, None)))
            bits |= 1 << (CELL_BITS + i)
            played |= 1 << kind
        grid.tiles.extend(cells)
        before = self.hash
        self.hash ^= self.keys.play(who, play) if key is None else key
        line = 0 if len(cells) == 1 else 1 if cells[0] // width == cells[1] // width else width  # its line
        changed: dict[int, None] = {}
        for n, i in enumerate(cells):
            for axis, crossings in ((1, across), (width, down)):
                if not n or axis != line:  # the play's own line has the same ends from each of its cells
                    self._ends(i, axis, crossings, saved, changed)
        relevant = self.relevant
        for j in changed:  # ``_single``: each has a crossing now
            saved.append((singles, j, singles.get(j)))
            h_kinds, h_points = across.get(j, NO_CROSSING)
            v_kinds, v_points = down.get(j, NO_CROSSING)
            if h_kinds & v_kinds & relevant:
                singles[j] = h_kinds & v_kinds & relevant, h_points + v_points
            else:
                singles.pop(j, None)
            bits |= 1 << (CELL_BITS + j)
        self.restore.append(saved)
        self.path.append(Made(before, who, bits, played, list(changed), cells))

    def _ends(self, i: int, axis: int, crossings: IndexCrossings, saved: Saved, changed: dict[int, None]) -> None:
        """After tiles are placed: the crossings along ``axis`` of the first empty cell at each end of the run of
        tiles through index ``i`` (its tiles walked once for both), the old ones kept in ``saved``, the cells added
        to ``changed``."""
        grid = self.grid
        kinds = grid.kinds
        run = 1 << kinds[i]  # type: ignore[operator]   # a tile was just placed there
        length = 1
        ends = []
        for way in (axis, -axis):
            j = i + way
            kind = kinds[j]
            while kind is not None:
                run |= 1 << kind
                length += 1
                j += way
                kind = kinds[j]
            ends.append((j, way))
        for j, way in ends:
            saved.append((crossings, j, crossings.get(j)))
            crossings[j] = grid.crossing_past(j, way, run, length)
            changed[j] = None

    def unmake(self, who: int, play: ScoredPlay, key: int | None = None) -> None:
        """Take back ``who``'s ``play``, the last one made (``key`` as ``make`` was given it)."""
        hand = self.hands[who]
        tiles, kinds = self.tiles, self.grid.kinds
        made = self.path.pop()
        for crossings, i, old in reversed(self.restore.pop()):
            if old is None:
                crossings.pop(i, None)
            else:
                crossings[i] = old
        for p, i in zip(reversed(play.placements), reversed(made.placed)):
            del tiles[p.cell]
            kinds[i] = None
            hand.append(p.tile)
        del self.grid.tiles[-len(made.placed) :]
        self.hash ^= self.keys.play(who, play) if key is None else key

    def fit(self, who: int, placements: tuple[Placement, ...]) -> int | None:
        """The points of ``placements`` by ``who`` here (C5, C6; no extra lines), or None when it is not legal: tiles
        of the hand on empty cells, in one line with no gap, touching the board, every line it makes valid."""
        hand = self.hands[who]
        tiles = [p.tile for p in placements]
        if any(tiles.count(tile) > hand.count(tile) for tile in tiles):
            return None
        grid = self.grid
        kinds, index = grid.kinds, grid.index
        cells = [index(p.cell) for p in placements]
        if any(kinds[i] is not None for i in cells):
            return None
        for i, tile in zip(cells, tiles):
            kinds[i] = tile.kind
        try:
            return self._placed_points(cells)
        finally:
            for i in cells:
                kinds[i] = None

    def _placed_points(self, cells: list[int]) -> int | None:
        """With a play's tiles set in the grid at ``cells``: its points, or None when its tiles
        leave a gap, touch no tile of the board or make an invalid line."""
        kinds, width = self.grid.kinds, self.grid.width
        axes: tuple[int, ...]
        if len(cells) == 1:
            axes = (1, width)
        else:
            low, high = min(cells), max(cells)
            axis = 1 if low // width == high // width else width
            if any((i - low) % axis for i in cells) or None in kinds[low : high + 1 : axis]:
                return None  # not in one line, or a gap between the placed tiles
            axes = (axis,)
        points = 0
        touching = False
        for axis in axes:
            length = self._run(cells[0], axis)
            if length is None:
                return None
            points += LINE_POINTS[length] if length > 1 else 0
            touching = touching or length > len(cells)
        if len(cells) > 1:
            cross = width if axes[0] == 1 else 1
            for i in cells:
                length = self._run(i, cross)
                if length is None:
                    return None
                if length > 1:
                    points += LINE_POINTS[length]
                    touching = True
        return points if touching else None

    def _run(self, i: int, step: int) -> int | None:
        """The length of the run of tiles through the cell at index ``i`` along ``step``, or None when its tiles do
        not make a valid line (C5: one color or one shape, no duplicate)."""
        grid = self.grid
        ahead = grid.run_along(i - step, step, 0, 0)  # from the cell on
        found = None if ahead is None else grid.run_along(i, -step, *ahead)
        if found is None:
            return None
        run, length = found
        color, shape = divmod(run.bit_length() - 1, 6)
        if run & ~COLOR_MASKS[color] and run & ~SHAPE_MASKS[shape]:
            return None
        return length

    def changed(self, cells: list[int], mask: int) -> list[tuple[int, int, int]]:
        """With a play's tiles set in the grid at ``cells`` (one line): the empty cells whose lines the play changes,
        the first at each end of each placed tile's runs across and down, each with the kinds of ``mask`` that fit
        there alone (the others may be left in) and their points. Only one of such a cell's lines changes (the other
        crosses no placed tile): it is read from the frontier as it was (``across``, ``down``)."""
        grid = self.grid
        kinds, crossing = grid.kinds, grid.crossing
        found: dict[int, tuple[int, int, int]] = {}
        for i in cells:
            for step, axis, other, same in self.directions:
                j = i + step
                while kinds[j] is not None:
                    j += step
                if j not in found:
                    other_kinds, other_points = other.get(j, NO_CROSSING)
                    if not other_kinds & same.get(j, NO_CROSSING)[0] & mask:
                        found[j] = (j, 0, 0)  # none of ``mask`` fits (the play only narrows the line)
                        continue
                    line_kinds, line_points = crossing(j, axis)
                    found[j] = (j, line_kinds & other_kinds, line_points + other_points)
        return list(found.values())

    def zone_at(self, i: int) -> frozenset[int]:
        """The cell at index ``i`` and the first empty cell at each end of its runs of tiles across and down."""
        kinds, width = self.grid.kinds, self.grid.width
        ends = [i]
        for step in (1, -1, width, -width):
            j = i + step
            while kinds[j] is not None:
                j += step
            ends.append(j)
        return frozenset(ends)
