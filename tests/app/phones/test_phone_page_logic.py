"""The DOM-free parts of the phones' page (app.phones): the join link's form and the table's notes of refusals."""

import doctest

import pytest

from app.live.table import TableNote
from app.phones import join_code, notes
from app.web import live_support


@pytest.mark.parametrize("module", [join_code, notes, live_support])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_a_join_link_round_trips_and_refuses_what_it_cannot_read():
    url = join_code.join_url("http://h/q/?seats=phone,phone#turn=x", 1, "A" * 16, "B-_" * 30)
    assert url == "http://h/q/?join=1." + "A" * 16 + "." + "B-_" * 30
    assert join_code.read_join(url.partition("?")[2]) == join_code.Join(1, "A" * 16, "B-_" * 30)
    for bad in ("join=", "join=1", "join=1.tok", "join=x.tok.offer", "join=1.to<k.offer", "join=4.tok.offer"):
        assert join_code.read_join(bad) is None and join_code.is_join(bad)
    assert not join_code.is_join("seats=phone,phone")


@pytest.mark.parametrize(
    ("reason", "key"),
    [
        ("not_json", "live_refused_malformed"),
        ("too_big", "live_refused_size"),
        ("wrong_seat", "live_refused_seat"),
        ("replayed", "live_refused_sequence"),
        ("skipped", "live_refused_sequence"),
        ("wrong_token", "live_refused_token"),
        ("seat_taken", "live_refused_taken"),
        ("not_your_turn", "live_refused_turn"),
        ("unknown_kind", "live_refused_kind"),
    ],
)
def test_every_refusal_is_said_in_words(reason, key):
    note = notes.refusal_note(TableNote("refused", 0, "0.1", reason), "Ann")
    assert note.key == key and note.values == {"name": "Ann"} and note.level == "warn"
