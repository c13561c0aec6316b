"""A whole game: deal, opening, turns, drawing, end, undo, player views.

>>> game = Game.new("classic", ["Ann", "Bob"], seed=1)
>>> best = max(game.legal_plays(), key=lambda p: p.points)
>>> game.apply(Play(best.placements)).points == best.points
True
>>> _ = game.undo(); len(game.board)
0
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Literal, NamedTuple

from .board import Board, FrozenBoard
from .chance import LATEST, Chance
from .errors import IllegalMoveError
from .limits import check_options
from .movegen import ScoredPlay, can_place, legal_plays
from .notation import Cell, Exchange, Move, MoveKind, Pass, Placement, Play, Roll, canonical, parse_move
from .position import Position
from .rules import Score, ScoredLine, score_play
from .tiles import HAND_SIZE as HAND_SIZE
from .tiles import Tile, combination_attribute, largest_combination, tiles_notation
from .variants import Variant, find_variant
from .view import PlayerView, PublicTurn

EndReason = Literal["out", "blocked"]  # C9: a player went out; C10: nothing more can be played
END_BONUS = 6
MAX_FORCED_ROLLS = 100  # Q4: bound on re-rolls when no die can be placed


# The game's records are NamedTuples, its mutable state a plain class: Pyodide takes 1 to 3 ms to make each
# dataclass when its module is imported (it writes and compiles the methods), and a returning player waits for that
# before the rack is drawn (bench/resumepython.py). TurnResult stays a dataclass: a NamedTuple's ``count`` is a method.
class Options(NamedTuple):
    """Everything that, with the moves, defines a game exactly."""

    variant: str
    players: tuple[str, ...]
    seed: int
    ages: tuple[int | None, ...] | None = None
    tiles: int | None = None  # Flex: 72 or 108
    version: int = LATEST  # the record version: how chance deals (``chance``) and whether the board can die
    start: str | None = None  # the position's text of a game set up by ``Game.from_position``; None: dealt by the seed

    def to_json(self) -> dict[str, Any]:
        """The options as a record holds them (its ``version`` is written beside them, ``record.to_record``)."""
        return {
            "variant": self.variant,
            "players": list(self.players),
            "seed": self.seed,
            "ages": list(self.ages) if self.ages else None,
            "tiles": self.tiles,
        }


class Opening(NamedTuple):
    """C2/Q2: who starts and why, as dealt (the UI explains it from these facts alone).

    >>> game = Game.new("cubes", ["Ann", "Bob"], seed=3, ages=[30, 30])
    >>> opening = game.opening
    >>> opening.rule, opening.youngest, opening.attribute in ("color", "shape")
    ('Q2', True, True)
    >>> sorted(opening.to_json())
    ['attribute', 'by_age', 'rule', 'sizes', 'starter', 'tied', 'youngest']
    """

    sizes: tuple[int, ...]  # each player's largest combination
    starter: int
    tied: tuple[int, ...]  # players sharing the largest size
    by_age: bool  # the tie was broken by age
    rule: str = "C2"  # the rule that chose the starter: C2, or Q2 in Cubes
    attribute: str = "color"  # what the starter's largest combination shares: "color" or "shape"
    youngest: bool = False  # a tie of known ages goes to the youngest (Q2), not the oldest (C2)

    def to_json(self) -> dict[str, Any]:
        return {
            "sizes": list(self.sizes),
            "starter": self.starter,
            "tied": list(self.tied),
            "by_age": self.by_age,
            "rule": self.rule,
            "attribute": self.attribute,
            "youngest": self.youngest,
        }


@dataclass(frozen=True)
class TurnResult:
    """What a move did: the public record of one turn (or one Cubes re-roll)."""

    seat: int
    move: str  # notation of the move as given
    kind: MoveKind
    lines: tuple[ScoredLine, ...] = ()
    end_bonus: int = 0
    count: int = 0  # tiles played, exchanged or re-rolled
    forced_rolls: int = 0  # Q4: re-rolls of the whole hand made for the player
    forced_pass: bool = False  # Q4: still nothing to place after the bound
    ended: EndReason | None = None  # when the game ended here

    @property
    def points(self) -> int:
        return sum(line.points for line in self.lines) + self.end_bonus

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "move": self.move,
            "kind": self.kind,
            "points": self.points,
            "breakdown": [line.to_json() for line in self.lines],
            "end_bonus": self.end_bonus,
            "count": self.count,
            "forced_rolls": self.forced_rolls,
            "forced_pass": self.forced_pass,
            "ended": self.ended,
        }


class LegalMoves(NamedTuple):
    """The legal moves of the player to move, by kind (distinct tile choices only)."""

    plays: tuple[ScoredPlay, ...]
    exchanges: tuple[Exchange, ...]
    rolls: tuple[Roll, ...]
    can_pass: bool


def _sub_hands(hand: Sequence[Tile], limit: int) -> list[tuple[Tile, ...]]:
    """Distinct non-empty choices of at most ``limit`` tiles from a hand (copies are alike)."""
    choices: set[tuple[Tile, ...]] = set()
    ordered = sorted(hand)
    for mask in range(1, 1 << len(ordered)):
        picked = tuple(t for i, t in enumerate(ordered) if mask >> i & 1)
        if len(picked) <= limit:
            choices.add(picked)
    return sorted(choices)


class _State:
    """The mutable part of a game (the history is kept apart: it only grows and shrinks at its end)."""

    __slots__ = ("board", "bag", "hands", "scores", "to_move", "opening", "rolled", "passes", "ended")

    def __init__(self, board: Board, bag: list[Tile], hands: list[list[Tile]], scores: list[int], to_move: int) -> None:
        self.board, self.bag, self.hands, self.scores, self.to_move = board, bag, hands, scores, to_move
        self.opening = True
        self.rolled = False
        self.passes = 0
        self.ended: EndReason | None = None


class _Undo(NamedTuple):
    """What a move may change, in its state just before the move: enough to take it back, and of a size that does
    not grow with the game (no history, no board copy, the generator as one position), so that replaying a record is
    linear."""

    placed: tuple[Cell, ...]  # the cells the move filled (a play), emptied again on undo
    bag: tuple[Tile, ...]
    hands: tuple[tuple[Tile, ...], ...]
    scores: tuple[int, ...]
    to_move: int
    opening: bool
    rolled: bool
    passes: int
    ended: EndReason | None
    chance: int  # ``Chance.position()``

    @classmethod
    def of(cls, state: _State, placed: tuple[Cell, ...], chance: int) -> _Undo:
        return cls(
            placed,
            tuple(state.bag),
            tuple(tuple(h) for h in state.hands),
            tuple(state.scores),
            state.to_move,
            state.opening,
            state.rolled,
            state.passes,
            state.ended,
            chance,
        )

    def restore(self, state: _State) -> None:
        for cell in self.placed:
            state.board.tiles.pop(cell, None)
        state.bag[:] = self.bag
        state.hands[:] = [list(h) for h in self.hands]
        state.scores[:] = self.scores
        state.to_move, state.opening, state.rolled = self.to_move, self.opening, self.rolled
        state.passes, state.ended = self.passes, self.ended


class Game:
    """A game of any variant. Every move goes through ``apply``; a refused move changes nothing."""

    def __init__(self, options: Options) -> None:
        self.variant: Variant = find_variant(options.variant)
        variant = self.variant
        if not variant.min_players <= len(options.players) <= variant.max_players:
            raise ValueError(
                f"players: {variant.title} is played by {variant.min_players} to {variant.max_players} players (C1)"
            )
        if options.ages is not None and len(options.ages) != len(options.players):
            raise ValueError("ages: give one age (or null) per player")
        check_options(options.players)
        self.options = options
        self.full_set = self.variant.tiles(options.tiles)
        self._pieces = Counter(map(self.variant.identity, self.full_set))
        self.chance = Chance(options.seed, options.version)
        if options.start is None:
            bag = list(self.full_set)
            self.chance.shuffle(bag)
            self._state = _State(Board(), bag, [[] for _ in options.players], [0] * len(options.players), 0)
            for hand in self._state.hands:
                self._draw(hand, HAND_SIZE)
            self.opening = self._choose_starter()
            self._state.to_move = self.opening.starter
        else:
            self._set_up(Position.parse(options.start))
        self._history: list[TurnResult] = []
        self._undo: list[_Undo] = []
        self._revision = 0  # bumped by every move made or taken back: the legal plays' cache key
        self._plays: tuple[tuple[Any, ...], list[ScoredPlay]] | None = None
        self._shown: tuple[tuple[int, int], FrozenBoard] | None = None  # ``board``, by revision

    @classmethod
    def new(
        cls,
        variant: str,
        players: Sequence[str],
        seed: int,
        ages: Sequence[int | None] | None = None,
        tiles: int | None = None,
        version: int = LATEST,
    ) -> Game:
        return cls(Options(variant, tuple(players), seed, tuple(ages) if ages else None, tiles, version))

    @classmethod
    def from_position(cls, position: Position | str, players: Sequence[str] | None = None, seed: int = 0) -> Game:
        """A game going on from ``position`` (a ``Position`` or its text): the hands not shown and a bag given by its
        count are dealt by ``seed``, which also makes every later draw and roll. ``players`` names the seats (default
        ``A``, ``B``...). ``NotationError`` names the field of a position no game could show.

        >>> game = Game.from_position("classic board=Ro@0,0 hands=Rs/Bs+Gd bag=- scores=5/3 turn=0")
        >>> game.apply("Rs@1,0").points, game.is_over, game.scores
        (8, True, (13, 3))
        """
        if isinstance(position, str):
            position = Position.parse(position)
        names = tuple(players) if players is not None else tuple("ABCD"[: len(position.hands)])
        if len(names) != len(position.hands):
            raise ValueError(f"players: give one name for each of the position's {len(position.hands)} seats")
        return cls(Options(position.variant, names, seed, None, position.tiles, LATEST, str(position)))

    def _set_up(self, position: Position) -> None:
        """The state of a game set up from a position (its own ``Options`` say which: ``start``)."""
        if self.variant.name != position.variant or len(self.options.players) != len(position.hands):
            raise ValueError("start: the position's rule set and seats are not the options'")
        hands, bag = position.dealt(self.chance)
        state = self._state = _State(Board(), bag, hands, list(position.scores), position.to_move)
        state.board.tiles.update((p.cell, p.tile) for p in position.board)
        state.opening, state.rolled, state.passes = not position.board, position.rolled, position.passes
        self.opening = self._choose_starter(position.to_move)  # the position checked its starter (hands shown)
        if not bag and not all(hands):
            state.ended = "out"
        elif state.passes >= len(hands) or self._board_dead():
            state.ended = "blocked"

    def position(self) -> Position:
        """The position now, every hand and the bag's order shown (``Position.hidden`` hides what a seat cannot
        see). ``Game.from_position`` goes on from it; chance from there is its seed's.

        >>> game = Game.new("classic", ["Ann", "Bob"], seed=1)
        >>> again = Game.from_position(game.position())
        >>> again.position() == game.position(), again.hands == game.hands, again.bag_count
        (True, True, 96)
        """
        state = self._state
        return Position(
            self.variant.name,
            len(self.full_set),
            canonical(Placement(tile, cell) for cell, tile in state.board.tiles.items()),
            tuple(tuple(hand) for hand in state.hands),
            tuple(reversed(state.bag)),
            tuple(state.scores),
            state.to_move,
            state.passes,
            state.rolled,
        )

    # -- read-only state -------------------------------------------------------------------------
    @property
    def board(self) -> FrozenBoard:
        """The board now, read-only (a change raises ``TypeError``); ``board.copy()`` gives one to change. A snapshot:
        it stays as it was when the game moves on."""
        key = (self._revision, len(self._state.board))
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, FrozenBoard(self._state.board.tiles))
        return self._shown[1]

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        return tuple(tuple(h) for h in self._state.hands)

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self._state.scores)

    @property
    def to_move(self) -> int:
        return self._state.to_move

    @property
    def bag_count(self) -> int:
        return len(self._state.bag)

    @property
    def history(self) -> tuple[TurnResult, ...]:
        return tuple(self._history)

    @property
    def is_opening(self) -> bool:
        return self._state.opening

    @property
    def has_rolled(self) -> bool:
        """Cubes: the player to move has used their re-roll (Q3)."""
        return self._state.rolled

    @property
    def is_over(self) -> bool:
        return self._state.ended is not None

    @property
    def end_reason(self) -> EndReason | None:
        return self._state.ended

    @property
    def moves(self) -> tuple[str, ...]:
        """The record: every move in notation, in order."""
        return tuple(turn.move for turn in self._history)

    def winners(self) -> tuple[int, ...]:
        """C9: the seats with the highest score (several on a tie)."""
        best = max(self._state.scores)
        return tuple(i for i, s in enumerate(self._state.scores) if s == best)

    def opening_size(self) -> int | None:
        """C2: the number of tiles the starter must place, while the opening is pending."""
        return self.opening.sizes[self.opening.starter] if self._state.opening else None

    # -- what the player to move may do -----------------------------------------------------------
    def legal_plays(self) -> list[ScoredPlay]:
        """Every distinct play of the player to move, with its points."""
        if self.is_over:
            return []
        hand = self._state.hands[self.to_move]
        key = (self._revision, len(self._history), self.to_move, tuple(hand), len(self._state.board.tiles))
        if self._plays is None or self._plays[0] != key:  # once per position: every caller of a turn shares it
            self._plays = (key, legal_plays(self._state.board, hand, self.variant, self.opening_size()))
        return list(self._plays[1])

    def legal_moves(self) -> LegalMoves:
        """Everything the player to move may do: plays, exchanges, Cubes re-rolls, pass."""
        hand = self._state.hands[self.to_move]
        return LegalMoves(
            tuple(self.legal_plays()),
            tuple(Exchange(tiles) for tiles in _sub_hands(hand, self.exchange_limit())),
            tuple(Roll(tiles) for tiles in _sub_hands(hand, len(hand) if self.can_roll() else 0)),
            self.can_pass(),
        )

    def exchange_limit(self) -> int:
        """How many tiles the player to move may exchange now (0: exchange not allowed)."""
        if not self.variant.allows("exchange") or self._state.opening or self.is_over:
            return 0
        return min(len(self._state.bag), len(self._state.hands[self.to_move]))

    def can_roll(self) -> bool:
        """Cubes (Q3): the player to move may re-roll dice now."""
        return self.variant.allows("roll") and not self._state.opening and not self._state.rolled and not self.is_over

    def can_pass(self) -> bool:
        """C3/C10: only a player with no play and no exchange passes (never in Cubes, Q4)."""
        return (
            not self.is_over and self.variant.allows("pass") and self.exchange_limit() == 0 and not self.legal_plays()
        )

    # -- moves -----------------------------------------------------------------------------------
    def apply(self, move: Move | str) -> TurnResult:
        """Play a move of the player to move; raise ``IllegalMoveError`` (rule id) and change nothing
        when it is refused, ``NotationError`` when a string is not a move."""
        if isinstance(move, str):
            move = parse_move(move)
        if self.is_over:
            raise IllegalMoveError("C9", "the game is over", reason="game_over")
        before = _Undo.of(self._state, (), self.chance.position())
        try:
            if isinstance(move, Play):
                result = self._play(move)
            elif isinstance(move, Exchange):
                result = self._exchange(move)
            elif isinstance(move, Roll):
                result = self._roll(move)
            elif isinstance(move, Pass):
                result = self._pass(move)
            else:
                raise TypeError(f"move: expected a Play, Exchange, Roll, Pass or notation, got {type(move).__name__}")
        except BaseException:
            self._restore(before)  # a refused move changed nothing on the board: only plays fill cells
            raise
        if isinstance(move, Play):
            before = before._replace(placed=tuple(p.cell for p in move.placements))
        self._undo.append(before)
        self._history.append(result)
        self._revision += 1
        return result

    def reveal(self, seat: int, tiles: Sequence[Tile], unseen: Sequence[int]) -> None:
        """``seat``'s hand holds ``tiles`` first (in that order), in a game whose hands not shown and bag were dealt by
        its seed (``from_position``) and are learnt as the game goes on (a player's own game: another seat's tiles
        once played, its own new tiles once drawn). Each tile the hand lacks comes from the bag or a hand of
        ``unseen`` (seats whose tiles are not known) in exchange for one of the hand's other tiles, so every piece
        stays in play once. Not a move (no score, turn or history; ``undo`` does not take it back). ``ValueError``
        when a tile is not among those pieces, or the rule set's dice show faces (Q1), and the game is unchanged.

        >>> game = Game.from_position("classic board=Ro@0,0 hands=Rs+Bs+Bo+Yc+Gd+Gc/6 bag=95")
        >>> game.reveal(1, [Tile.from_notation("Pd"), Tile.from_notation("Pd")], unseen=[])
        >>> tiles_notation(game.hands[1][:2]), len(game.hands[1]), game.bag_count
        ('Pd Pd', 6, 95)
        >>> game.reveal(1, [Tile.from_notation("Ro")] * 3, unseen=[])
        Traceback (most recent call last):
            ...
        ValueError: reveal: Ro is not among the pieces not seen
        """
        if self.variant.dice:
            raise ValueError("reveal: dice show faces rolled (Q1): set the game up from its position")
        state = self._state
        hand, wanted = state.hands[seat], list(tiles)
        rest = list(hand)
        missing = []
        for tile in wanted:
            if tile in rest:
                rest.remove(tile)
            else:
                missing.append(tile)
        if len(wanted) > len(hand):
            raise ValueError(f"reveal: seat {seat} holds {len(hand)} tiles, not {len(wanted)}")
        pools = [state.bag] + [state.hands[s] for s in unseen if s != seat]
        found: list[tuple[list[Tile], int]] = []
        taken: set[tuple[int, int]] = set()
        for tile in missing:
            places = ((p, i) for p, pool in enumerate(pools) for i, t in enumerate(pool) if t == tile)
            place = next((place for place in places if place not in taken), None)
            if place is None:
                raise ValueError(f"reveal: {tile.notation()} is not among the pieces not seen")
            taken.add(place)
            found.append((pools[place[0]], place[1]))
        for (pool, i), given in zip(found, rest[len(rest) - len(found) :], strict=True):
            pool[i] = given
        hand[:] = wanted + rest[: len(rest) - len(found)]
        self._revision += 1

    def undo(self) -> TurnResult:
        """Take back the last move (a Cubes re-roll is a move of its own)."""
        if not self._undo:
            raise IllegalMoveError("C3", "there is no move to undo", reason="nothing_to_undo")
        self._restore(self._undo.pop())
        self._revision += 1
        return self._history.pop()

    def _restore(self, before: _Undo) -> None:
        before.restore(self._state)
        self.chance.seek(before.chance)

    def _take_from_hand(self, tiles: Sequence[Tile], rule: str) -> list[Tile]:
        hand = list(self._state.hands[self.to_move])
        for tile in tiles:
            if tile not in hand:
                raise IllegalMoveError(
                    rule,
                    f"{tile.describe()} ({tile.notation()}) is not in the hand",
                    reason="not_in_hand",
                    details={"tile": tile.notation()},
                )
            hand.remove(tile)
        return hand

    def _draw(self, hand: list[Tile], count: int) -> None:
        """C7: draw up to ``count`` tiles, each as the variant has it enter a hand (Q1: dice are rolled)."""
        drawn = self.variant.drawn
        for _ in range(min(count, len(self._state.bag))):
            hand.append(drawn(self._state.bag.pop(), self.chance))

    def check(self, placements: Sequence[Placement]) -> Score:
        """Judge a play of the player to move without making it: its score, or ``IllegalMoveError``."""
        if self.is_over:
            raise IllegalMoveError("C9", "the game is over", reason="game_over")
        self._take_from_hand([p.tile for p in placements], "C4")
        size = self.opening_size()
        if size is not None and len(placements) != size:
            raise IllegalMoveError(
                "C2",
                f"the opening must place the largest combination: {size} tiles",
                [p.cell for p in placements],
                "opening_size",
                {"size": size},
            )
        return score_play(self._state.board, placements, self.variant)

    def refusal(self, tile: Tile, cell: Cell, pending: Sequence[Placement] = ()) -> IllegalMoveError | None:
        """Why ``tile`` (of the hand of the player to move) may not go on ``cell``, given the tiles already put
        down this turn; None when it may (``cell`` is one of ``legal_cells(tile, pending)``).

        The refusal is the rule the partial play breaks; when the partial play is fine in itself but no legal play
        completes it, C2 ``opening_unreachable`` (the opening cannot reach its size) or C5 ``not_legal``.

        >>> game = Game.new("classic", ["Ann", "Bob"], seed=355)
        >>> game.describe_hand(game.to_move), game.opening_size()
        ('Rt Gc Ot Rs Gs Go', 3)
        >>> Gc, Gs, Rt = map(Tile.from_notation, ["Gc", "Gs", "Rt"])
        >>> game.refusal(Gc, (0, 0)) is None
        True
        >>> game.refusal(Gs, (1, 1), [Placement(Gc, (0, 0))]).reason
        'not_aligned'
        >>> why = game.refusal(Rt, (0, 0))
        >>> why.rule, why.reason, why.details
        ('C2', 'opening_unreachable', {'tile': 'Rt', 'size': 3})
        """
        if cell in self.legal_cells(tile, pending):
            return None
        placements = [*pending, Placement(tile, cell)]
        try:
            self.check(placements)
        except IllegalMoveError as error:
            if error.reason != "opening_size":
                return error
            try:  # an opening under its size: still the rules of a play (C4, C5)
                score_play(self._state.board, placements, self.variant)
            except IllegalMoveError as broken:
                return broken
        details = {"tile": tile.notation()}
        size = self.opening_size()
        if size is not None:
            return IllegalMoveError(
                "C2",
                f"no opening of {size} tiles holds {tile.describe()} on {cell[0]},{cell[1]} "
                "with the tiles already placed",
                [cell],
                "opening_unreachable",
                {**details, "size": size},
            )
        return IllegalMoveError(
            "C5", f"{tile.describe()} cannot go on {cell[0]},{cell[1]}", [cell], "not_legal", details
        )

    def legal_cells(self, tile: Tile, pending: Sequence[Placement] = ()) -> set[Cell]:
        """Cells where ``tile`` may go next, given the tiles already put down this turn: those of
        every legal play that holds the pending placements and this tile."""
        wanted = set(pending)
        cells: set[Cell] = set()
        for play in self.legal_plays():
            if wanted.issubset(play.placements):
                cells.update(p.cell for p in play.placements if p.tile == tile and p not in wanted)
        return cells

    def _play(self, play: Play) -> TurnResult:
        seat = self.to_move
        tiles = [p.tile for p in play.placements]
        score = self.check(play.placements)
        hand = self._take_from_hand(tiles, "C4")
        state = self._state
        for placement in play.placements:
            state.board.tiles[placement.cell] = placement.tile
        state.hands[seat] = hand
        state.opening = False
        state.passes = 0
        self._draw(hand, HAND_SIZE - len(hand))
        bonus = END_BONUS if not hand else 0
        state.scores[seat] += score.points + bonus
        result = TurnResult(
            seat, play.notation(), "play", score.lines, bonus, len(tiles), ended="out" if bonus else None
        )
        if bonus:
            state.ended = "out"
        elif self._board_dead():
            state.ended = "blocked"
            result = replace(result, ended="blocked")
        else:
            self._next_player()
        return result

    def _board_dead(self) -> bool:
        """C10 (record version 2 on): no piece left, in a hand or in the bag, can ever be placed on the board.

        Only plays change the board, and a play always holds a tile that could be placed alone (its lines without
        the other placed tiles are parts of valid lines), so nothing can be played again: the players could only
        exchange, or re-roll, forever. Version-1 records were made without this end and replay without it."""
        if self.options.version < 2:
            return False
        variant = self.variant
        left = Counter(self._pieces)
        left.subtract(map(variant.identity, self._state.board.tiles.values()))
        faces = {face for piece, count in left.items() if count > 0 for face in variant.faces(piece)}
        return not can_place(self._state.board, faces, variant)

    def _exchange(self, exchange: Exchange) -> TurnResult:
        refusal = self.variant.move_refusal("exchange")
        if refusal:
            raise refusal
        if not exchange.tiles:
            raise IllegalMoveError("C8", "an exchange puts back at least one tile", reason="empty")
        if self._state.opening:
            raise IllegalMoveError("C2", "the starter must play the opening combination", reason="opening")
        bag = self._state.bag
        if len(exchange.tiles) > len(bag):
            rule = "C9" if not bag else "C8"
            raise IllegalMoveError(
                rule,
                f"the bag holds {len(bag)} tiles: cannot exchange {len(exchange.tiles)}",
                reason="bag_too_small",
                details={"bag": len(bag)},
            )
        hand = self._take_from_hand(exchange.tiles, "C8")
        self._draw(hand, len(exchange.tiles))
        bag.extend(exchange.tiles)
        self.chance.shuffle(bag)
        self._state.hands[self.to_move] = hand
        self._state.passes = 0
        result = TurnResult(self.to_move, exchange.notation(), "exchange", count=len(exchange.tiles))
        self._next_player()
        return result

    def _roll(self, roll: Roll) -> TurnResult:
        refusal = self.variant.move_refusal("roll")
        if refusal:
            raise refusal
        if self._state.opening:
            raise IllegalMoveError("Q2", "the opening is played with the dice as rolled", reason="opening")
        if self._state.rolled:
            raise IllegalMoveError("Q3", "dice may be re-rolled only once per turn", reason="rolled_twice")
        if not roll.tiles:
            raise IllegalMoveError("Q3", "a re-roll takes at least one die", reason="empty")
        seat = self.to_move
        hand = self._take_from_hand(roll.tiles, "Q3")
        drawn = self.variant.drawn
        hand.extend(drawn(die, self.chance) for die in roll.tiles)
        self._state.hands[seat] = hand
        self._state.rolled = True
        forced = 0
        while not self.legal_plays() and forced < MAX_FORCED_ROLLS:
            forced += 1
            self._state.hands[seat] = [drawn(die, self.chance) for die in self._state.hands[seat]]
        stuck = not self.legal_plays()
        result = TurnResult(
            seat, roll.notation(), "roll", count=len(roll.tiles), forced_rolls=forced, forced_pass=stuck
        )
        if stuck:
            self._state.passes += 1
            self._next_player()
            if self._state.passes >= len(self._state.hands):
                self._state.ended = "blocked"
                result = replace(result, ended="blocked")
        return result

    def _pass(self, move: Pass) -> TurnResult:
        refusal = self.variant.move_refusal("pass")
        if refusal:
            raise refusal
        if self.exchange_limit():
            raise IllegalMoveError(
                "C3", "a player who cannot play must exchange while the bag has tiles", reason="exchange_instead"
            )
        if self.legal_plays():
            raise IllegalMoveError("C3", "a player may pass only when no tile can be played", reason="can_play")
        self._state.passes += 1
        result = TurnResult(self.to_move, "pass", "pass")
        self._next_player()
        if self._state.passes >= len(self._state.hands):
            self._state.ended = "blocked"
            result = TurnResult(result.seat, "pass", "pass", ended="blocked")
        return result

    def _next_player(self) -> None:
        self._state.to_move = (self._state.to_move + 1) % len(self._state.hands)
        self._state.rolled = False

    def _choose_starter(self, starter: int | None = None) -> Opening:
        """C2/Q2: the largest combination starts; ties go to the oldest (Cubes: the youngest) when
        every tied player's age is known, else to the first tied player in seat order (or to ``starter``, the seat to
        move of a position)."""
        hands = self._state.hands
        sizes = tuple(largest_combination(hand) for hand in hands)
        best = max(sizes)
        tied = tuple(i for i, s in enumerate(sizes) if s == best)
        ages = self.options.ages
        by_age = False
        if starter is None:
            starter = tied[0]
        if len(tied) > 1 and ages:
            known = [age for age in (ages[i] for i in tied) if age is not None]
            if len(known) == len(tied):
                target = self.variant.break_tie(known)
                starter, by_age = next(i for i in tied if ages[i] == target), True
        return Opening(
            sizes,
            starter,
            tied,
            by_age,
            self.variant.opening_rule,
            combination_attribute(hands[starter]),
            not self.variant.oldest_starts,
        )

    # -- views -----------------------------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What the player in ``seat`` may see; AI players only ever receive this."""
        hands = self.hands
        history = tuple(
            PublicTurn(t.seat, t.kind, t.move if t.kind != "exchange" or t.seat == seat else None, t.points, t.count)
            for t in self._history
        )
        mine = seat == self.to_move
        return PlayerView(
            seat,
            self.variant,
            self._state.board.copy(),
            hands[seat],
            tuple(len(h) for h in hands),
            hands if self.variant.hands_open else None,
            self.bag_count,
            self.scores,
            self.to_move,
            self.opening_size() if mine else None,
            self.exchange_limit() if mine else 0,
            self.can_roll() if mine else False,
            tuple(self.full_set),
            history,
            self.is_over,
        )

    def describe_hand(self, seat: int) -> str:
        return tiles_notation(self._state.hands[seat])
