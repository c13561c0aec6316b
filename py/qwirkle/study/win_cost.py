"""What a move cost in chances of winning: the mover's chance before it, after it, and after the best move found.

Points are not wins: a play that scores 12 and leaves a Qwirkle open to the opponent can cost more than it brings.
``move_chances(game, move, seed)`` is what the review shows for one record move: the chance before it (the win-chance
table, ``qwirkle.winchance``), after it, and after the best of the ``candidates``, with that candidate. ``LookAhead``
values the moves by looking one turn ahead on sampled deals of what the mover cannot see, or by the exact solver in
a two-player end game. Every move is valued on the *same* deals (common random numbers): the luck of a deal falls on
every candidate alike, so their differences are measured far more precisely than their values, and the best
candidate's chance, being the largest of estimates that include the move played, is never below the played move's.

Deals are drawn by the game's own generator algorithm (``qwirkle.chance.Chance``, the same on every Python); the
review seeds it from the record's seed and the move's index, so a review is the same every time. See
docs/research/win-chance.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.bestplay import Position
from ..ai.evaluate import Evaluator
from ..ai.exchange import exchange_choice
from ..ai.flexplay import FlexPosition
from ..ai.solver import Solution
from ..chance import Chance
from ..game import END_BONUS, HAND_SIZE, Game
from ..notation import Cell, Exchange, Move, Pass, Placement, Play, Roll
from ..rules import score_play
from ..tiles import Tile, kinds_by_cell, kinds_mask, tile_of
from ..view import PlayerView
from ..winchance import chance, chances, final_shares, table, win_chance
from .endgame_review import NODES as ENDGAME_NODES
from .endgame_review import applies, play_margin, solved

DEFAULT_SAMPLES = 8  # deals per position
DEFAULT_CANDIDATES = 4  # Hard's best plays valued beside the move played and the play with the most points
EXCHANGE_MARGIN = 3.0  # an exchange is a candidate when it comes this close to the best play (as the Expert's)
SOLVE_NODES = 4_000  # the exact solver's budget per move valued with the bag empty (reproducible: no clock)
FACES = 6


@dataclass(frozen=True)
class Deal:
    """One guess at what the mover cannot see: the opponents' hands in turn order (the next player's first), the bag
    top first, and faces for dice the mover re-rolls (Cubes)."""

    others: tuple[tuple[Tile, ...], ...]
    bag: tuple[Tile, ...]
    faces: tuple[int, ...]

    @property
    def other(self) -> tuple[Tile, ...]:
        """The next player's hand (in a two-player game, the opponent's)."""
        return self.others[0]


@dataclass(frozen=True)
class MoveChances:
    """The mover's chances around one move (0 to 1)."""

    before: float  # the position as it stands, the mover on move (the table alone)
    after: float  # after the move made (look-ahead on the shared deals)
    best: float  # after the best candidate, on the same deals: never below ``after``
    best_move: str  # that candidate, in notation (the move made when nothing did better)

    @property
    def lost(self) -> float:
        return self.best - self.after

    def to_json(self) -> dict[str, Any]:
        """Percentages, as the review prints them."""
        return {
            "win_before": percent(self.before),
            "win_after": percent(self.after),
            "best_win": percent(self.best),
            "best_win_move": self.best_move,
        }


def percent(value: float) -> float:
    return round(100.0 * value, 1)


def deals(view: PlayerView, count: int, rng: Chance) -> list[Deal]:
    """``count`` deals consistent with the mover's view (unseen tiles sorted first, so the same seed gives the same
    deals). Classic and Flex: the unseen tiles shuffled, the opponents' hands first (in turn order), the rest the
    bag. Cubes: the hands are open and the bag's dice get their faces as drawn (``Variant.drawn``)."""
    unseen = sorted(view.unseen().elements())
    count_seats = len(view.hand_sizes)
    order = [(view.seat + k) % count_seats for k in range(1, count_seats)]
    found = []
    for _ in range(count):
        tiles = list(unseen)
        rng.shuffle(tiles)
        if view.open_hands is not None:
            drawn = view.variant.drawn
            others = tuple(tuple(view.open_hands[seat]) for seat in order)
            bag = tuple(drawn(t, rng) for t in tiles[: view.bag_count])
        else:
            hands = []
            start = 0
            for seat in order:
                hands.append(tuple(tiles[start : start + view.hand_sizes[seat]]))
                start += view.hand_sizes[seat]
            others, bag = tuple(hands), tuple(tiles[start:])
        faces = tuple(rng.randrange(FACES) for _ in range(HAND_SIZE)) if view.variant.dice else ()
        found.append(Deal(others, bag, faces))
    return found


class _Board:
    """The board for look-ahead: the best-scoring play of a hand, fast (``bestplay.Position``; ``FlexPosition`` with
    Flex diagonals, whose points depend on the tiles' backgrounds)."""

    __slots__ = ("position",)

    def __init__(self, position: Position) -> None:
        self.position = position

    @classmethod
    def of(cls, tiles: dict[Cell, Tile], diagonals: bool) -> _Board:
        return cls(FlexPosition(tiles) if diagonals else Position(kinds_by_cell(tiles)))

    def copy(self) -> _Board:
        return _Board(self.position.copy())

    def place(self, placed: Sequence[tuple[Cell, Tile]]) -> None:
        position = self.position
        if isinstance(position, FlexPosition):
            position.place_tiles(placed)
        else:
            position.place([(cell, tile.kind) for cell, tile in placed])

    def best(self, hand: Sequence[Tile]) -> tuple[int, list[tuple[Cell, Tile]]] | None:
        """The most this hand can score now and where it plays (None when nothing fits)."""
        position = self.position
        if isinstance(position, FlexPosition):
            return position.best_tiles(hand)
        found = position.best_play(kinds_mask(hand))
        if found is None:
            return None
        points, cells, kinds = found
        # a play-out's every move: no keyword to zip, which would cost as in the hot paths (pyproject.toml)
        return points, [(cell, tile_of(kind)) for cell, kind in zip(cells, kinds)]  # noqa: B905


class LookAhead:
    """One position, from the mover's side: values moves on shared deals.

    ``chances(moves)`` looks one turn ahead on sampled deals of what the mover cannot see (``deals``: the opponents'
    hands and the bag's order, from the mover's view only; in Cubes the faces of the dice in the bag and of any die
    re-rolled): the move is made and the mover draws, each opponent in turn makes their best-scoring reply from the
    dealt hand and draws, the mover makes their best-scoring follow-up, and the win-chance table judges the position
    then, the next player on move (in a game of three or four, the table's field for that many players,
    ``qwirkle.winchance.Field``: the mover's chance is their share of the softmax). A move, reply or follow-up that
    goes out ends the game with its +6 (C9), and the chance is then 1, one half or 0. A move's chance is the mean
    over the deals.

    With the bag empty in a two-player classic or Flex game every tile is known, and the one-turn look-ahead
    misjudges end games that the levels play by search: there the exact solver values each move (``solved``), 1, one
    half or 0 for the result of perfect play after it, when it proves the position within ``SOLVE_NODES``; an end
    game it does not prove is not judged (every move keeps the chance as it stands)."""

    def __init__(self, game: Game, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> None:
        self.game = game
        self.seat = game.to_move
        self.view = game.view(self.seat)
        view = self.view
        self.players = len(view.scores)
        if view.bag_count == 0 and not view.variant.dice and self.players == 2:
            samples = 1  # the opponent holds exactly the unseen tiles: every deal is the same
        self.deals = deals(view, max(1, samples), Chance(seed))
        self.root = _Board.of(view.board.tiles, view.variant.diagonals)
        # the scores by place: the mover's first, then each opponent's in turn order
        self.scores = tuple(view.scores[(self.seat + k) % self.players] for k in range(self.players))
        self.difference = self.scores[0] - self.scores[1]
        # with the bag empty in a two-player game of tiles, every tile is known: the exact solver values the moves
        self.solvable = view.bag_count == 0 and applies(game)
        self.passed = bool(game.history) and game.history[-1].kind == "pass"

    def chances(self, moves: Sequence[Move]) -> list[float]:
        """The mover's chance after each move, each the mean over the same deals. With the bag empty (two players,
        classic or Flex) the result of perfect play after it (``solved``) when the solver proves the position,
        else the chance before the move for every move (no move charged: the solver alone judges end games)."""
        if self.solvable:
            solved = self.solved(moves)
            return [win_chance(self.game)] * len(moves) if solved is None else solved
        view = self.view
        values = []
        for move in moves:
            points = score_play(view.board, move.placements, view.variant).points if isinstance(move, Play) else 0
            values.append(sum(self.value(move, points, deal) for deal in self.deals) / len(self.deals))
        return values

    def solved(self, moves: Sequence[Move]) -> list[float] | None:
        """Each move's result with perfect play after it (1, one half or 0, from ``margin``), when the solver proved
        the position within ``SOLVE_NODES`` (else None). A move whose own margin is not proven within that budget is
        charged nothing: it gets the best move's result, proven."""
        root = self.solution()
        if not root.exact:
            return None
        best = _outcome(self.difference + root.margin)
        values = []
        for move in moves:
            margin = self.margin(move)
            values.append(best if margin is None else min(best, _outcome(self.difference + margin)))
        return values

    def solution(self) -> Solution:
        """The solver's answer for the mover here (the bag empty): the best play and its margin."""
        view = self.view
        return solved(view.board, view.variant, view.hand, self.deals[0].other, SOLVE_NODES, self.passed)

    def margin(self, move: Move) -> int | None:
        """The mover's points minus the opponent's from ``move`` to the end, both playing perfectly after it; None
        when the solver did not prove it within ``SOLVE_NODES``."""
        view = self.view
        other = self.deals[0].other
        if isinstance(move, Pass):
            if self.passed:
                return 0  # the second pass in a row ends the game (C10)
            after = solved(view.board, view.variant, other, view.hand, SOLVE_NODES, True)
            return -after.margin if after.exact else None
        if not isinstance(move, Play):
            raise TypeError(f"move: with the bag empty, expected a Play or Pass, got {type(move).__name__}")
        points = score_play(view.board, move.placements, view.variant).points
        margin, proven = play_margin(view.board, view.variant, view.hand, other, move, points, SOLVE_NODES)
        return margin if proven else None

    def value(self, move: Move, points: int, deal: Deal) -> float:
        """The mover's chance after ``move`` (a play scoring ``points``) on one deal."""
        view = self.view
        hand = list(view.hand)
        bag = list(deal.bag)
        board = self.root.copy()
        difference = self.difference
        if isinstance(move, Roll):  # Cubes: the re-rolled dice fall as dealt, then the best-scoring play
            _remove(hand, move.tiles)
            hand.extend(Tile(die.color, face) for die, face in zip(move.tiles, deal.faces, strict=False))
            found = board.best(hand)
            if found is not None:
                points = found[0]
                move = Play(tuple(Placement(tile, cell) for cell, tile in found[1]))
        if isinstance(move, Play):
            placed = [(p.cell, p.tile) for p in move.placements]
            _remove(hand, [tile for _, tile in placed])
            difference += points
            if not hand and not bag:
                return self._out(difference + END_BONUS)
            board.place(placed)
            draw = min(len(bag), HAND_SIZE - len(hand))
            hand.extend(bag[:draw])
            del bag[:draw]
        elif isinstance(move, Exchange):  # the tiles go back into the bag, below what is drawn next
            _remove(hand, move.tiles)
            hand.extend(bag[: len(move.tiles)])
            bag = bag[len(move.tiles) :] + list(move.tiles)
        elif not isinstance(move, (Pass, Roll)):
            raise TypeError(f"move: expected a Play, Exchange, Roll or Pass, got {type(move).__name__}")
        if self.players > 2:
            return self._many(board, hand, bag, difference - self.difference, deal)
        other = len(deal.other)
        reply = board.best(deal.other)
        if reply is not None:  # the opponent's best-scoring reply (none: they exchange or pass, scoring nothing)
            scored, theirs = reply
            difference -= scored
            if not bag and len(theirs) == other:
                return _outcome(difference - END_BONUS)
            board.place(theirs)
            drawn = min(len(bag), len(theirs))
            other += drawn - len(theirs)
            del bag[:drawn]
        size = len(hand)
        follow = board.best(hand)
        if follow is not None:  # the mover's best-scoring follow-up
            scored, mine = follow
            difference += scored
            if not bag and len(mine) == size:
                return _outcome(difference + END_BONUS)
            drawn = min(len(bag), len(mine))
            size += drawn - len(mine)
            del bag[:drawn]
        elif reply is None and not bag and not view.variant.dice:
            return _outcome(difference)  # neither can play and the bag is empty: two passes end the game (C10)
        return chance(view.variant, difference, len(bag), size, other, on_move=False)

    def _out(self, difference: int) -> float:
        """The mover's result when they go out now, ``difference`` points above where they stood (the +6 in)."""
        if self.players == 2:
            return _outcome(difference)
        return final_shares([self.scores[0] + difference - self.difference, *self.scores[1:]])[0]

    def _many(self, board: _Board, hand: list[Tile], bag: list[Tile], gained: int, deal: Deal) -> float:
        """The rest of ``value`` in a game of three or four: each opponent in turn makes their best-scoring reply
        from the dealt hand, then the mover their best-scoring follow-up, and the table judges the position with the
        next player on move; a play that goes out ends the game (+6, C9), and so does a round in which nobody can
        play with the bag empty (C10)."""
        scores = list(self.scores)
        scores[0] += gained
        sizes = [len(hand)] + [len(other) for other in deal.others]
        hands: list[Sequence[Tile]] = [hand, *deal.others]
        played = False
        for place in [*range(1, self.players), 0]:
            found = board.best(hands[place])
            if found is None:
                continue
            scored, tiles = found
            played = True
            scores[place] += scored
            if not bag and len(tiles) == sizes[place]:
                scores[place] += END_BONUS
                return final_shares(scores)[0]
            board.place(tiles)
            drawn = min(len(bag), len(tiles))
            sizes[place] += drawn - len(tiles)
            del bag[:drawn]
        if not played and not bag and not self.view.variant.dice:
            return final_shares(scores)[0]
        return chances(self.view.variant, scores, sizes, 1, len(bag))[0]


def candidates(game: Game, move: Move, limit: int = DEFAULT_CANDIDATES) -> list[Move]:
    """The moves to compare with ``move`` (first): the play with the most points, Hard's ``limit`` best plays by its
    evaluation (``qwirkle.ai.evaluate``) and, when the bag allows one, the exchange the Expert would consider
    (``qwirkle.ai.exchange``), each once. In an end game the solver judges (``LookAhead.solved``) only the solver's
    best play when it proved one (no other move can do better), else none (no move is charged there)."""
    found: dict[str, Move] = {move.notation(): move}
    if not game.bag_count and applies(game):
        root = LookAhead(game, 1).solution()
        if root.exact and root.best is not None:
            found.setdefault(root.best.notation(), Play(root.best.placements))
        return list(found.values())
    plays = game.legal_plays()
    if plays:
        most = min(plays, key=lambda p: (-p.points, p.placements))
        found.setdefault(most.notation(), Play(most.placements))
    if limit:
        view = game.view(game.to_move)
        evaluator = Evaluator(view)
        ranked = evaluator.ranked(plays)
        for _, play in ranked[:limit]:
            found.setdefault(play.notation(), Play(play.placements))
        if view.exchange_limit and ranked:
            exchange = exchange_choice(
                view.hand, view.exchange_limit, ranked[0][0] + EXCHANGE_MARGIN, evaluator.leave_value
            )
            if exchange is not None:
                found.setdefault(exchange.notation(), exchange)
    return list(found.values())


def move_chances(
    game: Game, move: Move, seed: int = 0, samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES
) -> MoveChances | None:
    """The mover's chances around ``move`` in ``game``'s position (None once the game is over): before it (the table,
    the position as it stands, the mover on move), after it and after the best candidate, all candidates on the same
    deals (seeded by ``seed``)."""
    if game.is_over:
        return None
    moves = candidates(game, move, limit)
    return pick(game, moves, LookAhead(game, samples, seed).chances(moves))


def pick(game: Game, moves: Sequence[Move], values: Sequence[float]) -> MoveChances:
    """The move made (first of ``moves``) against the best of them, from their chances ``values``."""
    best = max(range(len(moves)), key=lambda i: (values[i], -i))  # ties: the earliest, the move made first
    return MoveChances(win_chance(game), values[0], values[best], moves[best].notation())


def win_settings(samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES) -> dict[str, Any]:
    """How the chances are estimated, and the table they come from (its seed, games and levels), for the record."""
    meta = table().meta
    return {
        "samples": samples,
        "candidates": limit,
        "endgame_nodes": ENDGAME_NODES,
        "table": {key: meta.get(key) for key in ("made_by", "levels", "seed", "games", "players_made")},
    }


def _outcome(difference: int) -> float:
    return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0


def _remove(hand: list[Tile], tiles: Sequence[Tile]) -> None:
    for tile in tiles:
        hand.remove(tile)
