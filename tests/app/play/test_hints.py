"""Hints: the advised play shown as pending tiles, an advised exchange or Cubes re-roll as marked tiles
or dice, the words when nothing can be placed, the count per seat saved beside the engine's record, and
the settings for hint level and Expert budget."""

import json

from app.links.startlink import make_spec
from app.play import panels, summary
from app.play.ai_service import expert_seconds, hint_move
from app.play.controller import Controller
from app.play.hints import hint_counts
from app.shared import seats
from app.shared.notes import EXCHANGE, ROLL
from app.store.saves import DictStorage, SaveStore
from qwirkle import Exchange, Game
from qwirkle.ai.exchange import keep_group
from qwirkle.record import dumps
from ui.words import Translator


def controller(seats=("human", "hard"), seed=4, variant="classic", storage=None):
    c = Controller(SaveStore(storage if storage is not None else DictStorage()))
    c.start(make_spec(variant, list(seats), seed=seed))
    while c.computer_to_move:
        c.computer_move()
    return c


def test_a_hint_is_pending_tiles_with_their_score_and_can_be_recalled_or_played():
    c = controller()
    assert c.advice.ask("hard")
    pending = c.turn.placements()
    assert pending and c.can_play()
    assert c.note.key == "hint_shown" and c.note.count == c.preview().points
    assert panels.note_text(c.note, Translator("en")).startswith("Hint (Hard): this play scores")
    assert panels.note_text(c.note, Translator("fr")).startswith("Indice (Difficile)\u00a0: ce coup rapporte")
    c.recall()
    assert not c.turn.pending
    assert c.advice.ask("hard") and c.hints[c.game.to_move] == 1  # counted once per turn
    seat = c.game.to_move
    assert c.play().seat == seat


def test_the_hint_matches_the_worker_function():
    c = controller()
    notation = hint_move(dumps(c.game), c.game.to_move, "hard", c.advice.seed())
    assert c.advice.show(notation, "hard")
    shown = c.turn.placements()
    assert c.advice.ask("hard") and c.turn.placements() == shown


def past_opening(c):
    if c.game.is_opening:
        c.advice.ask("hard")
        c.play()
        while c.computer_to_move:
            c.computer_move()
    return c


def test_no_placeable_tile_says_what_to_do():
    c = past_opening(controller())
    assert not c.advice.show(None, "hard")
    assert c.note.key == "hint_exchange" and not c.turn.pending
    assert "Press Exchange" in panels.note_text(c.note, Translator("en"))
    cubes = past_opening(controller(variant="cubes"))
    assert not cubes.advice.show("", "medium")
    assert cubes.note.key == "hint_roll" and "Roll" in panels.note_text(cubes.note, Translator("en"))


def test_a_stale_or_foreign_hint_is_not_shown():
    c = controller()
    other = Game.new("classic", ["a", "b"], seed=99)
    play = max(other.legal_plays(), key=lambda p: len(p.placements))
    from qwirkle import Play

    assert not c.advice.show(Play(play.placements), "hard") and not c.turn.pending


def test_no_hint_for_a_computer_or_out_of_turn():
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec("classic", ["hard", "hard"], seed=4))
    assert not c.advice.ask("hard") and c.hints == [0, 0]


def test_hints_are_saved_beside_the_record_and_come_back():
    storage = DictStorage()
    c = controller(storage=storage)
    c.advice.ask("hard")
    c.play()
    seat = c.human_seats[0]
    raw = json.loads(storage.data["qwirkle.save." + c.game_id])
    assert raw["app"]["hints"] == c.hints and "app" not in raw["record"] and "hints" not in raw["record"]
    resumed = Controller(SaveStore(storage))
    resumed.resume(SaveStore(storage).load_current())
    assert resumed.hints[seat] == 1
    assert summary.hint_lines(resumed, Translator("en"))[0].endswith(": 1 hint used")
    assert summary.hint_lines(resumed, Translator("fr"))[0].endswith("\u00a0: 1 indice utilisé")


def test_old_saves_and_bad_counts_read_as_no_hints():
    assert hint_counts(None, 2) == [0, 0]
    assert hint_counts([1, 2, 3], 2) == [0, 0]
    assert hint_counts([2, -1], 2) == [2, 0]
    assert hint_counts([True, "x"], 2) == [0, 0]


def test_settings_remember_hint_level_and_expert_budget():
    store = SaveStore(DictStorage())
    store.save_settings(hint_level="expert", expert_seconds="3")
    assert store.settings()["hint_level"] == "expert" and store.settings()["expert_seconds"] == "3"
    store.save_settings(hint_level="cheater", expert_seconds="999")
    assert "expert_seconds" not in store.settings()
    assert seats.hint_level(store.settings().get("hint_level")) == "hard"  # an unknown level is not used
    assert expert_seconds("2") == 2.0 and expert_seconds(None) is None and expert_seconds("nan") is None


def test_the_expert_gets_the_chosen_budget():
    from app.play.ai_service import _options

    assert _options("expert", 2.0)["seconds"] == 2.0
    assert _options("expert", None)["seconds"] == 1.5
    assert _options("hard", 2.0) == {"endgame_seconds": 0.1}


def follow_hints(c, level="hard"):
    """Play the human seat by its hints to the end of the game; the note keys seen, in order."""
    keys = []
    while not c.game.is_over:
        if c.computer_to_move:
            c.computer_move()
            continue
        seat, hand = c.game.to_move, c.hand()
        shown = c.advice.ask(level)
        keys.append(c.note.key)
        if c.turn.pending:
            result = c.play()
        elif c.turn.mode == EXCHANGE:
            marked = [hand[i] for i in sorted(c.turn.marked)]
            result = c.confirm_exchange()
            assert result.move == Exchange(tuple(marked)).notation()
        elif c.turn.mode == ROLL:
            assert shown and c.roll_availability().enabled
            result = c.confirm_roll()
            assert c.game.to_move == seat  # a re-roll is the first step of the same turn (Q3)
        else:
            assert not shown
            result = c.pass_turn()
        assert result is not None, c.note
    return keys


def test_an_advised_exchange_marks_the_tiles_to_put_back():
    c = past_opening(controller())
    hand = c.hand()
    # a Hard that values a fresh draw highly advises trading all but its best group although it can play
    assert c.game.legal_plays() and c.advice.ask("hard", exchange_base=50.0)
    assert c.turn.mode == EXCHANGE and not c.turn.pending and c.note.key == "hint_exchange_marked"
    marked = [hand[i] for i in sorted(c.turn.marked)]
    kept = [hand[i] for i in range(len(hand)) if i not in c.turn.marked]
    assert sorted(kept) == sorted(keep_group(hand))
    text = panels.note_text(c.note, Translator("en"))
    assert text == (
        f"Hint (Hard): exchange the {len(marked)} marked tiles rather than play (C3). "
        "Exchange selected confirms, Cancel keeps your tiles."
    )
    assert panels.note_text(c.note, Translator("fr")).startswith(
        f"Indice (Difficile)\u00a0: échangez les {len(marked)} tuiles marquées plutôt que de jouer (C3)."
    )
    assert c.confirm_exchange().move == Exchange(tuple(marked)).notation()


def test_the_hint_follows_the_level_to_the_end_of_a_game():
    c = controller(seed=5)
    keys = follow_hints(c)
    assert c.game.is_over and set(keys) <= {"hint_shown", "hint_exchange_marked", "hint_exchange_forced", "hint_pass"}
    assert c.hints[c.human_seats[0]] == len(keys)


def test_an_advised_cubes_reroll_marks_the_dice_then_the_hint_is_a_play():
    c = controller(variant="cubes", seed=2)
    keys = follow_hints(c)
    rolls = [i for i, key in enumerate(keys) if key.startswith("hint_roll_")]
    assert rolls, keys
    assert all(keys[i + 1] in ("hint_shown", "hint_roll_forced", "hint_pass") for i in rolls if i + 1 < len(keys))
    # the hint asked again after a hinted re-roll is the same turn's: one hint per turn (Q3)
    followed = [i for i in rolls if i + 1 < len(keys)]
    assert c.hints[c.human_seats[0]] == len(keys) - len(followed) < len(keys)


def test_a_stale_exchange_hint_is_not_marked():
    c = past_opening(controller())
    foreign = Game.new("classic", ["a", "b"], seed=99).hands[0]
    missing = next(t for t in foreign if t not in c.hand())
    assert not c.advice.show(Exchange((missing,)), "hard")
    assert c.turn.mode != EXCHANGE and not c.turn.marked
