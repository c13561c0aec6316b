"""py/embed under CPython: settings, replays, exercises, words and markup of embedded boards."""

from __future__ import annotations

import doctest
import html
import importlib
import json
import re
from pathlib import Path

import pytest

from embed.model import BoardState
from embed.render import Renderer
from embed.spec import EmbedError, spec_from_attributes, spec_from_query, split_moves
from qwirkle import refusal_category as choice_of
from ui.words import Translator as Words

SEEDS = json.loads((Path(__file__).parents[1] / "data" / "seed_examples.json").read_text("utf-8"))["examples"]
EN = Renderer(Words("en"))
FR = Renderer(Words("fr"))


def seed_turn(example_id: str, turn: int) -> dict:
    example = next(e for e in SEEDS if e["id"] == example_id)
    return next(t for t in example["turns"] if t["turn"] == turn)


def state(**attrs: str) -> BoardState:
    return BoardState(spec_from_attributes(attrs))


def error_of(**attrs: str) -> EmbedError:
    with pytest.raises(EmbedError) as info:
        state(**attrs)
    return info.value


@pytest.mark.parametrize("name", ["embed.spec", "embed.model", "ui.words", "ui.cells", "ui.pending", "ui.tiles_svg"])
def test_doctests(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


# -- settings ------------------------------------------------------------------------------------
def test_defaults_and_modes() -> None:
    assert spec_from_attributes({}).mode == "static"
    assert spec_from_attributes({}).variant.name == "classic"
    assert spec_from_attributes({"moves": "Ro@0,0"}).mode == "replay"
    assert spec_from_attributes({"hand": "Ro", "task": "best"}).mode == "exercise"
    assert spec_from_attributes({"board": "Ro@0,0", "play": "Ro@1,0", "mode": "exercise"}).task == "illegal"
    assert spec_from_attributes({"variant": "FLEX", "board": "Rok@0,0"}).variant.name == "flex"


def test_moves_are_split_on_semicolons_and_new_lines() -> None:
    assert split_moves("Ro@0,0 Rs@1,0;Rd@2,0\n  \nBd@2,1 ;") == ["Ro@0,0 Rs@1,0", "Rd@2,0", "Bd@2,1"]


def test_query_uses_the_attribute_names() -> None:
    spec = spec_from_query("?variant=flex&board=Rok@0,0%20Rsk@1,0&hand=Bsk+Gsk&task=best&lang=fr")
    assert spec.board.notation() == "Rok@0,0 Rsk@1,0"
    assert [t.notation() for t in spec.hand] == ["Bsk", "Gsk"]
    assert (spec.mode, spec.task, spec.lang) == ("exercise", "best", "fr")


@pytest.mark.parametrize(
    "attrs, code, details",
    [
        ({"variant": "chess"}, "variant", {"name": "chess"}),
        ({"board": "Ro@0,0 Zz@1,0"}, "notation", {"attribute": "data-board", "field": "tile", "text": "Zz"}),
        ({"board": "Ro@0;0"}, "notation", {"attribute": "data-board", "field": "cell"}),
        ({"board": "Ro"}, "notation", {"attribute": "data-board", "field": "placement"}),
        ({"board": "Ro@0,0 Rs@0,0"}, "notation", {"attribute": "data-board", "field": "board"}),
        ({"hand": "Rd Qq"}, "notation", {"attribute": "data-hand"}),
        ({"moves": "Ro@0,0; swap Rd"}, "not_play", {"i": 2}),
        ({"board": "Rok@0,0"}, "wrong_set", {"tile": "Rok", "variant": "classic"}),
        ({"variant": "flex", "board": "Ro@0,0"}, "wrong_set", {"tile": "Ro"}),
        ({"mode": "slideshow"}, "mode", {"mode": "slideshow"}),
        ({"mode": "exercise", "task": "guess", "hand": "Ro"}, "task", {"task": "guess"}),
        ({"mode": "exercise", "task": "best"}, "missing", {"attribute": "data-hand"}),
        ({"mode": "exercise", "task": "illegal"}, "missing", {"attribute": "data-play"}),
        ({"mode": "replay"}, "missing", {"attribute": "data-moves"}),
    ],
)
def test_bad_settings_name_the_problem(attrs: dict, code: str, details: dict) -> None:
    error = error_of(**attrs)
    assert error.code == code
    assert details.items() <= error.details.items()
    for renderer in (EN, FR):  # every error has a sentence in both languages
        html = renderer.error(error)
        assert "qw-error" in html and "{" not in html


def test_url_settings_are_named_as_in_the_url() -> None:
    with pytest.raises(EmbedError) as info:
        spec_from_query("board=Ro@0,0%20Qq@1,0")
    assert EN.error_text(info.value).startswith("Unreadable board: “Qq”.")
    with pytest.raises(EmbedError) as info:
        spec_from_query("task=best")
    assert EN.error_text(info.value) == "This board needs hand."


def test_errors_in_words() -> None:
    assert EN.error_text(error_of(variant="chess")) == "Unknown variant “chess”: use classic, cubes or flex."
    text = EN.error_text(error_of(board="Ro@0,0 Zz@1,0"))
    assert text.startswith("Unreadable data-board: “Zz”. A tile is a colour letter")
    assert FR.error_text(error_of(variant="chess")).startswith("Variante inconnue «\u00a0chess\u00a0»")


# -- replays -------------------------------------------------------------------------------------
STRIP = "Yd@0,0 Bd@1,0 Rd@2,0; Bs@1,1 Bx@1,2; Bo@1,3 Ro@2,3 Go@3,3; Yo@4,3 Oo@5,3 Po@6,3"


def test_replay_steps_score_like_the_rulebook() -> None:
    replay = state(moves=STRIP)
    assert [s.score.points for s in replay.steps] == [3, 3, 7, 12]
    assert replay.step == 0 and replay.current_step() is None
    assert replay.extent() == (0, 0, 6, 3)  # the whole game, so the grid never jumps
    replay.previous()
    assert replay.step == 0
    for _ in range(10):
        replay.next()
    assert replay.step == 4
    assert set(replay.overlay()) == {(4, 3), (5, 3), (6, 3)}
    assert all(role == "last" for _, role in replay.overlay().values())
    assert len(replay.tiles()) == 11


def test_replay_breakdown_in_words() -> None:
    replay = state(moves=STRIP)
    replay.step = 3
    assert EN.message(replay) == (
        '<span class="qw-sr">Move 3 of 4 — </span>Row of circles: 3 points; blue column: 4 points. Total: 7 points.'
    )
    assert FR.message(replay) == (
        '<span class="qw-sr">Coup 3 sur 4 — </span>Ligne de cercles\u00a0: 3 points\u202f; '
        "colonne bleue\u00a0: 4 points. Total\u00a0: 7 points."
    )
    replay.step = 4
    assert "Row of circles: Qwirkle, 12 points. Total: 12 points." in EN.message(replay)
    assert "Ligne de cercles\u00a0: Qwirkle, 12 points." in FR.message(replay)


def test_replay_start_step_and_end() -> None:
    assert state(moves=STRIP, step="end").step == 4
    assert state(moves=STRIP, step="2").step == 2
    assert state(moves=STRIP, step="99").step == 4


def test_illegal_move_in_a_replay_says_which_and_why() -> None:
    error = error_of(moves="Yd@0,0 Bd@1,0; Bd@2,0")
    assert error.code == "replay" and error.details["i"] == 2
    assert EN.error_text(error) == "Move 2 (Bd@2,0) is illegal. C5: this row would hold two blue diamonds."


def test_flex_diagonals_and_flex_qwirkle_in_words() -> None:
    single = seed_turn("flex-single-tile-11", 1)  # 2 + 4 for lines, 2 + 3 for two white diagonals
    replay = state(variant="flex", board=single["board"], moves=single["play"], step="end")
    text = EN.message(replay)
    assert text.endswith(
        "</span>Row of squares: 4 points; blue column: 2 points; white diagonal: 3 points; "
        "white diagonal: 2 points. Total: 11 points."
    )
    qwirkle = seed_turn("flex-example-game", 6)  # 18 points with a Flex Qwirkle
    replay = state(variant="flex", board=qwirkle["board"], moves=qwirkle["play"], step="end")
    assert "black diagonal: Flex Qwirkle, 12 points" in EN.message(replay)
    assert "diagonale noire\u00a0: Qwirkle Flex, 12 points" in FR.message(replay)
    assert "Total: 18 points." in EN.message(replay)


def test_french_elides_before_a_vowel() -> None:
    replay = state(board="Ox@0,0 Rx@0,1", moves="Bx@0,2", step="end")
    assert "Colonne d'étoiles à 4 branches\u00a0: 3 points" in html.unescape(FR.message(replay))
    assert "Column of 4-point stars: 3 points" in EN.message(replay)


def test_cubes_draws_dice() -> None:
    cubes = state(variant="cubes", board="Ro@0,0 Rs@1,0", hand="Rd")
    assert "red diamond die" in EN.rack(cubes)


# -- exercise: best move -------------------------------------------------------------------------
def best_exercise() -> BoardState:
    return state(board="Ro@0,0 Rs@1,0", hand="Rd Bo Gx Rc", mode="exercise", task="best")


def test_best_move_exercise_flow() -> None:
    ex = best_exercise()
    assert {p.points for p in ex.best_plays()} == {6}
    assert ex.check().key == "result_empty"
    ex.place((2, 0))  # nothing selected: nothing happens
    assert not ex.pending
    ex.select(0)
    assert "Red diamond selected" in EN.message(ex).replace("red", "Red", 1)
    assert ex.place((2, 0))
    assert not ex.place((0, 0))  # taken
    feedback = ex.check()
    assert feedback.key == "result_legal"
    assert EN.feedback(feedback).endswith(
        "Legal. Red row: 3 points. Total: 3 points. "
        "The best play scores 6 points: try again, or show the answer.</span>"
    )
    ex.take_back((2, 0))
    ex.select(0)
    ex.place((0, 1))
    ex.select(3)
    ex.place((1, 1))
    assert ex.check().key == "result_best"
    assert "Well done" in EN.message(ex)


def test_best_move_exercise_refusal_names_the_rule_and_cells() -> None:
    ex = best_exercise()
    ex.select(1)
    ex.place((2, 0))  # blue circle after red circle, red square: mixed row
    feedback = ex.check()
    assert feedback.key == "result_illegal" and feedback.kind == "wrong"
    assert feedback.cells == ((0, 0), (1, 0), (2, 0))
    assert "Not allowed. C5:" in EN.message(ex)
    grid = EN.grid(ex)
    assert grid.count('data-error=""') == 3


def test_best_move_answer_is_revealed_on_request() -> None:
    ex = best_exercise()
    ex.select(2)
    ex.place((2, 0))
    feedback = ex.reveal()
    assert feedback.key == "answer_best"
    assert not ex.pending and ex.revealed
    assert set(role for _, role in ex.overlay().values()) == {"answer"}
    assert "4 plays score as much" in EN.message(ex)
    view = EN.view(ex)
    assert 'data-action="check" disabled' in view and 'data-action="answer" disabled' in view
    ex.take_back(None)  # start again
    assert not ex.revealed and not ex.overlay()


def test_best_move_exercise_without_any_play_is_an_authoring_error() -> None:
    assert error_of(board="Ro@0,0", hand="Ro", mode="exercise", task="best").code == "no_play"


def test_exercise_grid_says_nothing_of_the_answer_and_grows_around_the_reader_s_tiles() -> None:
    """The grid is the markup's alone (js/early.js draws it before Python): the board and one cell around it, then
    around what the reader puts down, and the answer once shown."""
    ex = BoardState(spec_from_attributes({"board": "Ro@0,0 Rs@1,0", "hand": "Rd Rc Rx", "task": "best"}))
    assert ex.extent() == (-1, -1, 2, 1)
    ex.select(0)
    ex.place((2, 0))
    assert ex.extent() == (-1, -1, 3, 1)
    ex.take_back(None)
    ex.reveal()
    min_x, min_y, max_x, max_y = ex.extent()
    for x, y in (p.cell for p in ex.best_plays()[0].placements):
        assert min_x < x < max_x and min_y < y < max_y


def test_exercise_grid_has_room_around_the_tiles_and_clickable_empty_cells() -> None:
    ex = best_exercise()
    assert ex.extent()[0] <= -1 and ex.extent()[2] >= 2
    grid = EN.grid(ex)
    assert '<button type="button" class="qw-cell qw-cell--empty" data-cell="2,0"' in grid
    ex.select(0)
    assert 'data-target=""' in EN.grid(ex)


# -- exercise: why is this illegal? --------------------------------------------------------------
@pytest.mark.parametrize(
    "board, play, variant, choice",
    [
        ("Yo@0,0 Ys@1,0 Yd@2,0", "Ys@3,0", "classic", "line"),
        ("Yo@0,0 Ys@1,0 Yd@2,0", "Yc@3,0 Yx@4,1", "classic", "place"),
        ("Yo@0,0 Ys@1,0 Yd@2,0", "Yc@3,0 Bo@4,0", "classic", "choice"),
        (seed_turn("flex-example-game", 8)["board"], seed_turn("flex-example-game", 8)["play"], "flex", "diagonal"),
    ],
)
def test_illegal_exercise_accepts_the_right_answer_only(board: str, play: str, variant: str, choice: str) -> None:
    ex = state(variant=variant, board=board, play=play, task="illegal")
    assert choice_of(ex.error) == choice
    assert ("diagonal" in ex.choices()) == (variant == "flex")
    wrong = next(c for c in ex.choices() if c != choice)
    assert ex.choose(wrong).key == "choice_wrong" and not ex.revealed
    right = ex.choose(choice)
    assert right.key == "choice_right" and ex.revealed
    assert right.cells  # the cells at fault are highlighted
    assert EN.message(ex).startswith('<span class="qw-feedback qw-feedback--right" data-feedback="right">Right! ')


def test_illegal_exercise_reveal_and_legal_play_error() -> None:
    ex = state(board="Yo@0,0 Ys@1,0 Yd@2,0", play="Ys@3,0", task="illegal")
    assert ex.reveal().key == "answer_illegal"
    assert "C5: this row would hold two yellow squares." in EN.message(ex)
    assert "C5\u00a0: " in FR.message(ex)  # French spacing before the colon
    error = error_of(board="Yo@0,0 Ys@1,0", play="Yd@2,0", task="illegal")
    assert error.code == "legal" and EN.error_text(error).endswith("it scores 3 points.")


# -- markup --------------------------------------------------------------------------------------
def test_markup_follows_the_dom_contract() -> None:
    replay = state(board="Ro@0,0", moves="Rd@1,0", hand="Bs Gs")
    html = EN.view(replay)
    assert re.findall(r'data-cell="(-?\d+,-?\d+)"', EN.grid(replay)) == ["0,0", "1,0"]
    assert 'data-tile="Ro"' in html
    assert 'data-rack=""' in html and 'data-tile="Bs"' in html
    assert 'aria-label="red circle at 0,0"' in html
    assert "style=" not in html and "<script" not in html
    assert 'data-action="previous" disabled' in html and 'data-action="next"' in html


def test_author_label_is_escaped() -> None:
    html = EN.grid(state(board="Ro@0,0", label='<b>"x"</b>'))
    assert 'aria-label="&lt;b&gt;&quot;x&quot;&lt;/b&gt;"' in html


@pytest.mark.parametrize(
    "query,code,text",
    [
        (
            "board=Ro@0,0%20Rs@1000,1000",
            "limit_extent",
            "The tiles of board span 1001 × 1001 cells: no game spreads over more than 108.",
        ),
        (
            "board=Ro@0,0&moves=Rs@1,0;Rd@500,0",
            "limit_extent",
            "The tiles of moves span 501 × 1 cells: no game spreads over more than 108.",
        ),
        ("board=Ro@0,0%20Ro@0,1%20Ro@0,2%20Ro@0,3", "limit_copies", "board holds 4 × Ro, but the game has only 3."),
        ("hand=" + "%20".join(["Ro"] * 18), "limit_count", "hand holds 18 tiles: at most 6."),
        ("board=" + "%20".join(f"Ro@{x},0" for x in range(300)), "limit_count", "board holds 300 tiles: at most 108."),
        ("variant=flex&board=Rok@0,0%20Rok@1,1", "limit_copies", "board holds 2 × Rok, but the game has only 1."),
    ],
)
def test_boards_no_game_reaches_are_refused_before_drawing(query: str, code: str, text: str) -> None:
    """A million cells or a million plays are never attempted: the author is told which attribute to fix."""
    with pytest.raises(EmbedError) as info:
        spec_from_query(query)
    assert info.value.code == code and EN.error_text(info.value) == text
    assert FR.error_text(info.value) != text
