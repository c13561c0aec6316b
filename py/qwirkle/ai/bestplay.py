"""The best-scoring play of a hand, fast, for look-ahead (classic and Cubes; Flex: ``flexplay.py``).

Look-ahead asks one question many times: "what is the most this hand can score here?". ``Position(kinds)`` keeps,
for every empty cell next to the board, the kinds its row and its column accept and the points they score, updated
locally by ``place``; ``best_play(hand_kinds)`` walks the candidate segments like ``movegen`` does, filling one only
when it would beat the best so far, and scores exactly ``max(p.points for p in legal_plays(...))``.

A position asked about many hands is ``prepare``d: every line's segments are listed once, by the color or shape
group they take and their size, best points first, so a hand reads only its groups and stops at the first segment it
fills. A copy with plays placed since reads those lists, passing over what the plays changed, and scans only around
them: ``a_best_play`` gives a play of the best points (maybe another among equals), ``best_points`` its points.
``Carried`` hands a review's line lists from one position to the next. See docs/research/speed.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import chain, repeat
from operator import itemgetter

from ..movegen import NO_CROSSING, joinable
from ..notation import Cell
from ..scoring import QWIRKLE, line_points
from ..tiles import ALL_KINDS, COLOR_MASKS, SHAPE_MASKS

Crossing = tuple[int, int]  # accepted kinds, points of the line the tile would join
Found = tuple[int, list[Cell], list[int]]  # points, cells, kinds
Line = tuple[bool, int]  # (horizontal, row or column)
# points, empty cells, the kinds each cell takes (its crossing's; a hand's kinds of the group are and-ed in when
# filling), the group's kinds that may join, the number of cells, the line, the first and last place along it the
# segment reads (the empty ends included), the group's index in GROUPS
Segment = tuple[int, tuple[Cell, ...], tuple[int, ...], int, int, Line, int, int, int]
# minus the points, the place in the order (a line's rank times ORDER_STEP plus the segment's place in the line's list),
# then as ``Segment``: cells, kinds by cell, the group's kinds, the line, the first and last place read
Listed = tuple[int, float, tuple[Cell, ...], tuple[int, ...], int, Line, int, int]
Changes = dict[Line, tuple[int, ...]]  # places along each line where a tile or a crossing changed
Buckets = dict[tuple[int, int], list[Listed]]  # (group's index in GROUPS, cells) -> segments, best first
Strip = tuple[list[Cell], list[int | None], list[Crossing | None]]  # a line's cells, their kinds, their crossings
# what ``Position.scan_segments`` asks of a segment in place of filling it from the hand: its points, cells, the kinds
# each cell takes, the line's tiles, the hand's groups, the points to beat, the first and last place read;
# a play or None
Judge = Callable[[int, list[Cell], list[int], int, list[tuple[int, int]], int, int, int], Found | None]
GROUPS = COLOR_MASKS + SHAPE_MASKS
ORDER_STEP = 1 << 20  # more than the segments of any one line, so that (rank, place in the line) is one number


LINE_POINTS = tuple(line_points(n) for n in range(QWIRKLE + 1))


class Position:
    """Kinds by cell plus the crossing data of every empty cell next to a tile."""

    __slots__ = (
        "kinds",
        "across",
        "down",
        "segments",
        "merged",
        "ranks",
        "singles",
        "changed",
        "filled",
        "reach",
        "wanted",
        "strips",
    )

    def __init__(self, kinds: dict[Cell, int] | None = None) -> None:
        self.kinds: dict[Cell, int] = {}
        self.across: dict[Cell, Crossing] = {}  # empty cells with a left or right neighbour
        self.down: dict[Cell, Crossing] = {}  # empty cells with an upper or lower neighbour
        self.segments: dict[Line, list[Segment]] = {}  # prepared lines (shared by copies, never changed in place)
        self.merged: Buckets | None = None  # every line's segments at the last prepare, by group and size
        self.ranks: dict[Line, float] = {}  # each line's place in the merged order at the last prepare
        self.singles: list[tuple[int, Cell, int]] = []  # the open cells at the last prepare: points, cell, kinds
        self.changed: Changes = {}  # since (the merged segments that read these places are stale)
        self.filled: Changes = {}  # of those, the places where a tile was placed (the others' crossings changed)
        self.reach: Changes = {}  # and the empty places at the ends of the placed tiles' runs, by line
        self.wanted: dict[Line, tuple[int, range]] | None = None  # ``_rescans``' lines, made once for many hands
        self.strips: dict[Line, Strip] = {}  # the changed lines' strips read by ``_rescans``' scans (shared by copies)
        if kinds:
            self.place(list(kinds.items()))

    def copy(self) -> Position:
        cls = type(self)
        other = cls.__new__(cls)
        other.kinds = dict(self.kinds)
        other.across = dict(self.across)
        other.down = dict(self.down)
        other.segments = self.segments
        other.merged = self.merged
        other.ranks = self.ranks
        other.singles = self.singles
        other.changed = self.changed
        other.filled = self.filled
        other.reach = self.reach
        other.wanted = self.wanted
        other.strips = self.strips
        return other

    def place(self, placed: Sequence[tuple[Cell, int]]) -> None:
        kinds = self.kinds
        changed: dict[Line, list[int]] = {}  # where tiles or crossings change (the lines' lists go)
        for (x, y), kind in placed:
            kinds[(x, y)] = kind
            self.across.pop((x, y), None)
            self.down.pop((x, y), None)
            changed.setdefault((True, y), []).append(x)
            changed.setdefault((False, x), []).append(y)
        if self.merged is not None:
            self.filled = _joined(self.filled, changed)  # before the crossings' places join ``changed``
        done: set[tuple[int, int, int]] = set()  # tiles whose run along a direction is read (a play's tiles: once)
        reach: dict[Line, list[int]] = {}
        for (x, y), kind in placed:
            for dx, dy, table in ((1, 0, self.across), (0, 1, self.down)):
                if (x, y, dx) in done:
                    continue
                line = (1 << kind, 1, True)  # the tiles' line through (x, y) along (dx, dy), and its two ends
                ends = []
                for sign in (1, -1):
                    cx, cy, line = _run(kinds, x, y, sign * dx, sign * dy, line)
                    ends.append((cx, cy, sign))
                    reach.setdefault((True, y) if dx else (False, x), []).append(cx if dx else cy)
                if line[1] > 1:  # the run's other tiles
                    if dx:
                        done.update((tx, y, 1) for tx in range(ends[1][0] + 1, ends[0][0]))
                    else:
                        done.update((x, ty, 0) for ty in range(ends[1][1] + 1, ends[0][1]))
                for cx, cy, sign in ends:  # the crossing at the end: the line and the tiles past the end
                    run, length, valid = line  # the end cell counts in its line
                    _, _, (tiles, total, fits) = _run(kinds, cx, cy, sign * dx, sign * dy, (run, length + 1, valid))
                    table[(cx, cy)] = (joinable(tiles), LINE_POINTS[total]) if fits and total <= QWIRKLE else (0, 0)
                    # an across crossing is read by the column's segments, a down crossing by the row's
                    if dx:
                        changed.setdefault((False, cx), []).append(cy)
                    else:
                        changed.setdefault((True, cy), []).append(cx)
        self.segments = {line: listed for line, listed in self.segments.items() if line not in changed}
        if self.merged is not None:
            self.changed = _joined(self.changed, changed)
            self.reach = _joined(self.reach, reach)
            # what a line's ``_wanted`` entry and strip read changes only with the line's tiles or crossings
            wanted = self.wanted
            if wanted is not None:
                self.wanted = {key: entry for key, entry in wanted.items() if key not in changed}
            self.strips = {key: strip for key, strip in self.strips.items() if key not in changed}

    def prepare(self) -> None:
        """List the segments of every row and column not listed yet, and all of them by group and size in the order
        ``best_play`` finds them (best points first; among equals rows, then columns, in ``_anchor_lines`` order,
        each line's in its list's order), for many hands to come. A copy of a prepared position with tiles placed
        since keeps the lists of the lines the tiles left alone and adds those of the changed lines (``_merge``)."""
        rows, columns = self._anchor_lines()
        lines = [(True, line) for line in rows] + [(False, line) for line in columns]
        spans = [*rows.values(), *columns.values()]
        if self.merged is None or not self._merge(lines, spans):
            ranks: dict[Line, float] = {}
            buckets: Buckets = {}
            for rank, (key, (low, high)) in enumerate(zip(lines, spans)):
                ranks[key] = rank
                _add(buckets, self._listed(key, low, high), rank * ORDER_STEP)
            for bucket in buckets.values():
                bucket.sort()  # by points, then the order: no two entries have the same order
            self.merged, self.ranks = buckets, ranks
        across, down = self.across, self.down
        singles = []
        for cell in open_cells(across, down):
            h_kinds, h_points = across.get(cell, NO_CROSSING)
            v_kinds, v_points = down.get(cell, NO_CROSSING)
            if h_kinds & v_kinds:
                singles.append((h_points + v_points, cell, h_kinds & v_kinds))
        singles.sort(key=lambda single: -single[0])  # stable: open_cells order among equal points
        self.singles = singles
        self.changed = {}
        self.filled = {}
        self.reach = {}
        self.wanted = None
        self.strips = {}

    def _listed(self, key: Line, low: int, high: int) -> list[Segment]:
        """The line's segments, listed once (``_line_segments``)."""
        listed = self.segments.get(key)
        if listed is None:
            listed = self.segments[key] = self._line_segments(key[0], key[1], low, high)
        return listed

    def _merge(self, lines: list[Line], spans: list[list[int]]) -> bool:
        """The merged lists of the last prepare, without the lines changed since and with their new segments. The
        lines left alone keep their order (their tiles and open cells stay where they were in the dicts), so they
        keep their ranks and a changed or new line gets one between its neighbours'; False (nothing done) if the
        ranks would not rise along the lines, then ``prepare`` merges everything again."""
        dead, old = self.changed, self.ranks
        ranks: dict[Line, float] = {}
        fresh: list[int] = []  # indexes in ``lines`` of the lines listed again
        waiting: list[Line] = []  # of those, the ones after the last line kept so far
        before = -1.0
        for index, key in enumerate(lines):
            rank = None if key in dead else old.get(key)
            if rank is None:
                fresh.append(index)
                waiting.append(key)
                continue
            if rank <= before:
                return False
            _between(ranks, waiting, before, rank)
            ranks[key] = before = rank
            waiting = []
        _between(ranks, waiting, before, before + 1)
        added: Buckets = {}
        for index in fresh:
            low, high = spans[index]
            _add(added, self._listed(lines[index], low, high), ranks[lines[index]] * ORDER_STEP)
        assert self.merged is not None
        buckets: Buckets = {}
        for group, bucket in self.merged.items():  # lists are shared by copies: new ones, never changed in place
            if dead:
                bucket = [entry for entry in bucket if entry[5] not in dead]
            more = added.pop(group, None)
            if more:
                bucket = bucket + more
                bucket.sort()
            if bucket:
                buckets[group] = bucket
        for group, bucket in added.items():
            bucket.sort()
            buckets[group] = bucket
        self.merged, self.ranks = buckets, ranks
        return True

    def _line_segments(self, horizontal: bool, line: int, low: int, high: int) -> list[Segment]:
        """Every segment of two or more empty cells in the line that some hand might fill, whatever the hand:
        ``scan_segments``' scan for a hand of every kind, each segment noted once per group it may take (in ``GROUPS``
        order), best points first (the scan's order among equals)."""
        key = (horizontal, line)
        found: list[Segment] = []

        def note(
            total: int, cells: list[Cell], masks: list[int], run: int, _: object, beat: int, first: int, last: int
        ) -> None:
            common = _RUN_GROUPS.get(run) or _run_groups(run)
            for mask in masks:
                free = mask & ~run
                common &= _MASK_GROUPS.get(free) or _mask_groups(free)
            listed, fits, size = tuple(cells), tuple(masks), len(cells)
            while common:  # an entry per group every cell may take a kind of, in GROUPS order
                index = (common & -common).bit_length() - 1
                common &= common - 1
                found.append((total, listed, fits, GROUPS[index] & ~run, size, key, first, last, index))

        self.scan_segments(horizontal, {line: range(low - 5, high + 1)}, ALL_KINDS, [], QWIRKLE, 0, judge=note)
        found.sort(key=itemgetter(0), reverse=True)  # stable: the scan's order among equal points
        return found

    def _strip(self, horizontal: bool, line: int, low: int, high: int) -> Strip:
        """Places ``low`` to ``high`` of a line, read once for every segment through them: the cells, their tiles'
        kinds (None: empty) and their crossings (None: none)."""
        places = range(low, high + 1)
        cells = list(zip(places, repeat(line)) if horizontal else zip(repeat(line), places))
        crossing = self.down if horizontal else self.across
        return cells, list(map(self.kinds.get, cells)), list(map(crossing.get, cells))

    def _anchor_lines(self) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """Rows and columns holding a tile or an empty cell next to one: line -> [lowest, highest] anchor."""
        return _spans((y, x) for x, y in chain(self.kinds, self.down)), _spans(chain(self.kinds, self.across))

    def best_play(self, hand_kinds: int) -> Found | None:
        """The highest-scoring play of a hand holding the kinds ``hand_kinds`` (bits): (points, cells, kinds)."""
        if self.merged is not None and not self.changed:  # prepared, nothing placed since: the lists alone
            return self._since_prepared(hand_kinds, True)
        best, best_points, groups = _opening(hand_kinds, self._single_plain)
        if not groups:
            return best
        most = max(kinds.bit_count() for _, kinds in groups)
        rows, columns = self._anchor_lines()
        for horizontal, lines in ((True, rows), (False, columns)):
            starts = {line: range(low - 5, high + 1) for line, (low, high) in lines.items()}
            found = self.scan_segments(horizontal, starts, hand_kinds, groups, most, best_points)
            if found is not None and found[0] > best_points:
                best, best_points = found, found[0]
        return best

    def best_points(self, hand_kinds: int) -> int:
        """The points of ``best_play(hand_kinds)`` (0 when nothing fits), faster on a copy of a prepared position
        with a few tiles placed since: as ``a_best_play``, but a listed segment that ends on a cell whose crossing
        changed holds as listed, whatever the scan's order."""
        found = self._since_prepared(hand_kinds, False)
        return 0 if found is None else found[0]

    def a_best_play(self, hand_kinds: int) -> Found | None:
        """A play scoring ``best_play(hand_kinds)``'s points, found on a copy of a prepared position with a few tiles
        placed since (fast); among plays of equal points it may be another than ``best_play``'s: the first of the
        prepared lists that reads no changed place, else the scan's first in the changed lines."""
        return self._since_prepared(hand_kinds, True)

    def _since_prepared(self, hand_kinds: int, in_order: bool) -> Found | None:
        """The prepared lists are read, passing over a listed segment when it holds a changed place or ends on a
        placed tile, and a changed line is scanned again only from the starts of segments that hold a changed place,
        and not at all when its only changes are crossings that take none of the hand's kinds (no segment through
        them can be filled). With ``in_order`` the listed segments that end on a changed crossing count as found by
        the scan (``_best_ending``), so that ties go as the scan of every changed line would break them."""
        if self.merged is None:
            return self.best_play(hand_kinds)
        best, best_points, groups = _opening(hand_kinds, self.single_changed)
        if not groups:
            return best
        changed = self.changed
        found = best_listed(self.merged, hand_kinds, best_points, changed, changed if in_order else self.filled)
        if found is not None:
            best, best_points = found, found[0]
        if not changed:
            return best
        most = max(kinds.bit_count() for _, kinds in groups)
        scanned: Found | None = None
        beat, across = best_points, True
        for horizontal in (True, False):  # the segments that hold a changed place, found again
            found = self.scan_segments(
                horizontal, self._rescans(horizontal, hand_kinds), hand_kinds, groups, most, beat, self.strips
            )
            if found is not None and found[0] > beat:
                scanned, beat, across = found, found[0], horizontal
        if in_order:
            order = {line: number for number, line in enumerate(changed)}
            ending = _best_ending(self.merged, hand_kinds, best_points, changed, self.filled, order)
            if ending is not None:
                play, key = ending
                if (
                    scanned is None
                    or play[0] > scanned[0]
                    or (play[0] == scanned[0] and key < self._scan_key(scanned, across, order))
                ):
                    return play
        return best if scanned is None else scanned

    def _scan_key(self, found: Found, horizontal: bool, order: dict[Line, int]) -> tuple[int, int, int, int]:
        """Where the scan of the changed lines meets a play's segment (``_scan_place`` of the tiles' run around it)."""
        cells = found[1]
        x, y = min(cells)
        dx, dy = (1, 0) if horizontal else (0, 1)
        while (x - dx, y - dy) in self.kinds:
            x, y = x - dx, y - dy
        first = x if horizontal else y
        x, y = max(cells)
        while (x + dx, y + dy) in self.kinds:
            x, y = x + dx, y + dy
        line = (True, y) if horizontal else (False, x)
        return _scan_place(line, first - 1, (x if horizontal else y) + 1, order)

    def _rescans(self, horizontal: bool, hand_kinds: int) -> dict[int, range]:
        """The starts to scan again in the changed lines along this direction: those of the segments that hold a
        changed place (a few more hold none: found twice, no harm), in the lines where such a segment may take a kind
        of the hand (``_wanted``)."""
        wanted = self.wanted
        if wanted is None or len(wanted) < len(self.changed):  # made, or completed after a placement
            wanted = self.wanted = self._wanted({} if wanted is None else wanted)
        return {
            line: starts
            for (across, line), (kinds, starts) in wanted.items()
            if across == horizontal and kinds & hand_kinds
        }

    def _wanted(self, kept: dict[Line, tuple[int, range]]) -> dict[Line, tuple[int, range]]:
        """For each changed line, the kinds one of which a hand needs to fill a segment holding a changed place, and
        the starts of those segments: a kind its changed crossings take, or, through a placed tile, a kind that fits
        alone at an end of the tile's run (``reach``), which such a segment holds. The lines of ``kept`` (made before
        the last placements, which left them alone) are taken from it, in the order of the changed lines."""
        wanted: dict[Line, tuple[int, range]] = {}
        across, down = self.across, self.down
        for key, places in self.changed.items():
            entry = kept.get(key)
            if entry is not None:
                wanted[key] = entry
                continue
            horizontal, line = key
            crossing = down if horizontal else across  # what the line's empty cells read
            tiles = self.filled.get(key, ())
            kinds = 0
            for place in places:
                if place not in tiles:
                    kinds |= crossing[(place, line) if horizontal else (line, place)][0]
            for place in self.reach.get(key, ()):
                cell = (place, line) if horizontal else (line, place)
                kinds |= across.get(cell, NO_CROSSING)[0] & down.get(cell, NO_CROSSING)[0]
            wanted[key] = (kinds, range(min(places) - QWIRKLE + 1, max(places) + 1))
        return wanted

    def single_changed(self, hand_kinds: int) -> Found | None:
        """A best one-tile play: the prepared list, but for the cells changed since, which are read from the
        crossings."""
        changed = self.changed
        best: Found | None = None
        for points, (x, y), fits in self.singles:
            if fits & hand_kinds and not (x in changed.get((True, y), ()) or y in changed.get((False, x), ())):
                best = (points, [(x, y)], [_lowest(fits & hand_kinds)])
                break
        across, down = self.across, self.down
        for (horizontal, line), places in changed.items():
            for place in places:
                cell = (place, line) if horizontal else (line, place)
                if cell not in across and cell not in down:  # a tile now, or next to none
                    continue
                h_kinds, h_points = across.get(cell, NO_CROSSING)
                v_kinds, v_points = down.get(cell, NO_CROSSING)
                fits = h_kinds & v_kinds & hand_kinds
                if fits and (best is None or h_points + v_points > best[0]):
                    best = (h_points + v_points, [cell], [_lowest(fits)])
        return best

    def _single_plain(self, hand_kinds: int) -> Found | None:
        """The best one-tile play by a scan of the open cells."""
        across, down = self.across, self.down
        best: Found | None = None
        best_points = 0
        for cell in open_cells(across, down):
            h_kinds, h_points = across.get(cell, (ALL_KINDS, 0))
            v_kinds, v_points = down.get(cell, (ALL_KINDS, 0))
            fits = h_kinds & v_kinds & hand_kinds
            if fits and h_points + v_points > best_points:
                best_points = h_points + v_points
                best = (best_points, [cell], [_lowest(fits)])
        return best

    def scan_segments(
        self,
        horizontal: bool,
        lines: Mapping[int, Sequence[int]],
        hand_kinds: int,
        groups: list[tuple[int, int]],
        most: int,
        beat: int,
        strips: dict[Line, Strip] | None = None,
        judge: Judge | None = None,
    ) -> Found | None:
        """The best segment starting at the given places of each line (``best_play``: every start that may reach
        an anchor) that scores more than ``beat``, the first found among equals. ``strips`` keeps each line's strip
        for the next scans of the same starts (``_rescans``' lines, until a placement changes them)."""
        best: Found | None = None
        listed = self.segments if judge is None else {}
        if strips is None:  # read for this scan only
            strips = {}
        for line, starts in lines.items():
            segments = listed.get((horizontal, line))
            if segments is not None:  # prepared: the line's first segment the hand fills beats the rest of it
                found = _first_filled(segments, hand_kinds, beat)
                if found is not None:
                    beat, best = found[0], found
                continue
            if not starts:
                continue
            start = starts[0] - 1
            strip = strips.get((horizontal, line))
            if strip is None:
                strip = strips[(horizontal, line)] = self._strip(horizontal, line, start, starts[-1] + QWIRKLE)
            at, kinds, crossing = strip
            for a in starts:
                i = a - start
                if kinds[i - 1] is not None:
                    continue
                run = 0
                touching = False
                cells: list[Cell] = []
                masks: list[int] = []
                count = 0
                points = 0
                j = i
                end = i + QWIRKLE
                while j < end:
                    kind = kinds[j]
                    if kind is not None:
                        bit = 1 << kind
                        if run & bit:
                            break
                        run |= bit
                        if not joinable(run) & hand_kinds:
                            break
                        touching = True
                    else:
                        if count == most:
                            break
                        cross = crossing[j]
                        if cross is None:
                            mask = hand_kinds
                        else:
                            mask = cross[0] & hand_kinds
                            if not mask:
                                break
                            points += cross[1]
                            touching = True
                        cells.append(at[j])
                        masks.append(mask)
                        count += 1
                    j += 1
                    if touching and count >= 2 and kinds[j] is None:
                        total = points + LINE_POINTS[j - i]
                        if judge is None:
                            if total > beat:
                                chosen = _fill(masks, run, groups)
                                if chosen is not None:
                                    beat = total
                                    best = (total, list(cells), chosen)
                        else:
                            found = judge(total, cells, masks, run, groups, beat, start + i - 1, start + j)
                            if found is not None:
                                beat = found[0]
                                best = found
        return best


class Carried:
    """The last position asked for, kept so that the next one, a few tiles on, lists only the lines those tiles
    changed: a game review asks the Expert about every position of a record in turn, each the one before with a play
    more (or the same board, after an exchange). ``position(kinds)`` is a fresh ``Position`` (its dicts in the order
    of a fresh one, so the same answers, ties included) that starts with the line lists of the last position that
    still hold."""

    def __init__(self) -> None:
        self.last: Position | None = None

    def position(self, kinds: dict[Cell, int]) -> Position:
        fresh = Position(kinds)
        last = self.last
        if (
            last is not None
            and len(last.kinds) <= len(kinds)
            and all(kinds.get(cell) == kind for cell, kind in last.kinds.items())
        ):
            grown = last.copy()
            grown.place([(cell, kind) for cell, kind in kinds.items() if cell not in last.kinds])
            fresh.segments = dict(grown.segments)  # the lines the new tiles left alone (``place`` drops the rest)
        self.last = fresh
        return fresh


def open_cells(across: dict[Cell, Crossing], down: dict[Cell, Crossing]) -> list[Cell]:
    """The empty cells next to a tile, in a fixed order: the dicts' insertion order, never a set's. A set of
    cells iterates in hash order, and hashes differ between 64-bit CPython and the page's 32-bit Pyodide, so
    ties (the first best cell wins) would be broken differently and a seeded review would not be the same."""
    return [*across, *(cell for cell in down if cell not in across)]


def _opening(hand_kinds: int, single: Callable[[int], Found | None]) -> tuple[Found | None, int, list[tuple[int, int]]]:
    """A hand's best one-tile play (``single``'s), its points, and the hand's groups of two kinds or more: (mask of
    the group, the hand's kinds of it)."""
    if not hand_kinds:
        return None, 0, []
    best = single(hand_kinds)
    groups = [(mask, hand_kinds & mask) for mask in GROUPS if (hand_kinds & mask).bit_count() >= 2]
    return best, 0 if best is None else best[0], groups


def best_listed(buckets: Buckets, hand_kinds: int, beat: int, skip: Changes, ends: Changes) -> Found | None:
    """The prepared segment that ``scan_segments`` would find for this hand if it scores more than ``beat``: the most
    points, the first in the prepared order among equals. Only the groups the hand holds two kinds or more of are
    read, and of those only segments of at most that many cells; segments that hold a place of ``skip``, or end on
    one of ``ends`` (the empty places read at either end), are passed over."""
    best: Found | None = None
    best_order = -1.0
    for index, group in enumerate(GROUPS):
        held = hand_kinds & group
        count = held.bit_count()
        for size in range(2, count + 1):
            for minus, order, cells, fits, need, line, first, last in buckets.get((index, size), ()):
                if -minus < beat or (-minus == beat and (best is None or order > best_order)):
                    break
                places = skip.get(line) if skip else None
                if places is not None:  # stale when it holds a changed place, or ends on one of ``ends``
                    for place in places:
                        if first < place < last:
                            break
                    else:
                        tiles = ends.get(line, ())
                        if first not in tiles and last not in tiles:
                            places = None
                    if places is not None:
                        continue
                free = held & need
                if free.bit_count() < size:
                    continue
                chosen = _assign(fits, 0, free)
                if chosen is not None:
                    best, beat, best_order = (-minus, list(cells), chosen), -minus, order
                    break
    return best


def _best_ending(
    buckets: Buckets, hand_kinds: int, beat: int, changed: Changes, filled: Changes, order: dict[Line, int]
) -> tuple[Found, tuple[int, int, int, int]] | None:
    """Of the prepared segments that hold no changed place but end on one whose crossing changed (not a placed tile),
    the one the scan of the changed lines would find first among those of the most points above ``beat``, with its
    place in the scan (``Position._scan_key``)."""
    best: Found | None = None
    best_key = (0, 0, 0, 0)
    best_order = 0.0
    for index, group in enumerate(GROUPS):
        held = hand_kinds & group
        count = held.bit_count()
        for size in range(2, count + 1):
            for minus, listed_order, cells, fits, need, line, first, last in buckets.get((index, size), ()):
                if -minus <= beat:
                    break
                places = changed.get(line)
                if places is None or (first not in places and last not in places):
                    continue
                tiles = filled.get(line, ())
                if first in tiles or last in tiles or any(first < place < last for place in places):
                    continue
                key = _scan_place(line, first, last, order)
                if best is not None and (
                    -minus < best[0] or (-minus == best[0] and (key, listed_order) > (best_key, best_order))
                ):
                    continue
                free = held & need
                chosen = _assign(fits, 0, free) if free.bit_count() >= size else None
                if chosen is not None:
                    best, best_key, best_order = (-minus, list(cells), chosen), key, listed_order
    return None if best is None else (best, best_key)


def _scan_place(line: Line, first: int, last: int, order: dict[Line, int]) -> tuple[int, int, int, int]:
    """Where the scan of the changed lines meets a segment read from ``first`` to ``last`` (its empty ends): rows
    first, the line's place among the changed ones, the segment's start, its end."""
    return 0 if line[0] else 1, order[line], first + 1, last


def _first_filled(segments: list[Segment], hand_kinds: int, beat: int) -> Found | None:
    """The first listed segment that scores more than ``beat`` and that the hand can fill (best points first), filled
    as ``_fill`` would (the first group in ``GROUPS`` order, the same kinds)."""
    for total, cells, fits, group, size, *_ in segments:
        if total <= beat:
            return None
        free = hand_kinds & group
        if free.bit_count() < size:
            continue
        chosen = _assign(fits, 0, free)
        if chosen is not None:
            return total, list(cells), chosen
    return None


_RUN_GROUPS: dict[int, int] = {}
_MASK_GROUPS: dict[int, int] = {}


def _run_groups(run: int) -> int:
    """The groups (bits, by index in ``GROUPS``) holding all of a line's tiles ``run`` and a kind more."""
    found = _RUN_GROUPS[run] = sum(1 << i for i, group in enumerate(GROUPS) if not run & ~group and group & ~run)
    return found


def _mask_groups(mask: int) -> int:
    """The groups (bits, by index in ``GROUPS``) with a kind in ``mask``."""
    found = _MASK_GROUPS[mask] = sum(1 << i for i, group in enumerate(GROUPS) if mask & group)
    return found


def _add(buckets: Buckets, listed: list[Segment], base: float) -> None:
    """A line's segments into the buckets by group and size, each with its place in the order (``base`` on)."""
    for place, (total, cells, fits, need, size, where, first, last, group) in enumerate(listed):
        key = (group, size)
        entry = (-total, base + place, cells, fits, need, where, first, last)
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = [entry]
        else:
            bucket.append(entry)


def _run(
    kinds: dict[Cell, int], x: int, y: int, dx: int, dy: int, line: tuple[int, int, bool]
) -> tuple[int, int, tuple[int, int, bool]]:
    """The first empty cell from (x, y) on along (dx, dy), and ``line`` (its kinds, its length, whether no kind is
    there twice) with the tiles passed added."""
    run, length, valid = line
    x += dx
    y += dy
    found = kinds.get((x, y))
    while found is not None:
        valid = valid and not run >> found & 1
        run |= 1 << found
        length += 1
        x += dx
        y += dy
        found = kinds.get((x, y))
    return x, y, (run, length, valid)


def _joined(since: Changes, changed: Mapping[Line, Sequence[int]]) -> Changes:
    """``since`` with the places of ``changed`` added (a new dict: copies share the old one)."""
    joined = dict(since)
    for line, places in changed.items():
        joined[line] = joined.get(line, ()) + tuple(places)
    return joined


def _between(ranks: dict[Line, float], lines: list[Line], low: float, high: float) -> None:
    """Ranks for ``lines``, in order, strictly between ``low`` and ``high``."""
    step = (high - low) / (len(lines) + 1)
    for number, key in enumerate(lines, 1):
        ranks[key] = low + number * step


def _lowest(kinds: int) -> int:
    """The lowest kind of a mask."""
    return (kinds & -kinds).bit_length() - 1


def _fill(masks: Sequence[int], run: int, groups: list[tuple[int, int]]) -> list[int] | None:
    """One way to give each cell a distinct kind of one hand group that also fits the line's tiles ``run``."""
    for group, held in groups:
        if run & ~group:
            continue
        free = held & ~run
        chosen = _assign(masks, 0, free)
        if chosen is not None:
            return chosen
    return None


def _assign(masks: Sequence[int], i: int, free: int) -> list[int] | None:
    options = masks[i] & free
    while options:
        low = options & -options
        if i == len(masks) - 1:
            return [low.bit_length() - 1]
        rest = _assign(masks, i + 1, free ^ low)
        if rest is not None:
            return [low.bit_length() - 1] + rest  # noqa: RUF005 - faster than unpacking (hot path)
        options ^= low
    return None


def _spans(places: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    """Each line of ``places`` ((line, position along it) pairs), in the order they come -> [lowest, highest]."""
    lines: dict[int, list[int]] = {}
    for line, position in places:
        low, high = lines.get(line, (position, position))
        lines[line] = [min(low, position), max(high, position)]
    return lines
