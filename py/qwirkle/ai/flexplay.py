"""The best-scoring play of a hand in Flex, fast, for look-ahead: ``bestplay.Position`` with the diagonals.

``FlexPosition(tiles)`` keeps the rows' and columns' crossings as ``Position`` does, and the tiles' backgrounds;
``best_tiles(hand)`` gives the hand's highest-scoring play with its diagonal points (F3-F5): (points, [(cell,
tile)]). A segment's points depend on which tile, on which background, goes where, so a segment is filled its best
way, and only when an upper bound on its points beats the best so far. See docs/research/speed.md.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..notation import Cell
from ..scoring import DiagonalPoints
from ..tiles import ALL_KINDS, Tile, kind_bits, tile_of
from .bestplay import GROUPS, Found, Position, open_cells


class FlexPosition(Position):
    """``Position`` for Flex: the same rows and columns, plus the diagonal points of each tile by its background
    (F3-F5). The hand is given as tiles, since a kind may be held on several backgrounds."""

    __slots__ = ("diagonals", "held")

    def __init__(self, tiles: dict[Cell, Tile] | None = None) -> None:
        super().__init__()
        self.diagonals = DiagonalPoints({})  # the tiles' backgrounds, and a tile's diagonal points by cell
        self.held: dict[int, list[int]] = {}
        if tiles:
            self.place_tiles(list(tiles.items()))

    def copy(self) -> FlexPosition:
        other = super().copy()
        assert isinstance(other, FlexPosition)
        other.diagonals = self.diagonals.copy()
        other.held = {}
        return other

    def place_tiles(self, placed: Sequence[tuple[Cell, Tile]]) -> None:
        for cell, tile in placed:
            self.diagonals.place(cell, tile.background)
        self.place([(cell, tile.kind) for cell, tile in placed])

    def best_tiles(self, hand: Sequence[Tile]) -> tuple[int, list[tuple[Cell, Tile]]] | None:
        """The highest-scoring play of the hand, diagonals included: (points, [(cell, tile)])."""
        held: dict[int, list[int]] = {}
        for tile in hand:
            backgrounds = held.setdefault(tile.kind, [])
            if tile.background not in backgrounds:
                backgrounds.append(tile.background)
        if not held:
            return None
        self.held = held
        diagonal = self.diagonals.points
        hand_kinds = 0
        for kind in held:
            hand_kinds |= 1 << kind
        best: Found | None = None
        best_points = 0
        best_backs: list[int] = []
        across, down = self.across, self.down
        for cell in open_cells(across, down):
            h_kinds, h_points = across.get(cell, (ALL_KINDS, 0))
            v_kinds, v_points = down.get(cell, (ALL_KINDS, 0))
            fits = h_kinds & v_kinds & hand_kinds
            for kind in kind_bits(fits):
                for background in held[kind]:
                    extra = diagonal(cell, background)
                    if extra is not None and h_points + v_points + extra > best_points:
                        best_points = h_points + v_points + extra
                        best = (best_points, [cell], [kind])
                        best_backs = [background]
        groups = [(mask, hand_kinds & mask) for mask in GROUPS if (hand_kinds & mask).bit_count() >= 2]
        if groups:
            chosen_backs: list[list[int]] = []
            ceiling: dict[Cell, int] = {}  # the most diagonal points any held background earns on a cell
            held_backgrounds = {b for held_backs in held.values() for b in held_backs}

            def judge(
                total: int,
                cells: list[Cell],
                masks: list[int],
                run: int,
                groups: list[tuple[int, int]],
                beat: int,
                first: int,
                last: int,
            ) -> Found | None:
                bound = total
                for cell in cells:
                    most_extra = ceiling.get(cell)
                    if most_extra is None:
                        most_extra = ceiling[cell] = max(
                            (e for e in (diagonal(cell, b) for b in held_backgrounds) if e is not None), default=0
                        )
                    bound += most_extra
                if bound <= beat:
                    return None
                found = self._assign_best(total, cells, masks, run, groups, beat)
                if found is None:
                    return None
                points, kinds, backs = found
                chosen_backs.append(backs)
                return points, list(cells), kinds

            most = max(kinds.bit_count() for _, kinds in groups)
            rows, columns = self._anchor_lines()
            for horizontal, lines in ((True, rows), (False, columns)):
                starts = {line: range(low - 5, high + 1) for line, (low, high) in lines.items()}
                found = self.scan_segments(horizontal, starts, hand_kinds, groups, most, best_points, judge=judge)
                if found is not None and found[0] > best_points:
                    best, best_points, best_backs = found, found[0], chosen_backs[-1]
        if best is None:
            return None
        points, cells, kinds = best
        return points, [(cell, tile_of(kind, background)) for cell, kind, background in zip(cells, kinds, best_backs)]

    def _assign_best(
        self, total: int, cells: list[Cell], masks: list[int], run: int, groups: list[tuple[int, int]], beat: int
    ) -> tuple[int, list[int], list[int]] | None:
        """The best way to fill the cells (distinct kinds of one group, each tile on a background whose diagonals
        stay legal), if it beats ``beat``: (points, kinds, backgrounds)."""
        best: tuple[int, list[int], list[int]] | None = None
        last = len(cells) - 1
        kinds: list[int] = []
        backs: list[int] = []
        diagonal = self.diagonals.points

        def extend(i: int, free: int, points: int) -> None:
            nonlocal best, beat
            options = masks[i] & free
            while options:
                low = options & -options
                kind = low.bit_length() - 1
                for background in self.held[kind]:
                    extra = diagonal(cells[i], background)
                    if extra is None:
                        continue
                    kinds.append(kind)
                    backs.append(background)
                    if i == last:
                        if points + extra > beat:
                            beat = points + extra
                            best = (beat, list(kinds), list(backs))
                    else:
                        extend(i + 1, free ^ low, points + extra)
                    kinds.pop()
                    backs.pop()
                options ^= low

        for group, held in groups:
            if run & ~group:
                continue
            extend(0, held & ~run, total)
        return best
