"""The table's authority over its phone seats: who holds each seat, which moves it has sent, whether it is there.

The page opens a link for a seat (``open_link``: an id it keeps beside its WebRTC link, one per join or rejoin code),
hands every received text to ``receive(link, text, now)``, reports a channel that closed or failed
(``closed``), calls ``tick(now)`` about every second and ``broadcast(now)`` whenever the game changed by another
hand (a computer, a human on the table, an undo). Each returns an ``Outcome``: the texts to send on which links,
the links to close and notes for the table's screen. Nothing here reads a clock or the DOM: ``now`` is seconds from
any fixed start (the page's ``performance.now() / 1000``).

* **Seats.** Each phone seat has a token from ``secrets`` (never the game's seeded generator), shown only in its join
  link, and a state: ``waiting`` (never joined), ``connected``, ``away`` (silent for ``AWAY_AFTER`` seconds, its
  channel closed, or it said bye). A hello with the seat's token on a link opened for that seat takes the seat;
  the same token on a new link takes it back after a leave, with the seat's rack in the state it receives.
* **Moves.** Numbered per seat from 1 (``seq``): each must be the next; a replayed or skipped number is refused and
  changes nothing (the reject's ``details["expected"]`` is the number the table waits for). A move in order uses its
  number whatever follows: a move of another seat, out of turn, after the end or refused by the engine (through the
  page's ``apply``, which runs the engine and answers its refusal with the rule id) is rejected; an accepted move
  sends the new state to every connected seat.
* **Refusals.** Malformed or oversize texts, unknown kinds, a wrong token, a second link claiming a taken seat, a
  hello for another seat: each is answered with a ``reject`` on that link only and noted (``TableNote`` "refused");
  nothing changes and the other seats carry on. A refused hello also closes its link (a seat that link held is
  away at once).
* **Liveness.** Every link with a seat is pinged every ``PING_EVERY`` seconds; any text from it counts as heard; a
  seat silent for ``AWAY_AFTER`` seconds is away, so a sleeping phone shows away within 20 s of its last word.
* **Reload.** ``to_dict`` is what the table keeps beside the save (tokens, each seat's last move number and whether
  it has joined, the state number): ``from_dict`` rebuilds it, every joined seat away until it rejoins.
"""

from __future__ import annotations

import hmac
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeGuard

from ui.values import Value

from .protocol import MAX_NAME, Bye, Hello, Message, Move, Ping, Player, Pong, ProtocolError, Reject, decode, encode
from .view import state_for, state_text

if TYPE_CHECKING:
    from qwirkle import Game

PING_EVERY = 5.0
AWAY_AFTER = 15.0
TOKEN_BYTES = 12  # 16 characters of base64url: short in the join link's QR code, beyond any guessing
KEPT_VERSION = 1
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
Kept = tuple[int, dict[int, tuple[str, int, bool, str]]]

SeatState = Literal["waiting", "connected", "away"]
NoteKind = Literal["joined", "rejoined", "away", "left", "moved", "refused"]
# The table's own reasons for a reject, beside the protocol's (``ProtocolReason``) and the engine's.
TableReason = Literal[
    "unknown_link",  # a link the table did not open (or closed)
    "hello_first",  # a move before the link said hello
    "wrong_seat",  # a hello or move naming another seat than the link's
    "wrong_token",
    "seat_taken",  # another link holds the seat and is there
    "replayed",  # a move number already used
    "skipped",  # a move number beyond the next
    "not_your_turn",
    "unexpected",  # a kind the table sends, not one it takes (state, reject, ping)
]


class Refusal(Protocol):
    """What the page's ``apply`` answers for a refused move: the engine's ``IllegalMoveError`` is one."""

    @property
    def rule(self) -> str: ...
    @property
    def reason(self) -> str: ...
    @property
    def details(self) -> dict[str, Any]: ...


Apply = Callable[[int, str], "Refusal | None"]


class Send(Value):
    """A text to send on a link."""

    __slots__ = ("link", "text")

    def __init__(self, link: str, text: str) -> None:
        self.link, self.text = link, text


class TableNote(Value):
    """Something for the table's screen: a seat joined, rejoined, went away or left, moved, or a refusal (``reason``:
    the protocol's, the table's or the engine's reason code, with the engine's ``rule`` id)."""

    __slots__ = ("kind", "seat", "link", "reason", "rule", "name")

    def __init__(
        self, kind: NoteKind, seat: int | None, link: str, reason: str = "", rule: str | None = None, name: str = ""
    ) -> None:
        self.kind, self.seat, self.link, self.reason, self.rule, self.name = kind, seat, link, reason, rule, name


class Outcome(Value):
    """What the page does after a call: send ``sends`` in order, close the links of ``close``, show ``notes``."""

    __slots__ = ("sends", "close", "notes")

    def __init__(
        self, sends: tuple[Send, ...] = (), close: tuple[str, ...] = (), notes: tuple[TableNote, ...] = ()
    ) -> None:
        self.sends, self.close, self.notes = sends, close, notes

    def __add__(self, other: Outcome) -> Outcome:
        return Outcome(self.sends + other.sends, self.close + other.close, self.notes + other.notes)


class _Seat:
    """One phone seat as the table holds it (kept by ``to_dict``: token, seq, joined, name)."""

    __slots__ = ("token", "seq", "joined", "name", "state", "link", "heard", "pinged", "sent")

    def __init__(self, token: str, seq: int = 0, joined: bool = False, name: str = "") -> None:
        self.token, self.seq, self.joined, self.name = token, seq, joined, name
        self.state: SeatState = "away" if joined else "waiting"
        self.link: str | None = None  # the link that holds the seat
        self.heard = self.pinged = 0.0
        self.sent = 0  # the last state number sent to the seat


class LiveTable:
    """The phone seats of one game (``seats``: their numbers), its players' names and kinds, the game as the page
    holds it now (``game()``) and the page's ``apply(seat, move)``."""

    def __init__(
        self,
        seats: Sequence[int],
        players: Sequence[Player],
        game: Callable[[], Game],
        apply: Apply,
        tokens: Mapping[int, str] | None = None,
    ) -> None:
        if not seats or any(not 0 <= s < len(players) for s in seats) or len(set(seats)) != len(seats):
            raise ValueError("seats: expected distinct phone seats of the game")
        self.players = tuple(players)
        self._game, self._apply = game, apply
        self.seats = {s: _Seat(tokens[s] if tokens else secrets.token_urlsafe(TOKEN_BYTES)) for s in sorted(seats)}
        self.n = 0  # the last state number sent to anyone
        self._links: dict[str, int] = {}  # every open link: the seat it was opened for
        self._bound: set[str] = set()  # links that said hello and hold their seat
        self._made = 0

    # -- what the page shows --------------------------------------------------------------------------------------
    def token(self, seat: int) -> str:
        """The seat's token, for its join link only."""
        return self.seats[seat].token

    def state(self, seat: int) -> SeatState:
        return self.seats[seat].state

    def name(self, seat: int) -> str:
        """The name the phone gave in its hello ("" before); the page shows it as text."""
        return self.seats[seat].name

    # -- links ----------------------------------------------------------------------------------------------------
    def open_link(self, seat: int) -> str:
        """A new link id for ``seat`` (a join or rejoin code); the seat is unchanged until the link says hello."""
        if seat not in self.seats:
            raise ValueError(f"seat {seat} is not a phone seat")
        self._made += 1
        link = f"{seat}.{self._made}"
        self._links[link] = seat
        return link

    def closed(self, link: str, now: float) -> Outcome:
        """The link's channel closed or failed: its seat (if it held one) is away."""
        seat = self._links.pop(link, None)
        self._bound.discard(link)
        held = seat is not None and self.seats[seat].link == link
        if seat is None or not held:
            return Outcome()
        record = self.seats[seat]
        record.link = None
        if record.state == "connected":
            record.state = "away"
            return Outcome(notes=(TableNote("away", seat, link, name=record.name),))
        return Outcome()

    # -- receiving ------------------------------------------------------------------------------------------------
    def receive(self, link: str, text: str, now: float) -> Outcome:
        """Take one text received on ``link``."""
        seat = self._links.get(link)
        if seat is None:
            return self._refuse(link, None, "unknown_link", close=True)
        bound = link in self._bound
        back = bound and self._heard(seat, now)
        outcome = self._take(link, seat, text, bound, now)
        return (outcome + self._catch_up(seat, link)) if back else outcome

    def _take(self, link: str, seat: int, text: str, bound: bool, now: float) -> Outcome:
        try:
            message = decode(text)
        except ProtocolError as error:
            return self._refuse(link, seat, error.reason, details={"field": error.field} if error.field else None)
        if isinstance(message, Hello):
            return self._hello(link, seat, message, now)
        if not bound:
            return self._refuse(link, seat, "hello_first")
        return self._from_seat(link, seat, message, now)

    def _from_seat(self, link: str, seat: int, message: Message, now: float) -> Outcome:
        if isinstance(message, Move):
            return self._move(link, seat, message, now)
        if isinstance(message, Pong):
            return Outcome()
        if isinstance(message, Bye):
            self._links.pop(link, None)
            self._bound.discard(link)
            record = self.seats[seat]
            record.link, record.state = None, "away"
            return Outcome(close=(link,), notes=(TableNote("left", seat, link, name=record.name),))
        return self._refuse(link, seat, "unexpected", details={"kind": message.kind})

    def _heard(self, seat: int, now: float) -> bool:
        """The seat's link spoke; True when it had fallen silent (away) and is back."""
        record = self.seats[seat]
        record.heard = max(record.heard, now)
        if record.state == "away" and record.link is not None:
            record.state = "connected"  # a link that fell silent speaks again: it is back
            return True
        return False

    def _catch_up(self, seat: int, link: str) -> Outcome:
        """A link back from silence missed the states sent while its seat was away: the game as it is now."""
        record = self.seats[seat]
        if record.link != link or record.state != "connected" or record.sent >= self.n:
            return Outcome()
        return Outcome((self._state_send(seat),))

    def _hello(self, link: str, seat: int, hello: Hello, now: float) -> Outcome:
        record = self.seats[seat]
        if hello.seat != seat:
            return self._refuse(link, seat, "wrong_seat", close=True, details={"seat": seat})
        if not hmac.compare_digest(hello.token.encode("utf-8"), record.token.encode("utf-8")):
            return self._refuse(link, seat, "wrong_token", close=True)
        if record.link not in (None, link) and record.state == "connected":
            return self._refuse(link, seat, "seat_taken", close=True)
        outcome = Outcome()
        old = record.link
        if old is not None and old != link:
            self._links.pop(old, None)
            self._bound.discard(old)
            outcome = Outcome((Send(old, encode(Bye("replaced"))),), (old,))
        kind: NoteKind = "rejoined" if record.joined else "joined"
        record.link, record.state, record.joined, record.heard, record.pinged = link, "connected", True, now, now
        record.name = " ".join(hello.name.split()) or record.name
        self._bound.add(link)
        self.n += 1
        note = TableNote(kind, seat, link, name=record.name)
        return outcome + Outcome((self._state_send(seat, with_turn=True),), notes=(note,))

    def _move(self, link: str, seat: int, move: Move, now: float) -> Outcome:
        record = self.seats[seat]
        expected = record.seq + 1
        if move.seq != expected:
            why = "replayed" if move.seq < expected else "skipped"
            return self._refuse(link, seat, why, seq=move.seq, details={"expected": expected})
        record.seq = move.seq
        if move.seat != seat:
            return self._refuse(link, seat, "wrong_seat", seq=move.seq, details={"seat": seat})
        game = self._game()
        if game.is_over:
            return self._refuse(link, seat, "game_over", seq=move.seq, rule="C9")
        if game.to_move != seat:
            return self._refuse(link, seat, "not_your_turn", seq=move.seq, details={"turn": game.to_move})
        refusal = self._apply(seat, move.move)
        if refusal is not None:
            return self._refuse(link, seat, refusal.reason, seq=move.seq, rule=refusal.rule, details=refusal.details)
        moved = Outcome(notes=(TableNote("moved", seat, link, name=record.name),))
        return moved + self.broadcast(now)

    def _refuse(
        self,
        link: str,
        seat: int | None,
        reason: str,
        *,
        seq: int | None = None,
        rule: str | None = None,
        details: dict[str, Any] | None = None,
        close: bool = False,
    ) -> Outcome:
        """A reject on ``link`` only, noted; nothing else changes, but a link closed here that held its seat (a wrong
        hello on a live link) leaves the seat away at once, for a rejoin code."""
        text = encode(Reject(seq, rule, reason, details))
        notes: tuple[TableNote, ...] = (TableNote("refused", seat, link, reason, rule),)
        if close:
            self._links.pop(link, None)
            self._bound.discard(link)
            record = self.seats[seat] if seat is not None else None
            if record is not None and record.link == link:
                record.link, record.state = None, "away"
                notes += (TableNote("away", seat, link, name=record.name),)
        return Outcome((Send(link, text),), (link,) if close else (), notes)

    # -- sending --------------------------------------------------------------------------------------------------
    def broadcast(self, now: float) -> Outcome:
        """The game changed: its new state to every seat connected (each with its own rack only)."""
        held = [s for s, r in self.seats.items() if r.link is not None and r.state == "connected"]
        if not held:
            return Outcome()
        self.n += 1
        return Outcome(tuple(self._state_send(s) for s in held))

    def _state_send(self, seat: int, with_turn: bool = False) -> Send:
        """The state for ``seat`` on its link; ``with_turn`` (the answer to a hello): with what the engine says of
        its turn, which a phone draws before its own engine runs."""
        record = self.seats[seat]
        assert record.link is not None
        record.sent = self.n
        state = state_for(self._game(), seat, self.n, self.players, record.seq, with_turn)
        return Send(record.link, state_text(state))

    def tick(self, now: float) -> Outcome:
        """Time passed: pings every ``PING_EVERY`` seconds to every seat's link, away after ``AWAY_AFTER`` silent."""
        sends: list[Send] = []
        notes: list[TableNote] = []
        for seat, record in self.seats.items():
            if record.link is None:
                continue
            if record.state == "connected" and now - record.heard >= AWAY_AFTER:
                record.state = "away"
                notes.append(TableNote("away", seat, record.link, name=record.name))
            if now - record.pinged >= PING_EVERY:
                record.pinged = now
                sends.append(Send(record.link, encode(Ping(now))))
        return Outcome(tuple(sends), (), tuple(notes))

    # -- kept across a reload -------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """What the table keeps beside the save: ``from_dict`` reads it back."""
        return {
            "version": KEPT_VERSION,
            "n": self.n,
            "seats": {
                str(s): {"token": r.token, "seq": r.seq, "joined": r.joined, "name": r.name}
                for s, r in self.seats.items()
            },
        }

    @classmethod
    def from_dict(cls, data: Any, players: Sequence[Player], game: Callable[[], Game], apply: Apply) -> LiveTable:
        """The table kept by ``to_dict``, every joined seat away; ``ValueError`` naming what is wrong."""
        n, seats = kept_seats(data, len(players))
        table = cls(list(seats), players, game, apply, {s: v[0] for s, v in seats.items()})
        for seat, (_, seq, joined, name) in seats.items():
            table.seats[seat] = _Seat(table.seats[seat].token, seq, joined, name)
        table.n = n
        return table


def kept_seats(data: Any, players: int) -> Kept:
    """The state number and, per phone seat, its token, last move number, whether it joined and its name, from a
    kept value of a game of ``players`` seats; ``ValueError`` naming the field at fault."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("version: expected a live table of version 1")
    n = data.get("n")
    if not _whole(n):
        raise ValueError("n: expected a whole number")
    seats = data.get("seats")
    if not isinstance(seats, dict) or not seats:
        raise ValueError("seats: expected the phone seats")
    kept: dict[int, tuple[str, int, bool, str]] = {}
    for key, value in seats.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < players):
            raise ValueError(f"seats: {key[:8]!r} is not a seat of this game")
        if not isinstance(value, dict) or set(value) != {"token", "seq", "joined", "name"}:
            raise ValueError(f"seats: seat {key}: expected {{token, seq, joined, name}}")
        token, seq, joined, name = value["token"], value["seq"], value["joined"], value["name"]
        if not (isinstance(token, str) and TOKEN.match(token)):
            raise ValueError(f"seats: seat {key}: a token is 16 to 64 characters of base64url")
        if not _whole(seq) or not isinstance(joined, bool) or not (isinstance(name, str) and len(name) <= MAX_NAME):
            raise ValueError(f"seats: seat {key}: expected seq (whole), joined (true/false), name (text)")
        kept[int(key)] = (token, seq, joined, name)
    return n, kept


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53
