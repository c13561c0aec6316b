"""Phone seats at the table (``seats.PHONE``, app.play.seating): the table never shows a phone's rack, waits for its
move, takes it from the live layer (``Controller.phone_move``) checked by the engine, and may play the seat's turn
itself behind the hand-over screen."""

from app.links.startlink import StartLinkError, make_spec, parse_start_link
from app.play.controller import Controller
from app.play.panels import WAITING, status
from app.play.privacy import undo_count
from app.shared import seats
from app.store.saves import DictStorage, SaveStore
from qwirkle import IllegalMoveError, TurnResult
from ui.words import Translator


def started(kinds, variant="classic", seed=5):
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec(variant, list(kinds), seed=seed))
    return c


def best(c):
    return max(c.game.legal_plays(), key=lambda p: (p.points, p.notation())).notation()


def test_the_start_link_seats_phones():
    spec = parse_start_link("?seats=phone,phone,hard&seed=3")
    assert spec is not None and spec.seats == ("phone", "phone", "hard")
    assert spec.names == ("Player 1", "Player 2", "Hard")
    assert seats.is_known("phone") and not seats.is_computer("phone")
    assert "phone" in seats.seat_choices() and "phone" not in seats.seat_choices(phones=False)
    try:
        make_spec("classic", ["human", "friend", "phone"])
    except StartLinkError as error:
        assert error.reason == "link_friend_people"
    else:
        raise AssertionError("friends by link and phones do not mix")


def test_the_table_waits_for_a_phone_and_never_shows_its_rack():
    c = started(("phone", "phone"))
    assert c.live.phone_to_move and not c.computer_to_move and not c.interactive
    assert c.rack_seat() is None and c.legal_cells() == frozenset()
    assert status(c, Translator("en"))[0] == WAITING
    mixed = started(("phone", "human", "greedy"))
    while not mixed.live.phone_to_move:
        if mixed.computer_to_move:
            mixed.computer_move()
        else:
            mixed.reveal()
            mixed._apply(best(mixed))
    assert mixed.rack_seat() == 1  # the one human at the table sees only their own rack


def test_a_phone_move_is_checked_by_the_engine():
    c = started(("phone", "phone"))
    seat = c.game.to_move
    other = 1 - seat
    assert isinstance(c.live.phone_move(other, best(c)), IllegalMoveError)  # not that seat's turn
    refused = c.live.phone_move(seat, "Zz@0,0")
    assert isinstance(refused, IllegalMoveError) and refused.reason == "notation"
    moves = len(c.game.history)
    result = c.live.phone_move(seat, best(c))
    assert isinstance(result, TurnResult) and len(c.game.history) == moves + 1
    assert c.game.to_move == other and c.store.load(c.game_id).move_count == moves + 1  # saved
    assert undo_count(c) == 0  # a phone's move is never taken back at the table


def test_the_table_plays_an_away_phones_turn_behind_the_handover():
    c = started(("phone", "human"))
    while c.game.to_move != 0:
        c.reveal()
        c._apply(best(c))
    assert c.live.phone_to_move and c.rack_seat() == 1
    c.live.stand_in()
    assert not c.live.phone_to_move and c.human_to_move and c.needs_handover and c.rack_seat() is None
    c.reveal()
    assert c.interactive and c.rack_seat() == 0
    c._apply(best(c))
    assert c.seating.stand_in is None and c.game.to_move == 1
    c.reveal()
    c._apply(best(c))
    assert c.live.phone_to_move  # the next turn is the phone's again
