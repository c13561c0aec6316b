"""Legal-play generation: every distinct play of a hand on a board, with its points.

This is the hot path of hints and computer players, so it never re-validates what it builds:
tile kinds (color x shape, 0-35) are bits of an int, each empty cell next to the board gets the
set of kinds its crossing line accepts, and plays are laid out segment by segment along rows and
columns within those sets. The board is laid out once per generation in one flat list with a
margin (``Grid``), so that walks along rows and columns index a list instead of hashing cells;
each stretch of a row or column is walked once for all of the hand's color and shape groups and
stops as soon as none of them can fill it; each placement is made once and shared by the plays
that hold it. ``legal_plays(board, hand, variant)`` lists them; ``tests/reference/naive.py`` is the slow, obvious
cross-check. ``Grid``, ``grid_plays`` and the segment walk are public for the end-game solver, whose grid
(``ai/solver/grid.py``) builds on them. See docs/research/speed.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import permutations, product
from typing import NamedTuple, TypeAlias

from .board import Board
from .notation import Cell, Placement
from .scoring import QWIRKLE, line_points
from .tiles import (
    ALL_KINDS,
    COLOR_MASKS,
    KIND_TILES,
    NO_BACKGROUND,
    SHAPE_MASKS,
    Tile,
    kinds_by_cell,
    largest_combination,
    tile_of,
)
from .variants import ExtraPoints, Variant

_JOINABLE: dict[int, int] = {}
_KINDS_OF: dict[int, tuple[int, ...]] = {}
LINE_POINTS = tuple(line_points(n) for n in range(QWIRKLE + 1))

NO_CROSSING = (ALL_KINDS, 0)  # the crossing of an empty cell with no tile across


# -- kinds and lines (also read by the computer players) ---------------------------------------------------------
class ScoredPlay(NamedTuple):
    """A legal play (placements in reading order) and its points."""

    placements: tuple[Placement, ...]
    points: int

    def notation(self) -> str:
        return " ".join(p.notation() for p in self.placements)


def joinable(run: int) -> int:
    """Kinds that may join a line whose existing kinds are the bits of ``run`` (no duplicates)."""
    allowed = _JOINABLE.get(run)
    if allowed is None:
        if not run:
            allowed = ALL_KINDS
        elif bin(run).count("1") >= QWIRKLE:
            allowed = 0
        else:
            color, shape = divmod(run.bit_length() - 1, 6)
            allowed = 0
            if not run & ~COLOR_MASKS[color]:
                allowed |= COLOR_MASKS[color]
            if not run & ~SHAPE_MASKS[shape]:
                allowed |= SHAPE_MASKS[shape]
            allowed &= ~run
        _JOINABLE[run] = allowed
    return allowed


def cell_crossing(occupied: dict[Cell, int], x: int, y: int, dx: int, dy: int) -> tuple[int, int] | None:
    """(accepted kinds, points) for a tile on empty (x, y) from its line along (dx, dy), or None
    when that line is empty."""
    run = 0
    length = 1
    for sx, sy in ((dx, dy), (-dx, -dy)):
        cx, cy = x + sx, y + sy
        kind = occupied.get((cx, cy))
        while kind is not None:
            bit = 1 << kind
            if run & bit:
                return 0, 0
            run |= bit
            length += 1
            cx += sx
            cy += sy
            kind = occupied.get((cx, cy))
    if length == 1:
        return None
    if length > QWIRKLE:
        return 0, 0
    return joinable(run), line_points(length)


def _kinds_of(mask: int) -> tuple[int, ...]:
    """The kinds whose bits are set in ``mask``, lowest first. Cached: only asked of masks within one color or
    shape (at most 12 x 64 of them)."""
    kinds = _KINDS_OF.get(mask)
    if kinds is None:
        kinds = _KINDS_OF[mask] = tuple(k for k in range(36) if mask >> k & 1)
    return kinds


def _assignments(allowed: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to give each cell a distinct kind from its allowed set, in lexicographic order (lowest kinds
    first, cell by cell), built cell by cell from the kinds not used yet."""
    if len(allowed) == 2:
        return [(a, b) for a in _kinds_of(allowed[0]) for b in _kinds_of(allowed[1]) if a != b]
    partial: list[tuple[tuple[int, ...], int]] = [((), 0)]  # kinds so far, and their bits
    for mask in allowed:
        partial = [(kinds + (kind,), used | 1 << kind) for kinds, used in partial for kind in _kinds_of(mask & ~used)]  # noqa: RUF005 - faster than unpacking (hot path)
    return [kinds for kinds, _ in partial]


# -- the board as a grid, and the stretches along its rows and columns ---------------------------------------------
Segment = tuple[tuple[int, ...], list[int], int]  # empty cells' indexes, kinds each may take from the hand, points
Group = tuple[int, int, int]  # a color or shape: its kinds, the hand's kinds of it, count
IndexCrossings = dict[int, tuple[int, int]]  # empty cell by ``Grid`` index -> (kinds its crossing accepts, points)
# the groups able to use each cell's crossing, and its points
Able: TypeAlias = "list[tuple[int, int] | None] | Mapping[int, tuple[int, int] | None]"
MARGIN = QWIRKLE + 2  # empty cells round a Grid's tiles: no walk from a cell next to a tile leaves the grid


class Grid:
    """The board laid out in one flat list for move generation: the kind on cell (x, y) at index
    ``(y - top) * width + x - left``, None on an empty cell, with ``MARGIN`` empty cells all round so that a walk
    along a row (step 1) or a column (step ``width``) never leaves it. Walks index a list instead of hashing cells.

    Made once per generation: it is as large as the board's bounding box, which input keeps within a line of the
    whole set (``limits.check_extent``)."""

    __slots__ = ("left", "top", "width", "kinds", "tiles")

    def __init__(self, occupied: dict[Cell, int], margin: int = MARGIN) -> None:
        xs = [x for x, _ in occupied] or [0]
        ys = [y for _, y in occupied] or [0]
        self.left = min(xs) - margin
        self.top = min(ys) - margin
        self.width = max(xs) - self.left + margin + 1
        self.kinds: list[int | None] = [None] * (self.width * (max(ys) - self.top + margin + 1))
        self.tiles = [self.index(cell) for cell in occupied]  # the tiles' indexes, in the board's order
        for i, kind in zip(self.tiles, occupied.values()):
            self.kinds[i] = kind

    def index(self, cell: Cell) -> int:
        return (cell[1] - self.top) * self.width + cell[0] - self.left

    def cell(self, index: int) -> Cell:
        y, x = divmod(index, self.width)
        return x + self.left, y + self.top

    def crossing(self, i: int, step: int) -> tuple[int, int]:
        """``cell_crossing`` of the empty cell at index ``i`` along ``step``, where it has a tile next to it."""
        behind = self.run_along(i, -step, 0, 0)
        return (0, 0) if behind is None else self.crossing_past(i, step, *behind)

    def crossing_past(self, j: int, step: int, run: int, length: int) -> tuple[int, int]:
        """``crossing(j, abs(step))`` of the empty cell at index ``j`` when the tiles next to it on the side opposite
        ``step`` are known: ``length`` of them, of the kinds ``run`` (a valid line); only the other side is walked."""
        found = self.run_along(j, step, run, length + 1)
        if found is None or found[1] > QWIRKLE:
            return 0, 0
        return joinable(found[0]), LINE_POINTS[found[1]]

    def run_along(self, i: int, step: int, run: int, length: int) -> tuple[int, int] | None:
        """``run`` (kinds) and ``length`` with the tiles from index ``i + step`` on along ``step`` added, or None when
        one of them is a duplicate."""
        kinds = self.kinds
        i += step
        kind = kinds[i]
        while kind is not None:
            bit = 1 << kind
            if run & bit:
                return None
            run |= bit
            length += 1
            i += step
            kind = kinds[i]
        return run, length

    def frontier(self) -> tuple[IndexCrossings, IndexCrossings]:
        """The empty cells next to the board with what their lines accept, by index: (cells with a left or right
        neighbour, cells with an upper or lower neighbour), each giving (accepted kinds, points) of
        ``cell_crossing``, in the order of the board's tiles."""
        kinds, width = self.kinds, self.width
        across: IndexCrossings = {}
        down: IndexCrossings = {}
        for i in self.tiles:
            for j in (i + 1, i - 1, i + width, i - width):
                if kinds[j] is not None or j in across or j in down:
                    continue
                if kinds[j - 1] is not None or kinds[j + 1] is not None:
                    across[j] = self.crossing(j, 1)
                if kinds[j - width] is not None or kinds[j + width] is not None:
                    down[j] = self.crossing(j, width)
        return across, down


class Groups:
    """The hand's color and shape groups (``groups_of``) as the walk along a line asks about them, each group a bit:
    ``every`` (all of them), ``by_kind`` (the groups holding a kind), ``most`` (the most distinct kinds a group
    holds: the most empty cells a stretch may have) and ``crossings`` (the groups that can use each crossing)."""

    __slots__ = ("groups", "every", "by_kind", "most", "kinds", "_able")

    def __init__(self, groups: Sequence[Group]) -> None:
        self.groups = groups
        self.every = (1 << len(groups)) - 1
        self.by_kind = [0] * 36
        self.kinds = 0  # the kinds the groups hold
        for g, (group_kinds, held, _) in enumerate(groups):
            self.kinds |= held
            for kind in _kinds_of(group_kinds):
                self.by_kind[kind] |= 1 << g
        self.most = max(count for _, _, count in groups)
        self._able: dict[int, int] = {}

    def crossings(self, crossing: IndexCrossings, size: int) -> list[tuple[int, int] | None]:
        """``crossing`` laid out in a list of ``size`` (a grid's), the kinds each cell accepts replaced by the groups
        holding one of them; None where there is no crossing."""
        found: list[tuple[int, int] | None] = [None] * size
        for i, (mask, gain) in crossing.items():
            found[i] = self.able(mask), gain
        return found

    def able(self, mask: int) -> int:
        """The groups holding one of the kinds of ``mask`` (what a crossing accepts). Cached by the hand's kinds the
        mask holds: many cells accept the same."""
        held = mask & self.kinds
        groups = self._able.get(held)
        if groups is None:
            groups = 0
            rest = held
            while rest:
                low = rest & -rest
                groups |= self.by_kind[low.bit_length() - 1]
                rest ^= low
            self._able[held] = groups
        return groups


def _lines(grid: Grid, where: Iterable[Iterable[int]], step: int) -> dict[int, list[int]]:
    """The rows (``step`` 1) or columns holding a cell of ``where`` (the board's tiles and the cells of a crossing,
    or anchors), in the order those cells come: the index of the line's first cell -> the first and last positions
    along it of those cells."""
    width = grid.width
    lines: dict[int, list[int]] = {}
    for cells in where:
        for i in cells:
            if step == 1:
                position = i % width
                base = i - position
            else:
                base = i % width
                position = i // width
            span = lines.get(base)
            if span is None:
                lines[base] = [position, position]
            elif position < span[0]:
                span[0] = position
            elif position > span[1]:
                span[1] = position
    return lines


def _segments(
    grid: Grid, crossing: IndexCrossings, groups: Groups, step: int, anchors: Sequence[int] | None = None
) -> list[Segment]:
    """Multi-tile plays along rows (``step`` 1) or columns (``step`` the grid's width): maximal stretches (bounded
    by empty cells, at most 6 long, touching the board) whose empty cells can all be filled from one color or shape
    group of the hand; line by line, then group by group, then by start and length.

    ``crossing`` holds, for empty cells with a tile across the line of play, the kinds that crossing line accepts
    and the points it scores (``down`` for rows, ``across`` for columns). ``anchors``, when given, are the cells
    where a tile of the hand fits alone: every play holds one (``can_place``), so only stretches through one are
    walked.
    """
    segments: list[Segment] = []
    able = groups.crossings(crossing, len(grid.kinds))
    lines = _lines(grid, (grid.tiles, crossing) if anchors is None else (anchors,), step)
    for base, (low, high) in lines.items():
        found: list[list[Segment]] = [[] for _ in groups.groups]
        # a stretch from further back would cross too many empty cells to touch, or miss every anchor
        first = low - groups.most if anchors is None else low - QWIRKLE + 1
        line_segments(grid, crossing, able, groups, range(base + first * step, base + (high + 1) * step, step), found)
        for group_segments in found:
            segments.extend(group_segments)
    return segments


def line_segments(
    grid: Grid,
    crossing: IndexCrossings,
    able: Able,
    groups: Groups,
    starts: range,
    found: list[list[Segment]],
    through: int = -1,
    taken: frozenset[int] = frozenset(),
) -> None:
    """``_segments`` of one row (column) from each index of ``starts``, added to ``found`` by group; only those
    reaching index ``through`` (when given) and holding no empty cell of ``taken`` before it.

    A stretch is walked keeping the groups that could still fill it (``able``: those of each crossing, with its
    points), so a walk stops as soon as no group can.
    """
    kinds, by_kind = grid.kinds, groups.by_kind
    every, most = groups.every, groups.most
    step = starts.step
    span = QWIRKLE * step
    for start in starts:
        if kinds[start - step] is not None:
            continue
        run = 0
        alive = every
        empty = 0
        points = 0
        for i in range(start, start + span, step):
            kind = kinds[i]
            if kind is None:
                if empty == most or (i < through and i in taken):
                    break
                empty += 1
                cross = able[i]
                if cross is not None:
                    alive &= cross[0]
                    points += cross[1]  # never 0: a crossing line holds 2 tiles or more
            else:
                bit = 1 << kind
                if run & bit:
                    break
                run |= bit
                alive &= by_kind[kind]
            if not alive:
                break
            if empty >= 2 and (run or points) and kinds[i + step] is None and i >= through:
                _add_segment(grid, crossing, range(start, i + 1, step), run, points, alive, groups.groups, found)


def _add_segment(
    grid: Grid,
    crossing: IndexCrossings,
    stretch: range,
    run: int,
    points: int,
    alive: int,
    groups: Sequence[Group],
    found: list[list[Segment]],
) -> None:
    """Add the ``stretch`` of indexes (whose tiles hold the kinds ``run`` and whose crossings score ``points``) to
    each group of ``alive`` that can fill all of its empty cells with distinct kinds."""
    kinds = grid.kinds
    empties = tuple([i for i in stretch if kinds[i] is None])
    masks = [crossing.get(i, NO_CROSSING)[0] for i in empties]
    points += LINE_POINTS[len(stretch)]
    size = len(empties)
    while alive:
        low = alive & -alive
        g = low.bit_length() - 1
        alive ^= low
        _, held, count = groups[g]
        if size > count:
            continue
        free = held & ~run
        allowed = [mask & free for mask in masks]
        if all(allowed):
            found[g].append((empties, allowed, points))


def groups_of(hand_kinds: int) -> list[Group]:
    """The hand's colors and shapes that hold at least two distinct kinds: (group, kinds, count)."""
    groups = []
    for mask in COLOR_MASKS + SHAPE_MASKS:
        kinds = hand_kinds & mask
        count = kinds.bit_count()
        if count >= 2:
            groups.append((mask, kinds, count))
    return groups


# -- generation ---------------------------------------------------------------------------------------------------
class Hand:
    """The hand by kind: which backgrounds of each kind it holds."""

    def __init__(self, hand: Iterable[Tile]) -> None:
        self.backgrounds: dict[int, list[int]] = {}
        for tile in hand:
            held = self.backgrounds.setdefault(tile.kind, [])
            if tile.background not in held:
                held.append(tile.background)
        self.kinds = sum(1 << kind for kind in self.backgrounds)


def can_place(board: Board, pieces: Iterable[Tile], variant: Variant) -> bool:
    """Whether one of ``pieces``, alone, fits on some empty cell next to a non-empty ``board`` (C5, F5).

    Every legal play holds a tile that would be legal alone (the tile touching the board: its lines without the
    rest of the play are parts of valid lines), so False means that no play of these pieces exists at all.

    >>> from .notation import parse_placements
    >>> from .variants import find_variant
    >>> board, classic = Board.from_placements(parse_placements("Ro@0,0")), find_variant("classic")
    >>> can_place(board, [Tile(0, 0)], classic), can_place(board, [Tile(0, 0), Tile(0, 1)], classic)
    (False, True)
    """
    held = Hand(pieces)
    if not board.tiles:
        return bool(held.kinds)
    grid = Grid(kinds_by_cell(board.tiles))
    kinds, width = grid.kinds, grid.width
    extra = variant.extra_points(board.tiles)
    seen: set[int] = set()
    for i in grid.tiles:  # cell by cell, stopping at the first fit (the whole frontier is rarely needed)
        for j in (i + 1, i - 1, i + width, i - width):
            if kinds[j] is not None or j in seen:
                continue
            seen.add(j)
            if _fits(grid, j, held, extra):
                return True
    return False


def _fits(grid: Grid, i: int, held: Hand, extra: ExtraPoints | None) -> bool:
    """Whether a piece of ``held`` may go alone on the empty cell at index ``i`` next to the board."""
    kinds, fits = grid.kinds, held.kinds
    for step in (1, grid.width):
        if kinds[i - step] is not None or kinds[i + step] is not None:
            fits &= grid.crossing(i, step)[0]
    if not fits or extra is None:
        return bool(fits)
    cell = grid.cell(i)
    while fits:
        low = fits & -fits
        if any(extra(cell, background) is not None for background in held.backgrounds[low.bit_length() - 1]):
            return True
        fits ^= low
    return False


def legal_plays(
    board: Board, hand: Sequence[Tile], variant: Variant, opening_size: int | None = None
) -> list[ScoredPlay]:
    """Every distinct legal play of ``hand`` on ``board`` with its points (C4-C6, F2-F5).

    On an empty board (the opening, C2) only plays of ``opening_size`` tiles are listed (default:
    the hand's largest combination), starting on 0,0 and running right or down.
    """
    held = Hand(hand)
    if not board.tiles:
        return _opening_plays(held, opening_size or largest_combination(hand))
    grid = Grid(kinds_by_cell(board.tiles))
    across, down = grid.frontier()
    return grid_plays(grid, across, down, held, variant.extra_points(board.tiles), True)


def grid_plays(
    grid: Grid,
    across: IndexCrossings,
    down: IndexCrossings,
    held: Hand,
    extra: ExtraPoints | None,
    ordered: bool,
    singles: IndexCrossings | None = None,
    placed: Placements | None = None,
) -> list[ScoredPlay]:
    """``legal_plays`` on a non-empty board's ``grid`` given its frontier by index (``Grid.frontier``): single tiles
    (in reading order when ``ordered``), then the segments along rows, then along columns. ``singles``, when given,
    holds for each frontier cell that may take a tile alone the kinds both of its lines accept and the points of both
    (a caller that keeps them up to date as tiles come and go); then only stretches through one of those cells are
    walked. ``placed``: placements made before, to share. ``extra``: the variant's ``extra_points``, or None."""
    plays: list[ScoredPlay] = []
    placed = Placements(grid) if placed is None else placed
    extra_placed = None if extra is None else _ExtraPlacements(grid, held, extra)
    live = singles is not None
    if singles is None:
        frontier_cells = across.keys() | down.keys()
        singles = {}
        for i in sorted(frontier_cells) if ordered else frontier_cells:  # index order is reading order
            h_kinds, h_points = across.get(i, NO_CROSSING)
            v_kinds, v_points = down.get(i, NO_CROSSING)
            singles[i] = h_kinds & v_kinds, h_points + v_points
    hand_kinds = held.kinds
    anchors: list[int] | None = [] if live else None
    for i, (fits, points) in singles.items():
        fits &= hand_kinds
        if fits and anchors is not None:
            anchors.append(i)
        while fits:
            low = fits & -fits
            kind = low.bit_length() - 1
            if extra_placed is None:
                plays.append(ScoredPlay((placed[i * 36 + kind],), points))
            else:
                for placement, more in extra_placed.of(i, kind):
                    plays.append(ScoredPlay((placement,), points + more))
            fits ^= low
    groups = groups_of(held.kinds)
    if groups:
        hand_groups = Groups(groups)
        for step, crossing in ((1, down), (grid.width, across)):
            for empties, allowed, points in _segments(grid, crossing, hand_groups, step, anchors):
                if extra_placed is None:
                    plays.extend(segment_plays(empties, allowed, points, placed))
                else:
                    for kinds in _assignments(allowed):
                        plays.extend(extra_placed.plays(empties, kinds, points))
    return plays


class Placements(dict[int, Placement]):
    """The placements of one generation (a tile with no background) by grid index * 36 + kind, each made when first
    asked for and then shared by every play that holds it."""

    __slots__ = ("grid",)

    def __init__(self, grid: Grid) -> None:
        super().__init__()
        self.grid = grid

    def __missing__(self, key: int) -> Placement:
        index, kind = divmod(key, 36)
        made = self[key] = Placement(KIND_TILES[NO_BACKGROUND][kind], self.grid.cell(index))
        return made


def segment_plays(empties: tuple[int, ...], allowed: list[int], points: int, placed: Placements) -> list[ScoredPlay]:
    """The plays filling the cells at ``empties`` with distinct kinds of ``allowed`` (one set per cell), in the
    order of ``_assignments``."""
    if len(empties) == 2:
        first, second = empties[0] * 36, empties[1] * 36
        options = (
            [placed[first + kind] for kind in _kinds_of(allowed[0])],
            [placed[second + kind] for kind in _kinds_of(allowed[1])],
        )
        return [ScoredPlay(pair, points) for pair in product(*options) if pair[0].tile != pair[1].tile]
    keys = [i * 36 for i in empties]
    return [
        ScoredPlay(tuple([placed[key + kind] for key, kind in zip(keys, kinds)]), points)
        for kinds in _assignments(allowed)
    ]


class _ExtraPlacements:
    """Placements with the points a rule set's extra lines add (Flex diagonals), each made once per cell and kind in
    a generation: ``of(index, kind)`` lists (placement, points) for every background the hand holds of the kind that
    the extra lines accept on the cell at that grid index."""

    __slots__ = ("grid", "held", "extra", "_made")

    def __init__(self, grid: Grid, held: Hand, extra: ExtraPoints) -> None:
        self.grid = grid
        self.held = held
        self.extra = extra
        self._made: dict[int, list[tuple[Placement, int]]] = {}

    def of(self, index: int, kind: int) -> list[tuple[Placement, int]]:
        made = self._made.get(index * 36 + kind)
        if made is None:
            made = self._made[index * 36 + kind] = []
            cell = self.grid.cell(index)
            for background in self.held.backgrounds[kind]:
                more = self.extra(cell, background)
                if more is not None:
                    made.append((Placement(KIND_TILES[background][kind], cell), more))
        return made

    def plays(self, empties: tuple[int, ...], kinds: tuple[int, ...], points: int) -> list[ScoredPlay]:
        """The plays of ``kinds`` on the cells at ``empties``, one per choice of backgrounds (the first cell's
        changing slowest); none when a kind has no background that may go there."""
        options = [self.of(index, kind) for index, kind in zip(empties, kinds)]
        return [
            ScoredPlay(tuple([p for p, _ in combo]), points + sum([more for _, more in combo]))
            for combo in product(*options)
        ]


def _product(options: list[list[tuple[Tile, int]]]) -> list[tuple[tuple[Tile, int], ...]]:
    combos: list[tuple[tuple[Tile, int], ...]] = [()]
    for choices in options:
        combos = [combo + (choice,) for combo in combos for choice in choices]  # noqa: RUF005 - faster than unpacking (hot path)
    return combos


def _opening_plays(held: Hand, size: int) -> list[ScoredPlay]:
    """C2: the starter's combination of ``size`` tiles as one line from 0,0, right or down."""
    if size < 1:
        return []
    plays: list[ScoredPlay] = []
    points = line_points(size) or 1
    tiles_of = {kind: [tile_of(kind, b) for b in bgs] for kind, bgs in held.backgrounds.items()}
    if size == 1:
        return [ScoredPlay((Placement(t, (0, 0)),), 1) for ts in tiles_of.values() for t in ts]
    for mask in COLOR_MASKS + SHAPE_MASKS:
        kinds = [k for k in tiles_of if (1 << k) & mask]
        if len(kinds) < size:
            continue
        for order in permutations(kinds, size):
            for steps in ((1, 0), (0, 1)):
                cells = [(i * steps[0], i * steps[1]) for i in range(size)]
                options = [[(t, 0) for t in tiles_of[k]] for k in order]
                for combo in _product(options):
                    plays.append(ScoredPlay(tuple(Placement(t, c) for (t, _), c in zip(combo, cells)), points))
    return plays
