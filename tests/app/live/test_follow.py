"""A phone's game moved on by each new state's move (``phone.follow``) is the game ``game_of`` sets up from that
state: the same board, rack, counts, scores and turn, the same legal plays; where it cannot follow (a gap, another
seat's exchange or pass, Cubes' dice, the end) it says so and the phone sets the game up anew."""

from __future__ import annotations

from itertools import pairwise

import pytest
from live_rig import Rig

from app.live.phone import follow, game_of
from app.live.protocol import State

SEED = 918_273_641


def same(game, state: State) -> None:
    """``game`` shows ``state`` as ``game_of(state)`` does, and offers the same plays."""
    fresh = game_of(state)
    assert game.position().hidden(state.seat) == fresh.position().hidden(state.seat)
    assert game.is_over == fresh.is_over and game.opening_size() == fresh.opening_size()
    if state.turn == state.seat:
        assert sorted((p.placements, p.points) for p in game.legal_plays()) == sorted(
            (p.placements, p.points) for p in fresh.legal_plays()
        )
        assert game.exchange_limit() == fresh.exchange_limit() and game.can_pass() == fresh.can_pass()


@pytest.mark.parametrize(("kinds", "seed"), [(["phone"] * 4, SEED), (["phone", "hard"], SEED + 7)])
def test_a_game_followed_move_by_move_is_the_game_of_each_state(kinds: list[str], seed: int) -> None:
    rig = Rig("classic", kinds, seed)
    for seat in rig.phone_seats:
        rig.join(seat)
    rig.play_out()
    for seat in rig.phone_seats:
        states = [s for s in rig.states(seat) if s.over is None]
        game, followed = game_of(states[0]), 0
        for before, state in pairwise(states):
            result = follow(game, before, state) if before.moves + 1 == state.moves else None
            if result is None:
                game = game_of(state)
            else:
                followed += 1
                assert result.move == state.recent[-1].move and result.points == state.recent[-1].points
            same(game, state)
        assert followed >= len(states) * 3 // 4  # most moves are followed, not set up anew


def test_what_cannot_be_followed_is_said() -> None:
    rig = Rig("flex", ["phone", "phone", "phone"], SEED, tiles=108)
    for seat in rig.phone_seats:
        rig.join(seat)
    for _ in range(3):
        rig.turn()
    seat = rig.game.to_move
    rig.send(seat, rig.phones[seat].move("swap " + rig.game.hands[seat][0].notation()))
    other = next(s for s in rig.phone_seats if s != seat)
    before, state = rig.states(other)[-2:]
    assert state.recent[-1].move is None  # another seat's exchange: its tiles are not known
    assert follow(game_of(before), before, state) is None
    mine_before, mine = rig.states(seat)[-2:]
    game = game_of(mine_before)
    assert follow(game, mine_before, mine) is not None  # its own exchange: the new tiles are its rack
    same(game, mine)
    skipped = rig.states(other)[-3]
    assert follow(game_of(skipped), skipped, state) is None  # a gap
    cubes = Rig("cubes", ["phone", "phone"], SEED)
    for seat in cubes.phone_seats:
        cubes.join(seat)
    cubes.turn()
    before, state = cubes.states(0)[-2:]
    assert follow(game_of(before), before, state) is None  # dice show faces rolled at the table
