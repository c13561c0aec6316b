"""Legal-play generation: every distinct play of a hand on a board, with its points.

This is the hot path of hints and computer players, so it never re-validates what it builds:
tile kinds (color x shape, 0-35) are bits of an int, each empty cell next to the board gets the
set of kinds its crossing line accepts, and plays are laid out segment by segment along rows and
columns within those sets. ``tests/reference/naive.py`` is the slow, obvious cross-check.
"""
from __future__ import annotations

from itertools import permutations
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


def _assignments(allowed: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to give each cell a distinct kind from its allowed set."""
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []
    last = len(allowed) - 1

    def extend(i: int, used: int) -> None:
        free = allowed[i] & ~used
        while free:
            low = free & -free
            chosen.append(low.bit_length() - 1)
            if i == last:
                found.append(tuple(chosen))
            else:
                extend(i + 1, used | low)
            chosen.pop()
            free ^= low

    extend(0, 0)
    return found


Segment = tuple[list[Cell], list[int], int]  # empty cells, allowed kinds per cell, points


def _segments(occupied: dict[Cell, int], crossing: dict[Cell, tuple[int, int]],
              groups: Sequence[tuple[int, int, int]]) -> list[Segment]:
    """Multi-tile plays along rows: maximal segments (bounded by empty cells, at most 6 long)
    whose empty cells can all be filled from one color or shape group of the hand.

    ``crossing`` holds, for empty cells with a tile above or below, the kinds their column accepts
    and the points it scores. Call with transposed cells for columns.
    """
    rows: dict[int, list[int]] = {}
    for x, y in occupied:
        rows.setdefault(y, []).append(x)
    for x, y in crossing:
        rows.setdefault(y, []).append(x)
    segments: list[Segment] = []
    for y, anchors in rows.items():
        first, last = min(anchors) - 5, max(anchors)
        for group_kinds, hand_kinds, hand_count in groups:
            for a in range(first, last + 1):
                if (a - 1, y) in occupied:
                    continue
                run = 0
                touching = False
                cells: list[Cell] = []
                masks: list[int] = []
                points = 0
                x = a
                end = a + QWIRKLE
                while x < end:
                    kind = occupied.get((x, y))
                    if kind is not None:
                        bit = 1 << kind
                        if not group_kinds & bit or run & bit:
                            break
                        run |= bit
                        touching = True
                    else:
                        cross = crossing.get((x, y))
                        if cross is None:
                            mask = hand_kinds
                        else:
                            mask = cross[0] & hand_kinds
                            points += cross[1]
                            touching = True
                        if not mask or len(cells) == hand_count:
                            break
                        cells.append((x, y))
                        masks.append(mask)
                    x += 1
                    if touching and len(cells) >= 2 and (x, y) not in occupied:
                        allowed = [m & ~run for m in masks]
                        if all(allowed):
                            segments.append((list(cells), allowed, points + line_points(x - a)))
    return segments


def _groups(hand_kinds: int) -> list[tuple[int, int, int]]:
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


Crossings = dict[Cell, tuple[int, int]]


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

    def emit(cells: list[Cell], kinds: tuple[int, ...], points: int) -> None:
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
        for cells, allowed, points in _segments(occupied, down, groups):
            for kinds in _assignments(allowed):
                emit(cells, kinds, points)
        flipped = {(y, x): kind for (x, y), kind in occupied.items()}
        for cells, allowed, points in _segments(flipped, {(y, x): v for (x, y), v in across.items()}, groups):
            columns = [(x, y) for y, x in cells]
            for kinds in _assignments(allowed):
                emit(columns, kinds, points)
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
