"""The accuracy kept over games for the statistics: once per game, per rule set, bounded, oldest first, whatever is
stored; and the trend the Statistics dialog draws from it (its path, its mean, its words)."""

from __future__ import annotations

import doctest
import json

import pytest

from app.dialogs import accuracy_trend
from app.dialogs.accuracy_trend import RECENT, Trend, trends
from app.store import accuracy_log
from app.store.accuracy_log import ACCURACY, MAX_GAMES, Played, load_accuracy, record_accuracy, reset_accuracy
from app.store.saves import DictStorage, SaveStore
from ui.words import Translator

DEEP = "[" * 100_000 + "]" * 100_000


def test_doctests() -> None:
    assert doctest.testmod(accuracy_log).failed == 0
    assert doctest.testmod(accuracy_trend).failed == 0


def test_once_per_game_per_rule_set_oldest_first() -> None:
    store = SaveStore(DictStorage())
    assert record_accuracy(store, "b", "classic", 200.0, [90.04])
    assert record_accuracy(store, "a", "classic", 100.0, [70.0, 80.0])  # hot seat: both humans' mean
    assert not record_accuracy(store, "a", "classic", 300.0, [10.0])  # reviewed again: counted once
    assert record_accuracy(store, "c", "flex", 50.0, [61.0])
    assert not record_accuracy(store, "d", "cubes", 50.0, [])  # no human on this device
    assert not record_accuracy(store, "", "cubes", 50.0, [50.0])  # no saved game to key it by
    assert not record_accuracy(store, "e", "scrabble", 50.0, [50.0])  # a rule set the engine does not know
    assert load_accuracy(store) == {
        "classic": [Played("a", 100.0, 75.0), Played("b", 200.0, 90.0)],
        "flex": [Played("c", 50.0, 61.0)],
    }
    reset_accuracy(store)
    assert load_accuracy(store) == {}


def test_the_last_games_are_kept() -> None:
    store = SaveStore(DictStorage())
    for i in range(MAX_GAMES + 7):
        assert record_accuracy(store, f"g{i}", "cubes", 1000.0 + i, [float(i % 100)])
    kept = load_accuracy(store)["cubes"]
    assert len(kept) == MAX_GAMES and [p.game for p in kept] == [f"g{i}" for i in range(7, MAX_GAMES + 7)]
    assert not record_accuracy(store, "old", "cubes", 5.0, [99.0])  # older than every game kept
    assert [p.game for p in load_accuracy(store)["cubes"]] == [p.game for p in kept]


@pytest.mark.parametrize(
    "value",
    [
        DEEP,
        "1e999999",
        '"text"',
        "[]",
        "null",
        "{}",
        '{"version": 2, "variants": {}}',
        '{"version": 1, "variants": []}',
        "x" * 200_000,
    ],
)
def test_an_unreadable_value_is_moved_aside(value: str) -> None:
    store = SaveStore(DictStorage({ACCURACY: value}))
    assert load_accuracy(store) == {}
    assert [p.key for p in store.take_problems()] == [ACCURACY]
    assert record_accuracy(store, "g", "classic", 1.0, [50.0]) and len(load_accuracy(store)["classic"]) == 1


def test_entries_of_any_other_shape_are_left_out() -> None:
    entries = [
        {"game": "ok", "time": 5, "accuracy": 81.25},
        {"game": "ok", "time": 9, "accuracy": 1},
        {"game": "t", "time": "soon", "accuracy": 60},
        {"game": 3, "accuracy": 50},
        {"game": "x"},
        {"game": "y", "accuracy": 101},
        {"game": "z", "accuracy": True},
        {"game": "", "accuracy": 5},
        [1],
        None,
        "text",
        {"game": "big", "time": 1e300, "accuracy": 40},
    ]
    stored = {"version": 1, "variants": {"classic": entries, "flex": "many", "nope": entries, "cubes": []}}
    store = SaveStore(DictStorage({ACCURACY: json.dumps(stored)}))
    assert load_accuracy(store) == {
        "classic": [Played("t", 0.0, 60.0), Played("big", 0.0, 40.0), Played("ok", 5.0, 81.2)]
    }
    assert store.take_problems() == []
    assert record_accuracy(store, "new", "classic", 10.0, [70.0])
    assert [p.game for p in load_accuracy(store)["classic"]] == ["t", "big", "ok", "new"]


def test_a_full_storage_loses_only_the_figure() -> None:
    class Full(DictStorage):
        def set(self, key: str, value: str) -> None:
            raise OSError("quota")

    assert not record_accuracy(SaveStore(Full()), "g", "classic", 1.0, [50.0])


def test_the_trend_s_plot_mean_and_words() -> None:
    values = tuple(float(v) for v in range(60, 60 + RECENT + 2))
    trend = Trend("classic", values)
    points = trend.points()
    assert len(points) == len(values) and [x for x, _ in points] == [i + 0.5 for i in range(len(values))]
    # every game at 50 % or more: the plot shows 50 % (bottom) to 100 % (top)
    assert trend.scale() == (100, 75, 50) and points[0] == (0.5, 80.0) and points[-1][1] == 2 * (100 - values[-1])
    assert trend.line().startswith("M0.5,80 L1.5,78") and trend.line().count("L") == len(values) - 1
    assert trend.dots().count("h0") == len(values)
    assert trend.mean == sum(values[-RECENT:]) / RECENT and trend.mean_y() == round(2 * (100 - trend.mean), 2)
    assert Trend("cubes", (49.9, 100.0)).points() == ((0.5, 50.1), (1.5, 0.0))  # else 0 % to 100 %
    en, fr = Translator("en"), Translator("fr")
    assert trend.summary(en) == f"{trend.mean}% on average over the last {RECENT} games"
    assert trend.label(en).startswith(f"Classic: accuracy in {len(values)} reviewed games, oldest first: 60.0%, 61.0%")
    assert "60,0" in trend.label(fr) and "Classique" in trend.label(fr)
    one = Trend("flex", (88.5,))
    assert one.line() == "M0.5,23" and one.summary(en) == "88.5% in the last game"
    assert one.label(en) == "Flex: accuracy in one reviewed game: 88.5%"


def test_trends_in_the_engine_s_order_only_with_games() -> None:
    log = {"flex": [Played("f", 1.0, 50.0)], "classic": [Played("a", 1.0, 70.0), Played("b", 2.0, 80.0)], "cubes": []}
    assert trends(log) == [Trend("classic", (70.0, 80.0)), Trend("flex", (50.0,))]
