"""Issue 10's defects that live outside the DOM, each with a test that fails on the code before
the fix (only modules that existed then are imported at the top; what the fixes add is imported
in the tests): Undo after the end, one hint per Cubes turn, a bad start link hidden by the
computer's move, the game in play deleted but saved back, the same file imported twice, a
non-JSON import in Python's words, P with nothing to play saying nothing."""

from __future__ import annotations

import json

import pytest
from session_fakes import Events, FakeHost
from tables import play_best, table, until_human

from app.play import panels
from app.play.controller import Controller
from app.play.session import Session
from app.store.saves import DictStorage, SaveStore
from qwirkle import Game
from qwirkle.record import to_record
from ui.words import Translator


def test_a_finished_game_cannot_be_undone():
    c = table(seats=("human", "greedy"), seed=6)
    while not c.game.is_over:
        if c.computer_to_move:
            c.computer_move()
        else:
            play_best(c)
    history = len(c.game.history)
    assert not c.can_undo()
    assert c.undo() == 0 and c.game.is_over and len(c.game.history) == history


def test_one_hint_per_cubes_turn_even_after_a_hinted_reroll():
    for seed in range(1, 40):
        c = until_human(table("cubes", ("human", "hard"), seed=seed))
        for _ in range(30):
            if c.game.is_over:
                break
            until_human(c)
            if c.game.is_over:
                break
            c.advice.ask("hard")
            if c.turn.mode == "roll":
                asked = list(c.hints)
                c.confirm_roll()
                c.advice.ask("hard")
                assert c.hints == asked, "the hint after a hinted re-roll is the same turn's"
                c.turn.reset()
                resumed = Controller(c.store)  # a reload in the middle of that turn
                resumed.resume(c.store.load_current())
                resumed.advice.ask("hard")
                assert resumed.hints == asked, "a reload does not make it another turn"
                return
            play_best(c) if not c.turn.pending else c.play()
    pytest.fail("no hinted re-roll found")


def test_a_bad_start_link_stays_reported_after_the_computers_move():
    store = SaveStore(DictStorage())
    closed = FakeHost()
    first = Session(store, closed, Events())
    first.open("?variant=classic&seats=hard,human&seed=1&pace=0", "en")
    for task in closed.tasks:  # the page closed before the computer moved
        task.close()
    host = FakeHost()
    s = Session(store, host, Events())
    s.open("?variant=chess&seats=human,human", "en")
    assert s.notice is not None and s.notice.key == "link_error" and s.controller.computer_to_move
    host.run()
    assert s.controller.human_to_move and s.notice is not None and s.notice.key == "link_error"
    s.after_move(play_best(s.controller), human=True)
    assert s.notice is None  # the player acted: the report goes
    for task in host.tasks:
        task.close()


def test_the_game_in_play_deleted_leaves_the_table_and_is_not_saved_back():
    store = SaveStore(DictStorage())
    s = Session(store, FakeHost(), Events())
    s.open("?variant=classic&seats=human,human&seed=2", "en")
    game_id = s.controller.game_id
    store.delete(game_id)
    s.leave()
    assert not s.has_game()
    s.controller.save()
    assert store.load(game_id) is None and store.list() == []


def test_an_import_twice_or_not_json_is_refused_in_words():
    store = SaveStore(DictStorage())
    game = Game.new("classic", ["Ann", "Bob"], seed=1)
    text = json.dumps(to_record(game))
    store.import_text(text)
    with pytest.raises(ValueError) as twice:
        store.import_text(text)
    assert getattr(twice.value, "reason", None) == "duplicate" and len(store.list()) == 1
    with pytest.raises(ValueError) as garbage:
        store.import_text("<html>")
    assert getattr(garbage.value, "reason", None) == "not_json"
    for lang in ("en", "fr"):
        text = Translator(lang).t("import_not_json")
        assert "JSON" in text and "Expecting" not in text


def test_p_with_nothing_playable_says_why():
    c = until_human(table(seed=5))
    assert panels.play_key_note(c).key == "play_nothing"
    hand = list(c.hand())
    c.select(0)
    cells = c.legal_cells()
    if cells:
        c.place(sorted(cells)[0])
        note = panels.play_key_note(c)
        assert note is None or note.error is not None  # legal: plays; not yet legal: the rule broken
    del hand
