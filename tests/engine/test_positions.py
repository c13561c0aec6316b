"""Perft-like check of the engine's move generator against tests/data/positions.jsonl.

Each position (board + hand, made by tests/reference/make_positions.py) carries the
naive reference's number of distinct legal plays, best points and number of best
plays; one ``moves --batch`` call must reproduce all three for every position."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))
import engine_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "positions.jsonl"
POSITIONS = [json.loads(line) for line in DATA.read_text(encoding="utf-8").splitlines() if line.strip()]
IDS = [p["id"] for p in POSITIONS]

pytestmark = pytest.mark.skipif(not engine_cli.engine_available(), reason=engine_cli.SKIP_REASON)


@pytest.fixture(scope="module")
def results():
    items = [{"variant": p["variant"], "board": p["board"], "hand": p["hand"]} for p in POSITIONS]
    return dict(zip(IDS, engine_cli.run_batch("moves", items), strict=True))


def test_enough_positions():
    assert len(POSITIONS) >= 40
    assert {p["set"] for p in POSITIONS} == {"classic", "cubes", "flex72", "flex108"}


@pytest.mark.parametrize("name", IDS)
def test_position(name, results):
    position = POSITIONS[IDS.index(name)]
    got = results[name]
    where = f'{name}: moves --variant {position["variant"]} --board "{position["board"]}" --hand "{position["hand"]}"'
    assert isinstance(got, list), f"{where}: {got}"
    keys = [engine_cli.play_key_from_text(entry["play"]) for entry in got]
    assert len(set(keys)) == len(keys), f"{where}: duplicate plays"
    assert len(got) == position["count"], f"{where}: {len(got)} plays, reference {position['count']}"
    best = max((entry["points"] for entry in got), default=None)
    assert best == position["max_points"], f"{where}: best {best}, reference {position['max_points']}"
    assert sum(1 for entry in got if entry["points"] == best) == position["max_count"], where
    order = [(-entry["points"], entry["play"]) for entry in got]
    assert order == sorted(order), f"{where}: not sorted by points descending then play"
