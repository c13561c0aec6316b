"""The live table's messages: every kind round-trips, and ``decode`` refuses anything else with a typed reason,
whatever the text."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.live.protocol import (
    MAX_BYTES,
    Bye,
    Hello,
    Move,
    Over,
    Ping,
    Player,
    Pong,
    ProtocolError,
    Reject,
    State,
    Turn,
    Yours,
    decode,
    encode,
)

STATE = State(
    7,
    1,
    "cubes",
    90,
    (Player("<b>Ann</b>", "phone"), Player("Bob", "hard")),
    "Ro@0,0 Rs@1,0",
    ("Rd Bo Gc", "Yx Pt Os Rd Rd Bo"),
    81,
    (2, 0),
    1,
    1,
    True,
    4,
    9,
    (Turn(0, "play", "Ro@0,0 Rs@1,0", 2, 2, 0), Turn(1, "exchange", None, 0, 3, 0)),
    Over("out", (0,)),
    {"format": "qwirkle-game", "moves": []},
)
# The answer to a hello on the receiver's turn: what the engine says of it (its stuck tiles, the opening's size)
YOUR_TURN = State(
    3, 0, "flex", 108, (Player("Ann", "phone"), Player("Bob", "human")), "", ("Rdk Bok Rdk Yxw Ptm Gck", 6), 96,
    (0, 0), 0, yours=Yours("Rdk Rdk", 2),
)  # fmt: skip
MESSAGES = [
    Hello(2, "abcdefghijklmnop", 12, "Zoë & <i>co</i>"),
    Move(3, 1, "roll Rd Rd"),
    Move(0, 9, "swap Rd Gc"),
    Move(0, 10, "pass"),
    STATE,
    YOUR_TURN,
    State(
        4,
        1,
        "classic",
        108,
        (Player("A", "human"), Player("B", "phone")),
        "Ro@0,0",
        (5, "Rd"),
        90,
        (1, 0),
        1,
        yours=Yours("", None),
    ),
    Reject(4, "C5", "mixed", {"line": "row"}),
    Reject(None, None, "seat_taken"),
    Ping(12.5),
    Pong(0),
    Bye("replaced"),
]


@pytest.mark.parametrize("message", MESSAGES, ids=lambda m: m.kind)
def test_every_kind_round_trips(message: object) -> None:
    text = encode(message)  # type: ignore[arg-type]
    assert decode(text) == message
    assert json.loads(text)["v"] == 1


def test_a_state_shows_the_receivers_rack_and_names_stay_text() -> None:
    assert STATE.rack == "Yx Pt Os Rd Rd Bo"
    assert decode(encode(STATE)).players[0].name == "<b>Ann</b>"  # type: ignore[union-attr]
    assert "<b>Ann</b>" in encode(STATE)


@pytest.mark.parametrize(
    ("text", "reason", "field"),
    [
        ("", "not_json", ""),
        ("{", "not_json", ""),
        ("[" * 50 + "]" * 50, "not_json", ""),
        ('"hello"', "not_object", ""),
        ('{"kind":"ping","at":1}', "version", "v"),
        ('{"v":true,"kind":"ping","at":1}', "version", "v"),
        ('{"v":"1","kind":"ping","at":1}', "version", "v"),
        ('{"v":1,"kind":"hallo"}', "unknown_kind", "kind"),
        ('{"v":1,"kind":["ping"]}', "unknown_kind", "kind"),
        ('{"v":1,"kind":"ping"}', "missing_field", "at"),
        ('{"v":1,"kind":"ping","at":NaN}', "bad_field", "at"),
        ('{"v":1,"kind":"ping","at":1e300}', "bad_field", "at"),
        ('{"v":1,"kind":"hello","seat":4,"token":"t","seen":0,"name":""}', "bad_field", "seat"),
        ('{"v":1,"kind":"hello","seat":0,"token":"","seen":0,"name":""}', "bad_field", "token"),
        ('{"v":1,"kind":"hello","seat":0,"token":"t","seen":-1,"name":""}', "bad_field", "seen"),
        ('{"v":1,"kind":"hello","seat":0,"token":"t","seen":0,"name":"' + "x" * 41 + '"}', "bad_field", "name"),
        ('{"v":1,"kind":"move","seat":0,"seq":0,"move":"pass"}', "bad_field", "seq"),
        ('{"v":1,"kind":"move","seat":0,"seq":1.5,"move":"pass"}', "bad_field", "seq"),
        ('{"v":1,"kind":"move","seat":0,"seq":1,"move":"swap"}', "bad_move", "move"),
        ('{"v":1,"kind":"move","seat":0,"seq":1,"move":"<script>"}', "bad_move", "move"),
        ('{"v":1,"kind":"bye","reason":"bored"}', "bad_field", "reason"),
        ('{"v":1,"kind":"reject","seq":null,"rule":null,"reason":"","details":{}}', "bad_field", "reason"),
    ],
)
def test_decode_refuses_with_a_reason(text: str, reason: str, field: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(text)
    assert (caught.value.reason, caught.value.field) == (reason, field)


def test_a_state_without_what_the_engine_says_of_the_turn_is_read_as_saying_nothing() -> None:
    """``yours`` may be left out (a table whose site is older than the phone's): the phone's Python draws the turn."""
    value = json.loads(encode(YOUR_TURN))
    del value["yours"]
    assert decode(json.dumps(value)) == State(**{name: getattr(YOUR_TURN, name) for name in State.__slots__[:-1]})


def test_a_state_whose_fields_disagree_is_refused() -> None:
    good = json.loads(encode(STATE))
    for change, field in (
        ({"hands": ["Ro", 7]}, "hands"),
        ({"scores": [1]}, "scores"),
        ({"players": [{"name": "A", "kind": "phone"}]}, "players"),
        ({"seat": 2}, "seat"),
        ({"turn": 2}, "turn"),
        ({"over": {"reason": "bored", "winners": []}}, "over"),
        ({"over": {"reason": "out", "winners": [5]}}, "over"),
        ({"record": []}, "record"),
        ({"rolled": 0}, "rolled"),
        ({"recent": [{"seat": 0, "kind": "play", "move": 3, "points": 1, "count": 1, "qwirkles": 0}]}, "move"),
        ({"yours": []}, "yours"),
        ({"yours": {"stuck": "Rd Zz", "opening": 2}}, "yours"),
        ({"yours": {"stuck": "Rd", "opening": 0}}, "opening"),
        ({"yours": {"stuck": "Rd", "opening": 7}}, "opening"),
        ({"yours": {"opening": 1}}, "stuck"),
    ):
        with pytest.raises(ProtocolError) as caught:
            decode(json.dumps({**good, **change}))
        assert caught.value.field == field, change


def test_the_size_limit_both_ways() -> None:
    name = "é" * 40
    big = Reject(1, None, "x", {"pad": "é" * (MAX_BYTES // 2)})
    with pytest.raises(ProtocolError, match="too_big"):
        encode(big)
    assert decode(encode(Hello(0, "t" * 16, 0, name))) == Hello(0, "t" * 16, 0, name)
    just = '{"v":1,"kind":"pong","at":1,"pad":"' + "a" * (MAX_BYTES - 37) + '"}'
    assert len(just.encode()) == MAX_BYTES and decode(just) == Pong(1)
    with pytest.raises(ProtocolError, match="too_big"):
        decode(just.replace('"a', '"aa', 1))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_decode_raises_nothing_but_protocol_errors_on_any_text(text: str) -> None:
    try:
        decode(text)
    except ProtocolError:
        pass


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([json.loads(encode(m)) for m in MESSAGES]), st.text(max_size=8), JSON)
def test_decode_raises_nothing_but_protocol_errors_on_any_field(message: dict, key: str, value: object) -> None:
    field = key if key else sorted(message)[len(str(value)) % len(message)]
    try:
        decode(json.dumps({**message, field: value}))
    except ProtocolError:
        pass


@pytest.mark.parametrize("name", ["protocol", "view", "table", "keeping", "phone"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"app.live.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
