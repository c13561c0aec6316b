"""Controller and turn state: selection, legal cells, preview, refusals, exchange, roll, undo,
hot-seat privacy, autosave and statistics, all without a browser."""

import pytest

from app.links.startlink import make_spec
from app.play.controller import Controller
from app.shared.notes import EXCHANGE, ROLL
from app.store.saves import DictStorage, SaveStore
from app.store.stats import load_stats


def controller(variant="classic", seats=("human", "greedy"), seed=5, tiles=None, store=True):
    c = Controller(SaveStore(DictStorage()) if store else None)
    c.start(make_spec(variant, list(seats), seed=seed, tiles=tiles))
    return c


def run_computers(c):
    while c.computer_to_move:
        c.computer_move()


def human_turn(c):
    """Bring the game to a human turn after the opening."""
    run_computers(c)
    if c.game.is_opening:
        play_best(c)
        run_computers(c)


def play_best(c):
    best = max(c.game.legal_plays(), key=lambda p: (len(p.placements), p.points))
    hand = list(c.hand())
    for placement in best.placements:
        index = next(i for i, t in enumerate(hand) if t == placement.tile and i not in c.turn.indexes())
        c.select(index)
        assert placement.cell in c.legal_cells()
        assert c.place(placement.cell), c.note
    assert c.preview().points == best.points
    return c.play()


def test_a_human_turn_by_selection_and_placement():
    c = controller(seats=("human", "human"))
    assert c.needs_handover and not c.interactive and c.rack_seat() is None
    c.reveal()
    assert c.interactive
    opening = c.game.opening  # who starts and why: the engine's data
    assert opening.starter == c.game.to_move and opening.sizes[opening.starter] == c.game.opening_size()
    before = c.game.to_move
    result = play_best(c)
    assert result.kind == "play" and c.game.scores[before] == result.points
    assert c.needs_handover  # the next human must take the device
    assert c.store.load_current().move_count == 1


def test_refused_placement_gives_rule_and_nothing_changes():
    c = controller(seats=("human", "human"))
    c.reveal()
    play_best(c)
    c.reveal()
    hand = c.hand()
    c.select(0)
    far = (40, 40)
    assert not c.place(far)
    assert c.note.error["rule"] == "C5" and c.note.error["reason"] == "no_contact"
    assert c.turn.pending == []
    occupied = next(iter(c.game.board.tiles))
    assert not c.place(occupied)
    assert c.note.error["reason"] == "occupied"
    c.select(None)
    assert not c.place((0, 5))
    assert c.note.key == "select_tile"
    assert hand == c.hand()


def test_pending_preview_take_back_recall_and_selection_toggle():
    c = controller(seats=("human", "greedy"))
    human_turn(c)
    best = max(c.game.legal_plays(), key=lambda p: len(p.placements))
    hand = list(c.hand())
    first = best.placements[0]
    index = hand.index(first.tile)
    c.select(index)
    c.select(index)
    assert c.turn.selected is None
    c.select(index)
    assert c.place(first.cell)
    assert index not in [i for i, _ in c.rack()]
    assert c.preview().points is not None or c.preview().error
    assert c.take_back(first.cell) and c.turn.pending == []
    c.select(index)
    c.place(first.cell)
    c.recall()
    assert c.turn.pending == [] and len(c.rack()) == len(hand)


def test_move_pending_back_when_refused():
    c = controller(seats=("human", "greedy"))
    human_turn(c)
    play = max(c.game.legal_plays(), key=lambda p: len(p.placements))
    p = play.placements[0]
    c.select(list(c.hand()).index(p.tile))
    c.place(p.cell)
    assert not c.move_pending(p.cell, (99, 99))
    assert c.turn.cells().keys() == {p.cell}


def test_exchange_flow_and_limits():
    c = controller(seats=("human", "greedy"))
    human_turn(c)
    assert c.exchange_availability().enabled
    c.set_mode(EXCHANGE)
    c.select(0)
    c.select(1)
    c.select(1)
    bag = c.game.bag_count
    seat = c.game.to_move
    result = c.confirm_exchange()
    assert result.kind == "exchange" and result.count == 1 and c.game.bag_count == bag
    assert c.game.history[-1].seat == seat


def test_exchange_disabled_in_opening_and_cubes():
    c = controller(seats=("human", "human"))
    c.reveal()
    assert not c.exchange_availability().enabled
    assert c.exchange_availability().why.key == "exchange_opening"
    c.set_mode(EXCHANGE)
    assert c.turn.mode != EXCHANGE
    cubes = controller("cubes", ("human", "human"))
    assert not cubes.exchange_availability().enabled and cubes.exchange_availability().why is None


def test_cubes_roll_once_per_turn_and_open_hands():
    c = controller("cubes", ("human", "greedy"), seed=9)
    human_turn(c)
    assert not c.needs_handover
    assert c.roll_availability().enabled
    c.set_mode(ROLL)
    c.select(0)
    c.select(2)
    result = c.confirm_roll()
    assert result.kind == "roll" and result.count == 2
    assert not c.roll_availability().enabled and c.roll_availability().why.key == "roll_done"
    if not result.forced_pass:
        play_best(c)


def test_undo_against_a_computer_takes_back_both_moves():
    c = controller(seats=("human", "greedy"), seed=11)
    human_turn(c)
    moves = len(c.game.history)
    board = dict(c.game.board.tiles)
    play_best(c)
    run_computers(c)
    assert len(c.game.history) == moves + 2
    assert c.undo() == 2
    assert len(c.game.history) == moves and c.game.board.tiles == board and c.interactive
    assert c.store.load_current().move_count == moves


def test_undo_on_the_hand_over_screen_hands_the_device_back_first():
    """Ann plays; on "Pass the device to Bob" Ann may take her move back, and the device goes back to her: her rack
    stays hidden until she says she holds it (whoever pressed Undo never sees it)."""
    c = controller(seats=("human", "human"))
    c.reveal()
    mover = c.game.to_move
    play_best(c)
    assert c.needs_handover and c.can_undo()
    assert c.undo() == 1
    assert c.game.to_move == mover and c.needs_handover and c.rack_seat() is None and not c.interactive
    c.reveal()
    assert c.interactive and c.rack_seat() == mover


def test_a_human_never_takes_back_another_humans_move():
    c = controller(seats=("human", "human"))
    c.reveal()
    play_best(c)
    c.reveal()  # Bob holds the device now
    moves = c.game.moves
    assert not c.can_undo() and c.undo() == 0 and c.note.key == "undo_none"
    assert c.game.moves == moves and c.interactive


def test_undo_takes_back_the_holders_move_and_the_computers_replies():
    c = controller(seats=("human", "greedy", "human"), seed=3)
    run_computers(c)
    if c.needs_handover:
        c.reveal()
    human = c.game.to_move
    play_best(c)
    run_computers(c)
    taken = len(c.game.history) - next(
        i for i in range(len(c.game.history) - 1, -1, -1) if c.game.history[i].seat == human
    )
    assert c.needs_handover and c.game.to_move != human and taken >= 1
    assert c.undo() == taken and c.game.to_move == human and c.needs_handover


def test_cubes_hot_seat_takes_back_only_your_own_roll():
    c = controller("cubes", seats=("human", "human"), seed=2)
    assert not c.needs_handover  # open dice (Q1): no hand-over
    play_best(c)
    assert not c.can_undo()  # the other player's opening is theirs
    c.set_mode(ROLL)
    c.turn.marked.update({0, 1})
    c.confirm_roll()
    assert c.can_undo() and c.undo() == 1 and c.game.history[-1].kind == "play"


def test_undo_with_nothing_to_undo():
    c = controller(seats=("greedy", "human"), seed=4)
    if c.computer_to_move:
        c.computer_move()
    if not c.can_undo():
        assert c.undo() == 0 and c.note.key == "undo_none"
    cpu = controller(seats=("greedy", "random"))
    assert not cpu.can_undo()


@pytest.mark.parametrize("variant,tiles", [("classic", None), ("cubes", None), ("flex", 72), ("flex", 108)])
def test_computer_games_end_and_are_counted(variant, tiles):
    c = controller(variant, ("human", "greedy"), seed=21, tiles=tiles)
    turns = 0
    while not c.game.is_over and turns < 500:
        turns += 1
        if c.computer_to_move:
            c.computer_move()
            continue
        plays = c.game.legal_plays()
        if plays:
            play_best(c)
        elif c.roll_availability().enabled:
            c.set_mode(ROLL)
            for i in range(len(c.hand())):
                c.select(i)
            c.confirm_roll()
        elif c.exchange_availability().enabled:
            c.set_mode(EXCHANGE)
            c.select(0)
            c.confirm_exchange()
        else:
            assert c.can_pass()
            c.pass_turn()
    assert c.game.is_over
    stats = load_stats(c.store)
    assert stats.played == 1
    saved = c.store.load_current()
    assert saved.game.is_over


def test_resume_and_rematch():
    c = controller(seats=("human", "greedy"))
    human_turn(c)
    saved = c.store.load_current()
    d = Controller(c.store)
    d.resume(saved)
    assert d.game.board == c.game.board and d.seats == c.seats and d.interactive
    spec = d.rematch_spec()
    assert spec.seats == c.seats and spec.names == c.game.options.players


def test_stuck_hints():
    c = controller(seats=("human", "greedy"))
    human_turn(c)
    # take away every play: a note tells the player what the rules let them do
    c.game.legal_plays = lambda: []
    c._turn_hint()
    assert c.note.key == "stuck_exchange"
