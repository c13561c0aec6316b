"""Puzzles checked against the engine's own legal-play list: one best play, the right second best, every theme."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from qwirkle import Game
from qwirkle.board import Board
from qwirkle.game import END_BONUS
from qwirkle.movegen import legal_plays
from qwirkle.notation import parse_placements
from qwirkle.rules import score_play
from qwirkle.study.puzzles import THEMES, PuzzleError, daily, generate, make_id, parse_id, puzzle_from_id
from qwirkle.tiles import parse_tiles
from qwirkle.variants import find_variant

ROOT = pathlib.Path(__file__).resolve().parents[3]
CASES = (
    [("classic", t) for t in ("qwirkle", "multi-line", "long", "endgame")]
    + [("cubes", t) for t in ("cubes", "qwirkle", "long", "endgame")]
    + [("flex", t) for t in ("diagonal", "qwirkle", "multi-line", "long", "endgame")]
)


def check(puzzle):
    """The puzzle against a fresh legal-play list of its board and hand."""
    variant = find_variant(puzzle.variant)
    board = Board.from_placements(parse_placements(puzzle.board))
    hand = parse_tiles(puzzle.hand)
    plays = legal_plays(board, hand, variant)
    out = puzzle.bag == 0

    def points(play):
        return play.points + (END_BONUS if out and len(play.placements) == len(hand) else 0)

    scores = sorted((points(p) for p in plays), reverse=True)
    assert scores[0] == puzzle.best_points and scores.count(scores[0]) == 1
    assert scores[1] == puzzle.second_points < puzzle.best_points
    assert len(plays) == puzzle.legal_plays
    best = next(p for p in plays if points(p) == puzzle.best_points)
    assert best.notation() == puzzle.best
    lines = score_play(board, best.placements, variant).lines
    assert [line.to_json() for line in lines] == list(puzzle.lines)
    theme = puzzle.theme
    assert {
        "qwirkle": any(line.qwirkle for line in lines),
        "multi-line": len(lines) >= 2,
        "long": len(best.placements) >= 3,
        "diagonal": any(line.kind == "diagonal" for line in lines),
        "cubes": puzzle.variant == "cubes",
        "endgame": puzzle.end_bonus == END_BONUS and out,
    }[theme]
    assert 1 <= puzzle.difficulty <= 5


@pytest.mark.parametrize("variant,theme", CASES)
def test_every_theme_has_one_best_play(variant, theme):
    puzzles = list(generate(variant, 2, 7, theme))
    assert len(puzzles) == 2 and len({p.id for p in puzzles}) == 2
    for puzzle in puzzles:
        assert puzzle.variant == variant and puzzle.theme == theme
        check(puzzle)
        assert puzzle_from_id(puzzle.id) == puzzle


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_any_theme_and_the_board_is_a_real_game(variant):
    for puzzle in generate(variant, 3, 11):
        check(puzzle)
        _, _, seed, move = parse_id(puzzle.id)
        game = Game.new(variant, ["A", "B"], seed)
        assert game is not None and move > 0


def test_same_seed_same_puzzles_and_ids_rebuild():
    first = [p.to_json() for p in generate("classic", 3, 5)]
    assert first == [p.to_json() for p in generate("classic", 3, 5)]
    assert [puzzle_from_id(p["id"]).to_json() for p in first] == first
    assert first != [p.to_json() for p in generate("classic", 3, 6)]


def test_daily_puzzle_depends_on_date_and_variant():
    day = daily("2026-11-25")
    assert day == daily("2026-11-25", "classic") and day.variant == "classic"
    assert daily("2026-11-26").id != day.id
    assert daily("2026-11-25", "flex").variant == "flex" and daily("2026-11-25", "cubes").variant == "cubes"
    check(day)


def test_id_round_trip():
    assert parse_id(make_id("flex", "diagonal", 36**6 - 1, 399)) == ("flex", "diagonal", 36**6 - 1, 399)
    assert parse_id(" CQ-1A-F ") == ("classic", "qwirkle", 46, 15)


@pytest.mark.parametrize(
    "text,words",
    [
        ("", "not a puzzle id"),
        ("xq-1-1", "names no variant"),
        ("cz-1-1", "names no theme"),
        ("cq-1", "not a puzzle id"),
        ("cq-1234567-1", "not a puzzle id"),
        ("cq-1-", "not a puzzle id"),
        ("cq-!!-1", "not a puzzle id"),
        ("cd-1-1", "flex positions"),
        ("cq-1-0", "names no puzzle"),
    ],
)
def test_bad_ids_are_named(text, words):
    with pytest.raises(PuzzleError, match=words):
        puzzle_from_id(text)


def test_bad_requests():
    with pytest.raises(PuzzleError, match="theme: unknown"):
        list(generate("classic", 1, 0, "fork"))
    with pytest.raises(PuzzleError, match="cubes positions"):
        list(generate("flex", 1, 0, "cubes"))
    with pytest.raises(PuzzleError, match="count"):
        list(generate("classic", 0, 0))
    with pytest.raises(PuzzleError, match="date"):
        daily("2026-13-01")
    with pytest.raises(PuzzleError, match="variant"):
        daily("2026-11-01", "chess")
    assert set(THEMES) == {"qwirkle", "multi-line", "long", "diagonal", "cubes", "endgame"}


def run(*args):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run(
        [sys.executable, "-m", "qwirkle", "puzzles", *args], capture_output=True, text=True, env=env, cwd=ROOT
    )


def test_cli_prints_json_lines_and_reprints_an_id():
    out = run("--variant", "flex", "--count", "2", "--seed", "4", "--theme", "diagonal")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == 2
    for item in lines:
        assert {"id", "variant", "board", "hand", "best", "best_points", "second_points", "theme"} <= set(item)
        assert item["theme"] == "diagonal" and item["variant"] == "flex"
    again = run("--id", lines[0]["id"])
    assert again.returncode == 0 and json.loads(again.stdout) == lines[0]


@pytest.mark.parametrize(
    "args,words",
    [
        (["--id", "zz"], "id:"),
        (["--theme", "fork"], "theme: unknown"),
        (["--count", "0"], "count"),
        (["--variant", "cubes", "--theme", "diagonal"], "flex positions"),
    ],
)
def test_cli_errors(args, words):
    out = run(*args)
    assert out.returncode == 2 and words in out.stderr and not out.stdout


def test_judge_solved_only_by_the_best_play():
    from qwirkle.study.puzzles import judge

    puzzle = puzzle_from_id("cq-hu30p6-11")
    solved = judge(puzzle, puzzle.best)
    assert solved.result == "solved" and solved.points == puzzle.best_points and solved.lines == puzzle.lines
    variant = find_variant(puzzle.variant)
    board = Board.from_placements(parse_placements(puzzle.board))
    other = next(p for p in legal_plays(board, parse_tiles(puzzle.hand), variant) if p.notation() != puzzle.best)
    missed = judge(puzzle, other.notation())
    assert missed.result == "missed" and missed.legal and missed.points == other.points < puzzle.best_points
    illegal = judge(puzzle, "Ro@0,0")
    assert illegal.result == "missed" and not illegal.legal and illegal.rule in ("C4", "C5")


def test_cli_answer():
    puzzle = puzzle_from_id("cq-hu30p6-11")
    out = run("--id", puzzle.id, "--answer", puzzle.best)
    assert out.returncode == 0 and json.loads(out.stdout)["result"] == "solved"
    out = run("--id", puzzle.id, "--answer", "Ro@0,0")
    assert out.returncode == 1 and json.loads(out.stdout)["result"] == "missed"


def test_daily_is_never_the_easiest_and_rebuilds_from_its_id():
    for day in range(1, 8):
        for variant in ("classic", "cubes", "flex"):
            puzzle = daily(f"2026-03-{day:02d}", variant)
            assert puzzle.difficulty >= 2
            assert puzzle_from_id(puzzle.id) == puzzle


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_puzzle_game_is_the_real_game_at_the_position(variant):
    from qwirkle.study.puzzles import puzzle_game

    puzzle = daily("2026-11-25", variant)
    game = puzzle_game(puzzle)
    assert game.board.notation() == puzzle.board
    assert " ".join(t.notation() for t in sorted(game.hands[game.to_move])) == puzzle.hand
    assert game.bag_count == puzzle.bag
