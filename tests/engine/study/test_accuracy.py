"""A player's accuracy over a game and the level they played like (qwirkle.study.accuracy): 100 for a game that lost
no chance, lower the more it lost, within [0, 100]; the level read from the shipped table of the levels' own
accuracies; and the accuracy orders the levels on positions of a seeded game."""

import json
import math
import pathlib
from itertools import pairwise

import pytest
from engine_archive import run_from_archive
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import Game, dumps
from qwirkle.ai import PLAYERS, make_player
from qwirkle.study import accuracy as acc
from qwirkle.study.accuracy import (
    DATA_NAME,
    FORMAT,
    accuracy,
    judged,
    level_game,
    likeness,
    move_accuracy,
    played_like,
    player_accuracy,
    same_positions,
)
from qwirkle.study.review import review, win_moves
from qwirkle.study.tournament import DETERMINISTIC, player_seed
from qwirkle.study.win_cost import move_chances

ROOT = pathlib.Path(__file__).resolve().parents[3]
VARIANTS = ("classic", "cubes", "flex")
ORDER = ("random", "greedy", "medium", "hard", "expert")  # issue 25: each above the one before
# What the shipped round robin shows (scripts/tables/accuracy.py, end games valued by the solver): in classic and Cubes
# the whole order; in Flex all of it but Hard above Medium (Medium 88.4, Hard 88.2, within the noise of 32 games).
# Medium and Hard are 0.1 apart in classic and 0.8 in Cubes, so a rebuilt table may well swap them
# (docs/research/accuracy.md); the test then says so.
ABOVE = (*pairwise(ORDER), ("greedy", "hard"), ("medium", "expert"))
UNORDERED = {"flex": {("medium", "hard")}}
losses = st.lists(st.floats(0.0, 1.0), min_size=1, max_size=80)


def test_a_game_that_lost_nothing_is_100_and_no_move_is_none():
    assert accuracy([0.0] * 30) == 100.0
    assert move_accuracy(0.0) == 100.0
    assert accuracy([]) is None


@given(losses)
def test_accuracy_lies_between_0_and_100(lost):
    assert 0.0 <= accuracy(lost) <= 100.0


@settings(max_examples=50)
@given(losses, st.integers(0, 79), st.floats(0.001, 0.5))
def test_losing_more_on_a_move_lowers_the_accuracy(lost, which, more):
    """Never higher; strictly lower while the move's accuracy is not yet worn down to nothing (a loss of 20 points of
    win chance leaves it 100 * exp(-4), 1.8)."""
    worse = list(lost)
    worse[which % len(lost)] = min(1.0, worse[which % len(lost)] + more)
    assert accuracy(worse) <= accuracy(lost)
    if worse[which % len(lost)] <= 0.2:
        assert accuracy(worse) < accuracy(lost)


def test_move_accuracy_falls_off_with_the_loss():
    values = [move_accuracy(points / 100) for points in range(0, 101)]
    assert all(a > b for a, b in pairwise(values))
    assert move_accuracy(0.01) == pytest.approx(100 * math.exp(-acc.DECAY))  # the loss counts in percentage points


def test_one_blunder_weighs_more_than_its_share():
    """The harmonic half: one move that lost 30 points costs more than ten moves that lost 3 each."""
    assert accuracy([0.30] + [0.0] * 9) < accuracy([0.03] * 10)


def test_the_table_holds_the_levels_measured_and_how():
    data = json.loads((ROOT / "py" / "qwirkle" / DATA_NAME).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["made_by"].startswith(("bench/accuracy.py", "scripts/tables/accuracy.py"))
    # measured in a round robin of the levels (``field``), or, the older way, against one ``opponent``
    measured_against = set(data["field"]) if "field" in data else {data["opponent"]}
    assert isinstance(data["seed"], int) and measured_against <= set(PLAYERS) and data["decay"] == acc.DECAY
    for variant in VARIANTS:
        rows = data["variants"][variant]
        assert set(ORDER) <= set(rows) <= set(PLAYERS)
        assert all(row["games"] > 0 and 0 <= row["mean"] <= 100 for row in rows.values())


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_levels_measured_accuracies_keep_their_order(variant):
    """Over the bench's games each level of issue 25's order is above the one before (in Flex, Medium and Hard
    aside)."""
    rows = acc.table()["variants"][variant]
    for lower, higher in set(ABOVE) - UNORDERED.get(variant, set()):
        assert rows[lower]["mean"] < rows[higher]["mean"], (lower, higher, rows)


@pytest.mark.parametrize("variant", VARIANTS)
def test_played_like_is_the_nearest_level(variant):
    rows = acc.table()["variants"][variant]
    for level, row in rows.items():
        assert played_like(variant, row["mean"]) == level
    top = max(rows, key=lambda name: rows[name]["mean"])
    bottom = min(rows, key=lambda name: rows[name]["mean"])
    assert played_like(variant, 100.0) == top
    assert played_like(variant, 0.0) == bottom


def test_the_table_reads_from_a_zip_archive(tmp_path):
    """The page imports the engine from app.zip: pkgutil.get_data must find the table there too."""
    printed = run_from_archive(
        tmp_path,
        "import qwirkle.study.accuracy as a; "
        "assert a.__file__.startswith(sys.argv[1]), a.__file__; "
        "print(a.played_like('classic', 100.0))",
    )
    assert printed.strip() == played_like("classic", 100.0)


def test_a_rule_set_the_table_does_not_hold_reads_classic():
    assert played_like("no such rules", 100.0) == played_like("classic", 100.0)


@pytest.mark.slow  # four whole games reviewed at every level
def test_on_the_same_positions_of_four_games_the_levels_keep_their_order():
    """Issue 25's order on a small set: at every fourth position and every judged end-game position of four seeded
    games between two Hard players (seeds 1-4), each of the five levels chooses a move, every choice valued with the
    review's candidates on the same deals (``same_positions``, the review's measure, end games by the exact solver):
    pooled over the four games, each level's accuracy is above the one before (read 27.7, 49.9, 59.9, 83.5, 94.8).

    How firm this is, over the 15 groups of four games of seeds 1-60 measured this way (docs/research/accuracy.md):
    the whole order holds in 10; random below greedy in 15, greedy below Medium in 13, Medium below Hard in 12,
    Hard below the Expert in 14. Medium's and Hard's choices are worth the same at 894 of those 955 positions; outside
    end games Hard loses 0.04 +- 0.05 points of win chance a move less, in end games 1.2 +- 0.6 less, all of
    it in three games where Hard's exact search keeps a result that Medium's evaluation gives away: a group without
    such an end game orders the two by noise. So a failure here after a change to the measure or the levels says to
    run the bench on a large set (``bench/accuracy_positions.py --driver hard --every 4 --ended``) first."""
    lost: list[list[float]] = [[] for _ in ORDER]
    for seed in range(1, 5):
        for row, found in zip(lost, same_positions("classic", seed, ORDER, every=4, ended=True), strict=True):
            row.extend(found)
    figures = [accuracy(row) for row in lost]
    assert all(len(row) >= 50 for row in lost), [len(row) for row in lost]
    assert all(low < high for low, high in pairwise(figures)), dict(zip(ORDER, figures, strict=True))


def test_the_expert_gives_nothing_away_in_an_end_game_the_measure_judges():
    """With the bag empty the solver values the moves (``win_cost``) and the Expert plays the solver's best on a
    larger budget: in every end game the measure judges its move costs no chance, while a greedy player's may."""
    lost: dict[str, list[float]] = {"greedy": [], "expert": []}
    game = Game.new("classic", ["Ann", "Bob"], 2)
    players = [make_player("hard", 4), make_player("hard", 5)]
    while not game.is_over:
        view = game.view(game.to_move)
        if not game.bag_count and judged(game):
            for level, row in lost.items():
                move = make_player(level, 2, **DETERMINISTIC.get(level, {})).choose(view)
                row.append(move_chances(game, move).lost)
        game.apply(players[game.to_move].choose(view))
    assert len(lost["expert"]) >= 3 and set(lost["expert"]) == {0.0}, lost
    assert max(lost["greedy"]) > 0.0, lost


def test_a_level_game_is_the_same_every_time():
    first = level_game("classic", "random", 3, 1, samples=1)
    assert first == level_game("classic", "random", 3, 1, samples=1)
    assert len(first) > 10 and all(x >= 0 for x in first)


def test_review_win_gives_each_player_an_accuracy_and_a_level():
    game = Game.new("classic", ["Ann", "Bob"], 7)
    players = [make_player("greedy", 1), make_player("random", 2)]
    for _ in range(10):
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    result = review(dumps(game), level=None, endgame=False, win=True)
    for seat, player in enumerate(result["players"]):
        moves = [move for move in result["moves"] if move["player"] == seat]
        assert 0 <= player["accuracy"] <= 100 and player["played_like"] in (*PLAYERS, None)
        assert player["like_confidence"] in ("high", "low", None)
        printed = accuracy([(move["best_win"] - move["win_after"]) / 100 for move in moves])  # rounded chances
        assert player["accuracy"] == pytest.approx(printed, abs=1.0)
    assert "accuracy" not in review(dumps(game), level=None, endgame=False)["players"][0]


def test_no_chances_give_no_accuracy():
    assert player_accuracy("classic", [None, None]) == {"accuracy": None, "played_like": None, "like_confidence": None}


def test_one_short_or_middling_game_names_no_level():
    """The levels' accuracies overlap from game to game: a short game, or an accuracy several levels play alike
    (an Easy that scored 204 against Hard's 208 measured about 55, as random and beginner games do), names none."""
    assert likeness("classic", 55.0, 30) == (None, None)  # random, beginner and easy alike
    assert likeness("classic", 88.0, 30) == (None, None)  # greedy to expert alike
    assert likeness("classic", 100.0, 3) == (None, None)  # too few moves
    assert likeness("classic", 100.0, 40) == ("expert", "low")  # a lead, never a certainty, from one game
    assert likeness("classic", 70.0, 40) == ("easy", "low")
    for value in range(0, 101, 5):
        level, confidence = likeness("classic", float(value), 20)
        assert (level is None) == (confidence is None)


def test_a_pair_game_measures_both_players_as_their_review_does():
    """``scripts/tables/accuracy.py``'s games (``pair_game``) measure each player exactly as ``review --win`` measures
    the same game: the figure in the table and a reviewed player's are made alike."""
    lost = acc.pair_game("classic", ("random", "greedy"), 5, 0, samples=1)
    assert lost == acc.pair_game("classic", ("random", "greedy"), 5, 0, samples=1)
    players = [make_player(name, player_seed(5, 0, seat)) for seat, name in enumerate(("random", "greedy"))]
    game = Game.new("classic", ["random1", "greedy2"], 5)
    while not game.is_over:
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    reviewed = list(win_moves(game, samples=1))
    assert lost == [
        [found.lost for found, turn in zip(reviewed, game.history, strict=True) if turn.seat == seat] for seat in (0, 1)
    ]
    assert acc.pair_game("classic", ("random", "greedy"), 5, 0, samples=1, measured=(1,)) == [[], lost[1]]
