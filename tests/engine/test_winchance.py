"""The win-chance table (qwirkle.winchance, py/qwirkle/data/winchance.json): it loads (from a folder and from a zip
archive, as in the page), every chance lies in [0, 1], grows with the lead, and the players' chances add up to 1, in
games of two, three and four."""

import doctest
import json
import math
import pathlib
import random
import subprocess
import sys
from itertools import pairwise

import pytest
from engine_archive import run_from_archive
from hypothesis import given, settings
from hypothesis import strategies as st
from repo_scripts import load_script, script_env

from qwirkle import Game
from qwirkle.ai import make_player
from qwirkle.winchance import DATA_NAME, FORMAT, Table, chance, chances, final_shares, table, win_chance

ROOT = pathlib.Path(__file__).resolve().parents[2]
VARIANTS = ("classic", "cubes", "flex")


def test_the_table_loads_and_says_how_it_was_made():
    data = json.loads((ROOT / "py" / "qwirkle" / DATA_NAME).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT
    assert (ROOT / "py" / "qwirkle" / DATA_NAME).stat().st_size < 16_000  # a small file shipped with the app
    loaded = table()
    assert set(VARIANTS) <= set(loaded.curves)
    assert isinstance(loaded.meta["seed"], int) and loaded.meta["made_by"].startswith(
        ("bench/winchance.py", "scripts/tables/winchance.py")
    )
    for variant in VARIANTS:
        assert loaded.meta["games"][variant] > 0 and loaded.meta["positions"][variant] > 0
        curve = loaded.curves[variant]
        assert len(curve.tiles) == len(curve.a) == len(curve.b) == len(curve.c)
        assert list(curve.tiles) == sorted(curve.tiles)
        assert all(b > 0 for b in curve.b)
        assert all(x >= y for x, y in pairwise(curve.b)), "a point of lead counts less with more tiles left"


def test_a_table_of_another_kind_is_refused():
    with pytest.raises(ValueError, match=FORMAT):
        Table.from_json({"format": "something else", "variants": {}})


def test_the_table_reads_from_a_zip_archive(tmp_path):
    """The page imports the engine from app.zip: pkgutil.get_data must find the table there too."""
    printed = run_from_archive(
        tmp_path,
        "import qwirkle.winchance as w; "
        "assert w.__file__.startswith(sys.argv[1]), w.__file__; "
        "print(w.chance('classic', 10, 40, 6, 6))",
    )
    assert float(printed) == pytest.approx(chance("classic", 10, 40, 6, 6))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.integers(-150, 150),
    st.integers(1, 40),
    st.integers(0, 96),
    st.integers(1, 6),
    st.integers(1, 6),
    st.booleans(),
)
def test_chances_lie_in_0_1_and_grow_with_the_lead(variant, difference, lead, bag, hand, other, on_move):
    if bag:
        hand = other = 6
    low = chance(variant, difference, bag, hand, other, on_move)
    high = chance(variant, difference + lead, bag, hand, other, on_move)
    assert 0.0 <= low <= high <= 1.0
    assert low < high or high in (0.0, 1.0) or low > 1 - 1e-9


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VARIANTS), st.floats(-80, 80), st.floats(0, 96), st.integers(1, 6), st.integers(1, 6))
def test_the_two_players_chances_add_up_to_one(variant, difference, bag, hand, other):
    mine = chance(variant, difference, int(bag), hand, other, on_move=True)
    theirs = chance(variant, -difference, int(bag), other, hand, on_move=False)
    assert mine + theirs == pytest.approx(1.0)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(VARIANTS), st.floats(0, 120), st.floats(0, 1))
def test_no_jump_between_neighbouring_tile_counts(variant, left, step):
    """The coefficients are interpolated: one tile more or less moves a chance by a few points at most (in the last
    six tiles a lead weighs most and changes fastest: the table moves by at most 8.5 points a tile there, 4.4
    before)."""
    curve = table().curves[variant]
    bound = 0.1 if left < 6 else 0.05
    for difference in (-20, -5, 0, 5, 20):
        here = curve.on_move(difference, left, 0)
        there = curve.on_move(difference, left + step, 0)
        assert abs(here - there) < bound


def test_win_chance_of_a_game_and_of_a_view():
    game = Game.new("flex", ["Ann", "Bob"], seed=5)
    mover = game.to_move
    assert win_chance(game) == pytest.approx(win_chance(game.view(mover)))
    assert win_chance(game) + win_chance(game, 1 - mover) == pytest.approx(1.0)
    assert win_chance(game) == pytest.approx(chance("flex", 0, game.bag_count, 6, 6))


def test_a_finished_game_is_won_lost_or_shared():
    game = Game.new("classic", ["Ann", "Bob"], seed=2)
    while not game.is_over:
        plays = game.legal_plays()
        game.apply(
            max(plays, key=lambda p: (p.points, p.notation())).notation()
            if plays
            else (f"swap {game.describe_hand(game.to_move)}" if game.exchange_limit() else "pass")
        )
    chances = [win_chance(game, seat) for seat in (0, 1)]
    expected = [0.5, 0.5] if len(game.winners()) == 2 else [1.0 if seat in game.winners() else 0.0 for seat in (0, 1)]
    assert chances == expected


def test_three_and_four_players_have_their_fields_and_how_they_were_made():
    loaded = table()
    for count in (3, 4):
        made = loaded.meta["players_made"][str(count)]
        assert isinstance(made["seed"], int) and made["levels"]
        assert made["games"]["classic"] > 0  # a rule set not fit for that many players reads classic's field
        for variant in VARIANTS:
            field = loaded.field(variant, count)
            assert field is loaded.fields[count]["classic" if variant not in made["games"] else variant]
            assert len(field.tiles) == len(field.b) == len(field.c) and all(len(a) == len(field.b) for a in field.a)
            assert len(field.a) == count - 1
            assert all(b > 0 for b in field.b)
            assert all(x >= y for x, y in pairwise(field.b)), "a point counts less with more tiles left"


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(VARIANTS),
    st.integers(3, 4),
    st.lists(st.integers(0, 250), min_size=4, max_size=4),
    st.integers(0, 3),
    st.integers(0, 90),
    st.lists(st.integers(1, 6), min_size=4, max_size=4),
    st.integers(0, 3),
    st.integers(1, 30),
)
def test_three_and_four_players_chances_add_up_to_one_and_grow_with_the_lead(
    variant, count, scores, to_move, bag, hands, who, lead
):
    scores, hands, to_move, who = (
        scores[:count],
        hands[:count] if bag == 0 else [6] * count,
        to_move % count,
        who % count,
    )
    found = chances(variant, scores, hands, to_move, bag)
    assert len(found) == count and sum(found) == pytest.approx(1.0)
    assert all(0.0 <= x <= 1.0 for x in found)
    ahead = list(scores)
    ahead[who] += lead
    more = chances(variant, ahead, hands, to_move, bag)
    assert more[who] >= found[who]  # more points: a better chance
    assert all(more[seat] <= found[seat] for seat in range(count) if seat != who)  # and every other player's worse
    top = max(range(count), key=lambda seat: scores[seat])
    if len(set(hands)) == 1 and scores[top] > sorted(scores)[-2] + 30:
        assert found[top] == max(found)  # 30 points ahead: the favourite


def test_the_leader_is_the_favourite_and_even_scores_are_about_fair():
    for count in (3, 4):
        even = chances("classic", [0] * count, [6] * count, 0, 108 - 6 * count)
        assert all(abs(x - 1 / count) < 0.1 for x in even)
        ahead = chances("classic", [20] + [0] * (count - 1), [6] * count, 1, 40)
        assert ahead[0] == max(ahead) and ahead[0] > 1 / count + 0.1


def test_a_game_of_three_has_every_seat_s_chance():
    game = Game.new("classic", ["Ann", "Bob", "Cy"], seed=1)
    assert sum(win_chance(game, seat) for seat in range(3)) == pytest.approx(1.0)
    assert win_chance(game) == win_chance(game.view(game.to_move))
    assert final_shares([10, 12, 12]) == (0.0, 0.5, 0.5)


def test_three_players_chances_are_better_than_a_fair_guess_on_games_they_were_not_fit_on():
    """Calibration in small: every position of 10 seeded three-player games between greedy players (seeds far from
    the fit's), the mover's chance against the result: the Brier score beats always answering one in three."""
    pairs = []
    for seed in range(900_001, 900_011):
        game = Game.new("classic", ["A", "B", "C"], seed=seed)
        players = [make_player("greedy", seed + seat) for seat in range(3)]
        seen = []
        while not game.is_over:
            seen.append((game.to_move, win_chance(game)))
            game.apply(players[game.to_move].choose(game.view(game.to_move)))
        shares = final_shares(game.scores)
        pairs += [(p, shares[seat]) for seat, p in seen]
    brier = sum((p - won) ** 2 for p, won in pairs) / len(pairs)
    fair = sum((1 / 3 - won) ** 2 for _, won in pairs) / len(pairs)
    assert brier < fair - 0.03, (brier, fair)


def test_an_unknown_rule_set_takes_the_nearest_kind():
    assert table().curve("no such rule set") is table().curves["classic"]


def test_the_engine_doc_examples_run_as_written():
    """docs/engine.md's *Win chance* section is doctested, as python-chess doctests its README."""
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc.split("\n## Win chance\n", 1)[1].split("\n## ", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "docs/engine.md: Win chance", "docs/engine.md", 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0


def bench_script():
    return load_script("winchance", "scripts/tables")


def test_the_fit_recovers_a_known_curve_and_keeps_slopes_monotone():
    bench = bench_script()
    rng = random.Random(5)
    games = []
    for _ in range(300):  # outcomes drawn from a known curve: logit = 0.4 + d * 0.05 * 30 / left
        rows = []
        for left in range(100, 1, -7):
            diff = rng.randint(-40, 40)
            p = 1 / (1 + math.exp(-(0.4 + diff * 0.05 * 30 / left)))
            rows.append((left, max(0, left - 12), 6, 6, diff, 1.0 if rng.random() < p else 0.0))
        games.append(rows)
    curve = bench.fit(bench.aggregate(games), 100)
    assert all(x >= y for x, y in pairwise(curve["b"]))
    for tiles, a, b in zip(curve["tiles"], curve["a"], curve["b"], strict=True):
        if 20 <= tiles <= 90:
            assert a == pytest.approx(0.4, abs=0.25) and b == pytest.approx(0.05 * 30 / tiles, rel=0.35)
    assert bench.isotonic_down([3, 1, 2, 0], [1, 1, 1, 1]) == [3, 1.5, 1.5, 0]


def test_build_and_calibrate_end_to_end(tmp_path):
    """A few games: the script writes a table this module reads, and refuses to calibrate on the games it fit."""
    out = tmp_path / "table.json"
    calibration = [sys.executable, str(ROOT / "bench" / "winchance_calibration.py")]

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(list(args), capture_output=True, text=True, cwd=tmp_path, env=script_env())

    writer = str(ROOT / "scripts" / "tables" / "winchance.py")
    built = run(sys.executable, writer, "--games", "classic=3,cubes=0,flex=2", "--workers", "1", "--out", str(out))
    assert built.returncode == 0, built.stderr
    made = Table.from_json(json.loads(out.read_text(encoding="utf-8")))
    assert made.meta["games"] == {"classic": 3, "cubes": 0, "flex": 2} and made.meta["seed"] == 1
    assert 0 <= made.chance("flex", 5, 20, 6, 6) <= 1
    classic_two = ["--games", "classic=2", "--variants", "classic", "--table", str(out), "--workers", "1"]
    refused = run(*calibration, *classic_two, "--seed", "2")
    assert refused.returncode != 0 and "overlap" in refused.stderr
    checked = run(*calibration, *classic_two, "--seed", "50")
    assert checked.returncode == 0, checked.stderr
    summary = json.loads(checked.stdout.splitlines()[-1])
    assert summary["games"] == {"classic": 2} and 0 <= summary["all"]["brier"] <= 1
    assert "| predicted | positions | mean prediction | share won | difference |" in checked.stdout


def test_a_kept_run_starts_a_longer_one_and_a_longer_one_a_shorter(tmp_path):
    """``--positions``: game i depends only on the seed and i, so a run of more games continues the longest kept run
    of the same rule set, seed and players, and a run of fewer takes a longer run's first games (nothing replayed)."""
    bench = bench_script()
    games = [[[50 - turn, 40, 6, 6, turn - index, 1.0] for turn in range(2)] for index in range(3)]
    (tmp_path / "classic-7-3.jsonl").write_text("".join(json.dumps(rows) + "\n" for rows in games), encoding="utf-8")
    (tmp_path / "classic-7-2-3p.jsonl").write_text("[]\n", encoding="utf-8")  # another count of players: not read
    assert bench.positions("classic", 7, 2, 1, str(tmp_path)) == [[tuple(row) for row in rows] for rows in games[:2]]
    assert (tmp_path / "classic-7-2.jsonl").read_text(encoding="utf-8").count("\n") == 2
    (tmp_path / "classic-7-3.jsonl").unlink()
    assert bench.kept_run(tmp_path, "classic", 7, 5, "") == tmp_path / "classic-7-2.jsonl"
    assert bench.kept_run(tmp_path, "classic", 7, 5, "-3p") == tmp_path / "classic-7-2-3p.jsonl"
    assert bench.kept_run(tmp_path, "classic", 8, 5, "") is None
