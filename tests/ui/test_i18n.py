"""i18n: the translator's texts, tile names and refusals in each language (the catalogs
themselves are checked by test_catalogs.py)."""

import re

import pytest

from qwirkle import Game, IllegalMoveError, Placement, Tile
from qwirkle.board import Board
from qwirkle.rules import score_play
from qwirkle.variants import find_variant
from ui.english import CATALOG
from ui.words import Translator, normalize_language


def test_fixed_english_button_names():
    tr = Translator("en")
    assert [tr.t(k) for k in ("new_game", "play", "recall", "exchange", "undo", "roll", "start")] == [
        "New game",
        "Play",
        "Recall",
        "Exchange",
        "Undo",
        "Roll",
        "Start",
    ]


def test_language_codes():
    assert normalize_language("fr-FR") == "fr"
    assert normalize_language(None) == "en"
    assert normalize_language("de-AT") == "de"
    assert normalize_language("it") == "en"
    assert Translator("fr").t("no_such_key") == "no_such_key"


def test_tile_names_agree_in_french():
    fr = Translator("fr")
    assert fr.tile(Tile.from_notation("Yd")) == "losange jaune"
    assert fr.tile(Tile.from_notation("Gt")) == "étoile à 8 branches verte"
    assert fr.tile(Tile.from_notation("Pt"), plural=True) == "étoiles à 8 branches violettes"
    assert fr.tile(Tile.from_notation("Bsk")) == "carré bleu sur fond noir"
    assert Translator("en").tile(Tile.from_notation("Bsw")) == "white blue square"
    assert Translator("en").tn("points", 1) == "1 point"
    assert Translator("fr").tn("points", 0) == "0 point"


def refusals():
    """Real refusals from the engine for each reason the UI can meet while placing."""
    classic = find_variant("classic")
    flex = find_variant("flex")
    board = Board.from_notation("Yd@0,0 Yo@1,0")
    cases = [
        (board, "Yd@2,0", classic),
        (board, "Yo@0,1 Rs@1,1", classic),
        (board, "Ys@0,0", classic),
        (board, "Ys@2,0 Yc@2,2", classic),
        (board, "Ys@5,5", classic),
        (board, "Ys@3,0", classic),
        (board, "Rs@2,0", classic),
        (board, "Ys@2,0 Yc@3,1", classic),
        (Board.from_notation("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0"), "Yo@6,0", classic),
        (Board.from_notation(" ".join(f"Y{'osdcxt'[i]}k@{i},{i}" for i in range(6)) + " Bsw@6,5"), "Bok@6,6", flex),
    ]
    errors = []
    for b, play, variant in cases:
        with pytest.raises(IllegalMoveError) as info:
            score_play(b, [Placement.from_notation(p) for p in play.split()], variant)
        errors.append(info.value)
    return errors


@pytest.mark.parametrize("lang", ["en", "fr", "de", "es", "nl"])
def test_every_refusal_is_explained_with_its_rule(lang):
    tr = Translator(lang)
    reasons = set()
    for error in refusals():
        text = tr.explain(error)
        reasons.add(error.reason)
        assert text.startswith(error.rule + ("\u00a0: " if lang == "fr" else ": "))
        assert "{" not in text
        if lang != "en":
            assert error.message not in text
        assert text == tr.explain(error.to_json())
    assert {
        "duplicate",
        "no_common_attribute",
        "occupied",
        "not_aligned",
        "gap",
        "no_contact",
        "mixed",
        "too_long",
        "diagonal_too_long",
    } <= reasons


def test_explain_speaks_french():
    game = Game.new("classic", ["a", "b"], seed=1)
    with pytest.raises(IllegalMoveError) as info:
        game.apply("pass")
    text = Translator("fr").explain(info.value)
    assert text.startswith("C3\u00a0: ") and "passer" in text  # French spacing before the colon
    # every reason key used by the engine has a sentence: a refusal's (why_), or unreadable input's (problem_)
    engine_reasons = set()
    import pathlib

    for path in pathlib.Path("py/qwirkle").rglob("*.py"):
        engine_reasons |= set(re.findall(r'reason="(\w+)"', path.read_text()))
        engine_reasons |= set(re.findall(r'"(\w+)", \{"', path.read_text()))
    for reason in engine_reasons:
        assert f"problem_{reason}" in CATALOG or any(
            k == f"why_{reason}" or (k.startswith("why_") and k.endswith("_" + reason)) for k in CATALOG
        ), reason


def test_values_named_like_parameters():
    tr = Translator("en")
    assert "qwirkle.aside.x.1" in tr.t("save_moved", key="qwirkle.aside.x.1", error="bad")
    assert tr.tn("bag", 3, count=1, key="k") == "Bag: 3 tiles"
