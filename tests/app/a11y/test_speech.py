"""What a screen-reader player hears (``app.a11y.speech``): a move in words with its tiles, cells and lines, the
rack in the order shown, the scores and whose turn, the bag, and the lines through a cell; in both languages."""

from __future__ import annotations

from app.a11y.speech import bag_words, lines_words, move_words, rack_words, scores_words
from app.links.startlink import parse_start_link
from app.play.controller import Controller
from app.store.saves import DictStorage, SaveStore
from ui.words import Translator


def controller(query: str = "?variant=classic&seats=human,human&seed=4&names=Ann,Bob") -> Controller:
    spec = parse_start_link(query, "en")
    assert spec is not None
    c = Controller(SaveStore(DictStorage()))
    c.start(spec)
    c.reveal()
    return c


def test_a_move_is_said_with_its_tiles_cells_lines_and_points() -> None:
    c = controller()
    game = c.current
    best = max(game.legal_plays(), key=lambda p: p.points)
    result = game.apply(" ".join(p.notation() for p in best.placements))
    text = move_words(c, Translator("en"), result)
    assert text == (
        "Ann played red clover at 0,0, red 8-point star at 1,0 and red diamond at 2,0. "
        "Red row: 3 points. In all: 3 points."
    )
    assert move_words(c, Translator("fr"), result) == (
        "Ann a joué trèfle rouge en 0,0, étoile à 8 branches rouge en 1,0 et losange rouge en 2,0. "
        "Ligne rouge\u00a0: 3 points. Au total\u00a0: 3 points."
    )


def test_the_rack_scores_bag_and_lines() -> None:
    c = controller()
    tr = Translator("en")
    hand = c.hand()
    text = rack_words(c, tr, list(reversed(range(len(hand)))))
    assert text.startswith("Your rack, 6 tiles: ") and text.endswith(tr.tile(hand[0]) + ".")
    assert scores_words(c, tr).startswith("Ann 0, Bob 0.")
    assert bag_words(c, tr) == "Bag: 96 tiles"
    assert lines_words(c, tr, (0, 0)) == "No tile in line with 0,0."
    best = max(c.current.legal_plays(), key=lambda p: p.points)
    c.current.apply(" ".join(p.notation() for p in best.placements))
    assert lines_words(c, tr, (0, 0)) == "Through 0,0: row of 3: red clover, red 8-point star and red diamond."
    assert lines_words(c, tr, (1, 1)) == "Through 1,1: column of 1: red 8-point star."  # an empty cell's neighbour


def test_cubes_speaks_of_dice() -> None:
    c = controller("?variant=cubes&seats=human,human&seed=4&names=Ann,Bob")
    assert rack_words(c, Translator("en", dice=True)).startswith("Your dice, 6 dice: ")
