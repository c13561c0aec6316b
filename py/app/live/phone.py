"""The phone's side of the live table: its seat and token, the last state it saw, the number of its next move.

A phone opens its join link (the seat and the token come with the offer), sends ``hello()`` once the channel opens,
then takes every text through ``take(text, now)`` and sends what it answers (a pong to a ping). ``move(notation)``
numbers a move and returns its text. ``to_dict`` is what the phone keeps (in its own storage) so that after a
reload, a sleep or a lost network it rejoins with the same token and sees its rack again; ``from_dict`` reads it back.

The phone never decides a move: the table checks every move with the engine. It lights legal cells and scores the
play being made itself, from ``game_of(state)``: a game played on from the public board, its own rack, the other
hands by their count (or shown, in Cubes) and the bag by its count, as ``Game.from_position`` sets it up. That
game's unknown tiles are dealt by an arbitrary seed: ask it only about the player to move's plays now (``legal_plays``,
``legal_cells``, ``refusal``, ``check``, ``exchange_limit``, ``can_roll``), never about draws to come.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from ui.values import Value

from .protocol import (
    MAX_NAME,
    MAX_SEATS,
    MAX_TOKEN,
    Bye,
    ByeReason,
    Hello,
    Move,
    Ping,
    Pong,
    ProtocolError,
    Reject,
    State,
    decode,
    encode,
)
from .table import AWAY_AFTER

if TYPE_CHECKING:
    from qwirkle import Game, TurnResult

KEPT_VERSION = 1
PhoneEventKind = Literal["state", "reject", "ping", "bye", "ignored"]


class PhoneEvent(Value):
    """What a received text was: a new ``state`` (``Phone.state``), a ``reject`` of a move, a ``ping`` (send
    ``reply``), the table's ``bye``, or ``ignored`` (a message a table does not send, or a state for another seat)."""

    __slots__ = ("kind", "message", "reply")

    def __init__(self, kind: PhoneEventKind, message: Any = None, reply: str | None = None) -> None:
        self.kind, self.message, self.reply = kind, message, reply


class Phone:
    """One phone's seat at the live table."""

    def __init__(self, seat: int, token: str, name: str = "", state: State | None = None, next_seq: int = 1) -> None:
        self.seat, self.token, self.name = seat, token, name
        self.state = state  # the last state received
        self.next_seq = next_seq
        self.heard = 0.0  # when the table last said anything (``now`` of ``take``)
        self.reject: Reject | None = None  # the last refusal of a move, until the next state

    def hello(self) -> str:
        """The hello that takes (or takes back) the seat."""
        return encode(Hello(self.seat, self.token, self.state.n if self.state else 0, self.name))

    def move(self, notation: str) -> str:
        """The text of a move in the engine's notation (a play, ``swap ...``, ``roll ...``, ``pass``), numbered."""
        text = encode(Move(self.seat, self.next_seq, notation))
        self.next_seq += 1
        return text

    def bye(self, reason: ByeReason = "leaving") -> str:
        return encode(Bye(reason))

    def take(self, text: str, now: float) -> PhoneEvent:
        """Take a text from the table; ``ProtocolError`` when it is not a message."""
        message = decode(text)
        self.heard = max(self.heard, now)
        if isinstance(message, State):
            if message.seat != self.seat:
                return PhoneEvent("ignored", message)
            self.state, self.reject = message, None
            self.next_seq = max(self.next_seq, message.seq + 1)
            return PhoneEvent("state", message)
        if isinstance(message, Reject):
            expected = message.details.get("expected")
            if message.reason in ("replayed", "skipped") and isinstance(expected, int) and expected > 0:
                self.next_seq = expected  # the table's count wins: the next move is numbered as it waits for
            self.reject = message
            return PhoneEvent("reject", message)
        if isinstance(message, Ping):
            return PhoneEvent("ping", message, encode(Pong(message.at)))
        if isinstance(message, Bye):
            return PhoneEvent("bye", message)
        return PhoneEvent("ignored", message)

    def table_silent(self, now: float) -> bool:
        """Whether the table has said nothing for ``AWAY_AFTER`` seconds (it pings every few): it is gone."""
        return now - self.heard >= AWAY_AFTER

    @property
    def my_turn(self) -> bool:
        state = self.state
        return state is not None and state.over is None and state.turn == self.seat

    def game(self) -> Game | None:
        """The game played on from the last state (``game_of``), None before the first."""
        return None if self.state is None else game_of(self.state)

    # -- kept across a reload -------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """What the phone keeps to rejoin: its seat, token, name, next move number and the last state's text."""
        return {
            "version": KEPT_VERSION,
            "seat": self.seat,
            "token": self.token,
            "name": self.name,
            "next": self.next_seq,
            "state": None if self.state is None else encode(self.state),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Phone:
        """The phone kept by ``to_dict``; ``ValueError`` naming what is wrong (the page then forgets it)."""
        if not isinstance(data, dict) or data.get("version") != KEPT_VERSION:
            raise ValueError("version: expected a phone of version 1")
        seat, token, name, nxt = data.get("seat"), data.get("token"), data.get("name"), data.get("next")
        if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < MAX_SEATS):
            raise ValueError("seat: expected a seat from 0 to 3")
        if not (isinstance(token, str) and 0 < len(token) <= MAX_TOKEN):
            raise ValueError(f"token: expected a text of 1 to {MAX_TOKEN} characters")
        if not (isinstance(name, str) and len(name) <= MAX_NAME):
            raise ValueError(f"name: expected a text of at most {MAX_NAME} characters")
        if not (isinstance(nxt, int) and not isinstance(nxt, bool) and nxt >= 1):
            raise ValueError("next: expected a move number from 1")
        kept = data.get("state")
        try:
            state = None if kept is None else decode(kept) if isinstance(kept, str) else None
        except ProtocolError as error:
            raise ValueError(f"state: {error}") from None
        if kept is not None and not (isinstance(state, State) and state.seat == seat):
            raise ValueError("state: expected the text of a state of this seat")
        return cls(seat, token, name, state if isinstance(state, State) else None, nxt)


def game_of(state: State) -> Game:
    """A game going on from ``state``: the board, the receiver's rack, the other hands (by count unless shown), the
    bag's count, the scores, the seat to move, the passes and the Cubes re-roll. ``NotationError`` (a ``ValueError``)
    names the field of a state that no game could show.

    >>> from qwirkle import Tile
    >>> state = State(3, 1, "classic", 108, (), "Ro@0,0 Rs@1,0", (6, "Rd Bo Gc Yx Pt Os"), 94, (2, 0), 1)
    >>> game = game_of(state)
    >>> game.to_move, max(p.points for p in game.legal_plays()), sorted(game.legal_cells(Tile.from_notation("Rd")))
    (1, 3, [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)])
    """
    from qwirkle import Game, Position

    position = Position.of(
        state.variant,
        tiles=state.tiles,
        hands=list(state.hands),
        board=state.board,
        bag=state.bag,
        scores=state.scores,
        to_move=state.turn,
        passes=state.passes,
        rolled=state.rolled,
    )
    names = [p.name for p in state.players] if len(state.players) == len(state.hands) else None
    return Game.from_position(position, names)


def follow(game: Game, before: State, state: State) -> TurnResult | None:
    """``game`` (the game of ``before``: ``game_of`` or ``follow`` made it) moved on to ``state`` by the one move
    between them, as every player saw it: the other seat's played tiles revealed in its hand first, the receiver's
    new tiles after (``Game.reveal``). The move's result; None when ``state`` is not the next move of ``game`` (a gap,
    a rejoin, another seat's exchange or pass, Cubes' dice, the end of the game) or ``game`` does not then show
    what ``state`` shows: ``game`` must be made anew (``game_of``), and may have been changed.

    >>> from app.live.protocol import Turn
    >>> first = State(1, 0, "classic", 108, (), "Ro@0,0", ("Rs Bs Bo Yc Gd Gc", 6), 95, (1, 0), 1, moves=1)
    >>> game = game_of(first)
    >>> played = Turn(1, "play", "Rd@0,1", 2, 1, 0)
    >>> after = State(2, 0, "classic", 108, (), "Ro@0,0 Rd@0,1", (first.rack, 6), 94, (1, 2), 0, moves=2,
    ...               recent=(played,))
    >>> follow(game, first, after).points, game.position().hidden(0) == game_of(after).position().hidden(0)
    (2, True)
    """
    from qwirkle import IllegalMoveError, Tile
    from qwirkle.notation import Placement, canonical, parse_move
    from qwirkle.tiles import parse_tiles, tiles_notation

    if (
        state.moves != before.moves + 1
        or not state.recent
        or state.over is not None
        or (state.seat, state.variant, state.tiles) != (before.seat, before.variant, before.tiles)
        or game.variant.hands_open
        or game.variant.dice
    ):
        return None
    turn = state.recent[-1]
    if turn.move is None or turn.seat != game.to_move:
        return None
    unseen = [s for s in range(len(state.hands)) if s != state.seat]
    try:
        move = parse_move(turn.move)
        if turn.seat != state.seat:
            played: list[Tile] = [p.tile for p in getattr(move, "placements", ())]
            game.reveal(turn.seat, played, unseen)
        result = game.apply(move)
        game.reveal(state.seat, parse_tiles(state.rack), unseen)
    except (ValueError, IllegalMoveError):
        return None
    board = " ".join(p.notation() for p in canonical(Placement(t, c) for c, t in game.board.tiles.items()))
    counts = tuple(len(h) if s != state.seat else tiles_notation(h) for s, h in enumerate(game.hands))
    shown = (board, counts, game.bag_count, game.scores, game.to_move, game.position().passes, game.has_rolled)
    wanted = (state.board, state.hands, state.bag, state.scores, state.turn, state.passes, state.rolled)
    return result if shown == wanted and not game.is_over else None
