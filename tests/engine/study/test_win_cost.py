"""A move's cost in chances of winning (qwirkle.study.win_cost) and ``review --win``: every candidate is valued on the
same sampled deals, so the best candidate's chance is never below the played move's; the same record gives the same
numbers every time."""

import itertools
import json
import os
import pathlib
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle import Exchange, Game, Play, Roll, dumps, parse_move
from qwirkle.ai import make_player
from qwirkle.study import win_cost
from qwirkle.study.endgame_review import move_note
from qwirkle.study.match import play_out
from qwirkle.study.review import review, win_moves
from qwirkle.study.win_cost import END_BONUS, LookAhead, MoveChances, candidates, move_chances
from qwirkle.winchance import win_chance

ROOT = pathlib.Path(__file__).resolve().parents[3]
WIN_KEYS = ("win_before", "win_after", "best_win", "best_win_move")


def advanced(variant, seed, moves):
    """A two-player game after ``moves`` greedy moves (fewer when it ends first)."""
    game = Game.new(variant, ["Ann", "Bob"], seed)
    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    return game


def some_moves(game, pick):
    """Moves the player to move may make: plays, an exchange, a re-roll."""
    moves = [Play(p.placements) for p in game.legal_plays()]
    hand = game.hands[game.to_move]
    if game.exchange_limit():
        moves.append(Exchange(hand[: min(pick % 3 + 1, game.exchange_limit())]))
    if game.can_roll():
        moves.append(Roll(hand[: pick % 6 + 1]))
    return moves


@pytest.mark.slow  # 25 random positions, each with its chances of winning sampled
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["classic", "cubes", "flex"]), st.integers(0, 10_000), st.integers(0, 70), st.integers(0, 999))
def test_the_best_candidate_is_never_below_the_played_move(variant, seed, moves, pick):
    game = advanced(variant, seed, moves)
    if game.is_over:
        return
    options = some_moves(game, pick)
    if not options:
        return
    played = options[pick % len(options)]
    found = move_chances(game, played, seed=pick, samples=4)
    assert isinstance(found, MoveChances)
    assert 0.0 <= found.before <= 1.0 and 0.0 <= found.after <= found.best <= 1.0
    assert found.before == pytest.approx(win_chance(game))
    # common random numbers: a move's value does not depend on which other moves it is compared with
    alone = LookAhead(game, 4, pick).chances([played])[0]
    assert alone == found.after
    listed = candidates(game, played)
    assert found.best_move in {move.notation() for move in listed}
    assert found.best == max(LookAhead(game, 4, pick).chances(listed))


def test_every_candidate_sees_the_same_deals():
    game = advanced("classic", 11, 6)
    moves = candidates(game, Play(game.legal_plays()[0].placements))
    assert len(moves) > 2
    together = LookAhead(game, 6, 3).chances(moves)
    one_by_one = [LookAhead(game, 6, 3).chances([move])[0] for move in moves]
    assert together == one_by_one


def test_the_same_seed_gives_the_same_chances_and_another_seed_other_deals():
    game = advanced("flex", 4, 8)
    move = Play(game.legal_plays()[0].placements)
    assert move_chances(game, move, seed=9) == move_chances(game, move, seed=9)
    assert LookAhead(game, 8, 9).deals != LookAhead(game, 8, 10).deals


def test_deals_come_from_the_movers_view_only():
    """The opponent's dealt hand is drawn from the tiles the mover has not seen; the real hand plays no part."""
    game = advanced("classic", 21, 10)
    look = LookAhead(game, 8, 1)
    unseen = game.view(game.to_move).unseen()
    for deal in look.deals:
        assert len(deal.other) == len(game.hands[1 - game.to_move])
        assert len(deal.bag) == game.bag_count
        assert not Counter(deal.other + deal.bag) - unseen


def test_going_out_ends_the_game_with_its_bonus():
    """With the bag empty, a play that empties the hand is worth exactly the result: won, shared or lost."""
    checked = 0
    for seed in range(20):
        game = Game.new("classic", ["Ann", "Bob"], seed)
        player = make_player("greedy", seed)
        while not game.is_over and checked < 3:
            seat = game.to_move
            hand = game.hands[seat]
            for play in game.legal_plays() if game.bag_count == 0 else ():
                if len(play.placements) == len(hand):
                    difference = game.scores[seat] - game.scores[1 - seat] + play.points + END_BONUS
                    value = LookAhead(game, 4, 0).chances([Play(play.placements)])[0]
                    assert value == (1.0 if difference > 0 else 0.5 if difference == 0 else 0.0)
                    checked += 1
            game.apply(player.choose(game.view(seat)))
        if checked >= 3:
            break
    assert checked >= 3


@pytest.mark.parametrize("variant,names", [("classic", "ABC"), ("flex", "ABCD"), ("cubes", "ABC")])
def test_three_and_four_players_get_chances_on_deals_of_every_hidden_hand(variant, names):
    game = Game.new(variant, list(names), seed=4)
    players = [make_player("greedy", seat) for seat in range(len(names))]
    for _ in range(5):
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    look = LookAhead(game, 6, 1)
    for deal in look.deals:
        order = [(view.seat + k) % len(names) for k in range(1, len(names))]
        assert [len(hand) for hand in deal.others] == [view.hand_sizes[seat] for seat in order]
        if view.open_hands is None:
            assert Counter(t for hand in deal.others for t in hand) + Counter(deal.bag) == view.unseen()
    move = players[game.to_move].choose(view)
    found = move_chances(game, move, seed=3, samples=4)
    assert found is not None and 0.0 <= found.after <= found.best <= 1.0
    assert found.before == pytest.approx(win_chance(game))


@pytest.fixture(scope="module")
def record():
    """A whole game between Hard and greedy."""
    game = Game.new("classic", ["Ann", "Bob"], 7)
    play_out(game, [make_player("hard", 1), make_player("greedy", 2)])
    return dumps(game)


@pytest.fixture(scope="module")
def opening():
    """The first twelve moves of a Flex game (the bag is far from empty: no end-game verdicts to compute)."""
    return dumps(advanced("flex", 5, 12))


@pytest.mark.slow  # a whole review with its chances of winning
def test_review_win_adds_the_keys_and_changes_no_other(record):
    plain = review(record, level=None, endgame=False)
    with_win = review(record, level=None, endgame=False, win=True)
    assert set(with_win) == set(plain) | {"win"}
    assert {key: value for key, value in with_win.items() if key not in ("moves", "win", "players")} == {
        key: value for key, value in plain.items() if key not in ("moves", "players")
    }
    gained = ("accuracy", "played_like", "like_confidence")
    for before, after in zip(plain["players"], with_win["players"], strict=True):  # each player gains these keys
        assert {key: value for key, value in after.items() if key not in gained} == before
        assert 0 <= after["accuracy"] <= 100 and after["played_like"]
    assert with_win["win"]["samples"] > 0 and with_win["win"]["table"]["seed"] is not None
    for before, after in zip(plain["moves"], with_win["moves"], strict=True):
        assert {key: value for key, value in after.items() if key not in WIN_KEYS} == before
        assert 0 <= after["win_before"] <= 100 and 0 <= after["win_after"] <= after["best_win"] <= 100
        parse_move(after["best_win_move"])
    chances = list(itertools.islice(win_moves(record), 12))  # the pass on its own, a move at a time, agrees
    assert [c.to_json() for c in chances] == [{key: m[key] for key in WIN_KEYS} for m in with_win["moves"][:12]]


def test_review_win_in_a_game_of_three_gives_every_key_and_an_accuracy_without_a_level():
    """The same keys as in a duel; ``played_like`` is null while the levels are measured in two-player games only."""
    from qwirkle.study.accuracy import played_like

    game = Game.new("classic", ["Ann", "Bob", "Cy"], 3)
    for _ in range(6):
        game.apply(make_player("greedy", 0).choose(game.view(game.to_move)))
    result = review(dumps(game), level=None, endgame=False, win=True)
    for move in result["moves"]:
        assert 0 <= move["win_after"] <= move["best_win"] <= 100 and 0 <= move["win_before"] <= 100
        parse_move(move["best_win_move"])
    for player in result["players"]:
        assert 0 <= player["accuracy"] <= 100
        assert player["played_like"] == played_like("classic", player["accuracy"], 3)


def run(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "qwirkle", *args], capture_output=True, text=True, env=env, cwd=ROOT)


def test_command_line_review_win_is_the_same_every_time(opening, tmp_path):
    path = tmp_path / "game.json"
    path.write_text(opening, encoding="utf-8")
    first = run("review", str(path), "--level", "none", "--win")
    second = run("review", str(path), "--level", "none", "--win")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    result = json.loads(first.stdout)
    assert all(key in move for move in result["moves"] for key in WIN_KEYS)
    without = json.loads(run("review", str(path), "--level", "none").stdout)
    assert "win" not in without and not any(key in move for move in without["moves"] for key in WIN_KEYS)


def at_empty_bag(seed, proven=False):
    """A two-player classic game of greedy players at its first move made with the bag empty (``proven``: the first
    whose end game the solver proves on the chances' budget)."""
    game = Game.new("classic", ["Ann", "Bob"], seed)
    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    while game.bag_count or (proven and not LookAhead(game, 1).solution().exact):
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    return game


def test_with_the_bag_empty_a_move_is_worth_the_result_of_perfect_play_after_it():
    """Every tile is known: a move's chance is the result the exact solver proves for it (won 1, shared one half,
    lost 0), so a move as good as the solver's best costs nothing, however its next plies look to the one-turn
    look-ahead (which charged the Expert's solved end games up to 30 points)."""
    game = at_empty_bag(4, proven=True)
    seat = game.to_move
    ahead = LookAhead(game, 8, 0)
    difference = game.scores[seat] - game.scores[1 - seat]
    result = lambda margin: 1.0 if difference + margin > 0 else 0.5 if difference + margin == 0 else 0.0
    plays = [Play(p.placements) for p in game.legal_plays()]
    for play, value in zip(plays, ahead.chances(plays), strict=True):
        note = move_note(game, play, nodes=win_cost.SOLVE_NODES)  # proven, so the same as on any budget
        assert note["exact"] and value == result(note["margin"]), (play.notation(), note)
    found = move_chances(game, plays[0], seed=0)
    assert found.best == result(note["best_margin"])
    assert found.best_move in {move.notation() for move in candidates(game, plays[0])}


def test_an_end_game_the_solver_does_not_prove_charges_no_move(monkeypatch):
    """Where the solver's budget runs out the end game is not judged: every move keeps the chance as it stands."""
    game = at_empty_bag(3)
    monkeypatch.setattr(win_cost, "SOLVE_NODES", 1)
    plays = [Play(p.placements) for p in game.legal_plays()]
    assert set(LookAhead(game, 8, 0).chances(plays)) == {win_chance(game)}
    assert move_chances(game, plays[-1], seed=0).lost == 0.0
