"""The README's "how strong, how fast" table is the render of bench/results/*.json (scripts/build/figures.py)."""

import json

import pytest
from repo_scripts import ROOT, load_script

figures = load_script("figures")

STRENGTH = {
    "commit": "abc1234",
    "date": "2026-01-02",
    "command": "bench/strength.py --games 10 --json",
    "seed": 1,
    "rows": [
        {"variant": variant, "players": [level, "greedy"], "games": 10, "win_percent": win}
        for variant, level, win in [
            ("classic", "hard", 60.0),
            ("classic", "expert", 70.0),
            ("cubes", "hard", 95.0),
            ("cubes", "expert", 100.0),
            ("flex", "hard", 55.0),
            ("flex", "expert", 65.5),
        ]
    ],
}
MOVEGEN = {
    "commit": "def5678",
    "date": "2026-01-03",
    "command": "bench/movegen.py --json",
    "positions": 255,
    "ms_per_position": {v: {"mean": 1.0, "median": m, "p95": 4.0} for v, m in [("classic", 0.5), ("cubes", 0.4)]}
    | {"flex": {"mean": 1.2, "median": 0.625, "p95": 5.0}},
    "greedy_games_per_second": {"classic": 13.71, "cubes": 16.0, "flex": 14.84},
}


def test_the_renderer_puts_each_figure_in_its_cell():
    lines = figures.render(STRENGTH, MOVEGEN).splitlines()
    assert lines[0] == "| two players | Classic | Cubes | Flex |"
    assert lines[2] == "| Hard against greedy: games won | 60.0 % of 10 | 95.0 % of 10 | 55.0 % of 10 |"
    assert lines[3] == "| Expert against greedy: games won | 70.0 % of 10 | 100.0 % of 10 | 65.5 % of 10 |"
    assert lines[4] == "| Legal plays of a position: median ms | 0.50 | 0.40 | 0.62 |"
    assert lines[5] == "| Greedy games a second | 13.7 | 16.0 | 14.8 |"
    assert "`bench/strength.py --games 10 --json` at abc1234, 2026-01-02" in lines[-1]
    assert "`bench/movegen.py --json` at def5678, 2026-01-03" in lines[-1]


def test_check_fails_with_a_diff_when_the_readme_differs(tmp_path, capsys):
    (tmp_path / "strength.json").write_text(json.dumps(STRENGTH), encoding="utf-8")
    (tmp_path / "movegen.json").write_text(json.dumps(MOVEGEN), encoding="utf-8")
    readme = tmp_path / "README.md"
    stale = figures.render(STRENGTH, MOVEGEN).replace("60.0 % of 10", "61.0 % of 10")
    readme.write_text(f"# Title\n\n{figures.BEGIN}\n{stale}\n{figures.END}\n\nMore.\n", encoding="utf-8")
    arguments = ["--readme", str(readme), "--results", str(tmp_path)]
    assert figures.main([*arguments, "--check"]) == 1
    assert "-| Hard against greedy: games won | 61.0 % of 10" in capsys.readouterr().err
    assert figures.main(arguments) == 0  # writes the table
    assert figures.main([*arguments, "--check"]) == 0
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# Title\n\n") and text.endswith(f"{figures.END}\n\nMore.\n")
    assert figures.between(text) == figures.render(STRENGTH, MOVEGEN)


def test_a_readme_without_the_markers_is_refused():
    with pytest.raises(ValueError):
        figures.between("# Title\n\nno table here\n")


def test_the_readme_table_is_the_render_of_the_results():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert figures.between(readme) == figures.rendered(), "run `make figures` after the benches' --json runs"
