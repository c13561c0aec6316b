"""Exact end-game solver: two players, the bag empty, every tile known (classic and Flex, C9, C10).

Once the bag is empty in a two-player game the opponent's hand is exactly the unseen tiles, so the rest of the game
is a finite game of perfect information. ``Solver`` finds its value, the *margin*: the points of the player on move
minus the opponent's from here to the end, both playing perfectly, the +6 for going out included (C9).

``solve(board, variant, hand, other, nodes=None, seconds=None)`` returns a ``Solution`` (the best play, the margin,
the line, whether it is proven); ``Solver(board, variant, [hand, other], nodes, deadline).solve()`` is the same on a
deadline. Every legal play is considered, and one is left out only by a proof (alpha-beta, bounds on the opponent's
going out); a transposition table, killer plays and a board kept up to date play by play make it fast. The first
iteration goes ``FIRST_DEPTH`` plies with a greedy play-out at the horizon (``rollout.py``), the second to the end of
every line; a budget (nodes, or a deadline) that runs out first gives the first iteration's play, not proven. A node
is one position expanded, so node budgets make results independent of the machine. See docs/research/endgames.md.
"""

from __future__ import annotations

import gc
import random
import time
from bisect import insort
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple, TypedDict, Unpack

from ..board import Board
from ..game import END_BONUS
from ..movegen import (
    CELL_BITS,
    LINE_POINTS,
    NO_CROSSING,
    NO_FIT,
    Hand,
    IndexCrossings,
    LiveGrid,
    ScoredPlay,
    legal_plays,
    live_plays,
    live_plays_through,
)
from ..notation import Placement
from ..rules import line_problem
from ..tiles import COLOR_MASKS, SHAPE_MASKS, Tile
from ..variants import Variant
from .rollout import rollout

FIRST_DEPTH = 2  # a shallow first iteration: a play to fall back on, and the table's first ordering
PROVEN = 1 << 20  # the depth of a table entry whose value no horizon touched
INFINITY = 1 << 30
EXACT, LOWER, UPPER = 0, 1, 2
MAX_CACHED_PLAYS = 400_000  # plays kept in the per-position cache before it is cleared (memory in Pyodide)
STEPS = 4  # the opponent's singles kept by ``_steps``
PAIR_OUTS = 4  # a two-tile opponent's plays going out kept by ``_pair_outs``
DERIVE_PLIES = 4  # how many plays back ``_derived`` looks for a list of the same player's plays


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic garbage collector off meanwhile, and back on after when it was on: for searches that make no
    cycles but make and drop many tuples, each collection of which walks every tuple still alive."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


class _Made(NamedTuple):
    """A play made (``Solver._make``), as ``_derived`` reads it: the hash before it, who made it, the bits (at
    ``CELL_BITS`` up) of its cells and of the empty cells whose lines it changed, the bits of its kinds, those
    empty cells, and its cells' grid indexes."""

    before: int
    who: int
    cells: int
    kinds: int
    changed: list[int]
    placed: list[int]


class _Threat:
    """A cell where the opponent's last tile goes out: its points, its grid index, and its zone (the cell and the
    ends of its runs of tiles, found when ``Solver._bound`` first needs them)."""

    __slots__ = ("points", "cell", "zone")

    def __init__(self, points: int, cell: int) -> None:
        self.points = points
        self.cell = cell
        self.zone: frozenset[int] | None = None


class _Step(NamedTuple):
    """A two-tile opponent's single that leaves their last tile two ways out (``Solver._steps``): the single's points
    plus the lesser way out and its +6 (``value``), its cell, the cells a play of the player on move must leave alone
    for it to hold (``guard``: the single's zone and both ways' zones), the cells the single changes (``changed``)
    and, of those, where the mover's kinds fit alone after it (``mine``: cell, kinds, points)."""

    value: int
    cell: int
    guard: frozenset[int]
    changed: frozenset[int]
    mine: list[tuple[int, int, int]]


def _together(one: int, two: int) -> bool:
    """Two tiles of these kinds can go out in one play: different kinds sharing a colour or a shape (C5)."""
    return one != two and (one // 6 == two // 6 or one % 6 == two % 6)


class _Budget(Exception):
    """The node budget or the deadline ran out in the middle of an iteration."""


class _Entry(NamedTuple):
    depth: int
    flag: int
    value: int
    best: ScoredPlay | None


class Solution(NamedTuple):
    """The solver's answer for the player on move."""

    best: ScoredPlay | None  # None: no play, the player passes
    margin: int  # mover's points minus the opponent's to the end (perfect play, +6 included)
    line: tuple[ScoredPlay | None, ...]  # the continuation from here, None for a pass
    exact: bool  # the margin is proven (else: the deepest finished iteration's estimate)
    nodes: int
    depth: int  # plies of the deepest finished iteration (0: none finished)


class Solver:
    """Iterative-deepening alpha-beta with a transposition table over the rest of a two-player game.

    ``hands[0]`` is the hand of the player on move, ``hands[1]`` the opponent's."""

    def __init__(
        self,
        board: Board,
        variant: Variant,
        hands: Sequence[Sequence[Tile]],
        nodes: int | None = None,
        deadline: float | None = None,
        passed: bool = False,
        bounds: bool = True,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.passed = passed  # the opponent's last move was a pass (a pass now ends the game, C10)
        self.bounds = bounds  # prune plays by the opponent's going out (``_threats``); False: alpha-beta's only
        self.fast = True  # two tiles against one valued without making the plays (``_two``)
        self.tiles = dict(board.tiles)
        self.grid = LiveGrid({cell: tile.kind for cell, tile in self.tiles.items()}, sum(len(h) for h in hands))
        self.across, self.down = self.grid.frontier()
        width = self.grid.width
        # the four ways along a line from a cell: (index step, axis, the crossings read there, the line's own)
        self._directions = (
            (1, 1, self.down, self.across),
            (-1, 1, self.down, self.across),
            (width, width, self.across, self.down),
            (-width, width, self.across, self.down),
        )
        self.relevant = Hand([tile for h in hands for tile in h]).kinds  # the kinds any play can hold
        self.singles: IndexCrossings = {}
        for i in self.across.keys() | self.down.keys():
            self._single(i)
        self._restore: list[list[tuple[IndexCrossings, int, tuple[int, int] | None]]] = []
        self.variant = variant
        self.plain = variant.extra_points(self.tiles) is None  # no extra lines (Flex diagonals) to score
        self.hands = [list(h) for h in hands]
        self.budget = nodes
        self.deadline = deadline
        self.clock = clock  # what ``deadline`` is read on (the bench may give process CPU time)
        self.nodes = 0
        self._table: dict[int, _Entry] = {}
        self._plays: dict[int, list[ScoredPlay]] = {}
        self._masks: dict[int, list[int]] = {}  # the masks of ``_plays``' lists (``live_plays_through``)
        self._path: list[_Made] = []  # the plays made, in order (``_derived``)
        self._ways: dict[int, list[_Threat]] = {}  # ``_threats`` by the plays' key
        self._stepped: dict[int, list[_Step]] = {}  # ``_steps`` by the plays' key
        self._pairs: dict[int, list[tuple[int, int]]] = {}  # ``_pair_outs`` by the plays' key
        self._cached = 0
        self._keys: dict[tuple[int, Placement], int] = {}
        self._killers: dict[int, ScoredPlay] = {}  # by ply and side: the play that last cut there (``_killer``)
        self._random = random.Random(0x51ED)  # Zobrist keys: seeded, so hashes (and results) never vary
        self._side = (self._random.getrandbits(64), self._random.getrandbits(64))
        self._passed = self._random.getrandbits(64)
        self._hash = 0
        self._horizon = 0
        self._root = -1  # the root position's key (``solve``)

    # -- public -------------------------------------------------------------------------------------------------
    def solve(self) -> Solution:
        """The best play, the margin and the line, from the deepest iteration the budget allowed.

        The cyclic garbage collector is off meanwhile (``collector_paused``): the search makes no cycles, but its
        table and caches hold hundreds of thousands of tuples, which each full collection walks (some 10 of them per
        100,000 nodes)."""
        with collector_paused():
            return self._solve()

    def _solve(self) -> Solution:
        """``solve`` with the collector as it is."""
        best: ScoredPlay | None = None
        margin = 0
        depth = 0
        exact = False
        target = FIRST_DEPTH
        self._root = self._key(0, self.passed)
        try:
            first = self._moves(0)
            if not first:
                best = None
            else:
                best = first[0]
            if self.budget is not None and self._first_nodes(first) > self.budget:
                raise _Budget  # the first iteration cannot end within the budget: no search
            while True:
                horizon = self._horizon
                value = self._negamax(0, self.passed, target, -INFINITY, INFINITY)
                margin, depth = value, target
                entry = self._table.get(self._key(0, self.passed))
                best = entry.best if entry is not None else best
                if self._horizon == horizon:
                    exact = True
                    break
                target = PROVEN
        except _Budget:
            pass
        line = self._line(best, exact) if depth else ((best,) if best is not None else ())
        return Solution(best, margin, line, exact, self.nodes, depth)

    def _first_nodes(self, plays: list[ScoredPlay]) -> int:
        """At least how many nodes the first iteration (``FIRST_DEPTH`` plies) expands, given the root's ``plays`` in
        order (0 when the opponent holds fewer than three tiles: then bounds may value plays without a node). The
        root, and every play that does not go out, since with three tiles or more the opponent's going out bounds
        none and the root's window never cuts. Below a play that leaves its player three tiles or more, no reply is
        valued without a node but one going out: below the first play (searched with the whole window, which never
        cuts) every reply that does not go out, or the pass; below the others one reply at least, when the
        opponent's tiles cannot go out in one play (they do not make one line)."""
        mine, theirs = self.hands
        if len(theirs) < 3:
            return 0
        line = line_problem(theirs) is None  # their tiles make one line (C5): they may go out in one play
        nodes = 1
        for index, play in enumerate(plays):
            left = len(mine) - len(play.placements)
            if not left:
                continue
            if index == 0 and left >= 3:
                key = self._play_key(0, play)
                self._make(0, play, key)
                try:
                    replies = self._moves(1)
                finally:
                    self._unmake(0, play, key)
                nodes += 1 + (sum(1 for reply in replies if len(reply.placements) < len(theirs)) if replies else 1)
            else:
                nodes += 1 if line or left < 3 else 2
        return nodes

    # -- search ---------------------------------------------------------------------------------------------------
    def _key(self, who: int, passed: bool) -> int:
        return self._hash ^ self._side[who] ^ (self._passed if passed else 0)

    def _tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Budget
        if self.deadline is not None and not self.nodes & 31 and self.clock() > self.deadline:
            raise _Budget

    def _moves(self, who: int) -> list[ScoredPlay]:
        """Every legal play of ``who`` here, going-out plays first, then by points (cached per position)."""
        key = self._hash ^ self._side[who]
        plays = self._plays.get(key)
        if plays is None:
            hand = self.hands[who]
            size = len(hand)
            distinct = list(dict.fromkeys([tile.kind for tile in hand]))
            masks: list[int] | None = None
            derived = self._derived(who) if hand and self.plain and self.grid.tiles else None
            if not hand:
                plays = []
            elif derived is not None:
                kept, fresh, ordered = derived

                def order(pair: tuple[ScoredPlay, int]) -> tuple[bool, int, tuple[int, int], tuple[Placement, ...]]:
                    return (
                        len(pair[0].placements) != size,
                        -pair[0].points,
                        pair[0].placements[0].cell,
                        pair[0].placements,
                    )

                if ordered and len(fresh) * 8 < len(kept):  # a few plays into a list in order: each put in place
                    fresh.sort(key=order)
                    for pair in fresh:
                        insort(kept, pair, key=order)
                else:
                    kept.extend(fresh)
                    kept.sort(key=order)
                plays = [play for play, _ in kept]
                masks = [mask for _, mask in kept]
            elif len(distinct) <= 3 and self.plain and self.grid.tiles:
                plays = self._line_plays(distinct)
            elif self.grid.tiles:
                plays = live_plays(
                    self.grid, self.across, self.down, self.singles, Hand(hand), self.variant.extra_points(self.tiles)
                )
            else:
                plays = legal_plays(Board(self.tiles), hand, self.variant)
            # Ties broken by the plays themselves, never by the order they were found in: that order follows
            # set and dict iteration, which differs between CPython and Pyodide (32-bit hashes), and under a node
            # budget the order decides the answer (the review's level column must be the same everywhere).
            # (A play's placements compare only between plays of the same points: the key stays cheap.)
            if masks is None:
                plays.sort(key=lambda p: (len(p.placements) != size, -p.points, p.placements[0].cell, p.placements))
            if self._cached > MAX_CACHED_PLAYS:
                self._plays.clear()
                self._masks.clear()
                self._ways.clear()
                self._stepped.clear()
                self._pairs.clear()
                self._cached = 0
            self._plays[key] = plays
            if masks is not None:
                self._masks[key] = masks
            self._cached += len(plays) + 1
        return plays

    def _derived(self, who: int) -> tuple[list[tuple[ScoredPlay, int]], list[tuple[ScoredPlay, int]], bool] | None:
        """``who``'s plays here with their masks (``live_plays_through``), from the list of the same player's plays at
        a position at most ``DERIVE_PLIES`` plays back, or None when no such list is cached: the plays kept from that
        list (in its order), those found afresh (unordered), and whether the hand is the one of that list (so that
        the plays kept are in ``_moves``' order, the going-out plays the same). The plays made since
        changed the lines of their own cells and of the first empty cell at each end of their tiles' runs (``_make``)
        only: a play that touches none of those cells is still legal with the same points (its lines hold no new
        tile), when its tiles are still in the hand; a play that touches one is found afresh."""
        side = self._side[who]
        stale = played = 0
        changed: list[int] = []
        for made in reversed(self._path[-DERIVE_PLIES:]):
            stale |= made.cells
            changed.extend(made.changed)
            if made.who == who:
                played |= made.kinds
            parent_key = made.before ^ side
            parent = self._plays.get(parent_key)
            if parent is not None:
                break
        else:
            return None
        masks = self._masks.get(parent_key)
        if masks is None:
            masks = self._masks[parent_key] = self._masks_of(parent)
        hand_kinds = 0
        for tile in self.hands[who]:
            hand_kinds |= 1 << tile.kind
        stale |= played & ~hand_kinds
        kept = [(play, mask) for play, mask in zip(parent, masks) if not mask & stale]
        kinds = self.grid.kinds
        cells = sorted({i for i in changed if kinds[i] is None})
        return kept, live_plays_through(self.grid, self.across, self.down, self.singles, hand_kinds, cells), not played

    def _masks_of(self, plays: list[ScoredPlay]) -> list[int]:
        """The mask of each play (``live_plays_through``)."""
        index = self.grid.index
        masks = []
        for play in plays:
            mask = 0
            for p in play.placements:
                mask |= 1 << (CELL_BITS + index(p.cell)) | 1 << p.tile.kind
            masks.append(mask)
        return masks

    def _line_plays(self, distinct: list[int]) -> list[ScoredPlay]:
        """``live_plays`` of a hand of at most three distinct kinds (``distinct``) without extra lines, unordered.

        Every play holds a tile that fits alone on its cell (``singles``): the play is found from that cell. Its
        cells are in one line with only tiles between them, so with the first tile placed the second cell is the
        first empty one at an end of the first's run of tiles along the line, and the third the first empty one
        beyond the second, or at the run's other end. A tile fits when the line (``crossing``, which also scores
        it, the tiles placed so far included) and its own crossing line take it; a play of several tiles is found
        from each of its cells that takes its tile alone and kept once."""
        mine = 0
        for kind in distinct:
            mine |= 1 << kind
        grid = self.grid
        placed, kinds, crossing = grid.placed, grid.kinds, grid.crossing
        plays: list[ScoredPlay] = []
        seen: set[tuple[int, ...]] = set()
        for i, (fits, points) in self.singles.items():
            fits &= mine
            while fits:
                low = fits & -fits
                fits ^= low
                kind = low.bit_length() - 1
                first = i * 36 + kind
                plays.append(ScoredPlay((placed[first],), points))
                rest = [k for k in distinct if k != kind and (k // 6 == kind // 6 or k % 6 == kind % 6)]
                if not rest:
                    continue
                wanted = 0
                for k in rest:
                    wanted |= 1 << k
                kinds[i] = kind
                for step, axis, cross, same in self._directions:
                    j = i + step
                    while kinds[j] is not None:
                        j += step
                    cross_kinds, cross_points = cross.get(j, NO_CROSSING)
                    if not cross_kinds & same.get(j, NO_CROSSING)[0] & wanted:
                        continue  # no second tile fits there (placing the first only narrows the line)
                    line_kinds, line_points = crossing(j, axis)
                    gained = cross.get(i, NO_CROSSING)[1] + cross_points
                    for second in rest:
                        bit = 1 << second
                        if not line_kinds & cross_kinds & bit:
                            continue
                        pair = (first, j * 36 + second) if i < j else (j * 36 + second, first)
                        if pair not in seen:
                            seen.add(pair)
                            plays.append(ScoredPlay((placed[pair[0]], placed[pair[1]]), line_points + gained))
                        if len(rest) < 2:
                            continue
                        third = rest[0] if rest[1] == second else rest[1]
                        bit = 1 << third
                        kinds[j] = second
                        for m in (j + step, i - step):
                            way = step if m == j + step else -step
                            while kinds[m] is not None:
                                m += way
                            last_kinds, last_points = cross.get(m, NO_CROSSING)
                            if not last_kinds & same.get(m, NO_CROSSING)[0] & bit:
                                continue
                            end_kinds, end_points = crossing(m, axis)
                            if not end_kinds & last_kinds & bit:
                                continue
                            trio = tuple(sorted((first, j * 36 + second, m * 36 + third)))
                            if trio not in seen:
                                seen.add(trio)
                                plays.append(
                                    ScoredPlay(
                                        (placed[trio[0]], placed[trio[1]], placed[trio[2]]),
                                        end_points + gained + last_points,
                                    )
                                )
                        kinds[j] = None
                kinds[i] = None
        return plays

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

    def _make(self, who: int, play: ScoredPlay, key: int | None = None) -> None:
        """Place ``play`` for ``who`` (whose ``_play_key`` is ``key`` when known): tiles, hand, hash, and the
        frontier's crossings around the new tiles."""
        hand = self.hands[who]
        tiles, grid = self.tiles, self.grid
        kinds, width, left, top = grid.kinds, grid.width, grid.left, grid.top
        across, down, singles = self.across, self.down, self.singles
        saved: list[tuple[IndexCrossings, int, tuple[int, int] | None]] = []
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
        before = self._hash
        self._hash ^= self._play_key(who, play) if key is None else key
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
        self._restore.append(saved)
        self._path.append(_Made(before, who, bits, played, list(changed), cells))

    def _ends(
        self,
        i: int,
        axis: int,
        crossings: IndexCrossings,
        saved: list[tuple[IndexCrossings, int, tuple[int, int] | None]],
        changed: dict[int, None],
    ) -> None:
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

    def _unmake(self, who: int, play: ScoredPlay, key: int | None = None) -> None:
        hand = self.hands[who]
        tiles, kinds = self.tiles, self.grid.kinds
        made = self._path.pop()
        for crossings, i, old in reversed(self._restore.pop()):
            if old is None:
                crossings.pop(i, None)
            else:
                crossings[i] = old
        for p, i in zip(reversed(play.placements), reversed(made.placed)):
            del tiles[p.cell]
            kinds[i] = None
            hand.append(p.tile)
        del self.grid.tiles[-len(made.placed) :]
        self._hash ^= self._play_key(who, play) if key is None else key

    def _play_key(self, who: int, play: ScoredPlay) -> int:
        """The Zobrist key of ``who``'s tiles of ``play``: the xor of each placed tile's."""
        keys = self._keys
        value = 0
        for p in play.placements:
            key = (who, p)
            part = keys.get(key)
            if part is None:
                part = keys[key] = self._random.getrandbits(64)
            value ^= part
        return value

    def _negamax(self, who: int, passed: bool, depth: int, alpha: int, beta: int) -> int:
        """The margin for ``who`` (to move) of the rest of the game, within (alpha, beta) as alpha-beta knows it."""
        self._tick()
        if len(self.hands[who]) == 1 and self.plain and self.grid.tiles:
            return self._last(who, passed, depth, alpha, beta)
        key = self._key(who, passed)
        entry = self._table.get(key)
        first: ScoredPlay | None = None
        if entry is not None:
            if entry.depth >= depth and (
                entry.flag == EXACT
                or (entry.flag == LOWER and entry.value >= beta)
                or (entry.flag == UPPER and entry.value <= alpha)
            ):
                if entry.depth < PROVEN:
                    self._horizon += 1  # a value from a shallower search: this one is not proven either
                return entry.value
            first = entry.best
        if (
            self.fast
            and len(self.hands[who]) == 2
            and len(self.hands[1 - who]) == 1
            and self.plain
            and self.grid.tiles
            and key != self._root
        ):  # the root's best play is the answer: searched
            found = self._two(who, alpha, beta)
            if found is not None:
                flag = LOWER if found >= beta else UPPER if found <= alpha else EXACT
                self._table[key] = _Entry(PROVEN, flag, found, None)
                return found
        horizon = self._horizon
        if depth > 0 and first is None:
            first = self._killer(who)
        if depth <= 0 or first is None:
            plays = self._moves(who)
            if not plays:
                if passed:
                    return 0
                value = -self._negamax(1 - who, True, depth, -beta, -alpha)
                flag = LOWER if value >= beta else UPPER if value <= alpha else EXACT
                self._table[key] = _Entry(PROVEN if self._horizon == horizon else depth, flag, value, None)
                return value
            if depth <= 0:
                self._horizon += 1
                return self._rollout(who, plays)
        size = len(self.hands[who])
        start_alpha = alpha
        best_value = -INFINITY
        best: ScoredPlay | None = None
        out = -1  # the points of the play going out searched (the others going out score no more)
        threats: list[_Threat] | None = None
        last = self.fast and self.plain and len(self.hands[1 - who]) == 1  # the opponent's reply goes out
        pairs = self.bounds and self.plain and len(self.hands[1 - who]) == 2 and size > 2 and bool(self.grid.tiles)
        steps: list[_Step] | None = None
        duo = self.bounds and self.plain and len(self.hands[1 - who]) == 2 and bool(self.grid.tiles)
        outs: list[tuple[int, int]] | None = None
        # The table's play or the killer (``first``) is searched without the two-tile opponent's bounds: it cuts in
        # most positions, where finding those bounds (``_pair_outs``, ``_steps``) would be lost work.
        for play in self._ordered(who, first):
            if len(play.placements) == size:
                if play.points <= out:
                    continue  # another play going out, with no more points
                out = play.points
                value = play.points + END_BONUS  # going out ends the game (C9): nothing to search below
            elif (
                self.bounds
                and (threats := self._threats(1 - who) if threats is None else threats)
                and (bound := self._bound(play, threats)) <= alpha
            ):
                value = bound  # the opponent goes out after it for at least this much: proven no better
            elif (
                duo
                and play is not first
                and (outs := self._pair_outs(1 - who) if outs is None else outs)
                and (bound := self._pair_bound(play, outs)) <= alpha
            ):
                value = bound  # the opponent's two tiles go out together after it: proven no better
            elif (
                pairs
                and play is not first
                and len(play.placements) == size - 2
                and (steps := self._steps(who) if steps is None else steps)
                and (bound := self._step_bound(who, play, steps)) <= alpha
            ):
                value = bound  # the opponent's single, then their last tile out whatever the player does
            elif last and (reply := self._reply(1 - who, play)) >= 0:
                value = play.points - reply - END_BONUS  # their last tile goes out: valued without the play
            elif best is None:
                value = self._child(who, play, depth, alpha, beta)
            else:  # principal variation search: prove this play no better with a null window first
                value = self._child(who, play, depth, alpha, alpha + 1)
                if alpha < value < beta:
                    value = self._child(who, play, depth, value, beta)
            if value > best_value:
                best_value, best = value, play
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._killers[len(self._restore) * 2 + who] = play
                        break
        flag = LOWER if best_value >= beta else UPPER if best_value <= start_alpha else EXACT
        self._table[key] = _Entry(PROVEN if self._horizon == horizon else depth, flag, best_value, best)
        return best_value

    def _ordered(self, who: int, first: ScoredPlay | None) -> Iterator[ScoredPlay]:
        """``first`` when given, then ``who``'s other plays in ``_moves``' order: listed only when ``first`` does not
        cut (the table's best play or the killer usually does)."""
        if first is not None:
            yield first
        for play in self._moves(who):
            if play != first:
                yield play

    def _killer(self, who: int) -> ScoredPlay | None:
        """The play that last cut at this ply (a sibling position: the same hand, the board one play apart) when it is
        still legal here, with its points here; else None."""
        play = self._killers.get(len(self._restore) * 2 + who)
        if play is None or not self.plain or not self.grid.tiles:
            return None
        points = self._fit(who, play.placements)
        if points is None:
            return None
        return play if points == play.points else ScoredPlay(play.placements, points)

    def _fit(self, who: int, placements: tuple[Placement, ...]) -> int | None:
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

    def _child(self, who: int, play: ScoredPlay, depth: int, alpha: int, beta: int) -> int:
        """The margin of ``play`` for ``who`` within (alpha, beta): its points minus the opponent's ``_negamax``
        after it; from the table without making the play when its entry there already answers."""
        points = play.points
        low, high = points - beta, points - alpha
        key = self._play_key(who, play)
        entry = self._table.get(self._hash ^ key ^ self._side[1 - who])
        if (
            entry is not None
            and entry.depth >= depth - 1
            and (
                entry.flag == EXACT
                or (entry.flag == LOWER and entry.value >= high)
                or (entry.flag == UPPER and entry.value <= low)
            )
        ):
            self._tick()
            if entry.depth < PROVEN:
                self._horizon += 1  # a value from a shallower search: this one is not proven either
            return points - entry.value
        self._make(who, play, key)
        try:
            return points - self._negamax(1 - who, False, depth - 1, low, high)
        finally:
            self._unmake(who, play, key)

    def _threats(self, who: int) -> list[_Threat]:
        """When ``who`` holds one tile (and no extra lines score): each cell where it goes out now, most points
        first; else none. Cached by position."""
        key = self._hash ^ self._side[who]
        found = self._ways.get(key)
        if found is not None:
            return found
        hand = self.hands[who]
        found = []
        if self.plain and self.grid.tiles and len(hand) == 1:
            bit = 1 << hand[0].kind
            derived = self._threats_after(who, bit)
            found = (
                derived
                if derived is not None
                else [_Threat(points, i) for i, (fits, points) in self.singles.items() if fits & bit]
            )
            found.sort(key=lambda threat: -threat.points)
        self._ways[key] = found
        self._cached += len(found) + 1
        return found

    def _threats_after(self, who: int, bit: int) -> list[_Threat] | None:
        """``_threats`` of ``who``'s tile (of the kind ``bit``) unordered, from those before the opponent's last play
        when they are cached, else None: the threats on cells the play left alone are as they were (their points and
        zones), the cells it changed (``_make``) are looked at again."""
        if not self._path or self._path[-1].who == who:
            return None
        made = self._path[-1]
        before = self._ways.get(made.before ^ self._side[who])
        if before is None:
            return None
        moved = set(made.changed)
        moved.update(made.placed)
        found = [threat for threat in before if threat.cell not in moved]
        singles = self.singles
        for j in made.changed:
            fits, points = singles.get(j, NO_FIT)
            if fits & bit:
                found.append(_Threat(points, j))
        return found

    def _bound(self, play: ScoredPlay, threats: list[_Threat]) -> int:
        """An upper bound on the margin of ``play`` for its maker when the opponent holds one tile: the play's points
        minus the opponent's going out after it on the best cell the play leaves alone (``_threats``).

        The tile's lines through that cell are its runs of tiles across and down; a play leaves them as they are
        unless it fills the cell or an end of one of those runs (the first empty cell each way): the cell's zone.
        (Threats of longer hands going out in one play cost more to find than they saved.)"""
        index = self.grid.index
        cells = [index(p.cell) for p in play.placements]
        for threat in threats:
            if (threat.zone or self._zone(threat)).isdisjoint(cells):
                return play.points - threat.points - END_BONUS
        return INFINITY

    def _pair_outs(self, who: int) -> list[tuple[int, int]]:
        """When ``who`` holds two tiles that can go out together: the best ``PAIR_OUTS`` plays of both, each as its
        points and its zone's cell bits (as in a play's mask): its two cells and the first empty cell at each end of
        every run of tiles through them, both placed. A play of the opponent that fills none of those cells leaves
        the pair legal with the same points (its lines hold no new tile, C5, C6). Cached by position."""
        key = self._hash ^ self._side[who]
        found = self._pairs.get(key)
        if found is not None:
            return found
        found = []
        hand = self.hands[who]
        if len(hand) == 2 and _together(hand[0].kind, hand[1].kind):
            grid = self.grid
            kinds, width, index = grid.kinds, grid.width, grid.index
            for play in self._moves(who):
                if len(play.placements) != 2 or len(found) == PAIR_OUTS:
                    break  # the plays going out come first, most points first
                cells = [index(p.cell) for p in play.placements]
                for i, p in zip(cells, play.placements):
                    kinds[i] = p.tile.kind
                mask = 0
                for i in cells:
                    mask |= 1 << (CELL_BITS + i)
                    for step in (1, -1, width, -width):
                        j = i + step
                        while kinds[j] is not None:
                            j += step
                        mask |= 1 << (CELL_BITS + j)
                for i in cells:
                    kinds[i] = None
                found.append((play.points, mask))
        self._pairs[key] = found
        self._cached += len(found) + 1
        return found

    def _pair_bound(self, play: ScoredPlay, outs: list[tuple[int, int]]) -> int:
        """An upper bound on the margin of ``play`` (not going out) against an opponent whose two tiles go out
        together (``_pair_outs``): its points minus the best of their plays going out whose zone it leaves alone, and
        the 6 for going out; INFINITY when it touches every zone."""
        index = self.grid.index
        cells = 0
        for p in play.placements:
            cells |= 1 << (CELL_BITS + index(p.cell))
        for points, zone in outs:
            if not cells & zone:
                return play.points - points - END_BONUS
        return INFINITY

    def _steps(self, who: int) -> list[_Step]:
        """When the opponent of ``who`` holds two tiles: their singles after which their last tile goes out on either
        of two cells whose zones (``_zone``) do not meet, best first (at most ``STEPS``). Cached by position.

        After such a single, a player left with two tiles that cannot go out together plays one of them (or passes),
        which leaves at least one of those two cells as it was: the opponent then goes out there."""
        key = self._hash ^ self._side[1 - who]
        found = self._stepped.get(key)
        if found is not None:
            return found
        kinds = self.grid.kinds
        mine = 0
        for tile in self.hands[who]:
            mine |= 1 << tile.kind
        first, second = (tile.kind for tile in self.hands[1 - who])
        found = []
        zone_at = self._zone_at
        for kind, other in ((first, second), (second, first)) if first != second else ((first, second),):
            bit, last = 1 << kind, 1 << other
            # the cells where their last tile goes out now, most points first (ties in ``singles``' order), each
            # zone found when first needed
            threats = [(points, i) for i, (fits, points) in self.singles.items() if fits & last]
            threats.sort(key=lambda threat: -threat[0])
            zones_of: dict[int, frozenset[int]] = {}
            for cell, (fits, points) in self.singles.items():
                if not fits & bit:
                    continue
                kinds[cell] = kind
                ends = self._changed([cell], mine | last)
                # the ways out after the single, most points first, the cells it leaves alone before those it
                # changed on a tie: the first and the first of the next 7 whose zone does not meet it
                news = [(alone_points, j) for j, alone, alone_points in ends if alone & last]
                news.sort(key=lambda threat: -threat[0])
                ways: list[tuple[int, int, frozenset[int]]] = []
                n = 0
                for way_points, j in threats:
                    zone = zones_of.get(j)
                    if zone is None:
                        kinds[cell] = None
                        zone = zones_of[j] = zone_at(j)
                        kinds[cell] = kind
                    if cell in zone:
                        continue
                    while n < len(news) and news[n][0] > way_points and len(ways) < 8:
                        ways.append((news[n][0], news[n][1], zone_at(news[n][1])))
                        n += 1
                    if len(ways) == 8:
                        break
                    ways.append((way_points, j, zone))
                    if len(ways) == 8 or ways[0][2].isdisjoint(zone) and len(ways) > 1:
                        break
                while n < len(news) and len(ways) < 8:
                    ways.append((news[n][0], news[n][1], zone_at(news[n][1])))
                    n += 1
                kinds[cell] = None
                apart = next((way for way in ways[1:] if ways[0][2].isdisjoint(way[2])), None)
                if apart is None:
                    continue
                changed = frozenset(j for j, _, _ in ends)
                found.append(
                    _Step(
                        points + apart[0] + END_BONUS,
                        cell,
                        changed | {cell} | ways[0][2] | apart[2],
                        changed,
                        [(j, alone & mine, alone_points) for j, alone, alone_points in ends if alone & mine],
                    )
                )
        found.sort(key=lambda step: (-step.value, step.cell))
        del found[STEPS:]
        self._stepped[key] = found
        self._cached += len(found) + 1
        return found

    def _step_bound(self, who: int, play: ScoredPlay, steps: list[_Step]) -> int:
        """An upper bound on the margin of ``play`` for ``who`` when it leaves them two tiles that cannot go out
        together against an opponent's two (``_steps``): the play's points minus the first step it leaves alone
        (its cells, and the cells each changes, apart), plus the most the player's single after both can score;
        INFINITY when none applies."""
        rest = [tile.kind for tile in self.hands[who]]
        for p in play.placements:
            rest.remove(p.tile.kind)
        one, two = rest
        if _together(one, two):
            return INFINITY  # the two may go out together
        mask = (1 << one) | (1 << two)
        grid = self.grid
        index, kinds = grid.index, grid.kinds
        cells = [index(p.cell) for p in play.placements]
        for i, p in zip(cells, play.placements):
            kinds[i] = p.tile.kind
        ends = self._changed(cells, mask)
        for i in cells:
            kinds[i] = None
        changed = {j for j, _, _ in ends}
        for step in steps:
            if step.cell in changed or not step.guard.isdisjoint(cells) or not step.changed.isdisjoint(changed):
                continue
            moved = changed | step.changed
            moved.update(cells)
            moved.add(step.cell)
            most = 0  # a pass scores nothing
            for _, alone, points in ends:
                if alone & mask and points > most:
                    most = points
            for _, alone, points in step.mine:
                if alone & mask and points > most:
                    most = points
            for j, (fits, points) in self.singles.items():
                if fits & mask and points > most and j not in moved:
                    most = points
            return play.points - step.value + most
        return INFINITY

    def _reply(self, who: int, play: ScoredPlay) -> int:
        """The points of ``who``'s last tile going out after the opponent's ``play`` (on its best cell), or -1 when
        it then fits nowhere, without making the play: the cells the play leaves alone keep their points
        (``_threats``, ``_bound``), the others are the first empty cells at the ends of the placed tiles' runs
        (``_changed``)."""
        grid = self.grid
        index, kinds = grid.index, grid.kinds
        cells = [index(p.cell) for p in play.placements]
        best = -1
        for threat in self._threats(who):
            if (threat.zone or self._zone(threat)).isdisjoint(cells):
                best = threat.points
                break
        bit = 1 << self.hands[who][0].kind
        for i, p in zip(cells, play.placements):
            kinds[i] = p.tile.kind
        for _, alone, points in self._changed(cells, bit):
            if alone & bit and points > best:
                best = points
        for i in cells:
            kinds[i] = None
        return best

    def _changed(self, cells: list[int], mask: int) -> list[tuple[int, int, int]]:
        """With a play's tiles set in the grid at ``cells`` (one line): the empty cells whose lines the play changes,
        the first at each end of each placed tile's runs across and down, each with the kinds of ``mask`` that fit
        there alone (the others may be left in) and their points. Only one of such a cell's lines changes (the other
        crosses no placed tile): it is read from the frontier as it was (``across``, ``down``)."""
        grid = self.grid
        kinds, crossing = grid.kinds, grid.crossing
        found: dict[int, tuple[int, int, int]] = {}
        for i in cells:
            for step, axis, other, same in self._directions:
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

    def _zone(self, threat: _Threat) -> frozenset[int]:
        """The threat's cell and the first empty cell at each end of its runs of tiles across and down (kept)."""
        zone = threat.zone = self._zone_at(threat.cell)
        return zone

    def _zone_at(self, i: int) -> frozenset[int]:
        """The cell at index ``i`` and the first empty cell at each end of its runs of tiles across and down."""
        kinds, width = self.grid.kinds, self.grid.width
        ends = [i]
        for step in (1, -1, width, -width):
            j = i + step
            while kinds[j] is not None:
                j += step
            ends.append(j)
        return frozenset(ends)

    def _two(self, who: int, alpha: int, beta: int) -> int | None:
        """``_negamax`` for a player holding two tiles against one, without extra lines (fail-soft, proven to the
        end), or None when the player has no play (a pass: the general search). Each play is valued without being
        made: a pair goes out (+6; the best pair from ``_moves``); after a single the opponent's last tile goes out
        on the best cell it fits (+6), or, when it fits nowhere, the player's own last tile does (or both pass).
        A single changes what a tile scores alone only at its own cell and at the first empty cell at each end of
        its row's and column's runs of tiles (``_make``), so only those are recomputed; every other cell keeps its
        crossings (``singles``, ``_threats``)."""
        hand = self.hands[who]
        one, two = hand[0].kind, hand[1].kind
        mine = (1 << one) | (1 << two)
        best = -INFINITY
        if _together(one, two):  # the two tiles may go out together
            plays = self._moves(who)
            if plays and len(plays[0].placements) == 2:  # going out first, by points
                best = plays[0].points + END_BONUS
                if best >= beta:
                    return best
        singles = [(points, i, fits & mine) for i, (fits, points) in self.singles.items() if fits & mine]
        if not singles:
            return None if best == -INFINITY else best
        singles.sort(key=lambda single: -single[0])
        threats = self._threats(1 - who)
        theirs = 1 << self.hands[1 - who][0].kind
        kinds = self.grid.kinds
        for points, i, fits in singles:
            left_alone = -1  # the opponent's best going out on a cell the single leaves alone (``_bound``)
            for threat in threats:
                if i not in (threat.zone or self._zone(threat)):
                    left_alone = threat.points
                    break
            if left_alone >= 0 and points - left_alone - END_BONUS <= max(alpha, best):
                best = max(best, points - left_alone - END_BONUS)  # no better, whatever the changed cells give
                continue
            for kind, rest in ((one, two), (two, one)):
                if not fits & (1 << kind):
                    continue
                fits &= ~(1 << kind)  # a pair of duplicates: one single per cell
                kinds[i] = kind
                ends = self._changed([i], theirs | (1 << rest))  # the recomputed cells: index, kinds alone, points
                kinds[i] = None
                reply = left_alone
                for _, alone, alone_points in ends:
                    if alone & theirs and alone_points > reply:
                        reply = alone_points
                value = points - reply - END_BONUS if reply >= 0 else points + self._own_last(i, ends, rest)
                if value > best:
                    best = value
                    if best >= beta:
                        return best
        return best

    def _own_last(self, i: int, ends: list[tuple[int, int, int]], kind: int) -> int:
        """After a single on the cell at index ``i`` (its changed cells ``ends``) that the opponent cannot answer
        (they pass): the points of the player's last tile, of ``kind``, going out where it scores most (+6), or 0
        when it fits nowhere either (both pass, C10)."""
        bit = 1 << kind
        last = -1
        for _, alone, alone_points in ends:
            if alone & bit and alone_points > last:
                last = alone_points
        moved = {i} | {j for j, _, _ in ends}
        for j, (alone, alone_points) in self.singles.items():
            if alone & bit and alone_points > last and j not in moved:
                last = alone_points
        return last + END_BONUS if last >= 0 else 0

    def _last(self, who: int, passed: bool, depth: int, alpha: int, beta: int) -> int:
        """``_negamax`` for a player holding one tile, without a board without extra lines: every play goes out, so
        the best is the most points a cell that takes the tile alone gives (a pass when none does)."""
        bit = 1 << self.hands[who][0].kind
        best = -1
        for fits, points in self.singles.values():
            if fits & bit and points > best:
                best = points
        if best >= 0:
            return best + END_BONUS
        if passed:
            return 0
        return -self._negamax(1 - who, True, depth, -beta, -alpha)

    def _rollout(self, who: int, plays: list[ScoredPlay]) -> int:
        """The margin for ``who`` of both players making their best-scoring play (going out first) to the end."""
        return rollout(who, plays, self.hands, self._make, self._unmake, self._moves)

    # -- the line -------------------------------------------------------------------------------------------------
    def _line(self, best: ScoredPlay | None, exact: bool) -> tuple[ScoredPlay | None, ...]:
        """The continuation from the root: when the margin is proven, each position's best play from a full-window
        search (cheap with the table filled: it makes the entry exact); otherwise the table's best plays as far as it
        knows them."""
        line: list[ScoredPlay | None] = []
        made: list[tuple[int, ScoredPlay]] = []
        who, passed = 0, self.passed
        budget, deadline = self.budget, self.deadline
        self.budget = self.deadline = None
        self.fast = False  # every position of the line gets its best play in the table
        try:
            while self.hands[0] and self.hands[1]:
                plays = self._moves(who)
                if not plays:
                    line.append(None)
                    if passed:
                        break
                    who, passed = 1 - who, True
                    continue
                if exact:
                    entry = self._table.get(self._key(who, passed))
                    if entry is not None and entry.best is None:
                        del self._table[self._key(who, passed)]  # valued without its play (``_two``): again
                    self._negamax(who, passed, PROVEN, -INFINITY, INFINITY)
                entry = self._table.get(self._key(who, passed))
                if line:
                    # a last tile (``_last``, no entry) goes where it scores most: the first of its plays
                    play = entry.best if entry is not None else plays[0] if len(self.hands[who]) == 1 else None
                else:
                    play = best
                if play is None:
                    break
                line.append(play)
                self._make(who, play)
                made.append((who, play))
                who, passed = 1 - who, False
        finally:
            self.budget, self.deadline = budget, deadline
            self.fast = True
            for mover, play in reversed(made):
                self._unmake(mover, play)
        return tuple(line)


class Options(TypedDict, total=False):
    """``Solver``'s options after the hands, as ``solve`` takes them."""

    nodes: int | None
    passed: bool
    bounds: bool
    clock: Callable[[], float]


def solve(
    board: Board,
    variant: Variant,
    hand: Sequence[Tile],
    other: Sequence[Tile],
    *,
    seconds: float | None = None,
    **options: Unpack[Options],
) -> Solution:
    """Solve the end game where the player on move holds ``hand`` and the opponent ``other`` (bag empty), within
    ``seconds`` on the ``clock`` of ``options`` when given."""
    clock = options.get("clock", time.perf_counter)
    deadline = None if seconds is None else clock() + seconds
    return Solver(board, variant, [hand, other], deadline=deadline, **options).solve()
