"""The glance of a game in progress (app.regions.glance), drawn before Python on the next visit: the board, scores and
whose turn as the screen shows them, and never a rack that a resume would hide."""

from __future__ import annotations

import json

from tables import play_best, table, until_human

from app.play import panels
from app.regions.glance import glance, rack_on_resume
from app.regions.viewport import FIT_MAX_ZOOM, MIN_ZOOM, fit_span
from ui.words import Translator

TR = Translator("en")


def glance_of(c, rack=None):
    """The glance of ``c``'s game, with the rack the page would hand it (its seat from ``rack_on_resume``)."""
    seat = rack_on_resume(c)
    if rack is None and seat is not None:
        rack = [(tile.notation(), False, False) for tile in c.view(seat).hand]
    fit = (*fit_span(set(c.current.board.tiles)), MIN_ZOOM, FIT_MAX_ZOOM)
    return glance(c, TR, "standard", fit, rack, {"play": "Play"}, ["play"])


def test_the_glance_holds_the_board_scores_whose_turn_and_the_rack_of_the_person_to_move():
    c = until_human(table(seats=("greedy", "human"), names=["Cy", "Ann"]))
    value = glance_of(c)
    game = c.current
    assert sorted((code, (x, y)) for code, x, y, _ in value["board"]) == sorted(
        (tile.notation(), cell) for cell, tile in game.board.tiles.items()
    )
    assert any(last for *_, last in value["board"])
    assert [row[2] for row in value["scores"]] == list(game.scores)
    assert [row[3] for row in value["scores"]] == [False, True]
    assert value["status"] == list(panels.status(c, TR))
    assert sorted(code for code, *_ in value["rack"]) == sorted(t.notation() for t in c.view(1).hand)
    assert value["rack_label"] == "Rack of Ann" and "handover" not in value
    assert value["id"] == c.game_id and value["revision"] == c.revision
    json.dumps(value)  # what the store keeps


def test_a_hand_over_holds_its_card_and_no_rack_even_once_the_tiles_are_shown():
    c = table(seats=("human", "human"), names=["Ann", "Bob"])
    c.reveal()  # Ann shows her tiles: a reload hides them again
    assert rack_on_resume(c) is None
    value = glance_of(c, rack=[("Rc", False, False)])  # handed a rack anyway, it keeps none
    assert "rack" not in value and value["handover"] == ["Pass the device to Ann", "I am Ann: show my tiles"]
    assert value["status"][0] == panels.HANDOVER


def test_no_rack_on_a_computer_s_turn_or_while_a_friend_s_link_is_awaited():
    c = table(seats=("greedy", "human"))
    assert c.computer_to_move and rack_on_resume(c) is None
    assert "rack" not in glance_of(c) and glance_of(c)["thinking"]
    c = table(seats=("human", "friend"), names=["Ann", "Bob"])
    play_best(c)
    assert c.current.to_move == 1 and rack_on_resume(c) is None
    value = glance_of(c)
    assert "rack" not in value and "handover" not in value and value["status"][0] == panels.WAITING
