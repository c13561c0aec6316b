"""Whole games played by phones through the live table's texts alone: each phone's plays are found on its own game
(built from the states it received) and match the table's; every text a phone receives is checked for privacy."""

from __future__ import annotations

import pytest
from live_rig import Rig

from app.live.phone import Phone
from app.live.protocol import decode

SEED = 918_273_640  # long enough that no count or score in a state can spell it


@pytest.mark.parametrize(
    ("variant", "kinds", "tiles"),
    [
        ("classic", ["phone", "phone"], None),
        ("classic", ["phone", "hard", "phone"], None),
        ("cubes", ["phone", "phone", "phone"], None),
        ("cubes", ["greedy", "phone"], None),
    ],
)
def test_a_whole_game_by_live_moves(variant: str, kinds: list[str], tiles: int | None) -> None:
    rig = Rig(variant, kinds, SEED + len(kinds), tiles)
    for seat in rig.phone_seats:
        rig.join(seat)
    rig.play_out()
    rig.check_tiles()
    for seat in rig.phone_seats:
        last = rig.states(seat)[-1]
        assert last.over is not None and last.over.reason == rig.game.end_reason
        assert last.scores == rig.game.scores
        assert last.record is not None and last.record["moves"] == list(rig.game.moves)
        assert last.record["seats"] == kinds and last.record["seed"] == rig.game.options.seed
        assert rig.phones[seat].state == last
    kinds_played = {turn.kind for turn in rig.game.history}
    assert "play" in kinds_played and ("roll" in kinds_played if variant == "cubes" else True)


def test_several_flex_turns_with_an_exchange_hidden_from_the_others() -> None:
    rig = Rig("flex", ["phone", "phone", "phone", "phone"], SEED, tiles=108)
    for seat in rig.phone_seats:
        rig.join(seat)
    for _ in range(5):
        rig.turn()
    seat = rig.game.to_move
    hand = [t.notation() for t in rig.game.hands[seat]]
    swap = "swap " + " ".join(hand[:2])
    rig.send(seat, rig.phones[seat].move(swap))
    for _ in range(6):
        rig.turn()
    rig.check_tiles()
    for other in rig.phone_seats:
        shown = {t.move for s in rig.states(other) for t in s.recent if t.kind == "exchange" and t.seat == seat}
        assert shown == ({swap} if other == seat else {None})


def test_the_phones_states_follow_the_table_and_number_up() -> None:
    rig = Rig("classic", ["phone", "phone"], SEED)
    for seat in rig.phone_seats:
        rig.join(seat)
    for _ in range(6):
        rig.turn()
    for seat in rig.phone_seats:
        numbers = [s.n for s in rig.states(seat)]
        assert numbers == sorted(set(numbers))
        assert rig.phones[seat].state is not None and rig.phones[seat].state.moves == 6
        assert rig.phones[seat].next_seq == rig.table.seats[seat].seq + 1


def test_names_with_html_stay_plain_text() -> None:
    names = ['<img src=x onerror="alert(1)">', "Ann & <b>Bob</b>"]
    rig = Rig("classic", ["phone", "phone"], SEED, names=names)
    rig.join(0)
    rig.join(1, Phone(1, rig.table.token(1), "<script>x</script>"))
    state = rig.states(0)[-1]
    assert [p.name for p in state.players] == names
    assert rig.table.name(0) == "<i>0</i>" and rig.table.name(1) == "<script>x</script>"
    assert [n.name for n in rig.notes if n.kind == "joined"] == ["<i>0</i>", "<script>x</script>"]
    assert decode(rig.received[0][-1]) == state
