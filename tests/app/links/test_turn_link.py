"""The turn link's text: the record compressed and URL-safe in the fragment, and every way a
fragment can be unreadable, named by field."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from app.links.turn_link import (
    MAX_TEXT,
    TurnLink,
    TurnLinkError,
    from_fragment,
    is_turn_fragment,
    label,
    page_url,
    to_fragment,
)
from qwirkle import Game
from qwirkle.ai.registry import find_level
from qwirkle.record import to_record


def played(variant: str, moves: int, seed: int = 3, players: int = 2, tiles: int | None = None) -> Game:
    game = Game.new(variant, [f"P{i}" for i in range(players)], seed, tiles=tiles)
    ai = find_level("greedy").make(seed)
    while not game.is_over and len(game.history) < moves:
        game.apply(ai.choose(game.view(game.to_move)))
    return game


def pack(value: object) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(json.dumps(value).encode()) + packer.flush()
    return "turn=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_a_link_round_trips_and_is_url_safe() -> None:
    game = played("flex", 12, tiles=108, players=3)
    link = TurnLink("18c0ffee4242", 2, to_record(game))
    fragment = to_fragment(link)
    assert is_turn_fragment(fragment) and is_turn_fragment("#" + fragment)
    assert set(fragment[len("turn=") :]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert from_fragment("#" + fragment) == link
    assert from_fragment(fragment).record["moves"] == list(game.moves)


def test_a_whole_two_player_classic_game_stays_under_2000_characters() -> None:
    for seed in (1, 2, 3, 4):
        game = played("classic", 500, seed=seed)
        assert game.is_over
        url = "https://friends.example.org/qwirkle/index.html#" + to_fragment(
            TurnLink("18c0ffee4242", 0, to_record(game))
        )
        assert len(url) < 2000, (seed, len(url))


def test_names_with_any_characters_survive() -> None:
    record = {**to_record(played("classic", 2)), "players": ["Zoé <b>", '日本 & "co"']}
    assert from_fragment(to_fragment(TurnLink("abcd", 0, record))).record["players"] == ["Zoé <b>", '日本 & "co"']


@pytest.mark.parametrize(
    "fragment, field",
    [
        ("#turn=", "encoding"),
        ("#turn=abc$def", "encoding"),
        ("#turn=" + "A" * (MAX_TEXT + 1), "encoding"),
        ("#turn=bm90IGRlZmxhdGVk", "encoding"),  # base64 of text, not deflate
        (pack([1, 2, 3]), "encoding"),
        (pack({"turn": 2, "game": "abcd", "to": 0, "record": {}}), "turn"),
        (pack({"turn": 1, "game": "ABCD!", "to": 0, "record": {}}), "game"),
        (pack({"turn": 1, "game": "abcd", "to": 7, "record": {}}), "to"),
        (pack({"turn": 1, "game": "abcd", "to": True, "record": {}}), "to"),
        (pack({"turn": 1, "game": "abcd", "to": 0, "record": []}), "record"),
    ],
)
def test_unreadable_fragments_name_their_field(fragment: str, field: str) -> None:
    with pytest.raises(TurnLinkError) as caught:
        from_fragment(fragment)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")


def test_a_cut_or_padded_link_is_unreadable() -> None:
    fragment = to_fragment(TurnLink("abcd", 1, to_record(played("cubes", 8))))
    for broken in (fragment[:-10], fragment[: len(fragment) // 2], fragment + "AAAA"):
        with pytest.raises(TurnLinkError):
            from_fragment(broken)


def test_a_compression_bomb_is_refused() -> None:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(b"[" + b"0," * 500_000 + b"0]") + packer.flush()
    fragment = "turn=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    assert len(fragment) < MAX_TEXT
    with pytest.raises(TurnLinkError, match=r"too large|cut short"):
        from_fragment(fragment)


def test_page_url_and_label() -> None:
    assert page_url("http://127.0.0.1:8000/") == "http://127.0.0.1:8000/index.html"
    assert page_url("http://h/q/index.html?seats=human,friend#turn=x") == "http://h/q/index.html"
    assert label("#turn=" + "a" * 40) == "#turn=aaaaaaaa…aaaaaa"
    assert label("#turn=short") == "#turn=short"
    assert not is_turn_fragment("#board") and not is_turn_fragment("")


def test_docstring_examples() -> None:
    import doctest

    from app.links import turn_link

    assert doctest.testmod(turn_link).failed == 0
