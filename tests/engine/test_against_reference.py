"""The engine CLI against the naive reference on random reachable positions.

Positions are built from an empty board by random legal plays of the reference
(tests/reference/randpos.py) with a seeded random.Random, for classic, Cubes and
Flex (72 and 108 tiles). For each tile set:

* ``moves --batch``: the engine's list must hold exactly the reference's plays
  (compared as sets of (cell, tile code)) with the same points, no duplicates,
  sorted by points descending then play text;
* ``score --batch`` on random legal plays (same legal flag, points and breakdown)
  and random illegal ones (``legal: false`` with a rule the reference also sees
  broken); for Flex also on boards grown for long diagonals, with tiles that would
  make a diagonal of 7 (F5) and their legal twins of another background.

About 20 s of CPU in all (the reference is brute force). ``QWIRKLE_REFERENCE_CASES=N`` sets the number of
positions per tile set (default 30) for a deeper run.
"""

from __future__ import annotations

import functools
import os
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))
import engine_cli
import naive
import randpos

CASES = int(os.environ.get("QWIRKLE_REFERENCE_CASES", "30"))
TILE_SETS = ["classic", "cubes", "flex72", "flex108"]

pytestmark = [
    pytest.mark.skipif(not engine_cli.engine_available(), reason=engine_cli.SKIP_REASON),
    pytest.mark.slow,  # brute force, in processes of its own
]


@functools.cache
def positions(tile_set):
    """CASES positions: a few empty boards (openings), the rest after 1..30 plays;
    each with the reference's legal plays (computed once, shared by both tests)."""
    out = []
    for index in range(CASES):
        rng = random.Random(f"{tile_set}/{index}")
        plays = 0 if index % 10 == 0 else rng.randint(1, 30)
        board, hand, variant = randpos.build_position(tile_set, rng, plays)
        out.append((f"{tile_set}/{index}", board, hand, variant, naive.legal_plays(board, hand, variant)))
    return out


@functools.cache
def diagonal_cases(tile_set, boards=4, attempts=40):
    """Flex: boards grown for long diagonals, with single-tile plays that would make
    a same-background diagonal of 7 (F5) and legal twins of another background."""
    out = []
    for index in range(attempts):
        if len(out) >= boards or not tile_set.startswith("flex"):
            break
        rng = random.Random(f"{tile_set}/diagonal/{index}")
        board, _, variant = randpos.build_position(
            tile_set, rng, rng.randint(15, 30), greedy=0.95, prefer=randpos.diagonal_points
        )
        plays = randpos.diagonal_plays(board, variant, rng, want=3)
        if any(found for _, found in plays):
            out.append((f"{tile_set}/diagonal/{index}", board, variant, plays))
    return out


def _sample(items, limit=5):
    items = sorted(items)
    return items[:limit] + (["..."] if len(items) > limit else [])


@pytest.mark.parametrize("tile_set", TILE_SETS)
def test_moves_and_scores_match_reference(tile_set):
    """One test per tile set, so that its positions (the reference's slow part) are found once, in one worker."""
    problems = moves_problems(tile_set) + score_problems(tile_set)
    assert not problems, "\n".join(problems)


def moves_problems(tile_set):
    """Where ``moves --batch`` differs from the reference's plays on the tile set's positions."""
    cases = positions(tile_set)
    items = [
        {"variant": variant, "board": randpos.board_text(board), "hand": randpos.hand_text(hand)}
        for _, board, hand, variant, _ in cases
    ]
    results = engine_cli.run_batch("moves", items)
    problems = []
    for (name, _board, _hand, variant, legal), item, got in zip(cases, items, results, strict=True):
        where = f'{name}: --variant {variant} --board "{item["board"]}" --hand "{item["hand"]}"'
        if not isinstance(got, list):
            problems.append(f"{where}: engine answered {got}")
            continue
        want = {p["key"]: p["points"] for p in legal}
        have = {}
        for entry in got:
            key = engine_cli.play_key_from_text(entry["play"])
            if key in have:
                problems.append(f"{where}: duplicate play {entry['play']}")
            have[key] = entry["points"]
        order = [(-e["points"], e["play"]) for e in got]
        if order != sorted(order):
            problems.append(f"{where}: not sorted by points desc then play")
        text = lambda key: " ".join(f"{code}@{x},{y}" for (x, y), code in sorted(key, key=lambda placed: placed[0]))
        missing = [text(k) for k in want.keys() - have.keys()]
        extra = [text(k) for k in have.keys() - want.keys()]
        wrong = [
            f"{text(k)}: engine {have[k]} reference {want[k]}" for k in want.keys() & have.keys() if have[k] != want[k]
        ]
        if missing or extra or wrong:
            problems.append(
                f"{where}: {len(want)} reference plays, {len(have)} engine plays; "
                f"missing {_sample(missing)}; extra {_sample(extra)}; points {_sample(wrong)}"
            )
    return problems


def score_problems(tile_set):
    """Where ``score --batch`` differs from the reference on legal and illegal plays of the tile set's positions."""
    items, expected = [], []
    for name, board, hand, variant, legal in positions(tile_set):
        rng = random.Random(f"{name}/score")
        for entry in rng.sample(legal, min(3, len(legal))):
            play = naive.parse_placements(entry["play"], variant)
            expected.append((name, True, naive.score(board, play, variant), None))
            items.append({"variant": variant, "board": randpos.board_text(board), "play": entry["play"]})
        for play, found in randpos.random_illegal_plays(board, hand, variant, rng, want=3):
            expected.append((name, False, None, found))
            items.append(
                {
                    "variant": variant,
                    "board": randpos.board_text(board),
                    "play": " ".join(f"{naive.tile_code(t)}@{x},{y}" for (x, y), t in play),
                }
            )
    for name, board, variant, plays in diagonal_cases(tile_set):
        for play, found in plays:
            expected.append((name, not found, naive.score(board, play, variant) if not found else None, found))
            items.append(
                {"variant": variant, "board": randpos.board_text(board), "play": naive.format_placements(play)}
            )
    if tile_set.startswith("flex"):
        assert any(not legal and {r for r, _ in found} == {"F5"} for _, legal, _, found in expected), (
            "no F5 case generated"
        )
    results = engine_cli.run_batch("score", items)
    problems = []
    for item, (name, legal, scored, found), got in zip(items, expected, results, strict=True):
        where = f'{name}: --variant {item["variant"]} --board "{item["board"]}" --play "{item["play"]}"'
        if got.get("legal") is not legal:
            problems.append(f"{where}: engine {got}, reference {'legal ' + str(scored[0]) if legal else found}")
        elif legal:
            points, breakdown = scored
            if got["points"] != points:
                problems.append(f"{where}: points engine {got['points']} reference {points}")
            elif breakdown and engine_cli.breakdown_multiset(got["breakdown"]) != engine_cli.breakdown_multiset(
                breakdown
            ):
                problems.append(f"{where}: breakdown engine {got['breakdown']} reference {breakdown}")
        elif got.get("rule") not in {rule for rule, _ in found}:
            problems.append(f"{where}: engine rule {got.get('rule')} ({got.get('message')}); reference sees {found}")
    assert len(items) > 4 * CASES, "too few generated plays"
    return problems
