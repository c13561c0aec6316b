"""Save and load: JSON records with a version, validated by replay."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle import Game, RecordError, dumps, from_record, loads, to_record
from qwirkle.ai import make_player
from qwirkle.record import FIELDS


def played(variant="classic", turns=6, **options):
    game = Game.new(variant, ["Ann", "Bob"], seed=21, **options)
    bot = make_player("greedy", 1)
    for _ in range(turns):
        game.apply(bot.choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize(
    "variant,options",
    [("classic", {}), ("cubes", {}), ("flex", {"tiles": 72}), ("flex", {}), ("classic", {"ages": [40, None]})],
)
def test_round_trip(variant, options):
    game = played(variant, **options)
    copy = loads(dumps(game))
    assert copy.board == game.board and copy.hands == game.hands and copy.scores == game.scores
    assert copy.moves == game.moves and copy.options == game.options


def test_record_shape():
    record = json.loads(dumps(played()))
    assert record["format"] == "qwirkle-game" and record["version"] == 2
    assert record["variant"] == "classic" and record["players"] == ["Ann", "Bob"] and record["seed"] == 21
    assert len(record["moves"]) == 6


def test_unknown_version_is_a_clear_error():
    record = json.loads(dumps(played()))
    record["version"] = 99
    with pytest.raises(RecordError, match="version"):
        loads(json.dumps(record))
    record["format"] = "chess"
    with pytest.raises(RecordError, match="format"):
        loads(json.dumps(record))


def test_first_bad_move_is_reported():
    record = json.loads(dumps(played()))
    record["moves"][3] = "Ro@100,100"
    with pytest.raises(RecordError) as error:
        loads(json.dumps(record))
    assert error.value.move_index == 3 and "move 4" in str(error.value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        "{",
        '{"format": "qwirkle-game", "version": 1}',
        '{"format": "qwirkle-game", "version": 1, "variant": "go", "players": ["a","b"], "seed": 1, "moves": []}',
    ],
)
def test_corrupt_records(text):
    with pytest.raises(RecordError):
        loads(text)


# -- records from anywhere: bounded, checked field by field, never a traceback -------------------------------------
def record_of(**changes):
    return json.dumps({**json.loads(dumps(played())), **changes})


def test_a_byte_order_mark_is_accepted():
    assert loads("\ufeff" + dumps(played())).moves == played().moves


@pytest.mark.parametrize(
    "text,field",
    [
        ("[" * 100_000 + "]" * 100_000, "record"),  # nested far too deep for a recursive parser
        ('{"format": "qwirkle-game", "seed": ' + "9" * 5000 + "}", "record"),  # more digits than Python converts
        (record_of(players=["A" * 41, "Bob"]), "players"),
        (record_of(moves=["pass"] * 10_001), "moves"),
        (record_of(moves=["Ro@0,0" + " Rs@1,0" * 100]), "moves"),
        (record_of(version=True), "version"),
        (record_of(variant=["classic"]), "variant"),
        (record_of(format=[[[[]]]]), "format"),
    ],
)
def test_records_beyond_any_game_are_refused_naming_the_field(text, field):
    with pytest.raises(RecordError) as error:
        loads(text)
    assert str(error.value).startswith(f"{field}:")


def test_limits_come_before_the_replay():
    """A record of too many moves is refused without replaying one (its first move is not even legal)."""
    with pytest.raises(RecordError, match="moves: 10001 moves"):
        loads(record_of(moves=["Zz@0,0"] * 10_001))


def test_a_wrong_seed_is_named():
    text = record_of(seed=22)
    with pytest.raises(RecordError) as error:
        loads(text)
    assert str(error.value).startswith("seed: seed 22 (version 2) does not deal the tiles of move 1")
    assert error.value.move_index == 0


def test_unknown_fields_are_not_part_of_a_record():
    game = loads(record_of(comment="hello", seats=["human", "human"]))
    assert set(to_record(game)) == set(FIELDS)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
FIELD_VALUES = {
    "format": st.just("qwirkle-game") | JSON,
    "version": st.sampled_from([1, 2]) | JSON,
    "variant": st.sampled_from(["classic", "cubes", "flex"]) | JSON,
    "players": st.lists(st.text(max_size=50), max_size=5) | JSON,
    "seed": st.integers() | JSON,
    "ages": st.none() | st.lists(st.none() | st.integers(), max_size=5) | JSON,
    "tiles": st.sampled_from([None, 72, 108, 90]) | JSON,
    "moves": st.lists(
        st.sampled_from(
            ["pass", "swap Ro", "roll Rs", "Ro@0,0", "Ro@0,0 Rs@1,0", "", "swap", "Zz@1,1", "Ro@99999999999,0"]
        )
        | st.text(max_size=30),
        max_size=6,
    )
    | JSON,
}


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=st.fixed_dictionaries({}, optional=FIELD_VALUES) | JSON)
def test_fuzz_the_record_reader(record):
    """Any JSON value, and records with any field of any shape: a game or a RecordError, nothing else."""
    try:
        game = from_record(record)
    except RecordError as error:
        field = str(error).split(":")[0].split(" (")[0]  # "move 1 ('roll Rs'): ..." names move 1
        assert field in (
            *FIELDS,
            "record",
            "move 1",
            "move 2",
            "move 3",
            "move 4",
            "move 5",
            "move 6",
            "players",
            "tiles",
            "ages",
        )
    else:
        assert isinstance(game, Game)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(lambda b: b.decode("latin-1")))
def test_fuzz_record_text(text):
    with pytest.raises(RecordError):
        loads(text)
