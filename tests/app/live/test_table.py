"""The table's authority: hostile or broken peers are refused on their own link, noted, and change nothing; seats go
away when silent and come back with their token; the table survives its own reload."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from live_rig import Rig

from app.live.phone import Phone
from app.live.protocol import MAX_BYTES, Hello, Move, Player, Reject, decode, encode
from app.live.table import AWAY_AFTER, PING_EVERY, LiveTable, Outcome

SEED = 918_273_650


def joined(kinds: list[str] | None = None) -> Rig:
    rig = Rig("classic", kinds or ["phone", "phone", "phone"], SEED)
    for seat in rig.phone_seats:
        rig.join(seat)
    for _ in range(len(rig.phone_seats) + 1):  # every seat has moved once
        rig.turn()
    return rig


def snapshot(rig: Rig) -> tuple[object, ...]:
    table = rig.table
    return (
        str(rig.game.position()),
        rig.game.moves,
        {s: (r.state, r.seq, r.link, r.token) for s, r in table.seats.items()},
    )


def refused_alone(rig: Rig, seat: int, text: str, reason: str, rule: str | None = None) -> Reject:
    """Send ``text`` on ``seat``'s link: one reject back on that link only, a note, nothing else changed."""
    before = snapshot(rig)
    others = {s: len(r) for s, r in rig.received.items() if s != seat}
    link = rig.links[seat]
    outcome = rig.table.receive(link, text, rig.now)
    assert [send.link for send in outcome.sends] == [link]
    reject = decode(outcome.sends[0].text)
    assert isinstance(reject, Reject) and (reject.reason, reject.rule) == (reason, rule)
    assert [(n.kind, n.seat, n.reason, n.rule) for n in outcome.notes] == [("refused", seat, reason, rule)]
    assert snapshot(rig)[:2] == before[:2]
    assert {s: len(r) for s, r in rig.received.items() if s != seat} == others
    return reject


def next_move(rig: Rig, seat: int, move: str) -> str:
    return encode(Move(seat, rig.table.seats[seat].seq + 1, move))


HOSTILE: dict[str, tuple[Callable[[Rig, int], str], str]] = {
    "malformed JSON": (lambda rig, seat: '{"v":1,"kind":"move",', "not_json"),
    "not an object": (lambda rig, seat: "[1, 2]", "not_object"),
    "too big": (lambda rig, seat: json.dumps({"v": 1, "kind": "pong", "at": 1, "x": "a" * MAX_BYTES}), "too_big"),
    "too big in UTF-8": (lambda rig, seat: '{"v":1,"kind":"pong","at":1,"x":"' + "é" * 8200 + '"}', "too_big"),
    "unknown kind": (lambda rig, seat: '{"v":1,"kind":"chat","text":"hi"}', "unknown_kind"),
    "wrong version": (lambda rig, seat: '{"v":2,"kind":"pong","at":1}', "version"),
    "missing field": (lambda rig, seat: '{"v":1,"kind":"move","seat":0,"seq":1}', "missing_field"),
    "mistyped field": (lambda rig, seat: '{"v":1,"kind":"move","seat":"0","seq":1,"move":"pass"}', "bad_field"),
    "not notation": (lambda rig, seat: '{"v":1,"kind":"move","seat":0,"seq":1,"move":"Zz@0,0"}', "bad_move"),
    "a state from a phone": (lambda rig, seat: encode(rig.states(seat)[-1]), "unexpected"),
    "replayed number": (lambda rig, seat: encode(Move(seat, rig.table.seats[seat].seq, "pass")), "replayed"),
    "skipped number": (lambda rig, seat: encode(Move(seat, rig.table.seats[seat].seq + 2, "pass")), "skipped"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_text_is_refused_on_its_link_alone(case: str) -> None:
    rig = joined()
    make, reason = HOSTILE[case]
    seat = rig.game.to_move
    refused_alone(rig, seat, make(rig, seat), reason)
    assert rig.table.state(seat) == "connected"
    moves = len(rig.game.history)
    rig.turn()  # the game goes on: the phone to move plays, numbered as the table waits for
    assert len(rig.game.history) == moves + 1


def test_a_move_for_another_seat_out_of_turn_or_after_the_end() -> None:
    rig = joined()
    mover = rig.game.to_move
    other = (mover + 1) % 3
    reject = refused_alone(rig, other, encode(Move(mover, rig.table.seats[other].seq + 1, "pass")), "wrong_seat")
    assert reject.details == {"seat": other}
    play = rig.phone_move(mover)
    refused_alone(rig, other, next_move(rig, other, play), "not_your_turn")
    rig.phones[other].next_seq = rig.table.seats[other].seq + 1
    rig.turn()
    rig.play_out()
    seat = rig.phone_seats[0]
    refused_alone(rig, seat, next_move(rig, seat, "pass"), "game_over", "C9")


def test_the_engine_refuses_with_its_rule_and_the_number_is_used() -> None:
    rig = joined()
    seat = rig.game.to_move
    hand = rig.game.hands[seat]
    missing = next(t for t in ("Ro", "Rs", "Rd", "Bo", "Bs") if t not in {x.notation() for x in hand})
    reject = refused_alone(rig, seat, rig.phones[seat].move(f"{missing}@50,50"), "not_in_hand", "C4")
    assert reject.seq == rig.table.seats[seat].seq and reject.details == {"tile": missing}
    moves = len(rig.game.history)
    rig.turn()  # the phone's next number is the one after the refused move
    assert len(rig.game.history) == moves + 1


def test_a_wrong_token_a_taken_seat_and_a_hello_for_another_seat_are_refused_and_their_links_closed() -> None:
    rig = joined()
    table = rig.table
    for seat, hello, reason in (
        (1, Hello(1, "x" * 16), "wrong_token"),
        (1, Hello(1, table.token(1)), "seat_taken"),
        (1, Hello(2, table.token(2)), "wrong_seat"),
    ):
        before = snapshot(rig)
        link = table.open_link(seat)
        outcome = table.receive(link, encode(hello), rig.now)
        reject = decode(outcome.sends[0].text)
        assert [s.link for s in outcome.sends] == [link] and outcome.close == (link,)
        assert isinstance(reject, Reject) and reject.reason == reason and reject.seq is None
        assert snapshot(rig) == before
        assert decode(table.receive(link, encode(hello), rig.now).sends[0].text).reason == "unknown_link"
    assert all(table.state(s) == "connected" for s in rig.phone_seats)


@pytest.mark.parametrize(("hello", "reason"), [(Hello(1, "x" * 16), "wrong_token"), (Hello(2, "y" * 16), "wrong_seat")])
def test_a_wrong_hello_on_a_live_link_closes_it_and_the_seat_is_away_at_once(hello: Hello, reason: str) -> None:
    rig = joined()
    table = rig.table
    link, token, seq = rig.links[1], table.token(1), table.seats[1].seq
    outcome = table.receive(link, encode(hello), rig.now)
    reject = decode(outcome.sends[0].text)
    assert isinstance(reject, Reject) and reject.reason == reason and outcome.close == (link,)
    assert [(n.kind, n.seat) for n in outcome.notes] == [("refused", 1), ("away", 1)]
    assert table.state(1) == "away" and table.seats[1].link is None  # at once, not 15 s later
    assert (table.token(1), table.seats[1].seq) == (token, seq)  # the seat's token and numbers are kept
    assert all(table.state(s) == "connected" for s in rig.phone_seats if s != 1)
    assert table.closed(link, rig.now) == Outcome()  # its channel's close, when it comes, changes nothing
    assert all(note.seat != 1 for note in table.tick(rig.now + AWAY_AFTER).notes)
    rig.join(1)  # the phone with its own token takes its seat back
    assert table.state(1) == "connected"


def test_a_move_before_hello_and_an_unknown_link() -> None:
    rig = joined()
    link = rig.table.open_link(1)
    outcome = rig.table.receive(link, encode(Move(1, 1, "pass")), rig.now)
    assert decode(outcome.sends[0].text).reason == "hello_first" and outcome.close == ()
    outcome = rig.table.receive("9.99", "{}", rig.now)
    assert decode(outcome.sends[0].text).reason == "unknown_link" and outcome.close == ("9.99",)
    with pytest.raises(ValueError, match="not a phone seat"):
        Rig("classic", ["phone", "human"], SEED).table.open_link(1)


# -- liveness ---------------------------------------------------------------------------------------------------
def test_pings_keep_an_answering_phone_and_a_silent_one_goes_away_in_time() -> None:
    rig = joined(["phone", "phone"])
    table = rig.table
    silent = 1
    start = rig.now
    away_at = None
    while rig.now < start + 60:
        rig.now += 1.0
        outcome = table.tick(rig.now)
        pings = [s for s in outcome.sends if decode(s.text).kind == "ping"]
        assert all(s.link in rig.links.values() for s in pings)
        for send in pings:
            seat = next(s for s, link in rig.links.items() if link == send.link)
            if seat != silent:
                rig.deliver(Outcome((send,)))
        if any(n.kind == "away" and n.seat == silent for n in outcome.notes):
            away_at = rig.now
    assert away_at is not None and AWAY_AFTER <= away_at - start <= AWAY_AFTER + 1
    assert table.state(0) == "connected" and table.state(silent) == "away"
    per_link = [s for s in rig.received[0] if decode(s).kind == "ping"]
    assert len(per_link) == pytest.approx(60 / PING_EVERY, abs=1)
    rig.send(silent, rig.phones[silent].hello())  # it speaks again on its link: back, with the state
    assert table.state(silent) == "connected" and rig.phones[silent].state is not None


def test_a_closed_channel_or_a_bye_makes_the_seat_away_and_the_token_takes_it_back() -> None:
    rig = joined()
    seat = (rig.game.to_move + 1) % 3
    rig.leave(seat)
    assert rig.table.state(seat) == "away" and rig.notes[-1].kind == "away"
    rig.join(seat)
    assert rig.table.state(seat) == "connected" and rig.notes[-1].kind == "rejoined"
    assert rig.phones[seat].state is not None
    assert rig.phones[seat].state.rack == " ".join(t.notation() for t in rig.game.hands[seat])
    rig.send(seat, rig.phones[seat].bye())
    assert rig.table.state(seat) == "away" and rig.notes[-1].kind == "left" and seat not in rig.links


def test_a_rejoin_after_silence_retires_the_old_link() -> None:
    rig = joined(["phone", "phone"])
    old = rig.links[1]
    rig.now += AWAY_AFTER + 1
    rig.table.tick(rig.now)
    assert rig.table.state(1) == "away"
    reloaded = Phone.from_dict(json.loads(json.dumps(rig.phones[1].to_dict())))
    outcome = rig.join(1, reloaded)
    assert outcome.close == (old,) and decode(outcome.sends[0].text).reason == "replaced"
    assert decode(rig.table.receive(old, reloaded.hello(), rig.now).sends[0].text).reason == "unknown_link"


# -- reload -----------------------------------------------------------------------------------------------------
def test_the_table_reloads_mid_game_and_the_phones_rejoin_with_their_tokens() -> None:
    rig = Rig("classic", ["phone", "phone", "medium"], SEED)
    rig.join(0)
    for _ in range(5):
        rig.turn()
    kept = json.loads(json.dumps(rig.table.to_dict()))
    last_move = rig.received[0][-1]
    rig.table = LiveTable.from_dict(kept, rig.players, lambda: rig.game, rig.apply)
    rig.links.clear()
    assert rig.table.state(0) == "away" and rig.table.state(1) == ("away" if 1 in rig.phones else "waiting")
    for seat in list(rig.phones):
        rig.join(seat)
    assert decode(rig.received[0][-1]).n > decode(last_move).n
    seat = next(iter(rig.phones))
    replay = encode(Move(seat, rig.table.seats[seat].seq, "pass"))
    assert decode(rig.table.receive(rig.links[seat], replay, rig.now).sends[0].text).reason == "replayed"
    rig.play_out()
    rig.check_tiles()


@pytest.mark.parametrize(
    "kept",
    [
        None,
        [],
        {"version": 2, "n": 1, "seats": {"0": {"token": "a" * 16, "seq": 0, "joined": True, "name": ""}}},
        {"version": 1, "n": -1, "seats": {"0": {"token": "a" * 16, "seq": 0, "joined": True, "name": ""}}},
        {"version": 1, "n": 1, "seats": {}},
        {"version": 1, "n": 1, "seats": {"7": {"token": "a" * 16, "seq": 0, "joined": True, "name": ""}}},
        {"version": 1, "n": 1, "seats": {"0": {"token": "short", "seq": 0, "joined": True, "name": ""}}},
        {"version": 1, "n": 1, "seats": {"0": {"token": "a" * 16, "seq": True, "joined": True, "name": ""}}},
        {"version": 1, "n": 1, "seats": {"0": {"token": "a" * 16, "seq": 0, "joined": 1, "name": ""}}},
        {"version": 1, "n": 1, "seats": {"0": {"token": "a" * 16, "seq": 0, "joined": True, "name": "x" * 41}}},
        {"version": 1, "n": 1, "seats": {"0": {"token": "a" * 16, "seq": 0, "joined": True}}},
    ],
)
def test_a_kept_table_that_is_not_one_is_refused(kept: object) -> None:
    players = [Player("A", "phone"), Player("B", "phone")]
    with pytest.raises(ValueError):
        LiveTable.from_dict(kept, players, lambda: None, lambda seat, move: None)  # type: ignore[arg-type,return-value]


def test_tokens_are_fresh_and_unguessable() -> None:
    players = [Player("A", "phone"), Player("B", "phone")]
    tokens = {LiveTable([0, 1], players, lambda: None, lambda s, m: None).token(s) for _ in range(50) for s in (0, 1)}  # type: ignore[arg-type,return-value]
    assert len(tokens) == 100 and all(len(t) == 16 for t in tokens)


def test_the_answer_to_a_hello_says_what_the_engine_says_of_the_receivers_turn_and_no_other_state_does() -> None:
    """js/phone-early.js draws a phone's own turn from it before the phone's engine runs: the tiles that fit nowhere
    (as the phone's rack marks them) and the opening's size (C2)."""
    from app.live.phone import game_of
    from app.shared.placeable import unplaceable

    rig = Rig("classic", ["phone", "phone", "hard"], SEED)
    for seat in rig.phone_seats:
        rig.join(seat)
    first = {seat: rig.states(seat)[-1] for seat in rig.phone_seats}
    starter = rig.game.to_move
    for seat, state in first.items():
        if seat != starter:
            assert state.yours is None
            continue
        assert state.yours is not None and state.yours.opening == rig.game.opening_size() is not None
        followed = game_of(state)  # what the phone's engine says, once it runs
        hand = followed.hands[seat]
        assert state.yours.stuck.split() == [hand[i].notation() for i in sorted(unplaceable(followed, hand, ()))]
    for _ in range(4):
        rig.turn()
    assert all(state.yours is None for seat in rig.phone_seats for state in rig.states(seat)[1:])
    while rig.game.to_move not in rig.phone_seats:  # the computer's turn: on to a phone's
        rig.turn()
    mover = rig.game.to_move
    other = next(seat for seat in rig.phone_seats if seat != mover)
    for seat in (mover, other):  # a rejoin is answered the same way, on the receiver's turn only
        rig.leave(seat)
        rig.join(seat)
    back, waiting = rig.states(mover)[-1], rig.states(other)[-1]
    assert back.yours is not None and back.yours.opening is None and waiting.yours is None


def test_a_link_back_from_silence_gets_the_states_it_missed() -> None:
    """A phone whose channel stalled longer than ``AWAY_AFTER`` (away) and then speaks on the same link: the moves
    made meanwhile were not sent to it, so the table sends the game as it is now (found by test_rejoin's search)."""
    rig = joined()
    silent = rig.game.to_move
    rig.now += AWAY_AFTER + 1
    rig.table.tick(rig.now)  # the pings go unanswered
    assert all(rig.table.state(s) == "away" for s in rig.phone_seats)
    others = [s for s in rig.phone_seats if s != silent]
    rig.send(silent, rig.phones[silent].move(rig.phone_move(silent)))  # back: its move is taken
    assert rig.table.state(silent) == "connected" and rig.phones[silent].state.moves == len(rig.game.history)
    for seat in others:  # away: the move's state was not sent to them
        assert rig.phones[seat].state.moves < len(rig.game.history)
        rig.send(seat, rig.phones[seat].move("pass"))  # refused (not its turn, or replayed): still back, caught up
        assert rig.table.state(seat) == "connected"
        assert rig.phones[seat].state.moves == len(rig.game.history)
        assert rig.phones[seat].state.turn == rig.game.to_move
    heard = len(rig.received[others[0]])
    rig.send(others[0], rig.phones[others[0]].move("pass"))  # connected already: a refusal and nothing more
    assert len(rig.received[others[0]]) == heard + 1
