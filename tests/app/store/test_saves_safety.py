"""Nothing lost: saves are pruned only when finished, a full storage is said and offers a way out, a value that
cannot be read is kept (aside, or where it is), and no stored value of any shape stops the app."""

import itertools
import json

import pytest
from session_fakes import Events, FakeHost

from app.links.startlink import make_spec
from app.play.controller import Controller
from app.play.session import Session
from app.store.saves import ASIDE_PREFIX, CURRENT, MAX_SAVES, SAVE_PREFIX, SETTINGS, DictStorage, SaveStore, StorageFull
from app.store.stats import STATS, load_stats
from qwirkle import Game, Play
from qwirkle.record import to_record

DEEP = "[" * 100_000 + "]" * 100_000  # nested far deeper than any parser's recursion
DEEP_OBJECT = '{"a":' * 5000 + "1" + "}" * 5000
HUGE_NUMBER = '{"format": "qwirkle-save", "version": 1, "created": 1' + "0" * 400 + "}"


def clock():
    counter = itertools.count(1_700_000_000)
    return lambda: float(next(counter))


def game(finished, seed=1):
    g = Game.new("classic", ["Ann", "Bob"], seed)
    while not g.is_over and (finished or len(g.moves) < 2):
        plays = g.legal_plays()
        g.apply(
            Play(max(plays, key=lambda p: p.points).placements)
            if plays
            else g.legal_moves().exchanges[0]
            if g.exchange_limit()
            else "pass"
        )
    return g


def save(store, game_id, g):
    return store.save(game_id, to_record(g), ["human", "human"], over=g.is_over)


def test_only_finished_games_are_pruned_least_recently_played_first():
    store = SaveStore(DictStorage(), clock())
    unfinished = game(False)
    for i in range(MAX_SAVES + 5):  # the oldest saves are games in progress: they all stay
        save(store, f"a{i:02}", unfinished)
    assert len(store.list()) == MAX_SAVES + 5
    finished = game(True, seed=2)
    for i in range(4):
        save(store, f"f{i}", finished)
    save(store, "f0", finished)  # played again: f0 is now the most recent finished game
    save(store, "later", unfinished)
    ids = {s.id for s in store.list()}
    assert {f"a{i:02}" for i in range(MAX_SAVES + 5)} <= ids and "later" in ids
    assert "f0" in ids and not {"f1", "f2", "f3"} & ids  # beyond 30, the least recently played finished go


class Quota(DictStorage):
    """A storage that refuses writes once it holds ``limit`` characters (like localStorage's quota)."""

    def __init__(self, limit):
        super().__init__()
        self.limit = limit

    def set(self, key, value):
        if sum(map(len, self.data.values())) - len(self.data.get(key, "")) + len(value) > self.limit:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        super().set(key, value)


def test_a_full_storage_is_said_and_deleting_finished_games_makes_room():
    storage = Quota(10**9)
    store = SaveStore(storage, clock())
    finished = game(True, seed=2)
    for i in range(3):
        save(store, f"f{i}", finished)
    storage.limit = sum(map(len, storage.data.values())) + 50
    c = Controller(store)
    c.start(make_spec("classic", ["human", "greedy"], seed=3))
    assert c.note is not None and c.note.key == "storage_failed" and "Quota" in c.note.values["error"]
    assert sorted(store.finished_ids()) == ["f0", "f1", "f2"]
    assert store.delete_finished() == 3
    c.note = None
    c.save()
    assert c.note is None and store.load(c.game_id) is not None


def test_move_aside_never_deletes_a_value_it_cannot_store():
    storage = Quota(10**9)
    storage.data[SAVE_PREFIX + "broken"] = "{not json" + "x" * 500
    storage.limit = sum(map(len, storage.data.values()))  # full: the copy aside cannot be written
    store = SaveStore(storage, clock())
    assert store.list() == []
    (problem,) = store.take_problems()
    assert problem.moved_to is None and storage.data[SAVE_PREFIX + "broken"].startswith("{not json")
    assert store.list() == [] and store.take_problems() == []  # reported once, not read again


@pytest.mark.parametrize("value", [DEEP, DEEP_OBJECT, HUGE_NUMBER, "1e999999", '"text"', "[]", "null", "\ud800"])
def test_any_stored_value_is_survived_at_start_up(value):
    """Settings, the current save and the statistics hold anything: the page starts, with one notice."""
    storage = DictStorage(
        {SETTINGS: value, SAVE_PREFIX + "x": value, CURRENT: "x", STATS: value, SAVE_PREFIX + "y": value}
    )
    store = SaveStore(storage, clock())
    assert isinstance(store.settings(), dict)
    s = Session(store, FakeHost(), Events())
    s.open("", "en")
    assert not s.has_game() and s.notice is not None and s.notice.key in ("save_moved", "save_moved_many")
    assert load_stats(store).played == 0
    s.report_problems()
    problems_left = store.take_problems()
    assert problems_left == []
    assert all(k.startswith(ASIDE_PREFIX) or k in (CURRENT,) or storage.data[k] == value for k in storage.data)


def test_times_too_large_for_a_float_are_survived():
    store = SaveStore(DictStorage(), clock())
    save(store, "g", game(False))
    payload = json.loads(store.storage.data[SAVE_PREFIX + "g"])
    text = json.dumps({**payload, "created": 10**400, "updated": 10**400, "revision": 10**400, "id": ["x"]})
    store.storage.data[SAVE_PREFIX + "g"] = text
    (saved,) = store.list()
    assert saved.created == saved.updated == 0.0 and saved.revision == 0 and saved.id == "g"


def test_corrupt_statistics_at_the_end_of_a_game_give_one_notice():
    """The statistics are read when a game ends: a corrupt value is moved aside, the game is counted afresh, and
    the player is told once."""
    store = SaveStore(DictStorage({STATS: DEEP}), clock())
    host = FakeHost()
    s = Session(store, host, Events())
    s.open("?variant=classic&seats=human,greedy&seed=4&pace=0", "en")
    c = s.controller
    while not c.game.is_over:
        host.run()
        if c.human_to_move:
            plays = c.game.legal_plays()
            move = (
                Play(max(plays, key=lambda p: p.points).placements)
                if plays
                else c.game.legal_moves().exchanges[0]
                if c.game.exchange_limit()
                else "pass"
            )
            s.after_move(c._apply(move), human=True)
    host.run()
    assert s.notice is not None and s.notice.key == "save_moved" and s.notice.values["key"].startswith(ASIDE_PREFIX)
    assert store.storage.data[s.notice.values["key"]] == DEEP and load_stats(store).played == 1


def test_the_statistics_survive_wrong_types():
    store = SaveStore(DictStorage({STATS: json.dumps({"version": 1, "games": {}, "best": {"points": 3, "name": [1]}})}))
    assert load_stats(store).played == 0 and store.take_problems()[0].key == STATS


def test_the_broken_storage_of_a_save_still_gives_a_message():
    class Refusing(DictStorage):
        def set(self, key, value):
            raise RuntimeError("QuotaExceededError")

    with pytest.raises(StorageFull):
        SaveStore(Refusing(), clock()).save("g", {}, [])
