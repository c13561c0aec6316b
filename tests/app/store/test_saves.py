"""Saves: autosave, list, delete, export/import, corrupt values moved aside, settings."""

import itertools
import json

import pytest

from app.store.save_format import parse_save
from app.store.saves import (
    ASIDE_PREFIX,
    CURRENT,
    SAVE_PREFIX,
    SETTINGS,
    DictStorage,
    ImportRefused,
    SaveStore,
    StorageFull,
)
from qwirkle import Game
from qwirkle.record import to_record


def clock():
    counter = itertools.count(1_700_000_000)
    return lambda: float(next(counter))


@pytest.fixture
def store():
    return SaveStore(DictStorage(), clock())


def played(seed=1, moves=3):
    game = Game.new("classic", ["Ann", "Bob"], seed=seed)
    for _ in range(moves):
        game.apply(max(game.legal_plays(), key=lambda p: p.points).notation())
    return game


def test_save_load_roundtrip(store):
    game = played()
    store.save("g1", to_record(game), ["human", "greedy"], pace=0)
    assert store.current_id() == "g1"
    saved = store.load_current()
    assert saved.seats == ("human", "greedy") and saved.pace == 0 and saved.move_count == 3
    assert saved.game.board == game.board and saved.game.scores == game.scores


def test_list_skips_and_moves_aside_corrupt_values(store):
    store.save("good", to_record(played()), ["human", "human"])
    store.storage.set(SAVE_PREFIX + "bad", "{not json")
    store.storage.set(SAVE_PREFIX + "foreign", json.dumps({"hello": "world"}))
    record = to_record(played())
    record["moves"].append("Rd@99,99")
    store.storage.set(
        SAVE_PREFIX + "illegal",
        json.dumps({"format": "qwirkle-save", "version": 1, "seats": ["human", "human"], "record": record}),
    )
    store.storage.set("other-app", "{whatever")
    saves = store.list()
    assert [s.id for s in saves] == ["good"]
    problems = store.take_problems()
    assert sorted(p.key for p in problems) == [SAVE_PREFIX + k for k in ("bad", "foreign", "illegal")]
    assert all(p.moved_to.startswith(ASIDE_PREFIX) and p.error for p in problems)
    data = store.storage.data
    assert data[ASIDE_PREFIX + "save.bad.1"] == "{not json"
    assert data["other-app"] == "{whatever"
    assert not any(k in data for k in (SAVE_PREFIX + "bad", SAVE_PREFIX + "foreign", SAVE_PREFIX + "illegal"))
    # a second bad value under the same key does not overwrite the first one moved aside
    store.storage.set(SAVE_PREFIX + "bad", "again")
    store.list()
    assert data[ASIDE_PREFIX + "save.bad.2"] == "again"


def test_corrupt_current_is_cleared(store):
    store.storage.set(SAVE_PREFIX + "x", "]]")
    store.storage.set(CURRENT, "x")
    assert store.load_current() is None
    assert store.current_id() is None and len(store.take_problems()) == 1
    store.storage.set(CURRENT, "missing")
    assert store.load_current() is None and store.current_id() is None


def test_delete_and_prune(store):
    for i in range(3):
        store.save(f"g{i}", to_record(played(i, 1)), ["human", "human"])
    store.delete("g2")
    assert [s.id for s in store.list()] == ["g1", "g0"] and store.current_id() is None


def test_export_import(store):
    game = played()
    store.save("g1", to_record(game), ["human", "greedy"])
    text = store.export_text("g1")
    record = json.loads(text)
    assert record["format"] == "qwirkle-game" and record["moves"] == list(game.moves)
    assert record["seats"] == ["human", "greedy"]
    # the same game twice is refused, by its record (whatever the seats)
    with pytest.raises(ImportRefused) as refused:
        store.import_text(text)
    assert refused.value.reason == "duplicate" and refused.value.game_id == "g1"
    store.delete("g1")
    imported = store.import_text(text)
    assert imported.id != "g1" and imported.seats == ("human", "greedy")
    assert store.load(imported.id).game.scores == game.scores
    # a plain engine record (no seats) imports with human seats
    store.delete(imported.id)
    plain = json.dumps(to_record(game))
    assert store.import_text(plain).seats == ("human", "human")
    for bad in ("nope", "[]", json.dumps({"format": "qwirkle-game", "version": 9})):
        with pytest.raises(ValueError):
            store.import_text(bad)


def test_settings(store):
    assert store.settings() == {}
    store.save_settings(lang="fr")
    store.save_settings(palette="contrast")
    assert store.settings() == {"lang": "fr", "palette": "contrast"}
    store.storage.set(SETTINGS, "oops")
    assert store.settings() == {} and store.take_problems()[0].key == SETTINGS
    store.storage.set(SETTINGS, json.dumps({"lang": "xx", "palette": "<script>"}))
    assert store.settings() == {}


class Broken(DictStorage):
    def set(self, key, value):
        raise RuntimeError("QuotaExceededError")

    def keys(self):
        raise RuntimeError("denied")


def test_broken_storage_never_crashes_reads():
    store = SaveStore(Broken({SAVE_PREFIX + "a": "x"}), clock())
    assert store.list() == [] and store.settings() == {}
    store.save_settings(lang="fr")
    with pytest.raises(StorageFull):
        store.save("a", {}, [])


def test_parse_save_rejects_bad_seats():
    record = to_record(played())
    for seats in (["human"], ["human", 3], ["human", "wizard"]):
        with pytest.raises(ValueError):
            parse_save(json.dumps({"format": "qwirkle-save", "version": 1, "seats": seats, "record": record}))
