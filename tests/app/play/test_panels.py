"""Side-panel texts and the board model, in both languages, without a browser."""

import re

import pytest

from app.links.startlink import make_spec
from app.play import board_model, panels, summary
from app.play.controller import Controller, Note
from app.store.saves import DictStorage, SaveStore
from qwirkle import Tile
from ui.words import Translator


def finished(variant="flex", tiles=72):
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec(variant, ["greedy", "random"], names=["Ann", "Bob"], seed=8, tiles=tiles))
    while c.computer_to_move:
        c.computer_move()
    return c


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_log_and_result(lang):
    tr = Translator(lang)
    c = finished()
    entries = panels.log_entries(c, tr)
    assert len(entries) == len(c.game.history)
    for start in (1, len(entries) - 1, len(entries), -3):  # a log that grows words its new turns only
        assert panels.log_entries(c, tr, start) == entries[max(0, start) :]
    assert any(" diagonal" in d.lower() or "diagonale " in d.lower() for e in entries for d in e.details)
    _headline, rows, ending = summary.result_lines(c, tr)
    assert rows[0][1] == max(c.game.scores) and rows[0][2]
    assert ("C9" in ending) == (c.game.end_reason == "out")
    assert panels.status_text(c, tr) == tr.t("game_over")


def test_notes_translate_tiles_and_errors():
    tr = Translator("fr")
    assert (
        panels.note_text(Note("placed", {"tile": Tile.from_notation("Yd"), "cell": "1,2"}), tr)
        == "Posé en 1,2\u00a0: losange jaune."
    )
    error = {"rule": "C5", "reason": "occupied", "cells": ["0,0"], "details": {}, "message": "x"}
    assert panels.note_text(Note("error", error=error), tr) == "C5\u00a0: la case 0,0 est déjà occupée."
    assert panels.note_text(Note("exchange_limit", count=2), Translator("en")).startswith("The bag holds 2 tiles")
    assert panels.note_text(None, tr) == ""


def test_preview_opening_and_board_model():
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec("classic", ["human", "human"], names=["Ann", "Bob"], seed=1))
    tr = Translator("en")
    assert panels.opening_text(c, tr).startswith("Ann has 2 tiles that share a")
    assert panels.preview_lines(c, tr) == ("", [], False)  # racks hidden until Ann takes the device
    c.reveal()
    headline, lines, error = panels.preview_lines(c, tr)
    assert "Opening: place 2 tiles" in headline and not error
    model = board_model.build(c, tr)
    assert set(model) == {(0, 0)} and model[(0, 0)].kind == board_model.EMPTY
    best = c.game.legal_plays()[0]
    hand = list(c.hand())
    c.select(hand.index(best.placements[0].tile))
    model = board_model.build(c, tr)
    assert {cell for cell, m in model.items() if m.legal} == set(c.legal_cells())
    c.place(best.placements[0].cell)
    model = board_model.build(c, tr)
    assert model[best.placements[0].cell].kind == board_model.PENDING
    assert "placed this turn" in model[best.placements[0].cell].label
    c.select(hand.index(best.placements[1].tile))
    c.place(best.placements[1].cell)
    headline, lines, error = panels.preview_lines(c, tr)
    assert headline == "This play scores 2 points" and len(lines) == 1
    assert re.fullmatch(r"(\w+ (row|column)|(Row|Column) of \w+): 2 points", lines[0]), lines
    c.play()
    c.reveal()
    model = board_model.build(c, tr)
    assert sum(m.last for m in model.values()) == 2
    assert panels.bag_text(c, tr) == "Bag: 94 tiles"
