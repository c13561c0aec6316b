"""The rulebooks' worked examples (tests/data/seed_examples.json) through the engine CLI.

Every turn of every example is scored with one ``score --batch`` call; legal turns
must give the exact points and the exact breakdown (as a multiset of kind, cells,
points, qwirkle), refused turns ``legal: false`` with one of the accepted rule ids.
A few turns also go through the single-play form to check the exit codes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "reference"))
import engine_cli

DATA = Path(__file__).resolve().parents[1] / "data" / "seed_examples.json"
EXAMPLES = json.loads(DATA.read_text(encoding="utf-8"))["examples"]
TURNS = [(example, turn) for example in EXAMPLES for turn in example["turns"]]
IDS = [f"{example['id']}-t{turn['turn']}" for example, turn in TURNS]

pytestmark = pytest.mark.skipif(not engine_cli.engine_available(), reason=engine_cli.SKIP_REASON)


@pytest.fixture(scope="module")
def results():
    items = [{"variant": example["variant"], "board": turn["board"], "play": turn["play"]} for example, turn in TURNS]
    return dict(zip(IDS, engine_cli.run_batch("score", items), strict=True))


def describe(example, turn):
    return (
        f"{example['id']} turn {turn['turn']} ({example['variant']}): board [{turn['board']}] "
        f"play [{turn['play']}] - {example['source']['file']}: « {turn['quote']} »"
    )


@pytest.mark.parametrize("case", IDS)
def test_seed_turn(case, results):
    example, turn = TURNS[IDS.index(case)]
    got = results[case]
    where = describe(example, turn)
    assert "error" not in got, f"{where}: engine rejected the input: {got}"
    if turn["legal"]:
        assert got.get("legal") is True, f"{where}: expected legal, got {got}"
        assert got["points"] == turn["points"], f"{where}: points {got['points']} != {turn['points']}"
        assert engine_cli.breakdown_multiset(got["breakdown"]) == engine_cli.breakdown_multiset(turn["breakdown"]), (
            f"{where}: breakdown {got['breakdown']}"
        )
    else:
        assert got.get("legal") is False, f"{where}: expected a refusal, got {got}"
        assert got.get("rule") in turn["rules"], f"{where}: rule {got.get('rule')} not in {turn['rules']}"
        assert got.get("message"), f"{where}: a refusal needs a message"


def test_breakdowns_add_up(results):
    """The engine's own total equals the sum of its breakdown (openings of 1 tile aside)."""
    for case, got in results.items():
        if got.get("legal") and got.get("breakdown"):
            assert got["points"] == sum(entry["points"] for entry in got["breakdown"]), (case, got)


def _single(variant, board, play):
    return engine_cli.run(["score", "--variant", variant, "--board", board, "--play", play])


def test_exit_code_legal():
    example, turn = TURNS[IDS.index("classic-example-game-t11")]
    done = _single(example["variant"], turn["board"], turn["play"])
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["legal"] is True and got["points"] == 18


def test_exit_code_illegal_f5():
    example = next(e for e in EXAMPLES if e["id"] == "flex-example-game")
    turn = next(t for t in example["turns"] if t["play"] == "Ook@4,-5")
    done = _single("flex", turn["board"], turn["play"])
    assert done.returncode == 1, done.stdout + done.stderr
    got = json.loads(done.stdout)
    assert got["legal"] is False and got["rule"] == "F5"


def test_exit_code_opening_on_empty_board():
    done = _single("classic", "", "Rc@0,0 Rd@1,0 Ro@2,0")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["points"] == 3


@pytest.mark.parametrize(
    "variant,board,play",
    [
        ("classic", "", "Zz@0,0"),  # no such color/shape
        ("classic", "", "Rd@0"),  # cell without y
        ("classic", "Rd@0,0", "Rs@1,0 oops"),  # not a placement
        ("flex", "", "Rd@0,0"),  # Flex tile without background
    ],
)
def test_exit_code_malformed(variant, board, play):
    done = _single(variant, board, play)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stderr.strip(), "a malformed input needs a message on stderr"
