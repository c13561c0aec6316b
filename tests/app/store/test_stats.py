"""Statistics: counted once per game, per variant and opponent, from the humans' side."""

import json

from app.store.saves import DictStorage, SaveStore
from app.store.stats import STATS, load_stats, opponent_key, record_game, variant_key
from qwirkle import Game
from qwirkle.ai import make_player
from qwirkle.study.match import play_out


def finished(variant="classic", seed=2, tiles=None):
    game = Game.new(variant, ["Ann", "Bot"], seed=seed, tiles=tiles)
    play_out(game, [make_player("greedy", 1), make_player("greedy", 2)])
    return game


def test_record_once_and_keys():
    store = SaveStore(DictStorage())
    game = finished()
    assert record_game(store, "g", game, ("human", "greedy"))
    assert not record_game(store, "g", game, ("human", "greedy"))
    stats = load_stats(store)
    counts = stats.games["classic"]["greedy"]
    assert counts["played"] == 1 and counts["won"] == (0 in game.winners())
    best = max(t.points for t in game.history if t.seat == 0 and t.kind == "play")
    assert stats.best["points"] == best and stats.best["name"] == "Ann"
    assert stats.qwirkles == sum(l.qwirkle for t in game.history if t.seat == 0 for l in t.lines)
    flex = finished("flex", 3, 72)
    record_game(store, "f", flex, ("human", "human"))
    assert load_stats(store).games["flex72"]["humans"]["played"] == 1
    assert load_stats(store).played == 2


def test_unfinished_or_no_human_not_counted():
    store = SaveStore(DictStorage())
    assert not record_game(store, "x", Game.new("classic", ["a", "b"], seed=1), ("human", "greedy"))
    assert not record_game(store, "y", finished(), ("greedy", "random"))
    assert load_stats(store).played == 0


def test_corrupt_stats_moved_aside():
    store = SaveStore(DictStorage({STATS: json.dumps({"version": 1, "games": {"classic": {"x": {"played": "many"}}}})}))
    assert load_stats(store).played == 0
    assert store.take_problems()[0].key == STATS
    assert record_game(store, "g", finished(), ("human", "greedy"))


def test_keys():
    assert opponent_key(("human", "hard", "greedy", "hard")) == "greedy+hard"
    assert variant_key(Game.new("flex", ["a", "b"], seed=1, tiles=108)) == "flex108"
