"""Moves and games that could never end or never be read back: empty exchanges and re-rolls (C8, Q3), a board on
which nothing can be placed again (C10), and the cost of replaying long records."""

import tracemalloc

import pytest

from qwirkle import Board, Exchange, Game, IllegalMoveError, Play, Roll, dumps, loads
from qwirkle.movegen import can_place
from qwirkle.tiles import Tile, parse_tiles
from qwirkle.variants import CubesVariant, Variant, register_variant, unregister_variant


def opened(variant, seed=4, **options):
    game = Game.new(variant, ["Ann", "Bob"], seed, **options)
    game.apply(Play(max(game.legal_plays(), key=lambda p: p.points).placements))
    return game


def test_an_empty_exchange_is_refused_by_c8():
    game = opened("classic")
    before = (game.hands, game.bag_count, game.to_move, game.moves)
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Exchange(()))
    assert (error.value.rule, error.value.reason) == ("C8", "empty")
    assert (game.hands, game.bag_count, game.to_move, game.moves) == before


def test_an_empty_roll_is_refused_by_q3():
    game = opened("cubes")
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Roll(()))
    assert (error.value.rule, error.value.reason) == ("Q3", "empty")
    assert game.can_roll() and len(game.moves) == 1


class RedCircles(Variant):
    """A test-only rule set of 16 red circles: after the opening tile, none can ever be placed (duplicates, C5)."""

    name = "redcircles"
    title = "Red circles"
    aliases = ()
    tile_sets = (16,)

    def tile_set(self, size):
        return [Tile(0, 0)] * size


@pytest.fixture
def red_circles():
    register_variant(RedCircles)
    yield "redcircles"
    unregister_variant("redcircles")


def test_the_game_ends_when_no_tile_can_ever_be_placed(red_circles):
    """C10: the opening leaves a board no tile left fits: the game ends there, with no bonus, instead of exchanges
    going round forever (while the bag holds tiles no one may pass, C3)."""
    game = Game.new(red_circles, ["Ann", "Bob"], seed=1)
    result = game.apply("Ro@0,0")
    assert game.bag_count == 16 - 12 - 1 and len(game.hands[result.seat]) == 6  # the bag still holds tiles
    assert game.is_over and game.end_reason == "blocked" and result.ended == "blocked"
    assert result.end_bonus == 0 and game.scores[result.seat] == 1
    game.undo()
    assert not game.is_over and game.is_opening


def test_version_1_games_play_on_as_they_did(red_circles):
    """Records of version 1 were made without that end; they replay exactly, exchanges and all."""
    game = Game.new(red_circles, ["Ann", "Bob"], seed=1, version=1)
    game.apply("Ro@0,0")
    assert not game.is_over and not game.legal_plays() and game.exchange_limit() > 0
    for _ in range(10):
        game.apply(Exchange(game.hands[game.to_move][:1]))
    copy = loads(dumps(game))
    assert copy.moves == game.moves and copy.options.version == 1 and not copy.is_over


def test_cubes_dice_count_every_face():
    """A die left in the bag may still show any face: the board is dead only when no face of any die fits."""
    assert CubesVariant().faces(Tile(2, 0)) == tuple(Tile(2, s) for s in range(6))
    board = Board.from_notation("Ro@0,0")
    cubes = CubesVariant()
    assert not can_place(board, [Tile(0, 0)], cubes)
    assert can_place(board, cubes.faces(Tile(0, 0)), cubes)


def test_can_place_agrees_with_move_generation():
    game = opened("flex", tiles=72)
    for seat in range(2):
        hand = game.hands[seat]
        assert can_place(game.board, hand, game.variant) == any(
            len(p.placements) == 1 for p in __import__("qwirkle").legal_plays(game.board, hand, game.variant)
        )
    assert not can_place(game.board, parse_tiles(""), game.variant)


def long_game(moves):
    """A legal classic game of ``moves`` moves: the opening, then two-tile exchanges (C8 allows them any time)."""
    game = opened("classic", seed=8)
    while len(game.moves) < moves:
        game.apply(Exchange(game.hands[game.to_move][:2]))
    return game


def test_replay_memory_is_linear_in_the_moves():
    """Each move's undo snapshot is small and does not copy the history: replaying a 3,000-move record (a pathological
    but legal game) stays within a few KiB per move. Copying the history and the generator's state per move took
    over 20 KiB per move, growing with the game."""
    text = dumps(long_game(3000))
    tracemalloc.start()
    game = loads(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(game.moves) == 3000
    assert peak / 3000 < 4 * 1024, f"{peak / 3000 / 1024:.1f} KiB per move"


def test_undo_after_a_long_game_restores_the_deal():
    game = long_game(1500)
    hands = game.hands
    game.apply(Exchange(game.hands[game.to_move][:3]))
    game.undo()
    assert game.hands == hands
    while len(game.moves) > 1:
        game.undo()
    assert game.hands == opened("classic", seed=8).hands
