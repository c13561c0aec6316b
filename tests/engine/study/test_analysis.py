"""The analysis board's engine side: set-up boards refused by rule, every play ranked with its lines."""

import pytest

from qwirkle.errors import IllegalMoveError
from qwirkle.movegen import legal_plays
from qwirkle.study.analysis import parse_board, parse_hand, place, rank, remove, score_lines
from qwirkle.tiles import Tile


def test_link_board_and_hand_rank_every_play_best_first():
    variant, board = parse_board("classic", "Ro@0,0+Rs@1,0")
    hand = parse_hand(variant, "Bo+Bs")
    ranked = rank(variant, board, hand)
    assert len(ranked) == len(legal_plays(board, hand, variant))
    assert [r.points for r in ranked] == sorted((r.points for r in ranked), reverse=True)
    best = ranked[0]
    assert best.points == sum(line.points for line in best.lines)
    assert best.to_json()["lines"][0]["cells"]


@pytest.mark.parametrize(
    "variant,text,rule,reason",
    [
        ("classic", "Ro@0,0 Bs@1,0", "C5", "mixed"),
        ("classic", "Ro@0,0 Ro@1,0", "C5", "duplicate"),
        ("classic", "Ro@0,0 Rs@3,0", "C5", "no_contact"),
        ("classic", "Ro@0,0 Rs@0,0", "C5", "same_cell"),
        ("classic", "Rok@0,0", "C1", "wrong_set"),
        ("classic", "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rt@4,0 Rx@5,0 Ro@6,0", "C5", "too_long"),
        ("classic", " ".join(f"Ro@{x},{y}" for x, y in [(0, 0), (0, 1), (0, 2), (0, 3)]), "C1", "copies"),
    ],
)
def test_impossible_boards_name_the_rule(variant, text, rule, reason):
    with pytest.raises(IllegalMoveError) as caught:
        parse_board(variant, text)
    assert caught.value.rule == rule and caught.value.reason == reason


def test_flex_diagonal_limit():
    cells = [(i, i) for i in range(7)]
    # a staircase of one background: rows and columns of two, a diagonal of seven
    tiles = []
    kinds = ["Ro", "Rs", "Rd", "Rc", "Rt", "Rx", "Go"]
    for i, (x, y) in enumerate(cells):
        tiles.append(f"{kinds[i]}k@{x},{y}")
        if i < 6:
            tiles.append(f"{kinds[i][0]}{'sdctxo'[i]}w@{x + 1},{y}")
    with pytest.raises(IllegalMoveError) as caught:
        parse_board("flex", " ".join(tiles))
    assert caught.value.rule == "F5" and caught.value.reason == "diagonal_too_long"


def test_place_and_remove_keep_the_board_legal():
    variant, board = parse_board("classic", "Ro@0,0 Rs@1,0")
    bigger = place(variant, board, Tile.from_notation("Rd"), (2, 0))
    assert len(bigger) == 3
    with pytest.raises(IllegalMoveError, match="C5"):
        place(variant, board, Tile.from_notation("Bd"), (2, 0))
    with pytest.raises(IllegalMoveError, match=r"no_contact|does not touch"):
        remove(variant, bigger, (1, 0))
    assert len(remove(variant, bigger, (2, 0))) == 2


def test_did_we_score_that_right():
    variant, board = parse_board("classic", "Ro@0,0 Rs@1,0")
    scored = score_lines(variant, board, "Rd@2,0")
    assert scored.points == 3 and [line.kind for line in scored.lines] == ["row"]
    with pytest.raises(IllegalMoveError) as caught:
        score_lines(variant, board, "Bd@2,0")
    assert caught.value.rule == "C5"


def run(*args):
    import os
    import pathlib
    import subprocess
    import sys

    root = pathlib.Path(__file__).resolve().parents[3]
    env = {**os.environ, "PYTHONPATH": str(root / "py")}
    return subprocess.run(
        [sys.executable, "-m", "qwirkle", "analyse", *args], capture_output=True, text=True, env=env, cwd=root
    )


def test_cli_analyse_ranks_refuses_and_scores():
    import json

    out = run("--variant", "classic", "--board", "Ro@0,0+Rs@1,0", "--hand", "Bo+Bs")
    plays = json.loads(out.stdout)["plays"]
    assert out.returncode == 0 and plays[0]["points"] >= plays[-1]["points"] and plays[0]["lines"]
    out = run("--board", "Ro@0,0+Bs@1,0", "--hand", "Bo")
    refusal = json.loads(out.stdout)
    assert out.returncode == 1 and refusal["rule"] == "C5" and "mixes colors and shapes" in refusal["message"]
    out = run("--board", "Ro@0,0 Rs@1,0", "--play", "Rd@2,0")
    assert out.returncode == 0 and json.loads(out.stdout)["points"] == 3
    out = run("--board", "Ro@0,0 Zz@1,0", "--hand", "Bo")
    assert out.returncode == 2 and "tile" in out.stderr
