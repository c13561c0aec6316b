"""What the live table keeps beside a save: read back after a reload; an unreadable value is moved aside and
reported, and the table starts with new tokens, never crashing."""

from __future__ import annotations

import pytest

from app.live.keeping import load_live, restore, save_live
from app.live.protocol import Player
from app.live.table import LiveTable
from app.store.saves import LIVE_PREFIX, DictStorage, SaveStore
from qwirkle import Game
from qwirkle.record import to_record

PLAYERS = [Player("Ann", "phone"), Player("Bob", "medium"), Player("Cy", "phone")]


def table(game: Game) -> LiveTable:
    return LiveTable([0, 2], PLAYERS, lambda: game, lambda seat, move: None)


def test_the_kept_table_comes_back_after_a_reload() -> None:
    game = Game.new("classic", ["Ann", "Bob", "Cy"], seed=1)
    store = SaveStore(DictStorage())
    first = table(game)
    first.seats[0].joined, first.seats[0].seq, first.n = True, 4, 9
    save_live(store, "g1", first)
    again = restore(store, "g1", [0, 2], PLAYERS, lambda: game, lambda seat, move: None)
    assert again.to_dict() == first.to_dict()
    assert (again.state(0), again.state(2)) == ("away", "waiting") and store.take_problems() == []


@pytest.mark.parametrize(
    "text", ["{oops", "[]", '{"version": 1, "n": 1, "seats": {"1": {"token": "' + "a" * 16 + '"}}}', "x" * 5000]
)
def test_an_unreadable_kept_table_is_moved_aside_and_reported(text: str) -> None:
    game = Game.new("classic", ["Ann", "Bob", "Cy"], seed=1)
    storage = DictStorage({LIVE_PREFIX + "g1": text})
    store = SaveStore(storage)
    fresh = restore(store, "g1", [0, 2], PLAYERS, lambda: game, lambda seat, move: None)
    assert sorted(fresh.seats) == [0, 2] and fresh.state(0) == "waiting"
    assert [p.key for p in store.take_problems()] == [LIVE_PREFIX + "g1"]
    assert LIVE_PREFIX + "g1" not in storage.data and text in storage.data.values()
    assert load_live(store, "g1", 3) is None


def test_a_kept_table_of_other_seats_is_set_aside() -> None:
    game = Game.new("classic", ["Ann", "Bob", "Cy"], seed=1)
    store = SaveStore(DictStorage())
    save_live(store, "g1", LiveTable([0], PLAYERS, lambda: game, lambda seat, move: None))
    fresh = restore(store, "g1", [0, 2], PLAYERS, lambda: game, lambda seat, move: None)
    assert sorted(fresh.seats) == [0, 2] and len(store.take_problems()) == 1


def test_deleting_the_save_deletes_the_kept_table() -> None:
    game = Game.new("classic", ["Ann", "Bob", "Cy"], seed=1)
    storage = DictStorage()
    store = SaveStore(storage)
    store.save("g1", to_record(game), ["human", "medium", "human"])
    save_live(store, "g1", table(game))
    store.delete("g1")
    assert not [k for k in storage.data if k.endswith("g1")]
