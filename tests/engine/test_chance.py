"""Version-proof randomness (qwirkle.chance) and the golden records: every deal, draw and roll of a record replays
identically, forever; records of version 1 replay exactly as they were made."""

import json
import pathlib
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import Exchange, Game, Play, Roll, loads, to_record
from qwirkle.chance import CHECKPOINT, LATEST, Chance
from qwirkle.errors import RecordError

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "reference"))
import make_golden  # noqa: E402

GOLDEN = {
    version: json.loads((ROOT / "tests" / "data" / f"golden_v{version}.json").read_text(encoding="utf-8"))
    for version in (1, 2)
}
CASES = [(version, index) for version, data in GOLDEN.items() for index in range(len(data["games"]))]


@pytest.mark.parametrize("version,index", CASES)
def test_golden_records_replay_identically(version, index):
    """Dealt hands, the hands and the bag in order after every move, and the end: as when the record was made."""
    golden = GOLDEN[version]["games"][index]
    record = golden["record"]
    game = loads(json.dumps(record))
    assert game.options.version == version == record["version"]
    fresh = Game(game.options)
    assert make_golden.fingerprint(fresh, list(record["moves"])) == golden["expect"]
    assert to_record(game) == record  # saved again, a record keeps its version (and so its deals)


def test_golden_games_shuffle_and_roll():
    """The golden games exercise what randomness does: exchanges (bag shuffles), Cubes re-rolls, every rule set."""
    for data in GOLDEN.values():
        moves = [m for g in data["games"] for m in g["record"]["moves"]]
        assert sum(m.startswith("swap") for m in moves) > 30 and sum(m.startswith("roll") for m in moves) > 10
        assert {(g["record"]["variant"], g["record"]["tiles"]) for g in data["games"]} == {
            ("classic", None),
            ("cubes", None),
            ("flex", 72),
            ("flex", 108),
        }


@pytest.fixture
def no_python_shuffle(monkeypatch):
    """Python's own shuffle and randrange (not promised across versions) made unusable."""

    def refuse(*args, **kwargs):
        raise AssertionError("version 2 must not use random.shuffle/randrange/choice")

    for name in ("shuffle", "randrange", "randint", "choice", "sample", "_randbelow"):
        monkeypatch.setattr(random.Random, name, refuse)


@pytest.mark.parametrize("variant,tiles", [("classic", None), ("cubes", None), ("flex", 72)])
def test_new_games_deal_draw_and_roll_with_random_only(no_python_shuffle, variant, tiles):
    game = Game.new(variant, ["a", "b", "c"], seed=5, tiles=tiles)
    assert game.options.version == LATEST == 2
    game.apply(Play(game.legal_plays()[0].placements))
    hand = game.hands[game.to_move]
    game.apply(Roll(hand[:3]) if game.variant.dice else Exchange(hand[:3]))
    game.undo()
    assert len(game.moves) == 1


def test_version_2_algorithm_is_fisher_yates_over_random():
    """The algorithm itself, written out: ``floor(random() * n)`` and Fisher-Yates from the end."""
    rng = random.Random(42)
    items = list(range(10))
    for i in range(len(items) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        items[i], items[j] = items[j], items[i]
    chance = Chance(42, 2)
    mine = list(range(10))
    chance.shuffle(mine)
    assert mine == items
    assert [chance.randrange(6) for _ in range(5)] == [int(rng.random() * 6) for _ in range(5)]


def test_version_1_keeps_pythons_algorithm():
    rng, chance = random.Random(9), Chance(9, 1)
    a, b = list(range(30)), list(range(30))
    rng.shuffle(a)
    chance.shuffle(b)
    assert a == b and [rng.randrange(6) for _ in range(9)] == [chance.randrange(6) for _ in range(9)]


@settings(max_examples=30, deadline=None)
@given(
    version=st.sampled_from([1, 2]),
    seed=st.integers(-(2**63) + 1, 2**63 - 1),
    steps=st.lists(st.integers(1, 120), min_size=1, max_size=20),
    back=st.data(),
)
def test_seek_comes_back_to_any_position(version, seed, steps, back):
    chance = Chance(seed, version)
    marks = []
    for n in steps:
        marks.append((chance.position(), chance.randrange(1000)))
        items = list(range(n))
        chance.shuffle(items)
    for position, value in back.draw(st.permutations(marks)):
        chance.seek(position)
        assert chance.randrange(1000) == value


def test_seek_past_many_checkpoints():
    chance = Chance(3, 2)
    early = chance.position()
    first = chance.randrange(100)
    while chance.position() < 3 * CHECKPOINT:
        chance.shuffle(list(range(100)))
    late = chance.position()
    after = [chance.randrange(100) for _ in range(5)]
    chance.seek(early)
    assert chance.randrange(100) == first
    chance.seek(late)
    assert [chance.randrange(100) for _ in range(5)] == after


def test_unknown_version_is_refused():
    with pytest.raises(ValueError, match="version"):
        Chance(1, 3)
    record = dict(GOLDEN[2]["games"][0]["record"], version=3)
    with pytest.raises(RecordError, match="version: this app reads versions 1 to 2"):
        loads(json.dumps(record))
