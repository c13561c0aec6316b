"""The DOM-free parts of the phones' page (app.phones): the join link's form, a join link pasted or scanned on a phone,
and the table's notes of refusals."""

import doctest

import pytest

from app.live.table import TableNote
from app.phones import join_code, join_paste, notes
from app.web import live_support


@pytest.mark.parametrize("module", [join_code, join_paste, notes, live_support])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def test_a_join_link_round_trips_and_refuses_what_it_cannot_read():
    url = join_code.join_url("http://h/q/?seats=phone,phone#turn=x", 1, "A" * 16, "B-_" * 30)
    assert url == "http://h/q/?join=1." + "A" * 16 + "." + "B-_" * 30
    assert join_code.read_join(url.partition("?")[2]) == join_code.Join(1, "A" * 16, "B-_" * 30)
    for bad in ("join=", "join=1", "join=1.tok", "join=x.tok.offer", "join=1.to<k.offer", "join=4.tok.offer"):
        assert join_code.read_join(bad) is None and join_code.is_join(bad)
    assert not join_code.is_join("seats=phone,phone")


HERE = "http://192.168.1.5:8000/?seats=phone,phone"
CODE = "2." + "A" * 16 + "." + "b-_9" * 40


@pytest.mark.parametrize(
    "text",
    [
        f"http://192.168.1.5:8000/?join={CODE}",
        f"http://192.168.1.5:8000/index.html?lang=fr&join={CODE}#turn=x",
        f"  http://192.168.1.5:8000/?join={CODE[:50]}\n{CODE[50:]}  ",  # broken over lines by a messenger
        f"HTTP://192.168.1.5:8000/?join={CODE}",
        f"?join={CODE}",
        CODE,
    ],
)
def test_a_join_link_of_this_site_opens_this_page_at_its_seat(text):
    assert join_paste.read_pasted(text, HERE) == join_paste.Pasted(f"http://192.168.1.5:8000/?join={CODE}")


@pytest.mark.parametrize(
    ("text", "problem", "values"),
    [
        ("", "join_paste_empty", {}),
        ("hello there", "join_paste_garbage", {"here": "192.168.1.5:8000"}),
        ("<img src=x onerror=alert(1)>", "join_paste_garbage", {"here": "192.168.1.5:8000"}),
        (f"javascript:location='//x/?join={CODE}'", "join_paste_garbage", {"here": "192.168.1.5:8000"}),
        (f"data:text/html,?join={CODE}", "join_paste_garbage", {"here": "192.168.1.5:8000"}),
        ("x" * 5000, "join_paste_garbage", {"here": "192.168.1.5:8000"}),
        (f"https://evil.example/?join={CODE}", "join_paste_foreign", {"site": "evil.example"}),
        (f"https://192.168.1.5:8000/?join={CODE}", "join_paste_foreign", {"site": "192.168.1.5:8000"}),
        (f"http://192.168.1.5:8001/?join={CODE}", "join_paste_foreign", {"site": "192.168.1.5:8001"}),
        (f"http://192.168.1.5:8000@evil.example/?join={CODE}", "join_paste_foreign", {}),
        (f"http://192.168.1.5:8000/elsewhere/?join={CODE}", "join_paste_not_join", {}),
        ("http://192.168.1.5:8000/?seats=human,easy", "join_paste_not_join", {}),
        ("http://192.168.1.5:8000/?join=2.tok", "join_paste_broken", {}),
        ("http://192.168.1.5:8000/?join=7.tok.offer", "join_paste_broken", {}),
    ],
)
def test_anything_else_is_refused_with_what_is_wrong(text, problem, values):
    pasted = join_paste.read_pasted(text, HERE)
    assert pasted.url is None and pasted.problem == problem
    assert values.items() <= pasted.values.items()


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
