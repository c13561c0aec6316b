"""The review's win-chance pass a move at a time (qwirkle.study.win_review): the same numbers as ``review --win`` in
any order, and when the most points and the best chances differ, both compared from the engine (points, chances on
the same deals, the tiles each keeps, the Qwirkles each leaves open)."""

import pytest

from qwirkle import Game, parse_move
from qwirkle.ai import make_player
from qwirkle.study import win_review
from qwirkle.study.endgame_review import endgame_notes
from qwirkle.study.match import play_out
from qwirkle.study.review import lines_left, review_moves, win_moves
from qwirkle.study.win_review import WinReplay, option


def short_game(variant="classic", seed=3, moves=12, players=("Ann", "Bob")):
    game = Game.new(variant, list(players), seed)
    bots = [make_player("greedy", seed + i) for i in range(len(players))]
    while not game.is_over and len(game.history) < moves:
        game.apply(bots[game.to_move].choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize("variant", ["classic", "flex", "cubes"])
def test_any_order_gives_what_review_win_gives(variant):
    game = short_game(variant, seed=5, moves=8)
    expected = list(win_moves(game, samples=4))
    replay = WinReplay(game, samples=4)
    for index in [5, 1, 7, 0]:
        found = replay.at(index)
        assert found is not None and found.chances == expected[index]
        assert found.index == index and found.seat == game.history[index].seat
        data = found.to_json()
        assert data["win_lost"] == round(100 * (expected[index].best - expected[index].after), 1) >= 0
        assert data["first"] == round(100 * (found.chances.before if found.seat == 0 else 1 - found.chances.before), 1)
    with pytest.raises(IndexError):
        replay.at(len(game.moves))


def test_most_points_against_best_chances_with_why():
    game = Game.new("classic", ["Ann", "Bob"], 1)
    play_out(game, [make_player("greedy", 1), make_player("medium", 2)])
    reviewed = list(review_moves(game))
    replay = WinReplay(game, samples=2)
    compared = 0
    live = Game(game.options)
    for index, entry in enumerate(reviewed[:16]):
        found = replay.at(index)
        assert found is not None
        if found.why is None:
            assert entry.best in (None, found.chances.best_move)
        else:
            compared += 1
            most, best = found.why
            assert most.move == entry.best != best.move == found.chances.best_move
            assert most.points == entry.best_points >= best.points
            assert best.chance == found.chances.best >= most.chance
            hand = list(live.hands[live.to_move])
            for tile in (p.tile for p in parse_move(most.move).placements):
                hand.remove(tile)
            assert sorted(most.kept) == sorted(hand)
            after = Game(game.options)
            for move in game.moves[:index]:
                after.apply(move)
            seat = after.to_move
            after.apply(most.move)
            left = lines_left(after, seat, [p.cell for p in parse_move(most.move).placements])
            assert (most.open, most.unseen) == (len(left), sum(line.unseen for line in left))
        live.apply(game.moves[index])
    assert compared >= 2  # a greedy and a medium player often pass over the best chances
    assert live.moves == game.moves[:16]


def test_option_leaves_the_game_as_it_was():
    game = short_game(seed=9, moves=6)
    before = (dict(game.board.tiles), game.hands, game.scores, game.bag_count, game.moves)
    play = game.legal_plays()[0]
    found = option(game, parse_move(play.notation()), 0.5)
    assert (dict(game.board.tiles), game.hands, game.scores, game.bag_count, game.moves) == before
    assert found.points == play.points and len(found.kept) == len(game.hands[game.to_move]) - len(play.placements)


def test_three_players_get_chances_and_the_first_player_s_for_the_graph():
    game = short_game(players=("A", "B", "C"), moves=5)
    replay = WinReplay(game, samples=2)
    found = [replay.at(index) for index in range(5)]
    assert [move.seat for move in found] == [turn.seat for turn in game.history[:5]]
    first = [move for move in found if move.seat == 0]
    assert first and all(move.first == pytest.approx(move.chances.before) for move in first)
    assert all(0.0 <= move.first <= 1.0 and move.chances.after <= move.chances.best for move in found)


def test_a_move_made_with_the_bag_empty_carries_the_solver_s_verdict():
    """The solver's verdict (as ``review`` gives it under ``endgame``, on the win review's budget), so that the page can
    say it; nothing before the bag is empty."""
    game = Game.new("classic", ["Ann", "Bob"], 11)
    play_out(game, [make_player("greedy", 1), make_player("greedy", 2)])
    notes = endgame_notes(game, nodes=win_review.ENDGAME_NODES)
    last = max(notes)
    replay = WinReplay(game, samples=1)
    assert replay.at(last).endgame == notes[last] and replay.at(last).to_json()["endgame"] == notes[last]
    assert replay.at(0).endgame is None
