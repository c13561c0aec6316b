"""The analysis board without a browser (app.analysis.state): links read and written, every change asked of
the engine (a refused tile leaves the board as it was), the rack, the plays, a play scored by hand."""

from __future__ import annotations

import doctest

import pytest

from app.analysis import state as state_module
from app.analysis.state import AnalysisLinkError, AnalysisState
from qwirkle import Game, PlayerView, Tile
from qwirkle.study.analysis import parse_board, parse_hand, rank


def test_docstring_examples() -> None:
    assert doctest.testmod(state_module).failed == 0


@pytest.mark.parametrize(
    "query, field",
    [
        ("?analyse&variant=chess", "variant"),
        ("?analyse&variant=classic&board=Ro@0,0+Ro@1,0", "board"),
        ("?analyse&variant=classic&board=Ro@0,0+Gd@1,0", "board"),
        ("?analyse&variant=classic&board=Zz@0,0", "board"),
        ("?analyse&variant=classic&hand=Ro+Ro+Ro+Ro+Ro+Ro+Ro", "hand"),
        ("?analyse&variant=classic&hand=Rok", "hand"),
    ],
)
def test_a_bad_link_names_its_field(query: str, field: str) -> None:
    with pytest.raises(AnalysisLinkError) as raised:
        AnalysisState.from_query(query)
    assert raised.value.field == field


def test_a_link_round_trips_and_the_plays_are_the_engine_s() -> None:
    state = AnalysisState.from_query("?analyse&variant=flex&board=Rok@0,0+Rsk@1,0&hand=Bok+Bsw")
    assert AnalysisState.from_query(state.link()).link() == state.link()
    variant, board = parse_board("flex", "Rok@0,0 Rsk@1,0")
    assert [(p.play, p.points) for p in state.plays()] == [
        (p.play, p.points) for p in rank(variant, board, parse_hand(variant, "Bok Bsw"))
    ]


def test_a_refused_tile_leaves_the_board_and_says_its_rule() -> None:
    state = AnalysisState.from_query("?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo")
    before = dict(state.board.tiles)
    assert state.tap_cell((2, 0), Tile.from_notation("Gd")) == "C5"
    assert dict(state.board.tiles) == before and state.refusal is not None
    assert state.tap_cell((2, 0), Tile.from_notation("Rd")) is None
    assert state.board.get((2, 0)) == Tile.from_notation("Rd") and state.refusal is None
    assert state.tap_cell((2, 0), None) is None and (2, 0) not in state.board


def test_the_rack_holds_six_and_a_play_is_scored_by_hand() -> None:
    state = AnalysisState.from_query("?analyse&variant=classic&board=Ro@0,0+Rs@1,0")
    assert all(state.add_to_hand(Tile.from_notation("Bo")) for _ in range(6))
    assert not state.add_to_hand(Tile.from_notation("Bs"))
    assert state.check("Bo@0,1 Bs@1,1") is None and state.checked is not None and state.checked.points == 6
    assert state.check("Bo@0,1 Gd@1,1") in ("C4", "C5")
    assert state.check("not a play") == "notation" and state.checked is None
    state.choose(0)
    assert state.shown_play() == state.plays()[0]


class _Table:
    """The controller's part the analysis board reads: the game, who plays where, what a seat sees."""

    def __init__(self, game: Game, human: bool) -> None:
        self.current, self.human, self.needs_handover = game, human, False

    def is_human(self, seat: int) -> bool:
        return self.human

    def view(self, seat: int) -> PlayerView:
        return self.current.view(seat)


@pytest.mark.parametrize("human", [True, False])
def test_the_table_s_position_shows_the_rack_to_move_to_a_player_and_never_changes_the_game(human: bool) -> None:
    game = Game.from_position("classic board=Ro@0,0+Rs@1,0 hands=Rd+Bo/Gd+Yd bag=- scores=2/0 turn=0")
    state = AnalysisState.of_table(_Table(game, human))
    assert state.board == game.board and state.hand == (list(game.hands[0]) if human else [])
    assert state.tap_cell((2, 0), Tile.from_notation("Rd")) is None
    assert (2, 0) in state.board and (2, 0) not in game.board
