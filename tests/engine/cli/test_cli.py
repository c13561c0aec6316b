"""The fixed command line: python3 -m qwirkle score|moves|selfplay|replay."""

import json
import os
import pathlib
import subprocess
import sys

import pytest

from qwirkle import Game, Play, dumps

ROOT = pathlib.Path(__file__).resolve().parents[3]


def run(*args, stdin=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run(
        [sys.executable, "-m", "qwirkle", *args], capture_output=True, text=True, env=env, cwd=ROOT, input=stdin
    )


def test_score_legal():
    out = run("score", "--variant", "classic", "--board", "Ro@0,0 Rs@1,0", "--play", "Rd@2,0")
    assert out.returncode == 0
    assert json.loads(out.stdout) == {
        "legal": True,
        "points": 3,
        "breakdown": [{"kind": "row", "cells": ["0,0", "1,0", "2,0"], "points": 3, "qwirkle": False}],
    }


def test_score_illegal():
    out = run("score", "--variant", "classic", "--board", "Ro@0,0", "--play", "Bs@1,0")
    assert out.returncode == 1
    result = json.loads(out.stdout)
    assert result["legal"] is False and result["rule"] == "C5" and result["message"]


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "Ro@0,0", "--play", "Zz@1,0"],
        ["--board", "Ro@0", "--play", "Rs@1,0"],
        ["--board", "Rok@0,0", "--play", "Rs@1,0"],
        ["--play", ""],
    ],
)
def test_score_malformed(args):
    out = run("score", "--variant", "classic", *args)
    assert out.returncode == 2 and out.stderr.strip() and not out.stdout


def test_moves_sorted_by_points_then_notation():
    out = run("moves", "--variant", "classic", "--board", "Ro@0,0 Rs@1,0", "--hand", "Rd Bo Gs")
    plays = json.loads(out.stdout)
    assert out.returncode == 0
    assert plays == sorted(plays, key=lambda p: (-p["points"], p["play"]))
    assert {"play": "Rd@2,0", "points": 3} in plays


def test_batch(tmp_path):
    batch = tmp_path / "in.jsonl"
    batch.write_text(
        json.dumps({"variant": "classic", "board": "Ro@0,0", "play": "Rs@1,0"})
        + "\n"
        + json.dumps({"variant": "classic", "board": "Ro@0,0", "play": "Bs@1,0"})
        + "\n"
        + json.dumps({"variant": "flex", "board": "", "play": "Rok@0,0"})
        + "\n"
    )
    out = run("score", "--batch", str(batch))
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and [line["legal"] for line in lines] == [True, False, True]
    batch.write_text(json.dumps({"variant": "classic", "board": "Ro@0,0", "hand": "Rs"}) + "\n")
    out = run("moves", "--batch", str(batch))
    assert len(json.loads(out.stdout.splitlines()[0])) == 4


def test_selfplay_prints_one_line_per_game():
    out = run(
        "selfplay", "--variant", "flex", "--players", "3", "--ai", "greedy,random,greedy", "--seed", "4", "--games", "2"
    )
    games = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and len(games) == 2
    assert {"scores", "winners", "turns", "ended"} <= games[0].keys()
    again = run(
        "selfplay", "--variant", "flex", "--players", "3", "--ai", "greedy,random,greedy", "--seed", "4", "--games", "2"
    )
    assert again.stdout == out.stdout


def test_replay(tmp_path):
    game = Game.new("cubes", ["a", "b"], seed=3)
    for _ in range(4):
        game.apply(Play(max(game.legal_plays(), key=lambda p: p.points).placements))
    path = tmp_path / "game.json"
    path.write_text(dumps(game))
    out = run("replay", str(path))
    assert out.returncode == 0 and json.loads(out.stdout)["scores"] == list(game.scores)
    path.write_text("{broken")
    bad = run("replay", str(path))
    assert bad.returncode == 2 and "record" in bad.stderr


# -- bad input of any shape: a message naming the field, never a traceback ------------------------------------------
def test_batch_answers_a_bad_line_and_goes_on(tmp_path):
    batch = tmp_path / "in.jsonl"
    lines = [
        {"variant": "classic", "board": 5, "play": "Rs@1,0"},
        [1, 2],
        {"variant": "classic"},
        {"variant": "chess", "play": "Ro@0,0"},
        {"variant": "classic", "board": "Ro@0,0 Rs@900,0", "play": "Rd@1,0"},
        {"variant": "classic", "board": "Ro@0,0", "play": "Rs@1,0"},
    ]
    batch.write_text(
        "\ufeff"
        + "\n".join(json.dumps(line) for line in lines)
        + "\n"
        + "[" * 50_000
        + "\n"
        + '{"variant": "classic", "board": "Ro@'
        + "1" * 5000
        + ',0", "play": "Rs@1,0"}\n'
        + json.dumps(lines[-1])
        + "\n",
        encoding="utf-8",
    )
    out = run("score", "--batch", str(batch))
    assert out.returncode == 0 and "Traceback" not in out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(answers) == 9 and answers[5]["legal"] is True and answers[8]["legal"] is True
    errors = [a["error"] for a in answers[:5] + answers[6:8]]
    assert errors[0] == "line 1: board: expected a string, got int"
    assert errors[1].startswith("line 2: expected a JSON object") and errors[2] == "line 3: play: missing"
    assert errors[3].startswith("line 4: variant: unknown 'chess'")
    assert errors[4].startswith("line 5: board: the tiles span 901 × 1 cells")
    assert errors[5] == "line 7: input nested too deep" and "at most 6 digits" in errors[6]


@pytest.mark.parametrize(
    "args,field",
    [
        (["moves", "--board", "Ro@0,0", "--hand", "Rs Rd Rc Rx Rt Bo Bs Bd Bc Bx Bt Go Gs Gd Gc Gx Gt Yo"], "hand"),
        (["moves", "--board", "Ro@0,0 Rs@200000,0", "--hand", "Rd"], "board"),
        (["moves", "--board", " ".join(f"Ro@{x},0" for x in range(4)), "--hand", "Rd"], "board"),
        (["score", "--board", "Ro@0,0", "--play", "Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0 Bo@6,0 Bs@7,0"], "play"),
        (["score", "--board", " ".join(f"Ro@{x},0" for x in range(200)), "--play", "Rd@1,1"], "board"),
        (["score", "--board", "Ro@" + "1" * 4400 + ",0", "--play", "Rs@1,0"], "cell"),
    ],
)
def test_limits_name_the_field_before_any_work(args, field):
    out = run(*args)
    assert out.returncode == 2 and not out.stdout and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"error: {field}:") or out.stderr.startswith(f"error: bad {field} "), out.stderr


@pytest.mark.parametrize("content", ["[" * 100_000, '{"seed": ' + "7" * 5000 + "}", "\xff\xfe not utf-8", ""])
def test_replay_of_any_file_gives_a_message(tmp_path, content):
    path = tmp_path / "game.json"
    path.write_bytes(content.encode("latin-1") if "\xff" in content else content.encode())
    out = run("replay", str(path))
    assert out.returncode == 2 and "Traceback" not in out.stderr and out.stderr.startswith("error: ")


def test_replay_accepts_a_byte_order_mark(tmp_path):
    game = Game.new("classic", ["Ann", "Bob"], 3)
    game.apply(Play(game.legal_plays()[0].placements))
    path = tmp_path / "game.json"
    path.write_text("\ufeff" + dumps(game), encoding="utf-8")
    out = run("replay", str(path))
    assert out.returncode == 0 and json.loads(out.stdout)["moves"] == 1


# -- endgame ------------------------------------------------------------------------------------------------------
def test_endgame_prints_the_solution():
    out = run("endgame", "--variant", "classic", "--board", "Ro@0,0 Rs@1,0", "--hand", "Rd Bo", "--other", "Rc Go")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert set(result) == {"best", "margin", "line", "exact", "nodes", "seconds"}
    assert result["best"] == "Bo@0,-1" and result["margin"] == 8 and result["exact"] is True
    assert result["line"] == ["Bo@0,-1", "Go@0,-2", "Rd@-1,0"]
    assert result["nodes"] > 0 and result["seconds"] >= 0


def test_endgame_passes_when_nothing_fits():
    # Ro Rs Rd on the board: the mover's Bs fits nowhere in a red row... it fits under Rs (a square column).
    # Gc fits nowhere (no green, no clover): the mover passes, the opponent plays Rc and goes out (4 + 6).
    out = run("endgame", "--variant", "classic", "--board", "Ro@0,0 Rs@1,0 Rd@2,0", "--hand", "Gc", "--other", "Rc")
    result = json.loads(out.stdout)
    assert result["best"] == "pass" and result["line"][0] == "pass" and result["margin"] == -10
    assert result["line"][1] in ("Rc@3,0", "Rc@-1,0")


def test_endgame_flex():
    out = run("endgame", "--variant", "flex", "--board", "Rok@0,0 Rsk@1,0", "--hand", "Rdk Bow", "--other", "Gow")
    result = json.loads(out.stdout)
    assert out.returncode == 0 and result["exact"] is True and result["line"]


@pytest.mark.parametrize(
    "args",
    [
        ["--board", "Ro@0,0", "--hand", "Zz", "--other", "Rs"],
        ["--board", "Ro@0", "--hand", "Rs", "--other", "Rd"],
        ["--board", "Ro@0,0", "--hand", "Rsk", "--other", "Rd"],
        ["--board", "Ro@0,0", "--hand", "", "--other", "Rd"],
        ["--board", "Ro@0,0", "--hand", "Rs Rs Rs Rs Rs Rs Rs", "--other", "Rd"],
        ["--board", "Ro@0,0 Ro@0,1 Ro@0,2", "--hand", "Ro", "--other", "Rd"],
        ["--variant", "cubes", "--board", "Ro@0,0", "--hand", "Rs", "--other", "Rd"],
        ["--board", "Ro@0,0", "--hand", "Rs", "--other", "Rd", "--seconds", "0"],
        ["--board", "Ro@0,0", "--hand", "Rs"],
    ],
)
def test_endgame_malformed(args):
    out = run("endgame", *args)
    assert out.returncode == 2 and out.stderr.strip() and not out.stdout


def test_position_of_a_record_and_the_moves_of_a_position(tmp_path):
    game = Game.new("classic", ["a", "b"], seed=4)
    for _ in range(6):
        game.apply(Play(max(game.legal_plays(), key=lambda p: (p.points, p.notation())).placements))
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    out = run("position", str(path), "--move", "5")
    assert out.returncode == 0
    game.undo()
    assert out.stdout.strip() == str(game.position())
    seen = run("position", str(path), "--move", "5", "--seat", "1").stdout.strip()
    assert seen == str(game.position().hidden(1))
    listed = run("moves", "--position", seen)
    hand = " ".join(t.notation() for t in game.hands[game.to_move])
    given = run("moves", "--board", game.board.notation(), "--hand", hand)
    assert json.loads(listed.stdout) == json.loads(given.stdout)
    bad = run("moves", "--position", seen.replace("turn=", "turn=9"))
    assert bad.returncode == 2 and bad.stderr.startswith("error: bad turn")
    assert run("position", str(path), "--move", "99").returncode == 2
