"""The racks as arranged, kept beside a save (store.rack_memory, play.rack_model.RackOrders): round trip,
damaged values set aside, gone with their game; the review's level kept in the settings."""

from __future__ import annotations

import doctest

import pytest

from app.play import rack_model
from app.play.rack_model import RackOrders
from app.store import rack_memory
from app.store.rack_memory import load_racks, save_racks
from app.store.saves import DictStorage, SaveStore
from qwirkle import Tile


@pytest.mark.parametrize("module", [rack_model, rack_memory])
def test_docstring_examples(module) -> None:
    assert doctest.testmod(module).failed == 0


def hand(codes: str) -> tuple[Tile, ...]:
    return tuple(Tile.from_notation(code) for code in codes.split())


def test_an_arrangement_comes_back_as_it_was_and_drawn_tiles_stay_marked() -> None:
    store = SaveStore(DictStorage())
    racks = RackOrders()
    racks.order(0, hand("Rs Bo Ro"), moves=0)
    racks.sort(0, hand("Rs Bo Ro"), "colour")
    racks.order(0, hand("Rs Ro Gc"), moves=2, gone=hand("Bo"))
    save_racks(store, "g1", racks.to_json())
    again = RackOrders()
    again.load(load_racks(store, "g1"))
    assert again.order(0, hand("Rs Ro Gc"), moves=2) == racks.order(0, hand("Rs Ro Gc"), moves=2)
    assert again.fresh(0) == racks.fresh(0) == {2}
    assert again.next_sort == racks.next_sort == {0: "shape"}


@pytest.mark.parametrize(
    "text",
    [
        "[1, 2]",
        '{"seats": 3}',
        '{"seats": {"0": {"hand": "RsBo", "order": "10"}}}',
        '{"seats": {"0": {"hand": ["Rs"], "order": [0], "moves": true}}}',
        '{"seats": {"0": {"hand": ["Zz"], "order": [0]}}}',
        "[" * 5000,
    ],
)
def test_nothing_stored_breaks_the_rack(text: str) -> None:
    store = SaveStore(DictStorage({"qwirkle.racks.g1": text}))
    racks = RackOrders()
    racks.load(load_racks(store, "g1"))
    assert racks.order(0, hand("Rs Bo"), moves=0) == [0, 1]


def test_an_unreadable_arrangement_is_set_aside_and_reported() -> None:
    storage = DictStorage({"qwirkle.racks.g1": "{oops"})
    store = SaveStore(storage)
    assert load_racks(store, "g1") == {}
    assert [problem.key for problem in store.take_problems()] == ["qwirkle.racks.g1"]
    assert storage.get("qwirkle.aside.racks.g1.1") == "{oops"


def test_deleting_a_game_deletes_its_arrangement() -> None:
    storage = DictStorage()
    store = SaveStore(storage)
    game_id = store.new_id()
    store.save(game_id, {"format": "qwirkle-game"}, ["human", "human"], current=False, over=False)
    save_racks(store, game_id, {"seats": {}})
    store.delete(game_id)
    assert not [key for key in storage.keys() if game_id in key]


def test_the_review_level_is_kept_with_the_settings_and_junk_is_not() -> None:
    store = SaveStore(DictStorage())
    store.save_settings(review_level="medium")
    assert store.settings()["review_level"] == "medium"
    store = SaveStore(DictStorage({"qwirkle.settings": '{"review_level": "<b>x</b>"}'}))
    assert "review_level" not in store.settings()
