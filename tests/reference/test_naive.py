"""Hand-checked cases for the naive reference (tests/reference/naive.py).

The reference judges the engine, so it gets its own small, obviously-right tests:
every expected number below was worked out by hand (comments say how)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import make_seed_examples
import naive


def B(text, variant="classic"):
    return naive.parse_board(text, variant)


def P(text, variant="classic"):
    return naive.parse_placements(text, variant)


def rules(board, play, variant="classic"):
    return [rule for rule, _ in naive.violations(B(board, variant), P(play, variant), variant)]


def first_rule(board, play, variant="classic"):
    found = naive.check(B(board, variant), P(play, variant), variant)
    return found and found[0]


def points(board, play, variant="classic"):
    return naive.score(B(board, variant), P(play, variant), variant)[0]


def lines(board, play, variant="classic"):
    _, breakdown = naive.score(B(board, variant), P(play, variant), variant)
    return sorted((b["kind"], " ".join(b["cells"]), b["points"]) for b in breakdown)


# --------------------------------------------------------------------- notation


def test_parse_tiles_and_cells():
    assert naive.parse_tile("Rd") == naive.Tile("R", "d", None)
    assert naive.parse_tile("Bsk", "flex") == naive.Tile("B", "s", "k")
    assert P("Gt@-3,12") == [((-3, 12), naive.Tile("G", "t", None))]
    assert naive.format_placements(P("Rs@1,0 Ro@0,0 Rd@0,-1")) == "Rd@0,-1 Ro@0,0 Rs@1,0"


@pytest.mark.parametrize(
    "text,variant",
    [("Zd", "classic"), ("Rq", "classic"), ("Rdk", "classic"), ("Rd", "flex"), ("Rdz", "flex"), ("R", "classic")],
)
def test_bad_tiles(text, variant):
    with pytest.raises(naive.NotationError):
        naive.parse_tile(text, variant)


@pytest.mark.parametrize("text", ["Rd@1", "Rd@a,b", "Rd1,0", "Rd@1,0@2", "Rd@1,0,0"])
def test_bad_placements(text):
    with pytest.raises(naive.NotationError):
        P(text)


def test_board_with_two_tiles_on_a_cell_is_malformed():
    with pytest.raises(naive.NotationError):
        B("Rd@0,0 Rs@0,0")


# ------------------------------------------------------------------ combination


@pytest.mark.parametrize(
    "hand,size",
    [
        ("Ro Rs Bo Gd Yt Pc", 2),  # Ro+Rs (red), Ro+Bo (circles)
        ("Ro Rs Rd Bo Go Yt", 3),  # Ro Rs Rd / Ro Bo Go
        ("Ro Ro Ro Rs Bx Gc", 2),  # duplicates counted once: Ro+Rs
        ("Ro Bs Gd Yc Px Ot", 1),
        ("Ro Rs Rd Rc Rx Rt", 6),
    ],
)
def test_largest_combination(hand, size):
    assert naive.largest_combination(naive.parse_hand(hand)) == size


def test_largest_combination_ignores_background():
    # Rok and Row are duplicates (same color and shape): counted once.
    assert naive.largest_combination(naive.parse_hand("Rok Row Rsk Bdw Gcm Ytk", "flex")) == 2


# ------------------------------------------------------------------- validation


def test_legal_simple_extension():
    assert rules("Ro@0,0 Rs@1,0", "Rd@2,0") == []


def test_c4_tiles_share_nothing():
    # Ro and Bs share neither color nor shape; placed in one line the row is mixed too.
    assert first_rule("Ro@0,0", "Rs@1,0 Bd@2,0") == "C4"
    assert set(rules("Ro@0,0", "Rs@1,0 Bd@2,0")) == {"C4", "C5"}


def test_c4_duplicates_in_the_play():
    assert first_rule("Ro@0,0", "Rs@1,0 Rs@2,0") == "C4"


def test_c4_duplicates_ignore_the_flex_background():
    assert first_rule("Rok@0,0", "Rsk@1,0 Rsw@2,0", "flex") == "C4"


def test_c5_occupied_cell():
    assert set(rules("Ro@0,0 Rs@1,0", "Rd@1,0")) == {"C5"}


def test_c5_two_tiles_on_one_cell():
    assert first_rule("Ro@0,0", "Rs@1,0 Rd@1,0") == "C5"


def test_c5_not_one_line():
    assert first_rule("Ro@0,0", "Rs@1,0 Rd@0,1") == "C5"


def test_c5_gap():
    assert first_rule("Ro@0,0", "Rs@1,0 Rd@3,0") == "C5"


def test_gap_filled_by_existing_tiles_is_legal():
    # Both ends of a line in one play: -1,0 and 2,0 with Ro Rs between.
    assert rules("Ro@0,0 Rs@1,0", "Rd@-1,0 Rc@2,0") == []
    assert points("Ro@0,0 Rs@1,0", "Rd@-1,0 Rc@2,0") == 4


def test_c5_no_contact():
    assert first_rule("Ro@0,0", "Rs@2,0") == "C5"
    assert first_rule("Ro@0,0", "Rs@1,1") == "C5"  # diagonal contact is no contact


def test_opening_needs_no_contact_anywhere():
    assert rules("", "Rs@5,7 Rd@6,7") == []


def test_c5_line_too_long():
    board = "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0"
    assert first_rule(board, "Ro@6,0") == "C5"


def test_c5_duplicate_in_the_resulting_line():
    assert first_rule("Ro@0,0 Rs@1,0", "Ro@2,0") == "C5"


def test_c5_cross_line_invalid():
    # Rd at 1,1 fits the red column (Rs above) but its row holds Bo: mixed.
    assert first_rule("Ro@0,0 Rs@1,0 Bo@0,1", "Rd@1,1") == "C5"


def test_flex_rows_ignore_background():
    assert rules("Rok@0,0 Rsw@1,0", "Rdm@2,0", "flex") == []


def diagonal_board(n, background="k"):
    """n tiles of one background on the diagonal (i, -i), kept legal by distinct
    colors/shapes (no two are orthogonal neighbours anyway)."""
    tiles = ["Ro", "Os", "Yd", "Gc", "Bx", "Pt", "Rs"]
    return " ".join(f"{tiles[i]}{background}@{i},{-i}" for i in range(n))


def test_f5_seventh_on_a_diagonal():
    # 6 black tiles on (0,0)..(5,-5) and Rcw under Ro. Rt at -1,1 touches Rcw (red row of 2)
    # and continues the black diagonal: a black Rt makes 7 (F5), white or two-tone is fine.
    board = diagonal_board(6) + " Rcw@0,1"
    assert rules(board, "Rtk@-1,1", "flex") == ["F5"]
    assert rules(board, "Rtw@-1,1", "flex") == []
    assert rules(board, "Rtm@-1,1", "flex") == []


def test_f5_only_in_flex_scoring_rules():
    # In classic there are no backgrounds and no diagonal limit.
    board = " ".join(f"{c}@{i},{-i}" for i, c in enumerate(["Ro", "Os", "Yd", "Gc", "Bx", "Pt"])) + " Rc@0,1"
    assert rules(board, "Rt@-1,1") == []


# ---------------------------------------------------------------------- scoring


def test_single_opening_tile_scores_one():
    assert naive.score({}, P("Rd@0,0"), "classic") == (1, [])


def test_two_lines_count_shared_tile_twice():
    # Rd joins the red row (3) and the diamond column (2): 5.
    assert points("Ro@0,0 Rs@1,0 Bd@2,1", "Rd@2,0") == 5
    assert lines("Ro@0,0 Rs@1,0 Bd@2,1", "Rd@2,0") == [("column", "2,0 2,1", 2), ("row", "0,0 1,0 2,0", 3)]


def test_qwirkle_scores_twelve():
    board = "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0"
    assert points(board, "Rt@5,0") == 12
    _, breakdown = naive.score(B(board), P("Rt@5,0"), "classic")
    assert breakdown[0]["qwirkle"] is True


def test_line_along_the_play_counted_once():
    assert points("Ro@0,0", "Rs@1,0 Rd@2,0 Rc@3,0") == 4


def test_flex_diagonal_scores_same_background_only():
    # Bsw at 1,1: under Rsk (square column of 2) and diagonal to Row@0,0 (both white: 2). Total 4.
    board = "Row@0,0 Rsk@1,0"
    assert points(board, "Bsw@1,1", "flex") == 4
    assert lines(board, "Bsw@1,1", "flex") == [("column", "1,0 1,1", 2), ("diagonal", "0,0 1,1", 2)]
    # Same play with a black background: no diagonal.
    assert points(board, "Bsk@1,1", "flex") == 2


def test_flex_diagonal_ends_at_another_background_or_a_hole():
    # Black tiles at (0,0) (1,-1) (2,-2); a white Ocw at (-1,1) on the same diagonal.
    tiles = B(diagonal_board(3, "k") + " Ocw@-1,1 Rcw@0,1", "flex")
    assert naive.run_through(tiles, (0, 0), (1, -1), naive.same_background) == [(0, 0), (1, -1), (2, -2)]
    tiles.pop((1, -1))  # a hole ends it too
    assert naive.run_through(tiles, (0, 0), (1, -1), naive.same_background) == [(0, 0)]


def test_flex_qwirkle_diagonal_scores_twelve():
    board = diagonal_board(5) + " Rcw@0,1"
    # Rtk at -1,1: row Rtk Rcw (2), diagonal of 6 black: 12. Total 14.
    assert points(board, "Rtk@-1,1", "flex") == 14
    _, breakdown = naive.score(B(board, "flex"), P("Rtk@-1,1", "flex"), "flex")
    assert [b["qwirkle"] for b in breakdown if b["kind"] == "diagonal"] == [True]


def test_classic_has_no_diagonals():
    assert points("Ro@0,0 Rs@1,0", "Bs@1,1") == 2


# ------------------------------------------------------------------- generation


def keys(plays):
    return {p["play"] for p in plays}


def test_opening_with_c2():
    # Largest combination 2: {Ro,Rs} and {Ro,Bo}; each in 2 orders, right or down: 8 plays.
    hand = naive.parse_hand("Ro Rs Bo Gd Yt Pc")
    plays = naive.legal_plays({}, hand)
    assert len(plays) == 8
    assert all(p["points"] == 2 for p in plays)
    assert "Ro@0,0 Rs@1,0" in keys(plays) and "Bo@0,0 Ro@0,1" in keys(plays)


def test_opening_without_c2():
    # Adds the 6 single tiles at 0,0 (1 point each): 14.
    hand = naive.parse_hand("Ro Rs Bo Gd Yt Pc")
    plays = naive.legal_plays({}, hand, opening_rule=False)
    assert len(plays) == 14
    assert sorted(p["points"] for p in plays) == [1] * 6 + [2] * 8


def test_one_tile_four_neighbours():
    assert len(naive.legal_plays(B("Ro@0,0"), naive.parse_hand("Rs"))) == 4
    assert naive.legal_plays(B("Ro@0,0"), naive.parse_hand("Bs")) == []


def test_identical_copies_count_once():
    assert len(naive.legal_plays(B("Ro@0,0"), naive.parse_hand("Rs Rs Rs"))) == 4


def test_two_tiles_around_one():
    # Hand Rs Rd around Ro@0,0:
    #  8 singles (2 tiles x 4 neighbours), 2 points each;
    #  12 pairs in Ro's row or column ({1,2}, {-2,-1}, {-1,1} on each axis, 2 orders), 3 points;
    #  16 L-shaped pairs: one tile next to Ro, the other beside it perpendicularly
    #  (4 neighbours x 2 sides x 2 orders), 2 + 2 = 4 points. Total 36.
    plays = naive.legal_plays(B("Ro@0,0"), naive.parse_hand("Rs Rd"))
    assert len(plays) == 36
    assert sorted(p["points"] for p in plays) == [2] * 8 + [3] * 12 + [4] * 16
    assert plays[0]["points"] == 4  # sorted best first
    assert "Rd@-1,0 Rs@1,0" in keys(plays)  # both ends at once


def test_generation_respects_f5():
    board = B(diagonal_board(6) + " Rcw@0,1", "flex")
    found = keys(naive.legal_plays(board, naive.parse_hand("Rtk Rtw", "flex"), "flex"))
    assert "Rtw@-1,1" in found and "Rtk@-1,1" not in found


def test_every_generated_play_is_legal_and_scored_consistently():
    board = B("Ro@0,0 Rs@1,0 Rd@2,0 Bs@1,1 Gs@1,-1")
    hand = naive.parse_hand("Rc Bo Ys Os Go Rx")
    plays = naive.legal_plays(board, hand)
    assert plays
    for p in plays:
        placed = P(p["play"])
        assert naive.check(board, placed) is None
        assert naive.score(board, placed)[0] == p["points"]


def test_seed_examples_json_is_up_to_date():
    """The committed tests/data/seed_examples.json matches its generator, whose
    hand-written breakdowns the naive reference re-derives."""
    assert make_seed_examples.main(["--check"]) == 0


@pytest.mark.slow  # every position rebuilt by the brute-force reference
def test_positions_jsonl_is_up_to_date():
    """The committed tests/data/positions.jsonl matches its generator (same seeds,
    same reference counts)."""
    import make_positions

    assert make_positions.main(["--check"]) == 0
