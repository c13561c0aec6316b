"""bench/screen.py: a setting's games are the tournament's, and its table pairs them game by game."""

import json
import subprocess
import sys

from repo_scripts import ROOT, load_script, script_env

from qwirkle.study.tournament import run


def screen_script():
    return load_script("screen", "bench")


def test_a_settings_games_are_the_tournaments():
    screen = screen_script()
    records = [screen.play(("medium", "greedy", "classic", 7, i)) for i in range(4)]
    summary = run("classic", ["medium", "greedy"], 4, 7)
    medium, greedy = summary["players"]
    assert sum(r["win"] for r in records) == medium["wins"]
    assert sum(r["margin"] for r in records) / 4 == round(medium["mean_score"] - greedy["mean_score"], 3)


def test_the_table_pairs_settings_game_by_game():
    screen = screen_script()
    results = {
        "a": {0: {"win": 1.0, "margin": 10}, 1: {"win": 0.0, "margin": -4}, 2: {"win": 1.0, "margin": 2}},
        "b": {0: {"win": 1.0, "margin": 12}, 1: {"win": 1.0, "margin": 3}, 2: {"win": 0.5, "margin": 0}},
    }
    rows = screen.table(results, ["a", "b"]).splitlines()
    assert rows[2].startswith("| a | 3 | 66.7 ± 33.3 | +2.7 |")
    # b against a on the same three games: wins +0, +1, -0.5 (mean +1/6); margins +2, +7, -2 (mean +2.33)
    assert rows[3] == "| b | 3 | 83.3 ± 16.7 | +5.0 | 3 | +16.7 ± 44.1 | +2.33 ± 2.60 | 2 |"


def test_the_screen_resumes_from_its_file(tmp_path):
    out = tmp_path / "screen.jsonl"
    command = [
        sys.executable,
        str(ROOT / "bench" / "screen.py"),
        "medium",
        "hard",
        "--seed",
        "3",
        "--games",
        "2",
        "--workers",
        "1",
        "--out",
        str(out),
    ]
    first = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT, env=script_env())
    assert len(out.read_text().splitlines()) == 4
    second = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT, env=script_env())
    assert len(out.read_text().splitlines()) == 4  # nothing played again
    assert first.stdout == second.stdout
    assert {json.loads(line)["setting"] for line in out.read_text().splitlines()} == {"medium", "hard"}
