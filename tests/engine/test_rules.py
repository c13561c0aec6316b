"""One play on a board, rule by rule: C4, C5, C6 (classic) and F2-F5 (Flex)."""

import pytest

from qwirkle import Board, IllegalMoveError, find_variant, score_play
from qwirkle.notation import parse_placements

CLASSIC = find_variant("classic")
FLEX = find_variant("flex")


def score(board, play, variant=CLASSIC):
    return score_play(Board.from_notation(board), parse_placements(play), variant)


def refusal(board, play, variant=CLASSIC):
    with pytest.raises(IllegalMoveError) as error:
        score(board, play, variant)
    return error.value


def test_c4_tiles_share_color_or_shape():
    error = refusal("", "Ro@0,0 Bs@1,0")
    assert error.rule == "C4" and error.reason == "no_common_attribute"


def test_c4_no_duplicate_in_a_play():
    error = refusal("", "Ro@0,0 Ro@1,0")
    assert error.rule == "C4" and error.reason == "duplicate"


def test_c5_one_row_or_column():
    error = refusal("", "Ro@0,0 Rs@1,1")
    assert error.rule == "C5" and error.reason == "not_aligned"


def test_c5_no_gap_but_existing_tiles_fill_gaps():
    assert refusal("Ro@0,0", "Rs@1,0 Rd@3,0").reason == "gap"
    assert score("Ro@1,0", "Rs@0,0 Rd@2,0").points == 3


def test_c5_must_touch_except_on_the_opening():
    assert refusal("Ro@0,0", "Rs@2,0").reason == "no_contact"
    assert score("", "Rs@5,5").points == 1


def test_c5_occupied_cell():
    error = refusal("Ro@0,0", "Rs@0,0")
    assert error.rule == "C5" and error.reason == "occupied" and error.cells == ((0, 0),)


def test_c5_line_duplicate_names_the_line():
    error = refusal("Yd@3,0 Yo@3,2", "Yd@3,1")
    assert error.rule == "C5" and error.reason == "duplicate"
    assert "column at (3, 0)" in error.message and "yellow diamond" in error.message
    assert error.cells == ((3, 0), (3, 1), (3, 2))


def test_c5_line_mixes_color_and_shape():
    error = refusal("Ro@0,0 Rs@1,0", "Bs@2,0")
    assert error.rule == "C5" and error.reason == "mixed"


def test_c5_seven_is_too_long():
    error = refusal("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0", "Bo@6,0")
    assert error.rule == "C5"


def test_c5_joining_two_lines_checks_the_whole_line():
    assert refusal("Ro@0,0 Rs@2,0", "Ro@1,0").reason == "duplicate"
    assert score("Ro@0,0 Rs@2,0", "Rd@1,0").points == 3


def test_c6_counts_every_line_once():
    # Rd placed below Ro (column of 2) and beside Bd (row of 2)
    result = score("Ro@0,0 Bd@1,1", "Rd@0,1")
    assert result.points == 4
    assert sorted(line.kind for line in result.lines) == ["column", "row"]


def test_c6_qwirkle_scores_twelve():
    result = score("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0", "Rt@5,0")
    assert result.points == 12 and result.lines[0].qwirkle


def test_c6_opening_qwirkle_and_single_tile():
    assert score("", "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0").points == 12
    assert score("", "Ro@0,0").points == 1


def test_c6_tile_in_two_lines_counts_twice():
    # Rs at the corner closes a row of 3 and a column of 3
    result = score("Ro@0,0 Rd@2,0 Bs@1,1 Gs@1,2", "Rs@1,0")
    assert result.points == 6


def test_wrong_tile_set_is_refused():
    assert refusal("", "Rok@0,0").rule == "C1"
    assert refusal("", "Ro@0,0", FLEX).rule == "F1"


def test_f2_background_ignored_for_lines_and_duplicates():
    assert score("Rok@0,0", "Rsw@1,0", FLEX).points == 2
    assert refusal("Rok@0,0", "Row@1,0", FLEX).reason == "duplicate"


def test_f3_diagonal_of_same_background_scores():
    result = score("Rok@0,0 Rsk@1,0", "Bsk@1,1", FLEX)
    # Bsk@1,1: column with Rsk (2) + diagonal with Rok@0,0 (2)
    assert sorted((l.kind, l.points) for l in result.lines) == [("column", 2), ("diagonal", 2)]


def test_f3_other_background_ends_the_diagonal():
    result = score("Rok@0,0 Rsk@1,0", "Bsw@1,1", FLEX)
    assert [(l.kind, l.points) for l in result.lines] == [("column", 2)]


def test_f4_flex_qwirkle():
    board = "Rok@0,0 Rsk@1,1 Rdk@2,2 Rck@3,3 Rxk@4,4 Yxw@5,4"
    result = score(board, "Ytk@5,5", FLEX)
    diagonal = next(l for l in result.lines if l.kind == "diagonal")
    assert diagonal.points == 12 and diagonal.qwirkle


def test_f5_seven_diagonal_is_refused():
    board = "Rok@0,0 Rsk@1,1 Rdk@2,2 Rck@3,3 Rxk@4,4 Rtk@5,5 Yxw@6,5"
    error = refusal(board, "Ytk@6,6", FLEX)
    assert error.rule == "F5"
    assert score(board, "Ytw@6,6", FLEX).points == 2
