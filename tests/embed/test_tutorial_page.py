"""tutorial.html without a browser: every board is valid, the rulebooks' examples are all there
as replays with the rulebooks' points, each rule set has exercises, all five languages are complete."""

from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest

from embed.model import BoardState
from embed.spec import KEYS, spec_from_attributes, split_moves
from qwirkle import refusal_category as choice_of

ROOT = Path(__file__).resolve().parents[2]
SEEDS = json.loads((ROOT / "tests" / "data" / "seed_examples.json").read_text("utf-8"))["examples"]
# The worked examples shown as replays (id, number of turns shown: the rest are refusals).
REPLAYED = {
    "classic-opening-four": 1,
    "classic-both-ends": 1,
    "classic-green-circle": 1,
    "classic-orange-three": 1,
    "classic-scoring-strip": 4,
    "classic-example-game": 11,
    "cubes-example": 3,
    "flex-single-tile-11": 1,
    "flex-green-pair-9": 1,
    "flex-example-game": 7,
}


class TutorialParser(HTMLParser):
    """Board markers (with the section they are in) and the languages of the text."""

    def __init__(self) -> None:
        super().__init__()
        self.section = ""
        self.boards: list[dict[str, str]] = []
        self.langs: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "section":
            self.section = a.get("id", "")
        if "data-qwirkle" in a:
            board = {k[5:]: v for k, v in a.items() if k.startswith("data-") and k[5:] in KEYS}
            board["section"] = self.section
            self.boards.append(board)
        if "lang" in a and tag != "html" and "keep" not in a.get("class", ""):
            self.langs[a["lang"]] += 1


@pytest.fixture(scope="module")
def tutorial() -> TutorialParser:
    parser = TutorialParser()
    parser.feed((ROOT / "tutorial.html").read_text(encoding="utf-8"))
    return parser


def states(tutorial: TutorialParser) -> list[tuple[dict[str, str], BoardState]]:
    return [
        (b, BoardState(spec_from_attributes({k: v for k, v in b.items() if k != "section"}))) for b in tutorial.boards
    ]


def test_every_board_of_the_tutorial_is_valid(tutorial: TutorialParser) -> None:
    assert len(tutorial.boards) >= 20
    for board, state in states(tutorial):
        assert state.spec.label, f"board without a label: {board}"


@pytest.mark.parametrize("example_id", sorted(REPLAYED))
def test_each_worked_example_is_replayed_with_the_rulebooks_points(tutorial: TutorialParser, example_id: str) -> None:
    example = next(e for e in SEEDS if e["id"] == example_id)
    turns = example["turns"][: REPLAYED[example_id]]
    wanted = (example["variant"], turns[0]["board"], [t["play"] for t in turns])
    found = [
        state
        for board, state in states(tutorial)
        if (state.variant.name, board.get("board", ""), split_moves(board.get("moves", ""))) == wanted
    ]
    assert found, f"{example_id} is not replayed in tutorial.html"
    assert [s.score.points for s in found[0].steps] == [t["points"] for t in turns]


def test_each_rule_set_has_exercises(tutorial: TutorialParser) -> None:
    tasks = {(b["section"], s.spec.task) for b, s in states(tutorial) if s.spec.task}
    assert {
        ("classic-exercises", "best"),
        ("classic-exercises", "illegal"),
        ("cubes", "best"),
        ("cubes", "illegal"),
        ("flex", "best"),
        ("flex", "illegal"),
    } <= tasks
    rules = {s.error.rule for _, s in states(tutorial) if s.error is not None}
    assert {"C4", "C5", "F5"} <= rules
    answers = {choice_of(s.error) for _, s in states(tutorial) if s.error is not None}
    assert answers == {"choice", "place", "line", "diagonal"}


def test_best_move_exercises_have_one_best_play(tutorial: TutorialParser) -> None:
    for board, state in states(tutorial):
        if state.spec.task == "best":
            best = state.best_plays()
            assert len(best) == 1, f"{board['label']}: {len(best)} best plays"


def test_the_flex_section_shows_a_flex_qwirkle(tutorial: TutorialParser) -> None:
    flex = [s for b, s in states(tutorial) if b["section"] == "flex" and s.steps]
    assert any(line.kind == "diagonal" and line.qwirkle for s in flex for step in s.steps for line in step.score.lines)


def test_every_language_is_complete(tutorial: TutorialParser) -> None:
    assert set(tutorial.langs) == {"de", "en", "es", "fr", "nl"}
    assert tutorial.langs["en"] > 30
    assert all(count == tutorial.langs["en"] for count in tutorial.langs.values()), tutorial.langs
