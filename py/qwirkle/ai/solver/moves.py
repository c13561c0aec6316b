"""The end-game solver's plays of a position, in the order it searches them: ``Moves``.

``Moves.of(who)`` lists every legal play of ``who`` here, going-out plays first, then by points, ties broken by the
plays themselves (never by the order they were found in: that follows set and dict iteration, which differs between
CPython and Pyodide, and under a node budget the order decides the answer). A list is found once per position
(``tables.Cache``): derived from the list of the same player's plays a few plays back when one is cached (only the
plays through cells the plays since changed are found afresh), else by ``_line_plays`` for a hand of at most three
kinds, else by ``grid.live_plays``. ``killer`` is the play that last cut at this ply, when still legal.
"""

from __future__ import annotations

from bisect import insort

from ...board import Board
from ...movegen import NO_CROSSING, Hand, ScoredPlay, legal_plays
from ...notation import Placement
from ...tiles import PARTNERS, kinds_mask
from .board import LiveBoard
from .grid import CELL_BITS, live_plays, live_plays_through
from .tables import Cache, Keys

DERIVE_PLIES = 4  # how many plays back ``derived`` looks for a list of the same player's plays


class Moves:
    """The ordered plays of the positions of ``board``, kept in ``cache``; ``killers`` by ply and side."""

    def __init__(self, board: LiveBoard, cache: Cache, keys: Keys) -> None:
        self.board = board
        self.cache = cache
        self._plays = cache.plays
        self.side = keys.side
        self.killers: dict[int, ScoredPlay] = {}  # by ply and side: the play that last cut there (``killer``)

    def of(self, who: int) -> list[ScoredPlay]:
        """Every legal play of ``who`` here, going-out plays first, then by points (cached per position)."""
        board = self.board
        key = board.hash ^ self.side[who]
        plays = self._plays.get(key)
        if plays is None:
            hand = board.hands[who]
            size = len(hand)
            distinct = list(dict.fromkeys([tile.kind for tile in hand]))
            masks: list[int] | None = None
            derived = self.derived(who) if hand and board.plain and board.grid.tiles else None
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
            elif len(distinct) <= 3 and board.plain and board.grid.tiles:
                plays = self._line_plays(distinct)
            elif board.grid.tiles:
                extra = board.variant.extra_points(board.tiles)
                plays = live_plays(board.grid, board.across, board.down, board.singles, Hand(hand), extra)
            else:
                plays = legal_plays(Board(board.tiles), hand, board.variant)
            # Ties broken by the plays themselves, never by the order they were found in: that order follows
            # set and dict iteration, which differs between CPython and Pyodide (32-bit hashes), and under a node
            # budget the order decides the answer (the review's level column must be the same everywhere).
            # (A play's placements compare only between plays of the same points: the key stays cheap.)
            if masks is None:
                plays.sort(key=lambda p: (len(p.placements) != size, -p.points, p.placements[0].cell, p.placements))
            self.cache.keep_plays(key, plays, masks)
        return plays

    def derived(self, who: int) -> tuple[list[tuple[ScoredPlay, int]], list[tuple[ScoredPlay, int]], bool] | None:
        """``who``'s plays here with their masks (``live_plays_through``), from the list of the same player's plays at
        a position at most ``DERIVE_PLIES`` plays back, or None when no such list is cached: the plays kept from that
        list (in its order), those found afresh (unordered), and whether the hand is the one of that list (so that
        the plays kept are in ``of``'s order, the going-out plays the same). The plays made since changed the lines
        of their own cells and of the first empty cell at each end of their tiles' runs (``LiveBoard.make``) only: a
        play that touches none of those cells is still legal with the same points (its lines hold no new tile), when
        its tiles are still in the hand; a play that touches one is found afresh."""
        board = self.board
        side = self.side[who]
        stale = played = 0
        changed: list[int] = []
        for made in reversed(board.path[-DERIVE_PLIES:]):
            stale |= made.cells
            changed.extend(made.changed)
            if made.who == who:
                played |= made.kinds
            parent_key = made.before ^ side
            parent = self.cache.plays.get(parent_key)
            if parent is not None:
                break
        else:
            return None
        masks = self.cache.masks.get(parent_key)
        if masks is None:
            masks = self.cache.masks[parent_key] = self._masks_of(parent)
        hand_kinds = kinds_mask(board.hands[who])
        stale |= played & ~hand_kinds
        kept = [(play, mask) for play, mask in zip(parent, masks) if not mask & stale]
        kinds = board.grid.kinds
        cells = sorted({i for i in changed if kinds[i] is None})
        fresh = live_plays_through(board.grid, board.across, board.down, board.singles, hand_kinds, cells)
        return kept, fresh, not played

    def _masks_of(self, plays: list[ScoredPlay]) -> list[int]:
        """The mask of each play (``live_plays_through``)."""
        index = self.board.grid.index
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
        grid = self.board.grid
        placed, kinds, crossing = grid.placed, grid.kinds, grid.crossing
        plays: list[ScoredPlay] = []
        seen: set[tuple[int, ...]] = set()
        directions = self.board.directions
        for i, (fits, points) in self.board.singles.items():
            fits &= mine
            while fits:
                low = fits & -fits
                fits ^= low
                kind = low.bit_length() - 1
                first = i * 36 + kind
                plays.append(ScoredPlay((placed[first],), points))
                wanted = PARTNERS[kind] & mine  # the kinds of the hand that may share a line with it (C5)
                if not wanted:
                    continue
                rest = [k for k in distinct if wanted >> k & 1]
                kinds[i] = kind
                for step, axis, cross, same in directions:
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

    def killer(self, who: int) -> ScoredPlay | None:
        """The play that last cut at this ply (a sibling position: the same hand, the board one play apart) when it is
        still legal here, with its points here; else None."""
        play = self.killers.get(len(self.board.restore) * 2 + who)
        if play is None or not self.board.plain or not self.board.grid.tiles:
            return None
        points = self.board.fit(who, play.placements)
        if points is None:
            return None
        return play if points == play.points else ScoredPlay(play.placements, points)
