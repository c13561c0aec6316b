"""Hidden hands stay hidden (app.play.privacy): who holds the device, and what may leave it while a game is played."""

from app.links.startlink import make_spec
from app.play.controller import Controller
from app.play.privacy import export_refusal, holder
from app.store.saves import DictStorage, SaveStore
from qwirkle import Play


def started(seats, variant="classic", seed=5):
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec(variant, list(seats), seed=seed))
    return c


def play_best(c):
    best = max(c.game.legal_plays(), key=lambda p: p.points)
    return c._apply(Play(best.placements))


def test_the_device_holder():
    c = started(("human", "human"))
    assert c.needs_handover and holder(c) is None  # before anyone has moved: nobody's move to undo
    c.reveal()
    first = c.game.to_move
    assert holder(c) == first
    play_best(c)
    assert c.needs_handover and holder(c) == first  # "pass the device to Bob": Ann still holds it
    c.reveal()
    assert holder(c) == c.game.to_move != first
    solo = started(("greedy", "human"))
    assert holder(solo) == 1


def test_a_game_in_progress_between_humans_is_not_exported():
    c = started(("human", "human"))
    c.reveal()
    play_best(c)
    saved = c.store.load(c.game_id)
    refusal = export_refusal(saved)
    assert refusal is not None and refusal.key == "export_in_progress"
    vs_computer = started(("human", "greedy"))
    assert export_refusal(vs_computer.store.load(vs_computer.game_id)) is None
    cubes = started(("human", "human"), variant="cubes")
    assert export_refusal(cubes.store.load(cubes.game_id)) is None  # open dice (Q1): nothing hidden


def test_a_finished_game_is_exported():
    c = started(("human", "human"), seed=7)
    while not c.game.is_over:
        c.reveal()
        plays = c.game.legal_plays()
        if plays:
            play_best(c)
        elif c.game.exchange_limit():
            c._apply(c.game.legal_moves().exchanges[0])
        else:
            c._apply("pass")
    assert export_refusal(c.store.load(c.game_id)) is None


def test_hints_and_the_tracker_wait_for_the_hand_over():
    c = started(("human", "human"))
    assert c.advice.view() is None and c.rack_seat() is None and c.legal_cells() == frozenset()
    c.reveal()
    assert c.advice.view() is not None and c.rack_seat() == c.game.to_move
    play_best(c)
    assert c.advice.view() is None and c.rack_seat() is None and not c.advice.ask()
