"""Game flow: deal, opening (C2/Q2), turns, exchange (C8), Cubes re-rolls (Q3/Q4), end (C9/C10), undo, views."""

import pytest
from game_state import state_key

from qwirkle import Game, IllegalMoveError, Placement, Play, Position, Tile, parse_tiles
from qwirkle.notation import Exchange, Pass, Roll
from qwirkle.tiles import largest_combination


def best(game):
    return Play(max(game.legal_plays(), key=lambda p: (p.points, p.notation())).placements)


def positioned(variant, board, hands, bag, seed=0, **fields):
    """A game going on from a chosen position (the rest of the set out of play)."""
    return Game.from_position(Position.of(variant, board=board, hands=hands, bag=bag, **fields), seed=seed)


def test_deal_gives_six_tiles_each_and_keeps_the_rest_in_the_bag():
    game = Game.new("classic", ["a", "b", "c"], seed=1)
    assert [len(h) for h in game.hands] == [6, 6, 6]
    assert game.bag_count == 108 - 18


def test_players_two_to_four():
    with pytest.raises(ValueError, match="C1"):
        Game.new("classic", ["solo"], seed=1)
    with pytest.raises(ValueError):
        Game.new("classic", list("abcde"), seed=1)


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_c2_largest_combination_starts_and_must_be_played(variant):
    game = Game.new(variant, ["a", "b", "c", "d"], seed=7)
    sizes = [largest_combination(h) for h in game.hands]
    assert game.opening.sizes == tuple(sizes)
    assert sizes[game.to_move] == max(sizes)
    assert all(len(p.placements) == max(sizes) for p in game.legal_plays())
    if max(sizes) > 1:
        small = next(p for p in game.legal_plays()).placements[:1]
        with pytest.raises(IllegalMoveError) as error:
            game.apply(Play(small))
        assert error.value.rule == "C2"


def _tied_game(variant, ages):
    for seed in range(200):
        game = Game.new(variant, ["a", "b"], seed=seed, ages=ages)
        if game.opening.sizes[0] == game.opening.sizes[1]:
            return game
    raise AssertionError("no tie found")


def test_c2_tie_goes_to_the_oldest_and_q2_to_the_youngest():
    assert _tied_game("classic", [30, 60]).to_move == 1
    assert _tied_game("classic", [60, 30]).to_move == 0
    assert _tied_game("cubes", [30, 60]).to_move == 0
    game = _tied_game("classic", None)
    assert game.to_move == 0 and not game.opening.by_age


def test_refused_move_changes_nothing():
    game = Game.new("classic", ["a", "b"], seed=2)
    before = state_key(game)
    foreign = next(t for t in parse_tiles("Ro Rs Rd Rc Rx Rt Bo Bs") if t not in game.hands[game.to_move])
    with pytest.raises(IllegalMoveError) as error:
        game.apply(f"{foreign.notation()}@0,0")
    assert error.value.rule in ("C4", "C2")
    assert state_key(game) == before


def test_turn_draws_back_to_six_and_passes_clockwise():
    game = Game.new("classic", ["a", "b", "c"], seed=3)
    starter = game.to_move
    result = game.apply(best(game))
    assert len(game.hands[starter]) == 6
    assert game.to_move == (starter + 1) % 3
    assert game.scores[starter] == result.points
    assert game.bag_count == 108 - 18 - result.count


def test_c8_exchange_returns_tiles_to_the_bag():
    game = Game.new("classic", ["a", "b"], seed=4)
    game.apply(best(game))
    seat = game.to_move
    hand = game.hands[seat]
    with pytest.raises(IllegalMoveError):
        game.apply("swap Ro Ro Ro Ro Ro Ro Ro")
    result = game.apply(Exchange(hand[:3]))
    assert result.kind == "exchange" and result.points == 0
    assert len(game.hands[seat]) == 6 and game.to_move != seat
    assert game.bag_count == 108 - 12 - game.history[0].count


def test_c8_cannot_exchange_more_than_the_bag_holds_nor_on_the_opening():
    game = Game.new("classic", ["a", "b"], seed=5)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Exchange(game.hands[game.to_move][:1]))
    assert error.value.rule == "C2"
    game = positioned("classic", "Ro@0,0", ["Bs Gd Yc Pt Ox Bd", "Rs Rd Rc Rx Rt Bo"], "Gs Gc")
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Exchange(game.hands[0][:3]))
    assert error.value.rule == "C8"
    assert game.exchange_limit() == 2


def test_c3_pass_only_when_blocked():
    game = positioned("classic", "Ro@0,0", ["Bs Gd", "Rs Rd"], "Yc")
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Pass())
    assert error.value.rule == "C3" and error.value.reason == "exchange_instead"
    game = positioned("classic", "Ro@0,0", ["Bs Gd", "Rs Rd"], "")
    assert game.can_pass()
    game.apply(Pass())
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Pass())
    assert error.value.reason == "can_play"


def test_c9_first_out_scores_six_and_ends_the_game():
    game = positioned("classic", "Ro@0,0", ["Rs", "Bs Gd"], "")
    result = game.apply("Rs@1,0")
    assert result.end_bonus == 6 and result.points == 2 + 6 and result.ended == "out"
    assert game.is_over and game.end_reason == "out" and game.winners() == (0,)
    with pytest.raises(IllegalMoveError):
        game.apply("Bs@0,1")


def test_c10_everyone_passing_ends_the_game_without_bonus():
    game = positioned("classic", "Ro@0,0", ["Bs Gd", "Yc Pt"], "", scores=[5, 5])
    game.apply(Pass())
    assert not game.is_over
    result = game.apply(Pass())
    assert result.ended == "blocked" and game.is_over and game.scores == (5, 5)
    assert game.winners() == (0, 1)


def test_q3_cubes_reroll_once_then_place():
    game = Game.new("cubes", ["a", "b"], seed=10)
    game.apply(best(game))
    seat = game.to_move
    dice = game.hands[seat]
    result = game.apply(Roll(dice[:2]))
    assert result.kind == "roll" and game.to_move == seat and game.has_rolled
    assert sorted(d.color for d in game.hands[seat]) == sorted(d.color for d in dice)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Roll(game.hands[seat][:1]))
    assert error.value.rule == "Q3"
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Exchange(game.hands[seat][:1]))
    assert error.value.rule == "Q3"


def _stuck_cubes_game(seed):
    game = positioned("cubes", "Ro@0,0", ["Bs Gd", "Yc Pt"], "", seed)
    assert not game.legal_plays()  # neither die fits beside a red circle
    return game


def test_q4_forced_rerolls_until_a_die_can_be_placed():
    outcomes = set()
    for seed in range(40):
        game = _stuck_cubes_game(seed)
        result = game.apply(Roll(game.hands[0][1:]))
        assert not result.forced_pass and game.to_move == 0 and game.legal_plays()
        outcomes.add(result.forced_rolls > 0)
    assert outcomes == {True, False}


def test_q4_bound_then_the_turn_passes(monkeypatch):
    monkeypatch.setattr("qwirkle.game.MAX_FORCED_ROLLS", 0)
    for seed in range(40):
        game = _stuck_cubes_game(seed)
        result = game.apply(Roll(game.hands[0][1:]))
        if result.forced_pass:
            assert game.to_move == 1 and result.kind == "roll"
            return
    raise AssertionError("no seed left the dice unplayable")


def test_q4_cubes_players_do_not_pass():
    game = _stuck_cubes_game(1)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Pass())
    assert error.value.rule == "Q4"


def test_undo_restores_the_previous_state_exactly():
    game = Game.new("flex", ["a", "b"], seed=12, tiles=72)
    game.apply(best(game))
    snapshot = state_key(game)
    game.apply(best(game))
    game.undo()
    assert state_key(game) == snapshot
    game.undo()
    assert len(game.board) == 0 and game.is_opening
    with pytest.raises(IllegalMoveError):
        game.undo()


def test_the_board_a_game_shows_cannot_change_the_game():
    game = positioned("classic", "Ro@0,0 Rs@1,0", ["Rd Bo", "Gd Yd"], "")
    board = game.board
    with pytest.raises(TypeError, match="read-only"):
        board.tiles[(2, 0)] = Tile.from_notation("Rd")
    for change in (board.tiles.clear, lambda: board.tiles.pop((0, 0)), lambda: board.tiles.update({})):
        with pytest.raises(TypeError, match="read-only"):
            change()
    with pytest.raises(AttributeError, match="read-only"):
        board.tiles = {}
    edited = board.copy()
    edited.tiles[(2, 0)] = Tile.from_notation("Rd")
    assert game.board is board and str(game.board) == "Ro@0,0 Rs@1,0"
    assert game.legal_plays() and game.apply("Rd@2,0").points == 3
    assert str(board) == "Ro@0,0 Rs@1,0" and str(game.board) == "Ro@0,0 Rs@1,0 Rd@2,0"  # a snapshot, and a new one
    game.undo()
    assert game.board == board


def test_views_hide_other_hands_and_the_bag_order():
    game = Game.new("classic", ["a", "b"], seed=13)
    view = game.view(0)
    assert view.hand == game.hands[0] and view.open_hands is None
    assert not hasattr(view, "bag") and view.bag_count == game.bag_count
    unseen = view.unseen()
    assert sum(unseen.values()) == 108 - 6
    cubes = Game.new("cubes", ["a", "b"], seed=13)
    assert cubes.view(1).open_hands == cubes.hands


def test_views_show_only_own_exchanged_tiles():
    game = Game.new("classic", ["a", "b"], seed=14)
    game.apply(best(game))
    seat = game.to_move
    game.apply(Exchange(game.hands[seat][:2]))
    assert game.view(seat).history[-1].move.startswith("swap ")
    other = game.view(1 - seat).history[-1]
    assert other.move is None and other.count == 2


def test_opening_tile_not_in_hand():
    game = Game.new("classic", ["a", "b"], seed=15)
    hand = game.hands[game.to_move]
    missing = next(Tile(c, s) for c in range(6) for s in range(6) if Tile(c, s) not in hand)
    with pytest.raises(IllegalMoveError) as error:
        game.check([Placement(missing, (0, 0))])
    assert error.value.reason == "not_in_hand"


def test_legal_moves_lists_exchanges_rolls_and_pass_separately():
    game = Game.new("classic", ["a", "b"], seed=16)
    opening = game.legal_moves()
    assert opening.plays and not opening.exchanges and not opening.rolls and not opening.can_pass
    game.apply(best(game))
    moves = game.legal_moves()
    distinct = len(set(game.hands[game.to_move]))
    assert len(moves.exchanges) >= 2**distinct - 1 and not moves.rolls
    assert len({m.tiles for m in moves.exchanges}) == len(moves.exchanges)
    game = positioned("classic", "Ro@0,0", ["Bs Bs", "Yc"], "Gd")
    assert [m.notation() for m in game.legal_moves().exchanges] == ["swap Bs"]
    cubes = Game.new("cubes", ["a", "b"], seed=16)
    cubes.apply(best(cubes))
    moves = cubes.legal_moves()
    assert moves.rolls and not moves.exchanges and not moves.can_pass


def test_reveal_keeps_every_piece_in_play_once_and_refuses_what_is_seen():
    from collections import Counter

    game = Game.from_position(Game.new("classic", ["A", "B", "C"], 4).position().hidden(0))
    before = Counter(game.full_set)
    seen = game.hands[0]
    wanted = [t for t in game.full_set if t not in seen][-3:]
    game.reveal(2, wanted, unseen=[1])
    assert list(game.hands[2][:3]) == wanted and len(game.hands[2]) == 6 and game.hands[0] == seen
    position = game.position()
    held = [t for h in position.hands for t in h] + list(position.bag)
    assert Counter(held) == before and game.bag_count == 90
    mine = seen[0]
    copies = sum(1 for t in game.full_set if t == mine)
    with pytest.raises(ValueError, match="not among the pieces not seen"):
        game.reveal(1, [mine] * copies, unseen=[2])
    assert (
        game.hands[0] == seen
        and Counter(t for h in game.position().hands for t in h) + Counter(game.position().bag) == before
    )
