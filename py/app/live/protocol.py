"""The live table's messages: versioned JSON objects of at most 16 KiB, one per data-channel message.

Every message is ``{"v": 1, "kind": KIND, ...}``. A phone sends ``hello``, ``move``, ``pong`` and ``bye``; the table
sends ``state``, ``reject``, ``ping`` and ``bye``::

    hello   seat, token, seen (the last state number the phone saw, 0 for none), name (typed on the phone)
    move    seat, seq (1, 2, 3... per seat, never reused), move (the engine's notation: a play, "swap ...",
            "roll ...", "pass")
    state   n (grows with every state the table sends), seat (the receiver), variant, tiles (the set's size),
            players [{name, kind}], board (placements in notation), hands (per seat: its tiles in notation when the
            receiver may see them, its own always and every hand in Cubes, Q1; else their count), bag (a count),
            scores, turn, passes, rolled (Cubes, Q3), seq (the last move number the table took from the receiver),
            moves (how many the game has made), recent (the last turns as every player saw them: another seat's
            exchanged tiles are null), over (null, or {reason: "out" | "blocked", winners}), record (null until the
            game is over; then the game's whole record, as the page saves and exports it), yours (null, or in the
            state that answers a hello while the receiver is to move, what the engine says of its turn: {stuck (its
            tiles that fit nowhere, in notation), opening (how many tiles the opening asks, C2; null after it)}, so
            that the phone draws its turn before its own engine runs: js/phone-early.js; may be left out)
    reject  seq (of the refused move, null for a refused hello), rule (the engine's rule id, null for the
            protocol's own refusals), reason (the engine's reason code, or the table's: ``TableReason``), details
    ping    at (the table's clock, echoed by the pong)
    pong    at
    bye     reason: "leaving" (the sender goes), "replaced" (the seat rejoined on another link), "over" (the
            table ended the live game)

``decode(text)`` returns one of the message types or raises ``ProtocolError`` with a ``ProtocolReason``; it
checks the size first, then the JSON, the version, the kind and every field's type (a move's notation too); fields a
kind does not have are ignored.
``encode(message)`` is its inverse and refuses a text over the limit. Names are plain strings: the page renders
them as text, never as HTML.

>>> text = encode(Move(1, 3, "Ro@0,0 Rs@1,0"))
>>> text
'{"v":1,"kind":"move","seat":1,"seq":3,"move":"Ro@0,0 Rs@1,0"}'
>>> decode(text) == Move(1, 3, "Ro@0,0 Rs@1,0")
True
>>> decode('{"v":1,"kind":"move","seat":1,"seq":3,"move":"Ro@0,0 Zz@1,0"}')
Traceback (most recent call last):
    ...
app.live.fields.ProtocolError: bad_move: move: bad tile 'Zz': ...
"""

from __future__ import annotations

import json
from typing import Any, Literal, TypeGuard

from ui.values import Value

from .fields import MAX_SEATS as MAX_SEATS
from .fields import Fields, whole
from .fields import ProtocolError as ProtocolError
from .fields import ProtocolReason as ProtocolReason

VERSION = 1
MAX_BYTES = 16 * 1024  # what crosses every browser pair in one data-channel message (docs/architecture.md)
MAX_NAME = 40  # as the engine's player names (qwirkle.limits.MAX_NAME)
MAX_TOKEN = 64

ByeReason = Literal["leaving", "replaced", "over"]
BYE_REASONS: tuple[ByeReason, ...] = ("leaving", "replaced", "over")
EndReason = Literal["out", "blocked"]


class Hello(Value):
    """A phone takes (or takes back) its seat with the seat's token."""

    __slots__ = ("seat", "token", "seen", "name")
    kind = "hello"

    def __init__(self, seat: int, token: str, seen: int = 0, name: str = "") -> None:
        self.seat, self.token, self.seen, self.name = seat, token, seen, name


class Move(Value):
    """A phone's move, in the engine's notation, numbered per seat."""

    __slots__ = ("seat", "seq", "move")
    kind = "move"

    def __init__(self, seat: int, seq: int, move: str) -> None:
        self.seat, self.seq, self.move = seat, seq, move


class Player(Value):
    """A seat's name and kind (``phone``, ``human``, a computer level...), as the table shows them."""

    __slots__ = ("name", "kind")

    def __init__(self, name: str, kind: str) -> None:
        self.name, self.kind = name, kind


class Turn(Value):
    """A turn as every player saw it (``move`` None: another seat's exchange); ``qwirkles`` lines of six made."""

    __slots__ = ("seat", "kind", "move", "points", "count", "qwirkles")

    def __init__(self, seat: int, kind: str, move: str | None, points: int, count: int, qwirkles: int) -> None:
        self.seat, self.kind, self.move = seat, kind, move
        self.points, self.count, self.qwirkles = points, count, qwirkles


class Over(Value):
    """How the game ended: C9 a player went out (``out``), C10 nothing more can be played (``blocked``)."""

    __slots__ = ("reason", "winners")

    def __init__(self, reason: EndReason, winners: tuple[int, ...]) -> None:
        self.reason, self.winners = reason, winners


class Yours(Value):
    """What the engine says of the receiver's turn (``view.yours``): its tiles that fit nowhere (notation), and how
    many tiles the opening asks (C2; None after it)."""

    __slots__ = ("stuck", "opening")

    def __init__(self, stuck: str, opening: int | None) -> None:
        self.stuck, self.opening = stuck, opening


class State(Value):
    """The game as one seat may see it (``view.state_for`` builds it from the engine's game)."""

    __slots__ = (
        "n", "seat", "variant", "tiles", "players", "board", "hands", "bag", "scores", "turn", "passes", "rolled",
        "seq", "moves", "recent", "over", "record", "yours",
    )  # fmt: skip
    kind = "state"

    def __init__(
        self,
        n: int,
        seat: int,
        variant: str,
        tiles: int,
        players: tuple[Player, ...],
        board: str,
        hands: tuple[str | int, ...],
        bag: int,
        scores: tuple[int, ...],
        turn: int,
        passes: int = 0,
        rolled: bool = False,
        seq: int = 0,
        moves: int = 0,
        recent: tuple[Turn, ...] = (),
        over: Over | None = None,
        record: dict[str, Any] | None = None,
        yours: Yours | None = None,
    ) -> None:
        self.n, self.seat, self.variant, self.tiles, self.players = n, seat, variant, tiles, players
        self.board, self.hands, self.bag, self.scores, self.turn = board, hands, bag, scores, turn
        self.passes, self.rolled, self.seq, self.moves, self.recent = passes, rolled, seq, moves, recent
        self.over, self.record, self.yours = over, record, yours

    @property
    def rack(self) -> str:
        """The receiver's own tiles, in notation ("" for none)."""
        mine = self.hands[self.seat]
        return mine if isinstance(mine, str) else ""


class Reject(Value):
    """A refused hello or move: the engine's rule and reason, or the table's own reason (rule None)."""

    __slots__ = ("seq", "rule", "reason", "details")
    kind = "reject"

    def __init__(self, seq: int | None, rule: str | None, reason: str, details: dict[str, Any] | None = None) -> None:
        self.seq, self.rule, self.reason = seq, rule, reason
        self.details: dict[str, Any] = {} if details is None else details


class Ping(Value):
    """The table asks whether the phone is there."""

    __slots__ = ("at",)
    kind = "ping"

    def __init__(self, at: float) -> None:
        self.at = at


class Pong(Value):
    """The phone answers a ping, echoing its ``at``."""

    __slots__ = ("at",)
    kind = "pong"

    def __init__(self, at: float) -> None:
        self.at = at


class Bye(Value):
    """The sender ends this link (``ByeReason``)."""

    __slots__ = ("reason",)
    kind = "bye"

    def __init__(self, reason: ByeReason) -> None:
        self.reason: ByeReason = reason


Message = Hello | Move | State | Reject | Ping | Pong | Bye


# -- encoding ----------------------------------------------------------------------------------------------------
def encode(message: Message) -> str:
    """The message's text; ``ProtocolError`` ``too_big`` when it would be over ``MAX_BYTES``."""
    value = {"v": VERSION, "kind": message.kind, **_fields(message)}
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    size = len(text.encode("utf-8"))
    if size > MAX_BYTES:
        raise ProtocolError("too_big", f"{message.kind} of {size} bytes, at most {MAX_BYTES}")
    return text


def _fields(message: Message) -> dict[str, Any]:
    if isinstance(message, State):
        return {
            **{name: getattr(message, name) for name in State.__slots__[:15] if name not in ("players", "recent")},
            "players": [{"name": p.name, "kind": p.kind} for p in message.players],
            "recent": [{name: getattr(t, name) for name in Turn.__slots__} for t in message.recent],
            "over": None if message.over is None else {"reason": message.over.reason, "winners": message.over.winners},
            "record": message.record,
            "yours": None
            if message.yours is None
            else {"stuck": message.yours.stuck, "opening": message.yours.opening},
        }
    return {name: getattr(message, name) for name in message.__slots__}


# -- decoding ----------------------------------------------------------------------------------------------------
def decode(text: str) -> Message:
    """The message ``text`` holds; ``ProtocolError`` with the reason when it is not one."""
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ProtocolError("too_big", f"at most {MAX_BYTES} bytes")
    from ..store.storage import read_json

    try:
        value = read_json(text)
    except ValueError as error:
        raise ProtocolError("not_json", str(error)) from None
    if not isinstance(value, dict):
        raise ProtocolError("not_object", "expected a JSON object")
    if value.get("v") != VERSION or not whole(value.get("v")):
        raise ProtocolError("version", f"this table speaks version {VERSION}, not {_short(value.get('v'))}", "v")
    return _read(value.get("kind"), Fields(value))


def _hello(f: Fields) -> Hello:
    return Hello(f.seat(), f.text("token", MAX_TOKEN, empty=False), f.whole("seen"), f.text("name", MAX_NAME))


def _move(f: Fields) -> Move:
    from qwirkle.errors import NotationError
    from qwirkle.limits import MAX_MOVE_TEXT
    from qwirkle.notation import parse_move

    move = f.text("move", MAX_MOVE_TEXT, empty=False)
    try:
        parse_move(move)
    except NotationError as error:
        raise ProtocolError("bad_move", f"move: {error}", "move") from None
    return Move(f.seat(), f.whole("seq", 1), move)


def _state(f: Fields) -> State:
    hands = f.items("hands", MAX_SEATS)
    if not hands or not all(_hand(h) for h in hands):
        raise ProtocolError("bad_field", "hands: expected a hand (text) or its size (0 to 6) per seat", "hands")
    scores = f.items("scores", MAX_SEATS)
    if len(scores) != len(hands) or not all(whole(s) and 0 <= s < 10**6 for s in scores):
        raise ProtocolError("bad_field", "scores: expected a score of 0 or more per seat", "scores")
    players = tuple(Player(p.text("name", MAX_NAME), p.text("kind", 40)) for p in f.each("players", MAX_SEATS))
    if len(players) != len(hands):
        raise ProtocolError("bad_field", "players: expected one per seat", "players")
    recent = tuple(_turn(t) for t in f.each("recent", 64))
    over_value = f.optional_object("over")
    over = None
    if over_value is not None:
        o = Fields(over_value)
        reason = o.get("reason")
        winners = o.items("winners", MAX_SEATS)
        if reason not in ("out", "blocked") or not all(whole(w) and 0 <= w < len(hands) for w in winners):
            raise ProtocolError("bad_field", "over: expected {reason: out|blocked, winners: [seats]}", "over")
        over = Over(reason, tuple(winners))
    yours_value = f.optional_object("yours") if "yours" in f.value else None  # a table that never says it: null
    yours = None
    if yours_value is not None:
        y = Fields(yours_value)
        opening = None if y.get("opening") is None else y.whole("opening", 1, 6)
        yours = Yours(_tiles(y.text("stuck", 60), "yours"), opening)
    return State(
        f.whole("n", 1),
        f.whole("seat", 0, len(hands) - 1),
        f.text("variant", 20, empty=False),
        f.whole("tiles", 1, 200),
        players,
        f.text("board", 2_000),
        tuple(hands),
        f.whole("bag", 0, 200),
        tuple(scores),
        f.whole("turn", 0, len(hands) - 1),
        f.whole("passes", 0, MAX_SEATS),
        f.flag("rolled"),
        f.whole("seq"),
        f.whole("moves"),
        recent,
        over,
        f.optional_object("record"),
        yours,
    )


def _tiles(text: str, field: str) -> str:
    """``text`` when it is tiles in notation (a hand's); ``bad_field`` naming ``field`` when not."""
    from qwirkle.errors import NotationError
    from qwirkle.tiles import parse_tiles

    try:
        parse_tiles(text)
    except NotationError as error:
        raise ProtocolError("bad_field", f"{field}: {error}", field) from None
    return text


def _hand(value: Any) -> bool:
    return (whole(value) and 0 <= value <= 6) or (isinstance(value, str) and len(value) <= 60)


def _turn(f: Fields) -> Turn:
    move = _optional_text(f, "move", 200)
    return Turn(f.seat(), f.text("kind", 10), move, f.whole("points"), f.whole("count"), f.whole("qwirkles"))


def _optional_text(f: Fields, name: str, limit: int) -> str | None:
    return None if f.get(name) is None else f.text(name, limit)


def _reject(f: Fields) -> Reject:
    seq = None if f.get("seq") is None else f.whole("seq")
    rule = _optional_text(f, "rule", 8)
    details = f.optional_object("details")
    return Reject(seq, rule, f.text("reason", 40, empty=False), details or {})


def _bye(f: Fields) -> Bye:
    reason = f.get("reason")
    if not _bye_reason(reason):
        raise ProtocolError("bad_field", f"reason: expected one of {', '.join(BYE_REASONS)}", "reason")
    return Bye(reason)


def _bye_reason(value: Any) -> TypeGuard[ByeReason]:
    return value in BYE_REASONS


def _read(kind: object, f: Fields) -> Message:
    match kind:
        case "hello":
            return _hello(f)
        case "move":
            return _move(f)
        case "state":
            return _state(f)
        case "reject":
            return _reject(f)
        case "ping":
            return Ping(f.number("at"))
        case "pong":
            return Pong(f.number("at"))
        case "bye":
            return _bye(f)
    raise ProtocolError("unknown_kind", f"no message of kind {_short(kind)}", "kind")


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:19] + "…"
