"""The Expert: Hard's best plays as candidates, chosen by Monte-Carlo look-ahead over sampled hidden tiles.

Each candidate is played on deals of the unseen tiles (``sampling.py``): the opponents' best-scoring replies, then
our best follow-up; successive halving gives the budget to the close calls, and a candidate's mean is shrunk toward
Hard's evaluation of it. In two-player classic games a look-ahead is valued as the chance to win after it, plays out
to the end when few tiles are left in the bag, and goes four plies deep on a large budget. Once the bag is empty in
a two-player classic or Flex game the exact end-game solver (``solver``) decides. ``tuning.Tuning`` holds the
settings the benches vary.

>>> from qwirkle.ai import make_player
>>> page = make_player("expert", 1, seconds=2.0)  # the browser: the clock decides, fitted to this machine
>>> fixed = make_player("expert", 1, seconds=None, iterations=160)  # tournaments, tests: reproducible

See docs/research/strength.md.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from .. import winchance
from ..game import END_BONUS, HAND_SIZE
from ..movegen import ScoredPlay
from ..notation import Cell, Exchange, Move, Play
from ..tiles import Tile, kinds_by_cell, kinds_mask, tile_of
from ..view import PlayerView
from .basic import fallback
from .bestplay import Carried, Position
from .endgame import EndgameSearch, hidden_hand
from .evaluate import Weights
from .exchange import EXCHANGE_BASE, exchange_choice
from .flexplay import FlexPosition
from .levels import HardPlayer
from .sampling import Deal, Sampler
from .solver import Solver, collector_paused
from .tuning import MAX_PLIES, Tuning

DEFAULT_SECONDS = 1.5
DEFAULT_ITERATIONS = 160  # without a time cap (tournaments, tests): about 0.1 s a move on CPython
CAPPED_ITERATIONS = 100_000  # with a time cap and no iteration count given, the clock decides
CALIBRATION_SAMPLES = 2
WIDE_BUDGET = 1000  # from this many look-aheads on (the page's Expert makes 2,000 to 10,000 a move), ``wide``
#                     candidates and deep look-aheads
SOLVER_NODES = 50  # end-game solver nodes per iteration of budget: 8,000 by default, about 0.5 s
PLAY_OUT_COST = 3.0  # a play-out's CPU time, in look-aheads: the budget is divided by it
DEEP_COST = 4.0  # a deep look-ahead's CPU time, in look-aheads (bench/lookahead.py): the budget is divided by it
LOOK_AHEAD_TILES = 6  # about what a look-ahead's three plays take from the tiles left (``win``)
KEPT_REPLIES = 256  # positions after a candidate and a reply kept for a move at most (memory)


class WinChance:
    """A look-ahead's value as the chance to win after it, and a mean chance back as points (``Tuning.win``): a game
    is won, not a margin, so ahead a candidate whose deals spread wide is worth less than its mean points, behind
    more.

    The chance is ``winchance``'s logistic curve for two players at the tiles left after the look-ahead (its slope
    times ``scale``), the opponent on move; after a play-out the game is over and the curve at no tiles left, without
    the mover's term, stands for the end. ``points`` inverts it: the sure value that would give the same chance (the
    certainty equivalent), so candidates valued this way are still compared, and shrunk toward Hard's evaluation, in
    points."""

    __slots__ = ("difference", "a", "b")

    def __init__(self, view: PlayerView, scale: float, final: bool) -> None:
        curve = winchance.table().curve(view.variant)
        self.difference = view.scores[view.seat] - view.scores[1 - view.seat]
        if final:
            _, b, _ = curve.coefficients(0)
            self.a = 0.0
        else:
            left = view.bag_count + sum(view.hand_sizes) - LOOK_AHEAD_TILES
            self.a, b, _ = curve.coefficients(max(0, left))
        self.b = b * scale

    def chance(self, value: float) -> float:
        return winchance.sigmoid(self.b * (self.difference + value) - self.a)

    def points(self, chance: float) -> float:
        chance = min(max(chance, 1e-12), 1.0 - 1e-12)
        return (math.log(chance / (1.0 - chance)) + self.a) / self.b - self.difference


class Candidate:
    __slots__ = ("move", "play", "prior", "total", "count", "chances", "win", "wide")

    def __init__(self, move: Move, play: ScoredPlay | None, prior: float, wide: bool = False) -> None:
        self.move = move
        self.play = play
        self.prior = prior
        self.wide = wide  # looked at only on a large budget (``ExpertPlayer.fitted``)
        self.win: WinChance | None = None
        self.clear()

    def clear(self) -> None:
        """No look-aheads yet (also when the move's look-ahead deepens after the calibrating round)."""
        self.total = 0.0
        self.count = 0
        self.chances = 0.0  # the sum of the look-aheads' chances to win, with ``win``

    def add(self, value: float) -> None:
        """One look-ahead's value."""
        self.total += value
        if self.win is not None:
            self.chances += self.win.chance(value)
        self.count += 1

    @property
    def mean(self) -> float:
        """The look-aheads' mean, in points (with ``win``: the points of their mean chance to win)."""
        if not self.count:
            return float("-inf")
        if self.win is not None:
            return self.win.points(self.chances / self.count)
        return self.total / self.count

    def score(self, weight: float, offset: float) -> float:
        """The look-ahead mean shrunk toward Hard's evaluation, which counts as ``weight`` look-aheads: few deals
        say little (an opponent's Qwirkle in one deal moves the mean by several points), while the evaluation
        knows the leave and the Qwirkle danger on average. ``offset`` puts the evaluation on the look-ahead's
        scale (the candidates' mean difference between the two); with equal counts it changes no order."""
        if not self.count:
            return float("-inf")
        return (self.mean * self.count + weight * (self.prior + offset)) / (self.count + weight)


class ExpertPlayer(HardPlayer):
    """Hard's candidates, chosen by look-ahead over sampled hidden tiles; exact end-game search when it can."""

    name = "expert"

    def __init__(
        self,
        rng: random.Random,
        seconds: float | None = DEFAULT_SECONDS,
        iterations: int | None = None,
        weights: Weights = Weights(),
        exchange_base: float = EXCHANGE_BASE,
        solver_nodes: int = SOLVER_NODES,
        carried: Carried | None = None,
        **tuning: Any,
    ) -> None:
        """``seconds``: the time cap (None: none); ``iterations``: the budget of look-aheads (a play-out or a deep
        look-ahead counts at its cost; ``DEFAULT_ITERATIONS`` without a time cap, else the clock decides);
        ``solver_nodes``: the end-game solver's nodes per iteration; ``carried``: a review's positions in turn, each
        starting from the last one's line lists; ``tuning``: the fields of ``Tuning`` (benches only)."""
        super().__init__(rng, weights, exchange_base, roll_samples=16, endgame_nodes=0)
        if iterations is None:
            iterations = DEFAULT_ITERATIONS if seconds is None else CAPPED_ITERATIONS
        if iterations < 1:
            raise ValueError("expert: iterations must be at least 1")
        if seconds is not None and seconds <= 0:
            raise ValueError("expert: seconds must be positive (or None for no time cap)")
        self.tuning = Tuning(**tuning)
        self.solver_nodes = solver_nodes
        self.seconds = seconds
        self.iterations = iterations
        self.prior_share = self.tuning.prior  # the prior's weight for this move (``prior_weight``)
        self.deep = False  # this move's look-aheads go ``plies`` plies deep (``_deepens``)
        self.carried = carried
        self.looked = 0  # the last move's look-aheads in the budget's units, a deep look-ahead or a play-out counted
        #                   at its cost (``_cost``; bench/aimove.py prints the page's)
        self._root: _Sim | None = None
        self._root_view: PlayerView | None = None
        self._cache: dict[int, _Sim] = {}
        self.replied: dict[tuple[object, ...], _Sim] = {}  # the positions after a candidate and replies

    def choose(self, view: PlayerView) -> Move:
        """The move (the cyclic garbage collector paused meanwhile: the look-ahead makes no cycles, but many tuples
        and lists, which every collection would walk again)."""
        with collector_paused():
            return self._choose(view)

    def _choose(self, view: PlayerView) -> Move:
        deadline = time.perf_counter() + self.seconds if self.seconds is not None else None
        self.looked = 0
        if view.bag_count == 0:
            move = self._endgame(view, deadline)
            if move is not None:
                return move
        evaluator, ranked = self.ranked(view)
        if view.can_roll:
            roll = self.before_play(view, evaluator, ranked)
            if roll is not None:
                return roll
        if not ranked:  # nothing to place: Hard's exchange (keeping the best group), else the fallback
            return self.before_play(view, evaluator, ranked) or fallback(view)
        tuning = self.tuning
        wide = max(tuning.wide, tuning.candidates) if self._measured(view) else tuning.candidates
        candidates = [
            Candidate(Play(p.placements), p, v, wide=i >= tuning.candidates) for i, (v, p) in enumerate(ranked[:wide])
        ]
        if view.exchange_limit:
            exchange = exchange_choice(
                view.hand, view.exchange_limit, ranked[0][0] + 3.0, evaluator.leave_value, self.exchange_base
            )
            if exchange is not None:
                candidates.append(Candidate(exchange, None, ranked[0][0]))
        if len(candidates) == 1:
            return candidates[0].move
        try:
            return self._search(view, candidates, deadline).move
        finally:
            self._root = self._root_view = None
            self._cache, self.replied = {}, {}

    # -- Monte-Carlo look-ahead ------------------------------------------------------------------------------
    def _search(self, view: PlayerView, candidates: list[Candidate], deadline: float | None) -> Candidate:
        """Successive halving over the candidates on shared deals. With a time cap, a first short round measures
        the cost of a look-ahead, and after every round the iteration budget is fitted again to the time left (the
        cost changes as candidates go and with the machine's load)."""
        sampler = Sampler(view, random.Random(self.rng.getrandbits(64)))
        deals: list[Deal] = []
        values: dict[tuple[int, object], float] = {}  # look-aheads by candidate and what their deal holds
        budget = self.iterations
        calibrating = deadline is not None
        if calibrating:  # the positions after the candidates first, so that the calibrating round times look-aheads
            for candidate in candidates:
                self._after(view, candidate)
        start = time.perf_counter()
        self.deep = not calibrating and self._deepens(view, budget)
        cost = self._cost(view)
        if cost > 1.0:  # the same time for deeper look-aheads
            budget = max(len(candidates), int(budget / cost))
        self.prior_share = self.tuning.prior if calibrating else self.prior_weight(view, budget * cost)
        alive = candidates if calibrating else self.fitted(candidates, budget * cost)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        if self.wins(view):
            chance = WinChance(view, self.tuning.win, final=self.plays_out(view))
            for candidate in alive:
                candidate.win = chance
        used = 0
        while used < budget:
            step = CALIBRATION_SAMPLES if calibrating else max(1, max(len(alive), budget // rounds) // len(alive))
            if deadline is not None and not calibrating:  # on the clock, the last round fits the time left
                step = max(1, min(step, (budget - used) // len(alive)))
            for candidate in alive:
                target = candidate.count + step
                while candidate.count < target:
                    if candidate.count == len(deals):
                        deals.append(sampler.deal())
                    deal = deals[candidate.count]
                    held = self.held(view, deal)
                    if held is None:
                        candidate.add(self.look_ahead(view, candidate, deal))
                    else:
                        value = values.get((id(candidate), held))
                        if value is None:
                            value = values[(id(candidate), held)] = self.look_ahead(view, candidate, deal)
                        candidate.add(value)
                    used += 1
                    self.looked += round(cost)
                    if deadline is not None and time.perf_counter() > deadline:
                        return self._best(alive)
            if deadline is not None:  # refit the budget to the time left at the cost measured so far
                now = time.perf_counter()
                budget = min(int(self.iterations / cost), used + int(0.95 * (deadline - now) * used / (now - start)))
                if calibrating and self._deepens(view, budget * cost):
                    self.deep = True
                    if not self.plays_out(view):  # deeper look-aheads from here: the calibrating ones go
                        cost = DEEP_COST
                        budget = max(len(alive), int((budget - used) / cost))
                        used, start = 0, now
                        values.clear()
                        for candidate in alive:
                            candidate.clear()
                self.prior_share = self.prior_weight(view, budget * cost)
            if calibrating:
                calibrating = False
                alive = self.fitted(alive, budget * cost)
                rounds = max(1, math.ceil(math.log2(len(alive))))
                continue
            if len(alive) > 2:
                alive = self.by_score(alive)[: (len(alive) + 1) // 2]
            elif deadline is None and used + len(alive) * step > budget:
                break
        return self._best(alive)

    @staticmethod
    def fitted(candidates: list[Candidate], looks: float) -> list[Candidate]:
        """The candidates for a budget of ``looks`` look-aheads (play-outs counted at their cost): below
        ``WIDE_BUDGET`` the wide ones go (Hard's plays after its best ``candidates``), since with few deals each, more
        candidates would leave too few for the close calls."""
        return candidates if looks >= WIDE_BUDGET else [c for c in candidates if not c.wide]

    def prior_weight(self, view: PlayerView, looks: float) -> float:
        """How many look-aheads Hard's evaluation counts as, for a budget of ``looks``: in two-player classic games
        (``_measured``) ``prior`` per ``DEFAULT_ITERATIONS``, ``prior`` at least, and a ``DEEP_COST``-th of that when
        the look-aheads go deep (``_deepens``: fewer of them, each knowing more); elsewhere ``prior``. More deals make
        a look-ahead's mean less noisy, not less biased (it knows one reply and one follow-up, no leave, no danger
        after them), so the evaluation keeps the share it was measured with at the tournaments' budget."""
        prior = self.tuning.prior
        if not self._measured(view):
            return prior
        if self.deep:
            prior /= DEEP_COST
        return prior * max(1.0, looks / DEFAULT_ITERATIONS)

    def _deepens(self, view: PlayerView, looks: float) -> bool:
        """Whether a budget of ``looks`` look-aheads goes ``plies`` deep: from ``WIDE_BUDGET`` on, in two-player
        classic games (``_measured``), where fewer, deeper look-aheads beat more two-ply ones."""
        return self.tuning.plies > 2 and looks >= WIDE_BUDGET and self._measured(view)

    def _cost(self, view: PlayerView) -> float:
        """A look-ahead's CPU time here, in two-ply look-aheads."""
        if self.plays_out(view):
            return PLAY_OUT_COST
        return DEEP_COST if self.deep else 1.0

    def by_score(self, alive: Sequence[Candidate]) -> list[Candidate]:
        """Best first by ``Candidate.score`` (ties: Hard's order)."""
        seen = [c for c in alive if c.count]
        offset = sum(c.mean - c.prior for c in seen) / len(seen) if seen else 0.0
        return sorted(alive, key=lambda c: (-c.score(self.prior_share, offset), -c.prior))

    def _best(self, alive: Sequence[Candidate]) -> Candidate:
        return self.by_score(alive)[0]

    @staticmethod
    def held(view: PlayerView, deal: Deal) -> object | None:
        """What a look-ahead reads of a deal, with at most one tile in the bag (None with more: deals then seldom hold
        the same): without Flex diagonals, each hand in any order (``bestplay.Position`` reads a hand's kinds and its
        size), so sorted, and the bag. With the bag empty, two players' deals all hold the same (the opponent's hand
        is every unseen tile), and so do Cubes' (open hands): their look-ahead is made once a candidate; with one
        tile in the bag, two players' deals hold one of seven."""
        if view.bag_count > 1:
            return None
        if view.variant.diagonals:
            return deal
        return tuple(tuple(sorted(hand)) for hand in deal.hands), deal.bag

    def look_ahead(self, view: PlayerView, candidate: Candidate, deal: Deal) -> float:
        """Our points, minus the opponents' best replies (times ``reply``), plus our best follow-up, on one deal."""
        bag = list(deal.bag)
        hand = list(view.hand)
        value = 0.0
        if candidate.play is not None:
            for p in candidate.play.placements:
                hand.remove(p.tile)
            value += candidate.play.points
            if not hand and not bag:
                return value + END_BONUS
            draw = min(len(bag), HAND_SIZE - len(hand))
        else:
            assert isinstance(candidate.move, Exchange)
            for tile in candidate.move.tiles:
                hand.remove(tile)
            draw = len(candidate.move.tiles)
        hand.extend(bag[:draw])
        del bag[:draw]
        board = self._after(view, candidate)
        if self.plays_out(view) or self.deep:  # to the end of the game, or ``plies`` deep
            plies = MAX_PLIES if self.plays_out(view) else self.tuning.plies
            return self.play_out(view, board.copy(), deal, hand, bag, value, plies)
        n = len(deal.hands)
        share = 1.0 / (n - 1)  # an opponent's point counts 1/(players - 1): beat the opponents on average
        reply_weight, follow_up = self.tuning.reply, self.tuning.follow_up
        key: tuple[object, ...] = (id(candidate),)
        for i in range(1, n):
            other = deal.hands[(view.seat + i) % n]
            reply = board.best(other)
            if reply is None:
                continue
            points, placed = reply
            key += (tuple(placed),)
            board = self.with_reply(board, key, placed)
            value -= points * share * reply_weight
            if not bag and len(placed) == len(other):
                return value - END_BONUS * share * reply_weight
            del bag[: len(placed)]  # their draw
        if bag:  # only the points count (which play of them does not)
            return value + follow_up * board.best_points(hand)
        follow = board.best(hand)
        if follow is not None:
            points, placed = follow
            value += follow_up * (points + (END_BONUS if not bag and len(placed) == len(hand) else 0))
        return value

    @staticmethod
    def _measured(view: PlayerView) -> bool:
        """A two-player classic game: the only kind where the play-outs, deep look-aheads and ``win`` were measured
        (Flex diagonals, Cubes dice and games of more players play two-ply look-aheads valued in points)."""
        variant = view.variant
        return len(view.hand_sizes) == 2 and not variant.diagonals and not variant.dice

    def wins(self, view: PlayerView) -> bool:
        """Whether look-aheads are valued as chances to win here (``win``)."""
        return bool(self.tuning.win) and self._measured(view)

    def plays_out(self, view: PlayerView) -> bool:
        """Whether look-aheads play out to the end here: few tiles in the bag."""
        return 0 < view.bag_count <= self.tuning.play_out and self._measured(view)

    def play_out(
        self,
        view: PlayerView,
        board: _Sim,
        deal: Deal,
        hand: list[Tile],
        bag: list[Tile],
        value: float,
        plies: int = MAX_PLIES,
    ) -> float:
        """``value`` plus our points minus the opponents' (each divided by their number, as in ``look_ahead``)
        when, after the candidate, every player makes their best-scoring play in turn and draws, for ``plies`` plies
        or to the end of the game: someone going out with the bag empty (+6), or every player in a row without a
        play."""
        hands = [list(h) for h in deal.hands]
        hands[view.seat] = hand
        n = len(hands)
        share = 1.0 / (n - 1)
        seat = (view.seat + 1) % n
        passes = 0
        for ply in range(plies):
            held = hands[seat]
            if ply == plies - 1 and bag:  # the last ply: only its points count (no one goes out with tiles to draw)
                points = board.best_points(held)
                value += points if seat == view.seat else -points * share
                break
            found = board.best(held, fast=True)
            if found is None:
                passes += 1
                if passes >= n:
                    break
            else:
                passes = 0
                points, placed = found
                board.place(placed)
                for _, tile in placed:
                    held.remove(tile)
                out = not held and not bag
                if out:
                    points += END_BONUS
                value += points if seat == view.seat else -points * share
                if out:
                    break
                draw = min(len(bag), HAND_SIZE - len(held))
                held.extend(bag[:draw])
                del bag[:draw]
            seat = (seat + 1) % n
        return value

    def with_reply(self, board: _Sim, key: tuple[object, ...], placed: list[tuple[Cell, Tile]]) -> _Sim:
        """A copy of ``board`` with a reply placed, kept for the move by ``key`` (the candidate and the replies so far):
        deals often bring the same reply to the same candidate, and its position is only read after."""
        found = self.replied.get(key)
        if found is None:
            found = board.copy()
            found.place(placed)
            if len(self.replied) < KEPT_REPLIES:
                self.replied[key] = found
        return found

    def _after(self, view: PlayerView, candidate: Candidate) -> _Sim:
        """The position after the candidate, prepared (kept per candidate for the move; not to be changed)."""
        if self._root is None or self._root_view is not view:
            self._root_view = view
            self._root = _Sim.of(view, self.carried)
            self._root.prepare()
            self._cache = {}
        key = id(candidate)
        sim = self._cache.get(key)
        if sim is None:
            sim = self._root.copy()
            if candidate.play is not None:
                sim.place([(p.cell, p.tile) for p in candidate.play.placements])
            sim.prepare()  # every deal's reply is asked here: the lines the candidate changed, listed once
            self._cache[key] = sim
        return sim

    # -- end game ---------------------------------------------------------------------------------------------
    def _endgame(self, view: PlayerView, deadline: float | None) -> Move | None:
        other = hidden_hand(view)
        if other is None:
            return None
        if self.tuning.endgame == "search":
            search = EndgameSearch(
                view.board, view.variant, [view.hand, other], nodes=self.iterations * 2, deadline=deadline
            )
            play, _ = search.best()
            if not search.depth:
                return None
        else:
            solution = Solver(
                view.board,
                view.variant,
                [view.hand, other],
                nodes=self.iterations * self.solver_nodes,
                deadline=deadline,
            ).solve()
            if not solution.depth:
                return None
            play = solution.best
        return fallback(view) if play is None else Play(play.placements)


class _Sim:
    """A position for look-ahead: ``bestplay.Position`` (classic, Cubes) or ``flexplay.FlexPosition`` (rule sets with
    Flex diagonals, whose points depend on the tiles' backgrounds)."""

    __slots__ = ("position", "flex")

    def __init__(self, position: Position | None, flex: FlexPosition | None) -> None:
        self.position = position
        self.flex = flex

    @classmethod
    def of(cls, view: PlayerView, carried: Carried | None = None) -> _Sim:
        if view.variant.diagonals:
            return cls(None, FlexPosition(view.board.tiles))
        kinds = kinds_by_cell(view.board.tiles)
        return cls(Position(kinds) if carried is None else carried.position(kinds), None)

    def copy(self) -> _Sim:
        if self.position is not None:
            return _Sim(self.position.copy(), None)
        assert self.flex is not None
        return _Sim(None, self.flex.copy())

    def prepare(self) -> None:
        """Ready for many hands (``bestplay.Position.prepare``; Flex positions are scanned for each hand)."""
        if self.position is not None:
            self.position.prepare()

    def place(self, placed: Sequence[tuple[Cell, Tile]]) -> None:
        if self.position is not None:
            self.position.place([(cell, tile.kind) for cell, tile in placed])
        else:
            assert self.flex is not None
            self.flex.place_tiles(placed)

    def best_points(self, hand: Sequence[Tile]) -> int:
        """The most this hand can score now (0 when nothing fits)."""
        if self.position is None:
            assert self.flex is not None
            found = self.flex.best_tiles(hand)
            return 0 if found is None else found[0]
        return self.position.best_points(kinds_mask(hand))

    def best(self, hand: Sequence[Tile], fast: bool = False) -> tuple[int, list[tuple[Cell, Tile]]] | None:
        """The most this hand can score now and where it plays (``fast``: among plays of equal points maybe another
        than the scan's first, ``bestplay.Position.a_best_play``, much faster after several plays)."""
        if self.position is None:
            assert self.flex is not None
            return self.flex.best_tiles(hand)
        mask = kinds_mask(hand)
        found = self.position.a_best_play(mask) if fast else self.position.best_play(mask)
        if found is None:
            return None
        points, cells, kinds = found
        return points, [(cell, tile_of(kind)) for cell, kind in zip(cells, kinds)]
