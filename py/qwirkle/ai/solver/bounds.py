"""The end-game solver's proofs: what a play is worth at most, or exactly, found without searching below it.

Each rule reads the position of ``board.LiveBoard`` and leaves it as it was:
- ``bound``: the opponent holds one tile: a play is worth at most its points minus the opponent's best going out on a
  cell it leaves alone (``threats``, each with its *zone*: the cell and the ends of its runs of tiles).
- ``pair_bound``: the opponent's two tiles can go out together: at most the play's points minus their best such play
  whose zone it leaves alone (``pair_outs``).
- ``step_bound``: a play leaves its player two tiles that cannot go out together against two: the opponent's single
  that leaves their last tile two ways out far apart (``steps``) makes the rest of the game at most so much.
- ``reply``: the opponent's last tile after a play, valued without making it; ``two``: two tiles against one, every
  play valued without being made.
The search (``search.Solver``) prunes a play whose bound is at most alpha.
"""

from __future__ import annotations

from typing import NamedTuple

from ...game import END_BONUS
from ...movegen import ScoredPlay
from ...tiles import PARTNERS, kinds_mask
from .board import LiveBoard
from .grid import CELL_BITS, NO_FIT
from .moves import Moves
from .tables import Cache, Keys

INFINITY = 1 << 30
STEPS = 4  # the opponent's singles kept by ``steps``
PAIR_OUTS = 4  # a two-tile opponent's plays going out kept by ``pair_outs``


class Threat:
    """A cell where the opponent's last tile goes out: its points, its grid index, and its zone (the cell and the
    ends of its runs of tiles, found when ``Bounds.bound`` first needs them)."""

    __slots__ = ("points", "cell", "zone")

    def __init__(self, points: int, cell: int) -> None:
        self.points = points
        self.cell = cell
        self.zone: frozenset[int] | None = None


class Step(NamedTuple):
    """A two-tile opponent's single that leaves their last tile two ways out (``Bounds.steps``): the single's points
    plus the lesser way out and its +6 (``value``), its cell, the cells a play of the player on move must leave alone
    for it to hold (``guard``: the single's zone and both ways' zones), the cells the single changes (``changed``)
    and, of those, where the mover's kinds fit alone after it (``mine``: cell, kinds, points)."""

    value: int
    cell: int
    guard: frozenset[int]
    changed: frozenset[int]
    mine: list[tuple[int, int, int]]


def together(one: int, two: int) -> bool:
    """Two tiles of these kinds can go out in one play: different kinds sharing a colour or a shape (C5)."""
    return bool(PARTNERS[one] >> two & 1)


class Bounds:
    """The proofs on the positions of ``board``, their threats kept in ``cache`` by position."""

    def __init__(self, board: LiveBoard, moves: Moves, cache: Cache, keys: Keys) -> None:
        self.board = board
        self.hands = board.hands
        self.grid = board.grid
        self.singles = board.singles
        self._changed = board.changed
        self._zone_at = board.zone_at
        self.moves = moves.of
        self.cache = cache
        self.side = keys.side
        self.ways: dict[int, list[Threat]] = {}  # ``threats`` by position
        self.stepped: dict[int, list[Step]] = {}  # ``steps`` by position
        self.pairs: dict[int, list[tuple[int, int]]] = {}  # ``pair_outs`` by position
        cache.clears += [self.ways.clear, self.stepped.clear, self.pairs.clear]

    def threats(self, who: int) -> list[Threat]:
        """When ``who`` holds one tile (and no extra lines score): each cell where it goes out now, most points
        first; else none. Cached by position."""
        key = self.board.hash ^ self.side[who]
        found = self.ways.get(key)
        if found is not None:
            return found
        hand = self.hands[who]
        found = []
        if self.board.plain and self.grid.tiles and len(hand) == 1:
            bit = 1 << hand[0].kind
            derived = self._threats_after(who, bit)
            found = (
                derived
                if derived is not None
                else [Threat(points, i) for i, (fits, points) in self.singles.items() if fits & bit]
            )
            found.sort(key=lambda threat: -threat.points)
        self.ways[key] = found
        self.cache.count += len(found) + 1
        return found

    def _threats_after(self, who: int, bit: int) -> list[Threat] | None:
        """``threats`` of ``who``'s tile (of the kind ``bit``) unordered, from those before the opponent's last play
        when they are cached, else None: the threats on cells the play left alone are as they were (their points and
        zones), the cells it changed (``LiveBoard.make``) are looked at again."""
        if not self.board.path or self.board.path[-1].who == who:
            return None
        made = self.board.path[-1]
        before = self.ways.get(made.before ^ self.side[who])
        if before is None:
            return None
        moved = set(made.changed)
        moved.update(made.placed)
        found = [threat for threat in before if threat.cell not in moved]
        singles = self.singles
        for j in made.changed:
            fits, points = singles.get(j, NO_FIT)
            if fits & bit:
                found.append(Threat(points, j))
        return found

    def bound(self, play: ScoredPlay, threats: list[Threat]) -> int:
        """An upper bound on the margin of ``play`` for its maker when the opponent holds one tile: the play's points
        minus the opponent's going out after it on the best cell the play leaves alone (``threats``).

        The tile's lines through that cell are its runs of tiles across and down; a play leaves them as they are
        unless it fills the cell or an end of one of those runs (the first empty cell each way): the cell's zone.
        (Threats of longer hands going out in one play cost more to find than they saved.)"""
        index = self.grid.index
        cells = [index(p.cell) for p in play.placements]
        for threat in threats:
            if (threat.zone or self._zone(threat)).isdisjoint(cells):
                return play.points - threat.points - END_BONUS
        return INFINITY

    def pair_outs(self, who: int) -> list[tuple[int, int]]:
        """When ``who`` holds two tiles that can go out together: the best ``PAIR_OUTS`` plays of both, each as its
        points and its zone's cell bits (as in a play's mask): its two cells and the first empty cell at each end of
        every run of tiles through them, both placed. A play of the opponent that fills none of those cells leaves
        the pair legal with the same points (its lines hold no new tile, C5, C6). Cached by position."""
        key = self.board.hash ^ self.side[who]
        found = self.pairs.get(key)
        if found is not None:
            return found
        found = []
        hand = self.hands[who]
        if len(hand) == 2 and together(hand[0].kind, hand[1].kind):
            grid = self.grid
            kinds, width, index = grid.kinds, grid.width, grid.index
            for play in self.moves(who):
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
        self.pairs[key] = found
        self.cache.count += len(found) + 1
        return found

    def pair_bound(self, play: ScoredPlay, outs: list[tuple[int, int]]) -> int:
        """An upper bound on the margin of ``play`` (not going out) against an opponent whose two tiles go out
        together (``pair_outs``): its points minus the best of their plays going out whose zone it leaves alone, and
        the 6 for going out; INFINITY when it touches every zone."""
        index = self.grid.index
        cells = 0
        for p in play.placements:
            cells |= 1 << (CELL_BITS + index(p.cell))
        for points, zone in outs:
            if not cells & zone:
                return play.points - points - END_BONUS
        return INFINITY

    def steps(self, who: int) -> list[Step]:
        """When the opponent of ``who`` holds two tiles: their singles after which their last tile goes out on either
        of two cells whose zones (``_zone``) do not meet, best first (at most ``STEPS``). Cached by position.

        After such a single, a player left with two tiles that cannot go out together plays one of them (or passes),
        which leaves at least one of those two cells as it was: the opponent then goes out there."""
        key = self.board.hash ^ self.side[1 - who]
        found = self.stepped.get(key)
        if found is not None:
            return found
        kinds = self.grid.kinds
        mine = kinds_mask(self.hands[who])
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
                    if len(ways) == 8 or (ways[0][2].isdisjoint(zone) and len(ways) > 1):
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
                    Step(
                        points + apart[0] + END_BONUS,
                        cell,
                        changed | {cell} | ways[0][2] | apart[2],
                        changed,
                        [(j, alone & mine, alone_points) for j, alone, alone_points in ends if alone & mine],
                    )
                )
        found.sort(key=lambda step: (-step.value, step.cell))
        del found[STEPS:]
        self.stepped[key] = found
        self.cache.count += len(found) + 1
        return found

    def step_bound(self, who: int, play: ScoredPlay, steps: list[Step]) -> int:
        """An upper bound on the margin of ``play`` for ``who`` when it leaves them two tiles that cannot go out
        together against an opponent's two (``steps``): the play's points minus the first step it leaves alone
        (its cells, and the cells each changes, apart), plus the most the player's single after both can score;
        INFINITY when none applies."""
        rest = [tile.kind for tile in self.hands[who]]
        for p in play.placements:
            rest.remove(p.tile.kind)
        one, two = rest
        if together(one, two):
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

    def reply(self, who: int, play: ScoredPlay) -> int:
        """The points of ``who``'s last tile going out after the opponent's ``play`` (on its best cell), or -1 when
        it then fits nowhere, without making the play: the cells the play leaves alone keep their points
        (``threats``, ``bound``), the others are the first empty cells at the ends of the placed tiles' runs
        (``LiveBoard.changed``)."""
        grid = self.grid
        index, kinds = grid.index, grid.kinds
        cells = [index(p.cell) for p in play.placements]
        best = -1
        for threat in self.threats(who):
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

    def _zone(self, threat: Threat) -> frozenset[int]:
        """The threat's cell and the first empty cell at each end of its runs of tiles across and down (kept)."""
        zone = threat.zone = self._zone_at(threat.cell)
        return zone

    def two(self, who: int, alpha: int, beta: int) -> int | None:
        """``Solver._negamax`` for a player holding two tiles against one, without extra lines (fail-soft, proven to the
        end), or None when the player has no play (a pass: the general search). Each play is valued without being
        made: a pair goes out (+6; the best pair from ``Moves.of``); after a single the opponent's last tile goes out
        on the best cell it fits (+6), or, when it fits nowhere, the player's own last tile does (or both pass).
        A single changes what a tile scores alone only at its own cell and at the first empty cell at each end of
        its row's and column's runs of tiles (``LiveBoard.make``), so only those are recomputed; every other cell
        keeps its crossings (``singles``, ``threats``)."""
        hand = self.hands[who]
        one, two = hand[0].kind, hand[1].kind
        mine = (1 << one) | (1 << two)
        best = -INFINITY
        if together(one, two):  # the two tiles may go out together
            plays = self.moves(who)
            if plays and len(plays[0].placements) == 2:  # going out first, by points
                best = plays[0].points + END_BONUS
                if best >= beta:
                    return best
        singles = [(points, i, fits & mine) for i, (fits, points) in self.singles.items() if fits & mine]
        if not singles:
            return None if best == -INFINITY else best
        singles.sort(key=lambda single: -single[0])
        threats = self.threats(1 - who)
        theirs = 1 << self.hands[1 - who][0].kind
        kinds = self.grid.kinds
        for points, i, fits in singles:
            left_alone = -1  # the opponent's best going out on a cell the single leaves alone (``bound``)
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
