"""The end-game solver's search: iterative-deepening negamax with alpha-beta over the rest of a two-player game.

``Solver(board, variant, [hand, other], nodes, deadline).solve()`` gives a ``Solution``: the best play, the margin (the
mover's points minus the opponent's to the end, both playing perfectly, the +6 for going out included, C9), the line
and whether it is proven; ``solve`` takes ``seconds``. The first iteration goes ``FIRST_DEPTH`` plies with a greedy
play-out at the horizon (``rollout.py``), the second to the end of every line; a budget (nodes, or a deadline) that
runs out first gives the first iteration's play, not proven. A node is one position expanded, so node budgets make
results independent of the machine. Every legal play is searched unless a proof leaves it out (``bounds.py``); the
table and the caches are ``tables.py``'s, the plays and their order ``moves.py``'s, the board ``board.py``'s.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import NamedTuple, TypedDict, Unpack

from ...board import Board
from ...game import END_BONUS
from ...movegen import ScoredPlay
from ...rules import line_problem
from ...tiles import Tile
from ...variants import Variant
from ..rollout import rollout
from .board import LiveBoard
from .bounds import INFINITY, Bounds, Step, Threat
from .moves import Moves
from .tables import EXACT, LOWER, PROVEN, UPPER, Cache, Entry, Keys

FIRST_DEPTH = 2  # a shallow first iteration: a play to fall back on, and the table's first ordering


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


class _Budget(Exception):
    """The node budget or the deadline ran out in the middle of an iteration."""


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
        self.bounds = bounds  # prune plays by the opponent's going out (``bounds.py``); False: alpha-beta's only
        self.fast = True  # two tiles against one valued without making the plays (``Bounds.two``)
        self.keys = Keys()
        self.board = LiveBoard(board, variant, hands, self.keys)
        self.cache = Cache()
        self.moves = Moves(self.board, self.cache, self.keys)
        self.proofs = Bounds(self.board, self.moves, self.cache, self.keys)
        # the board's parts and methods the search reads at every node, under names of its own
        self.hands, self.grid, self.singles, self.plain = (
            self.board.hands,
            self.board.grid,
            self.board.singles,
            self.board.plain,
        )
        self._make, self._unmake = self.board.make, self.board.unmake
        self._moves, self._killer, self._killers = self.moves.of, self.moves.killer, self.moves.killers
        self._side, self._play_key = self.keys.side, self.keys.play
        self.budget = nodes
        self.deadline = deadline
        self.clock = clock  # what ``deadline`` is read on (the bench may give process CPU time)
        self.nodes = 0
        self._table: dict[int, Entry] = {}
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
            if self.budget is not None and self.first_nodes(first) > self.budget:
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

    def first_nodes(self, plays: list[ScoredPlay]) -> int:
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
        return self.board.hash ^ self._side[who] ^ (self.keys.passed if passed else 0)

    def _tick(self) -> None:
        self.nodes += 1
        if self.budget is not None and self.nodes > self.budget:
            raise _Budget
        if self.deadline is not None and not self.nodes & 31 and self.clock() > self.deadline:
            raise _Budget

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
            found = self.proofs.two(who, alpha, beta)
            if found is not None:
                flag = LOWER if found >= beta else UPPER if found <= alpha else EXACT
                self._table[key] = Entry(PROVEN, flag, found, None)
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
                self._table[key] = Entry(PROVEN if self._horizon == horizon else depth, flag, value, None)
                return value
            if depth <= 0:
                self._horizon += 1
                return self._rollout(who, plays)
        size = len(self.hands[who])
        start_alpha = alpha
        best_value = -INFINITY
        best: ScoredPlay | None = None
        out = -1  # the points of the play going out searched (the others going out score no more)
        threats: list[Threat] | None = None
        last = self.fast and self.plain and len(self.hands[1 - who]) == 1  # the opponent's reply goes out
        pairs = self.bounds and self.plain and len(self.hands[1 - who]) == 2 and size > 2 and bool(self.grid.tiles)
        steps: list[Step] | None = None
        duo = self.bounds and self.plain and len(self.hands[1 - who]) == 2 and bool(self.grid.tiles)
        outs: list[tuple[int, int]] | None = None
        # The table's play or the killer (``first``) is searched without the two-tile opponent's bounds: it cuts in
        # most positions, where finding those bounds (``Bounds.pair_outs``, ``Bounds.steps``) would be lost work.
        for play in self._ordered(who, first):
            if len(play.placements) == size:
                if play.points <= out:
                    continue  # another play going out, with no more points
                out = play.points
                value = play.points + END_BONUS  # going out ends the game (C9): nothing to search below
            elif (
                self.bounds
                and (threats := self.proofs.threats(1 - who) if threats is None else threats)
                and (bound := self.proofs.bound(play, threats)) <= alpha
            ):
                value = bound  # the opponent goes out after it for at least this much: proven no better
            elif (
                duo
                and play is not first
                and (outs := self.proofs.pair_outs(1 - who) if outs is None else outs)
                and (bound := self.proofs.pair_bound(play, outs)) <= alpha
            ):
                value = bound  # the opponent's two tiles go out together after it: proven no better
            elif (
                pairs
                and play is not first
                and len(play.placements) == size - 2
                and (steps := self.proofs.steps(who) if steps is None else steps)
                and (bound := self.proofs.step_bound(who, play, steps)) <= alpha
            ):
                value = bound  # the opponent's single, then their last tile out whatever the player does
            elif last and (reply := self.proofs.reply(1 - who, play)) >= 0:
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
                        self._killers[len(self.board.restore) * 2 + who] = play
                        break
        flag = LOWER if best_value >= beta else UPPER if best_value <= start_alpha else EXACT
        self._table[key] = Entry(PROVEN if self._horizon == horizon else depth, flag, best_value, best)
        return best_value

    def _ordered(self, who: int, first: ScoredPlay | None) -> Iterator[ScoredPlay]:
        """``first`` when given, then ``who``'s other plays in ``Moves.of``'s order: listed only when ``first`` does not
        cut (the table's best play or the killer usually does)."""
        if first is not None:
            yield first
        for play in self._moves(who):
            if play != first:
                yield play

    def _child(self, who: int, play: ScoredPlay, depth: int, alpha: int, beta: int) -> int:
        """The margin of ``play`` for ``who`` within (alpha, beta): its points minus the opponent's ``_negamax``
        after it; from the table without making the play when its entry there already answers."""
        points = play.points
        low, high = points - beta, points - alpha
        key = self._play_key(who, play)
        entry = self._table.get(self.board.hash ^ key ^ self._side[1 - who])
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
                        del self._table[self._key(who, passed)]  # valued without its play (``Bounds.two``): again
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
