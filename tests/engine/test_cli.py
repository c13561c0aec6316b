"""The fixed command line: python3 -m qwirkle score|moves|selfplay|replay."""
import json
import os
import pathlib
import subprocess
import sys

import pytest

from qwirkle import Game, Play, dumps

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(*args, stdin=None):
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "qwirkle", *args], capture_output=True, text=True, env=env,
                          cwd=ROOT, input=stdin)


def test_score_legal():
    out = run("score", "--variant", "classic", "--board", "Ro@0,0 Rs@1,0", "--play", "Rd@2,0")
    assert out.returncode == 0
    assert json.loads(out.stdout) == {"legal": True, "points": 3, "breakdown": [
        {"kind": "row", "cells": ["0,0", "1,0", "2,0"], "points": 3, "qwirkle": False}]}


def test_score_illegal():
    out = run("score", "--variant", "classic", "--board", "Ro@0,0", "--play", "Bs@1,0")
    assert out.returncode == 1
    result = json.loads(out.stdout)
    assert result["legal"] is False and result["rule"] == "C5" and result["message"]


@pytest.mark.parametrize("args", [["--board", "Ro@0,0", "--play", "Zz@1,0"], ["--board", "Ro@0", "--play", "Rs@1,0"],
                                  ["--board", "Rok@0,0", "--play", "Rs@1,0"], ["--play", ""]])
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
    batch.write_text(json.dumps({"variant": "classic", "board": "Ro@0,0", "play": "Rs@1,0"}) + "\n"
                     + json.dumps({"variant": "classic", "board": "Ro@0,0", "play": "Bs@1,0"}) + "\n"
                     + json.dumps({"variant": "flex", "board": "", "play": "Rok@0,0"}) + "\n")
    out = run("score", "--batch", str(batch))
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and [line["legal"] for line in lines] == [True, False, True]
    batch.write_text(json.dumps({"variant": "classic", "board": "Ro@0,0", "hand": "Rs"}) + "\n")
    out = run("moves", "--batch", str(batch))
    assert len(json.loads(out.stdout.splitlines()[0])) == 4


def test_selfplay_prints_one_line_per_game():
    out = run("selfplay", "--variant", "flex", "--players", "3", "--ai", "greedy,random,greedy", "--seed", "4",
              "--games", "2")
    games = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and len(games) == 2
    assert {"scores", "winners", "turns", "ended"} <= games[0].keys()
    again = run("selfplay", "--variant", "flex", "--players", "3", "--ai", "greedy,random,greedy", "--seed", "4",
                "--games", "2")
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
