"""Leaving and coming back any number of times, in any order, with moves lost in flight, replayed, phones and the
table reloaded: no tile is lost or duplicated, no move is applied twice, and a phone that rejoins holds its rack."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_rig import Rig

from app.live.phone import Phone
from app.live.protocol import decode
from app.live.table import AWAY_AFTER, LiveTable

EVENTS = ("move", "move", "move", "leave", "sleep", "rejoin", "reload_phone", "replay", "lost", "reload_table")


def rejoin(rig: Rig, seat: int, reload: bool = False) -> None:
    """The phone of ``seat`` comes back on a new link (after reading what it kept, when ``reload``)."""
    if seat in rig.links and rig.table.state(seat) == "connected":
        return
    phone = Phone.from_dict(json.loads(json.dumps(rig.phones[seat].to_dict()))) if reload else rig.phones[seat]
    rig.links.pop(seat, None)
    rig.join(seat, phone)
    assert rig.table.state(seat) == "connected"
    assert phone.state is not None and phone.state.rack == " ".join(t.notation() for t in rig.game.hands[seat])


@pytest.mark.slow
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "cubes"]),
    st.integers(0, 2**20),
    st.lists(st.tuples(st.sampled_from(EVENTS), st.integers(0, 2)), max_size=60),
)
def test_leaves_and_rejoins_lose_no_tile(variant: str, seed: int, events: list[tuple[str, int]]) -> None:
    rig = Rig(variant, ["phone", "phone", "phone"], 918_000_000 + seed)
    for seat in rig.phone_seats:
        rig.join(seat)
    last_text: dict[int, str] = {}
    for event, seat in events:
        if rig.game.is_over:
            break
        rig.now += 1.0
        mover = rig.game.to_move
        if event == "move":
            rejoin(rig, mover)
            last_text[mover] = rig.phones[mover].move(rig.phone_move(mover))
            before = len(rig.game.history)
            rig.send(mover, last_text[mover])
            assert len(rig.game.history) == before + 1
        elif event == "lost" and mover in rig.links and rig.table.state(mover) == "connected":
            last_text[mover] = rig.phones[mover].move(rig.phone_move(mover))
            outcome = rig.table.receive(rig.links[mover], last_text[mover], rig.now)
            rig.leave(mover)  # its state never reaches the phone; the others' do
            rig.deliver(outcome)
        elif event == "replay" and seat in last_text and seat in rig.links:
            before = str(rig.game.position())
            outcome = rig.table.receive(rig.links[seat], last_text[seat], rig.now)
            reject = decode(outcome.sends[0].text)
            assert reject.reason == "replayed" and str(rig.game.position()) == before  # type: ignore[union-attr]
            rig.deliver(outcome)  # with the game as it is now, when the link was away (it missed states)
        elif event == "leave" and seat in rig.links:
            rig.leave(seat)
        elif event == "sleep":
            rig.now += AWAY_AFTER
            rig.notes += rig.table.tick(rig.now).notes  # the phones sleep: the pings go unanswered
            assert all(rig.table.state(s) != "connected" for s in rig.phone_seats)
        elif event in ("rejoin", "reload_phone") and seat in rig.phones:
            rejoin(rig, seat, reload=event == "reload_phone")
        elif event == "reload_table":
            kept = json.loads(json.dumps(rig.table.to_dict()))
            rig.table = LiveTable.from_dict(kept, rig.players, lambda: rig.game, rig.apply)
            rig.links.clear()
        rig.check_tiles()
        for held, phone in rig.phones.items():
            assert phone.next_seq <= rig.table.seats[held].seq + 1 or held not in rig.links
    for seat in rig.phone_seats:
        rejoin(rig, seat, reload=True)
    seqs = {s: rig.table.seats[s].seq for s in rig.phone_seats}
    assert seqs == {s: sum(1 for t in rig.game.history if t.seat == s) for s in rig.phone_seats}  # each move once
    rig.play_out()
    rig.check_tiles()
