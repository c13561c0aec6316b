"""The rules reference's examples as board diagrams (ui.rule_examples), over every rule of docs/rules*.md in every
language: each example has its diagram, every placement the text spells is drawn, every cell it names is on it."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from ui import rule_examples, rules_doc
from ui.rule_examples import Diagram, cell_of, code_spans, diagrams, placements_of

ROOT = Path(__file__).resolve().parents[2]
RULES = rules_doc.parse(rules_doc.read_docs(ROOT / "docs"))
LANGUAGES = ("en", "de", "es", "fr", "nl")
WIDEST = 12  # cells: at 22 px a cell (and the card's margins), what a 390 px phone's rule card holds


def test_doctests() -> None:
    result = doctest.testmod(rule_examples)
    assert result.failed == 0 and result.attempted > 0


def test_every_rule_is_there_in_every_language() -> None:
    assert RULES and all(set(LANGUAGES) <= set(langs) for langs in RULES.values())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_is_drawn_with_all_its_placements_and_named_cells(lang: str) -> None:
    drawn_rules = 0
    for rule, langs in RULES.items():
        blocks = langs[lang]["blocks"]
        found = diagrams(blocks)
        assert len(found) == len(blocks), rule
        for index, ((kind, text), drawn) in enumerate(zip(blocks, found, strict=True)):
            spans = code_spans(text)
            placements = {p for span in spans for p in placements_of(span) or ()}
            named = {c for c in map(cell_of, spans) if c is not None}
            if not placements and not named:
                assert drawn == [], (rule, text)
                continue
            if not drawn:  # the board of the list items after it: drawn on each of theirs
                items = [
                    d
                    for (k, _), ds in zip(blocks[index + 1 :], found[index + 1 :], strict=True)
                    if k == "li"
                    for d in ds
                ]
                assert kind == "p" and text.endswith(":") and items and not named, (rule, text)
                assert all(placements <= set(d.board) for d in items), (rule, text)
                continue
            shown = {p for d in drawn for p in d.board + d.play}
            assert placements <= shown, (rule, lang, text)
            for diagram in drawn:
                left, top, width, height = diagram.bounds
                assert set(diagram.names) == named, (rule, text)
                for x, y in [p.cell for p in diagram.board + diagram.play] + list(diagram.names):
                    assert left <= x < left + width and top <= y < top + height
                assert width <= WIDEST, (rule, text)
                board_cells = [p.cell for p in diagram.board]
                assert len(set(board_cells)) == len(board_cells), (rule, text)  # one tile a cell
                assert not {p.cell for p in diagram.play} & set(board_cells), (rule, text)  # played on empty cells
            drawn_rules += 1
    assert drawn_rules >= 10  # C2, C5 (4), C6 (2), F3, F4, F5


def test_every_language_draws_the_english_diagrams() -> None:
    """The translations give the same examples: the same boards, plays and named cells, rule by rule."""

    def drawn(lang: str) -> dict[str, list[str]]:
        return {
            rule: [d.notation() for ds in diagrams(langs[lang]["blocks"]) for d in ds] for rule, langs in RULES.items()
        }

    english = drawn("en")
    assert sum(map(len, english.values())) >= 10
    for lang in LANGUAGES[1:]:
        assert drawn(lang) == english, lang


def test_the_structure_of_the_text_gives_board_and_play() -> None:
    blocks = [
        ["p", "Examples, with `Ro@0,0 Rs@1,0` on the board:"],
        ["li", "`Rd@2,0 Rc@4,0` is refused: the cell `3,0` between them stays empty."],
        ["li", "Board `Yo@5,5`, play `Ys@5,6`: a board of its own, on top of the list's."],
        ["p", "Then `Bo@0,0` alone: an opening, on an empty board; `Rd Bs` are tiles, not placements."],
        ["p", "Board `Rok@0,0`, play `Bsk@1,1`, or `Bsw@1,1` instead."],
        ["li", "Cells only: `6,6` and `-1,-1`."],
        ["p", "Words only: nothing to draw, nor in `swap Rd Gc`."],
    ]
    found = diagrams(blocks)
    assert [[d.notation() for d in ds] for ds in found] == [
        [],
        ["board Ro@0,0 Rs@1,0 play Rd@2,0 Rc@4,0 names 3,0"],
        ["board Ro@0,0 Rs@1,0 Yo@5,5 play Ys@5,6"],
        ["play Bo@0,0"],
        ["board Rok@0,0 play Bsk@1,1", "board Rok@0,0 play Bsw@1,1"],
        ["names 6,6 -1,-1"],
        [],
    ]
    assert found[5][0].bounds == (-1, -1, 8, 8)


def test_a_paragraph_ending_with_a_colon_and_no_items_is_its_own_example() -> None:
    found = diagrams([["p", "With `Ro@0,0` on the board:"], ["p", "next"]])
    assert [[d.notation() for d in ds] for ds in found] == [["play Ro@0,0"], []]


def test_each_cell_shows_its_tile_and_whether_it_is_played() -> None:
    (diagram,) = diagrams([["p", "Board `Ro@0,0 Rs@1,0`, play `Bs@1,1`."]])[0]
    assert isinstance(diagram, Diagram)
    tiles = {cell: (tile.notation(), played) for cell, (tile, played) in diagram.tiles().items()}
    assert tiles == {(0, 0): ("Ro", False), (1, 0): ("Rs", False), (1, 1): ("Bs", True)}
