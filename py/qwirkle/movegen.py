"""Legal-play generation: every distinct play of a hand on a board, with its points.

This is the hot path of hints and computer players, so it never re-validates what it builds:
tile kinds (color x shape, 0-35) are bits of an int, each empty cell next to the board gets the
set of kinds its crossing line accepts, and plays are laid out segment by segment along rows and
columns within those sets. Each row and column is read once into lists (a line cache) and its
stretches are walked along them, keeping only the hand's color and shape groups that can still
fill the stretch. ``tests/reference/naive.py`` is the slow, obvious cross-check.
"""
from __future__ import annotations

from itertools import permutations, product
from typing import Iterable, NamedTuple, Sequence

from .board import Board
from .notation import Cell, Placement
from .scoring import QWIRKLE, line_points
from .tiles import Tile, largest_combination
from .variants import ExtraPoints, Variant

ALL_KINDS = (1 << 36) - 1
COLOR_MASKS = tuple(sum(1 << (c * 6 + s) for s in range(6)) for c in range(6))
SHAPE_MASKS = tuple(sum(1 << (c * 6 + s) for c in range(6)) for s in range(6))
_JOINABLE: dict[int, int] = {}
_KINDS_OF: dict[int, tuple[int, ...]] = {}
LINE_POINTS = tuple(line_points(n) for n in range(QWIRKLE + 1))

Crossings = dict[Cell, tuple[int, int]]   # empty cell -> (kinds its crossing line accepts, points it scores)


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
    for sign in (1, -1):
        cx, cy = x + sign * dx, y + sign * dy
        kind = occupied.get((cx, cy))
        while kind is not None:
            bit = 1 << kind
            if run & bit:
                return 0, 0
            run |= bit
            length += 1
            cx += sign * dx
            cy += sign * dy
            kind = occupied.get((cx, cy))
    if length == 1:
        return None
    if length > QWIRKLE:
        return 0, 0
    return joinable(run), line_points(length)


def _kinds_of(mask: int) -> tuple[int, ...]:
    """The kinds whose bits are set in ``mask``, lowest first (cached: a board shows few distinct masks)."""
    kinds = _KINDS_OF.get(mask)
    if kinds is None:
        kinds = _KINDS_OF[mask] = tuple(k for k in range(36) if mask >> k & 1)
    return kinds


def _assignments(allowed: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to give each cell a distinct kind from its allowed set (lowest kinds first, cell by cell)."""
    if len(allowed) == 2:
        return [(a, b) for a in _kinds_of(allowed[0]) for b in _kinds_of(allowed[1]) if a != b]
    size = len(allowed)
    return [kinds for kinds in product(*map(_kinds_of, allowed)) if len(set(kinds)) == size]


Segment = tuple[tuple[Cell, ...], list[int], int]   # empty cells, kinds each may take from the hand, points
LineSegment = tuple[tuple[int, ...], list[int], int]  # a Segment with its cells by position along its line
Group = tuple[int, int, int]                         # a color or shape: its kinds, the hand's kinds of it, count


class _Line:
    """One row (or column) as move generation reads it: its tiles and the crossings of its empty cells by
    position along it."""

    __slots__ = ("tiles", "crossings")

    def __init__(self) -> None:
        self.tiles: list[tuple[int, int]] = []                      # position, kind
        self.crossings: list[tuple[int, tuple[int, int]]] = []      # position, (accepted kinds, points)


def _lines(occupied: dict[Cell, int], crossing: Crossings, horizontal: bool) -> dict[int, _Line]:
    """The rows (or columns) holding a tile or an empty cell that ``crossing`` lists, in the order the board's cells
    and then ``crossing``'s cells come."""
    lines: dict[int, _Line] = {}
    for (x, y), kind in occupied.items():
        line, position = (y, x) if horizontal else (x, y)
        found = lines.get(line)
        if found is None:
            found = lines[line] = _Line()
        found.tiles.append((position, kind))
    for (x, y), cross in crossing.items():
        line, position = (y, x) if horizontal else (x, y)
        found = lines.get(line)
        if found is None:
            found = lines[line] = _Line()
        found.crossings.append((position, cross))
    return lines


def _segments(occupied: dict[Cell, int], crossing: Crossings, groups: Sequence[Group],
              horizontal: bool) -> list[Segment]:
    """Multi-tile plays along rows (``horizontal``) or columns: maximal stretches (bounded by empty cells, at most
    6 long, touching the board) whose empty cells can all be filled from one color or shape group of the hand;
    line by line, then group by group, then by start and length.

    ``crossing`` holds, for empty cells with a tile across the line of play, the kinds that crossing line accepts
    and the points it scores (``down`` for rows, ``across`` for columns).
    """
    by_kind = [0] * 36
    for g, (group_kinds, _, _) in enumerate(groups):
        for kind in _kinds_of(group_kinds):
            by_kind[kind] |= 1 << g
    by_mask: dict[int, int] = {ALL_KINDS: (1 << len(groups)) - 1}
    segments: list[Segment] = []
    for number, line in _lines(occupied, crossing, horizontal).items():
        found: list[list[LineSegment]] = [[] for _ in groups]
        _line_segments(line, groups, by_kind, by_mask, found)
        for group_segments in found:
            for empties, allowed, points in group_segments:
                cells = tuple((p, number) for p in empties) if horizontal else tuple((number, p) for p in empties)
                segments.append((cells, allowed, points))
    return segments


def _line_segments(line: _Line, groups: Sequence[Group], by_kind: list[int], by_mask: dict[int, int],
                   found: list[list[LineSegment]]) -> None:
    """``_segments`` of one row (column), added to ``found`` by group.

    The row is laid out in lists (a line cache), then every stretch is walked along them keeping the groups that
    could still fill it (``by_kind``: the groups holding a kind; ``by_mask``: the groups with a kind in an accepted
    set), so a walk stops as soon as no group can.
    """
    positions = [p for p, _ in line.tiles] + [p for p, _ in line.crossings]
    first = min(positions) - QWIRKLE     # the cell before the first stretch's start: never a tile
    size = max(positions) + QWIRKLE + 1 - first
    kinds: list[int | None] = [None] * size
    for p, tile_kind in line.tiles:
        kinds[p - first] = tile_kind
    crosses: list[tuple[int, int] | None] = [None] * size
    for p, crossing in line.crossings:
        crosses[p - first] = crossing
    most = max(count for _, _, count in groups)
    for start in range(1, size - QWIRKLE):
        if kinds[start - 1] is not None:
            continue
        run = 0
        alive = by_mask[ALL_KINDS]
        touching = False
        empties: list[int] = []
        masks: list[int] = []
        points = 0
        for i in range(start, start + QWIRKLE):
            kind = kinds[i]
            if kind is not None:
                bit = 1 << kind
                if run & bit:
                    break
                run |= bit
                alive &= by_kind[kind]
                touching = True
            else:
                if len(empties) == most:
                    break
                cross = crosses[i]
                if cross is None:
                    mask = ALL_KINDS
                else:
                    mask = cross[0]
                    points += cross[1]
                    touching = True
                    able = by_mask.get(mask)
                    if able is None:
                        able = by_mask[mask] = sum(1 << g for g, (_, held, _) in enumerate(groups) if held & mask)
                    alive &= able
                empties.append(first + i)
                masks.append(mask)
            if not alive:
                break
            if touching and len(empties) >= 2 and kinds[i + 1] is None:
                _add_segment(tuple(empties), masks, run, points + LINE_POINTS[i + 1 - start], alive, groups, found)


def _add_segment(empties: tuple[int, ...], masks: list[int], run: int, points: int, alive: int,
                 groups: Sequence[Group], found: list[list[LineSegment]]) -> None:
    """Add the stretch to each group of ``alive`` that can fill all of its empty cells with distinct kinds."""
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


def _groups(hand_kinds: int) -> list[Group]:
    """The hand's colors and shapes that hold at least two distinct kinds: (group, kinds, count)."""
    groups = []
    for mask in COLOR_MASKS + SHAPE_MASKS:
        kinds = hand_kinds & mask
        count = bin(kinds).count("1")
        if count >= 2:
            groups.append((mask, kinds, count))
    return groups


class Hand:
    """The hand by kind: which backgrounds of each kind it holds."""

    def __init__(self, hand: Iterable[Tile]) -> None:
        self.backgrounds: dict[int, list[int]] = {}
        for tile in hand:
            held = self.backgrounds.setdefault(tile.kind, [])
            if tile.background not in held:
                held.append(tile.background)
        self.kinds = sum(1 << kind for kind in self.backgrounds)


def _kinds(board: Board) -> dict[Cell, int]:
    return {cell: tile.color * 6 + tile.shape for cell, tile in board.tiles.items()}



def frontier(occupied: dict[Cell, int]) -> tuple[Crossings, Crossings]:
    """The empty cells next to the board with what their lines accept: (cells with a left or right neighbour,
    cells with an upper or lower neighbour), each giving (accepted kinds, points) of ``cell_crossing``."""
    across: Crossings = {}
    down: Crossings = {}
    for x, y in occupied:
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in occupied or cell in across or cell in down:
                continue
            cx, cy = cell
            h = cell_crossing(occupied, cx, cy, 1, 0)
            v = cell_crossing(occupied, cx, cy, 0, 1)
            if h is not None:
                across[cell] = h
            if v is not None:
                down[cell] = v
    return across, down


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
    occupied = _kinds(board)
    extra = variant.extra_points(board.tiles)
    seen: set[Cell] = set()
    for x, y in occupied:   # cell by cell, stopping at the first fit (the whole frontier is rarely needed)
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in occupied or cell in seen:
                continue
            seen.add(cell)
            if _fits(occupied, cell, held, extra):
                return True
    return False


def _fits(occupied: dict[Cell, int], cell: Cell, held: Hand, extra: ExtraPoints | None) -> bool:
    """Whether a piece of ``held`` may go alone on the empty ``cell`` next to the board."""
    fits = held.kinds
    for dx, dy in ((1, 0), (0, 1)):
        crossing = cell_crossing(occupied, cell[0], cell[1], dx, dy)
        if crossing is not None:
            fits &= crossing[0]
    while fits:
        low = fits & -fits
        kind = low.bit_length() - 1
        if extra is None or any(extra(cell, background) is not None for background in held.backgrounds[kind]):
            return True
        fits ^= low
    return False


def legal_plays(board: Board, hand: Sequence[Tile], variant: Variant,
                opening_size: int | None = None) -> list[ScoredPlay]:
    """Every distinct legal play of ``hand`` on ``board`` with its points (C4-C6, F2-F5).

    On an empty board (the opening, C2) only plays of ``opening_size`` tiles are listed (default:
    the hand's largest combination), starting on 0,0 and running right or down.
    """
    held = Hand(hand)
    if not board.tiles:
        return _opening_plays(held, opening_size or largest_combination(hand))
    occupied = _kinds(board)
    across, down = frontier(occupied)
    return frontier_plays(occupied, across, down, held, variant.extra_points(board.tiles))


def frontier_plays(occupied: dict[Cell, int], across: Crossings, down: Crossings, held: Hand,
                   extra: ExtraPoints | None, ordered: bool = True) -> list[ScoredPlay]:
    """``legal_plays`` on a non-empty board given by its kinds and its frontier (``frontier``), for a caller that
    keeps the frontier up to date as tiles come and go (the end-game solver) instead of rebuilding it per call.
    ``extra`` is the variant's ``extra_points`` of the board (Flex diagonals), or None. ``ordered=False`` skips
    sorting the frontier's cells (a caller that sorts the plays itself)."""
    plays: list[ScoredPlay] = []

    def emit(cells: Sequence[Cell], kinds: tuple[int, ...], points: int) -> None:
        if extra is None:
            plays.append(ScoredPlay(tuple(Placement(Tile(k // 6, k % 6), c) for k, c in zip(kinds, cells)),
                                    points))
            return
        options: list[list[tuple[Tile, int]]] = []
        for kind, cell in zip(kinds, cells):
            choices = []
            for background in held.backgrounds[kind]:
                more = extra(cell, background)
                if more is not None:
                    choices.append((Tile(kind // 6, kind % 6, background), more))
            if not choices:
                return
            options.append(choices)
        for combo in _product(options):
            plays.append(ScoredPlay(tuple(Placement(t, c) for (t, _), c in zip(combo, cells)),
                                    points + sum(more for _, more in combo)))

    frontier_cells = across.keys() | down.keys()
    for cell in sorted(frontier_cells, key=lambda c: (c[1], c[0])) if ordered else frontier_cells:
        h_kinds, h_points = across.get(cell, (ALL_KINDS, 0))
        v_kinds, v_points = down.get(cell, (ALL_KINDS, 0))
        fits = h_kinds & v_kinds & held.kinds
        while fits:
            low = fits & -fits
            emit([cell], (low.bit_length() - 1,), h_points + v_points)
            fits ^= low
    groups = _groups(held.kinds)
    if groups:
        for horizontal, crossing in ((True, down), (False, across)):
            for cells, allowed, points in _segments(occupied, crossing, groups, horizontal):
                for kinds in _assignments(allowed):
                    emit(cells, kinds, points)
    return plays


def _product(options: list[list[tuple[Tile, int]]]) -> list[tuple[tuple[Tile, int], ...]]:
    combos: list[tuple[tuple[Tile, int], ...]] = [()]
    for choices in options:
        combos = [combo + (choice,) for combo in combos for choice in choices]
    return combos


def _opening_plays(held: Hand, size: int) -> list[ScoredPlay]:
    """C2: the starter's combination of ``size`` tiles as one line from 0,0, right or down."""
    if size < 1:
        return []
    plays: list[ScoredPlay] = []
    points = line_points(size) or 1
    tiles_of = {kind: [Tile(kind // 6, kind % 6, b) for b in bgs] for kind, bgs in held.backgrounds.items()}
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
