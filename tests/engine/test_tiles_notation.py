"""Tiles, cells, placements and moves: notation round-trips and clear syntax errors."""

import pytest

from qwirkle import Board, NotationError, Tile, parse_move, parse_tiles
from qwirkle.notation import Exchange, Pass, Placement, Play, Roll, parse_cell
from qwirkle.tiles import classic_set, flex_set, largest_combination


@pytest.mark.parametrize("code", ["Ro", "Os", "Yd", "Gc", "Bx", "Pt", "Bsk", "Gtm", "Rdw"])
def test_tile_round_trip(code):
    tile = Tile.from_notation(code)
    assert tile.notation() == code
    assert eval(repr(tile)) == tile


@pytest.mark.parametrize("code", ["", "R", "ro", "Rz", "Xd", "Rdq", "Rd k", "Rdkk"])
def test_bad_tile_names_the_field(code):
    with pytest.raises(NotationError) as error:
        Tile.from_notation(code)
    assert error.value.field == "tile"
    assert isinstance(error.value, ValueError)


def test_describe_is_plain_english():
    assert Tile.from_notation("Yd").describe() == "yellow diamond"
    assert Tile.from_notation("Bsk").describe() == "black blue square"


@pytest.mark.parametrize("text,cell", [("0,0", (0, 0)), ("-3,12", (-3, 12)), ("5,-1", (5, -1))])
def test_cells(text, cell):
    assert parse_cell(text) == cell


@pytest.mark.parametrize("text", ["1", "1,", "a,b", "1;2", "1,2,3"])
def test_bad_cells(text):
    with pytest.raises(NotationError) as error:
        parse_cell(text)
    assert error.value.field == "cell"


def test_moves_round_trip():
    for text in ["Ro@0,0 Rs@1,0", "swap Rd Gc", "roll Rd Gc", "pass", "Bsk@-1,2"]:
        assert parse_move(text).notation() == text
    assert isinstance(parse_move("pass"), Pass)
    assert isinstance(parse_move("swap Rd"), Exchange)
    assert isinstance(parse_move("roll Rd"), Roll)
    assert parse_move("Rd@2,3") == Play((Placement(Tile.from_notation("Rd"), (2, 3)),))


@pytest.mark.parametrize("text", ["", "swap", "roll", "pass Rd", "Rd", "Rd@", "Rd@1"])
def test_bad_moves(text):
    with pytest.raises(NotationError):
        parse_move(text)


def test_board_notation_is_canonical():
    board = Board.from_notation("Rs@1,0 Ro@0,0 Bo@0,1")
    assert board.notation() == "Ro@0,0 Rs@1,0 Bo@0,1"
    with pytest.raises(NotationError):
        Board.from_notation("Ro@0,0 Rs@0,0")


def test_tile_sets():
    assert len(classic_set()) == 108
    assert len(flex_set(72)) == 72 and {t.background for t in flex_set(72)} == {1, 2}
    assert len(flex_set(108)) == 108 and len(set(flex_set(108))) == 108


def test_largest_combination_counts_duplicates_once():
    assert largest_combination(parse_tiles("Ro Ro Rs Bo Go Yd")) == 3
    assert largest_combination(parse_tiles("Ro Ro Ro")) == 1
    assert largest_combination(parse_tiles("Ro Rs Rd Rc Rx Rt")) == 6
    assert largest_combination(parse_tiles("Rok Row Rsk")) == 2
