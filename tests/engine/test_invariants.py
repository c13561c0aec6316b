"""Random whole games, every variant, checked at every turn (hypothesis picks seeds and players)."""

from collections import Counter

from game_state import state_key
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle import Game, dumps, loads
from qwirkle.ai import make_player
from qwirkle.board import DIAGONALS, HORIZONTAL, VERTICAL
from qwirkle.rules import QWIRKLE, line_problem


def identity(game, tile):
    return (tile.color, 0, 0) if game.variant.dice else tuple(tile)


def check_conservation(game):
    """board + hands + bag = the full set (Cubes: dice counted by color)."""
    seen = Counter(identity(game, t) for t in game.board.tiles.values())
    seen.update(identity(game, t) for hand in game.hands for t in hand)
    seen.update(identity(game, t) for t in game.position().bag)
    assert seen == Counter(identity(game, t) for t in game.full_set)


def check_board_lines(game):
    board = game.board
    for cell in board:
        for step in (HORIZONTAL, VERTICAL):
            run = board.run(cell, step)
            if len(run) >= 2:
                assert line_problem([board.get(c) for c in run]) is None, run
        if game.variant.diagonals:
            for step in DIAGONALS:
                assert len(board.run(cell, step, same_background=True)) <= QWIRKLE


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(["classic", "cubes", "flex72", "flex"]),
    seed=st.integers(0, 10**6),
    players=st.integers(2, 4),
    ais=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
)
def test_random_games_keep_every_invariant(variant, seed, players, ais):
    tiles = 72 if variant == "flex72" else None
    game = Game.new(variant.replace("72", ""), [f"p{i}" for i in range(players)], seed, tiles=tiles)
    bots = [make_player(ais[i], seed + i) for i in range(players)]
    turns = 0
    while not game.is_over and turns < 400:
        before = state_key(game)
        seat = game.to_move
        score_before = game.scores[seat]
        result = game.apply(bots[seat].choose(game.view(seat)))
        turns += 1
        assert result.points == sum(line.points for line in result.lines) + result.end_bonus
        assert game.scores[seat] == score_before + result.points
        check_conservation(game)
        check_board_lines(game)
        if turns % 7 == 0:  # undo restores exactly, and re-applying gives the same game
            after = state_key(game)
            game.undo()
            assert state_key(game) == before
            game.apply(result.move)
            assert state_key(game) == after
    assert game.is_over
    copy = loads(dumps(game))  # save -> load -> same state; replay of the record gives the same game
    assert state_key(copy) == state_key(game)
