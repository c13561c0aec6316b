"""Positions (qwirkle.position): the text round-trips, a game goes on from one legally, a bad field is named."""

import pytest

from qwirkle import Game, NotationError, Play, Position, dumps
from qwirkle.notation import Roll


def walk(variant, seed, moves):
    """A game after ``moves`` moves of its first legal choice each turn (a roll first in Cubes, now and then)."""
    game = Game.new(variant, ["a", "b", "c"], seed=seed)
    for index in range(moves):
        if game.is_over:
            break
        if game.can_roll() and index % 3 == 0:
            game.apply(Roll(game.hands[game.to_move][:2]))
            continue
        choice = game.legal_moves()
        if choice.plays:
            game.apply(Play(choice.plays[0].placements))
        else:
            game.apply(choice.exchanges[0] if choice.exchanges else choice.rolls[-1] if choice.rolls else "pass")
    return game


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
@pytest.mark.parametrize("moves", [0, 7, 40, 200])
def test_a_game_s_position_round_trips_through_its_text_and_a_new_game(variant, moves):
    game = walk(variant, moves + 1, moves)
    position = game.position()
    assert Position.parse(str(position)) == position
    again = Game.from_position(str(position), game.options.players)
    assert again.position() == position
    assert (again.hands, again.scores, again.to_move, again.bag_count) == (
        game.hands,
        game.scores,
        game.to_move,
        game.bag_count,
    )
    assert (again.is_over, again.end_reason, again.has_rolled, again.is_opening) == (
        game.is_over,
        game.end_reason,
        game.has_rolled,
        game.is_opening,
    )
    assert sorted(again.legal_plays()) == sorted(game.legal_plays())
    assert again.legal_moves().exchanges == game.legal_moves().exchanges


def test_hidden_hands_and_the_bag_are_dealt_from_the_pieces_not_shown():
    game = walk("classic", 3, 9)
    seen = game.position().hidden(0)
    assert seen.hands[0] == game.hands[0] and seen.hands[1:] == (6, 6) and seen.bag == game.bag_count
    for seed in range(3):
        dealt = Game.from_position(seen, seed=seed)
        assert dealt.view(0).unseen() == game.view(0).unseen()
        assert dealt.hands[0] == game.hands[0] and dealt.bag_count == game.bag_count
    assert Position.parse(str(seen)) == seen


def test_cubes_hands_stay_shown_and_the_roll_is_part_of_the_position():
    game = Game.new("cubes", ["a", "b"], seed=2)
    game.apply(Play(game.legal_plays()[0].placements))
    game.apply(Roll(game.hands[game.to_move][:1]))
    text = str(game.position().hidden(0))
    assert text.endswith(" rolled") and "/" in text.split("hands=")[1].split()[0]
    again = Game.from_position(text)
    assert again.has_rolled and not again.can_roll() and again.hands == game.hands


def test_the_position_of_an_ended_game_is_ended():
    out = Game.from_position("classic board=Ro@0,0 hands=-/Bs+Gd bag=- scores=9/3 turn=0")
    assert out.is_over and out.end_reason == "out"
    blocked = Game.from_position("classic board=Ro@0,0 hands=Bs+Gd/Yc+Pt bag=- scores=5/5 turn=0 passes=2")
    assert blocked.is_over and blocked.end_reason == "blocked"


@pytest.mark.parametrize(
    "text, field",
    [
        ("", "position"),
        ("chess hands=Ro/Rs", "setup"),
        ("classic board=Ro@0,0", "hands"),
        ("classic hands=Ro/Rs/Rd/Rc/Rx", "hands"),
        ("classic hands=Ro+Rs+Rd+Rc+Rx+Rt+Ro/6", "hands"),
        ("classic hands=Rok/6", "hands"),
        ("classic hands=Ro+Ro/Ro+Ro", "hands"),
        ("classic board=Ro@0,0+Go@5,5 hands=Rs/6", "board"),
        ("classic board=Ro@0,0+Ro@0,0 hands=Rs/6", "board"),
        ("classic board=Ro@x hands=Rs/6", "board"),
        ("classic hands=Rs/6 bag=200", "bag"),
        ("classic hands=Rs/6 bag=Zz", "bag"),
        ("classic hands=Rs/6 scores=1", "scores"),
        ("classic hands=Rs/6 scores=a/b", "scores"),
        ("classic hands=Rs/6 turn=2", "turn"),
        ("classic hands=Ro+Rs/Bo turn=1", "turn"),
        ("classic board=Ro@0,0 hands=Rs/6 rolled", "rolled"),
        ("classic hands=Rs/6 passes=3", "passes"),
        ("classic hands=Rs/6 turn=1 turn=0", "turn"),
        ("classic hands=Rs/6 colour=red", "position"),
        ("classic hands=Rs/6 " + "x" * 5000, "position"),
    ],
)
def test_a_bad_position_names_its_field(text, field):
    with pytest.raises(NotationError) as raised:
        Position.parse(text)
    assert raised.value.field == field


def test_a_game_from_a_position_keeps_no_record_and_names_its_seats():
    game = Game.from_position("classic hands=Ro+Rs/6", ["Ann", "Bob"])
    assert game.options.players == ("Ann", "Bob") and game.opening_size() == 2
    with pytest.raises(ValueError, match=r"^record:"):
        dumps(game)
    with pytest.raises(ValueError, match=r"^players:"):
        Game.from_position("classic hands=Ro+Rs/6", ["Ann"])
