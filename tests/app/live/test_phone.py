"""The phone's side: the game it sets up from a state answers for its seat exactly as the table's game does, and
what it keeps brings it back to its seat."""

from __future__ import annotations

import json
import random

import pytest

from app.live.phone import Phone, game_of
from app.live.protocol import Ping, Player, Reject, decode, encode
from app.live.view import state_for
from qwirkle import Game


def same_answers(table: Game, phone: Game) -> None:
    """Everything the phone asks of its game about the player to move, as the table's game answers it."""
    assert phone.to_move == table.to_move and phone.opening_size() == table.opening_size()
    assert sorted((p.placements, p.points) for p in phone.legal_plays()) == sorted(
        (p.placements, p.points) for p in table.legal_plays()
    )
    assert (phone.exchange_limit(), phone.can_roll(), phone.can_pass()) == (
        table.exchange_limit(),
        table.can_roll(),
        table.can_pass(),
    )
    hand = table.hands[table.to_move]
    for tile in set(hand):
        assert phone.legal_cells(tile) == table.legal_cells(tile)
    for play in table.legal_plays()[:3]:
        assert phone.check(play.placements) == table.check(play.placements)
        first = play.placements[0]
        for near in ((first.cell[0] + 1, first.cell[1]), (first.cell[0], first.cell[1] - 2)):
            mine, theirs = phone.refusal(first.tile, near), table.refusal(first.tile, near)
            assert (mine and (mine.rule, mine.reason)) == (theirs and (theirs.rule, theirs.reason))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players", "tiles"),
    [("classic", 2, None), ("classic", 4, None), ("cubes", 3, None), ("flex", 2, 72), ("flex", 3, 108)],
)
def test_the_phones_game_answers_as_the_tables_for_its_seat(variant: str, players: int, tiles: int | None) -> None:
    rng = random.Random(players)
    names = [f"P{i}" for i in range(players)]
    game = Game.new(variant, names, seed=77 + players, tiles=tiles)
    seats = [Player(n, "phone") for n in names]
    for n in range(1, 400):
        if game.is_over:
            break
        seat = game.to_move
        state = decode(encode(state_for(game, seat, n, seats)))
        same_answers(game, game_of(state))  # type: ignore[arg-type]
        legal = game.legal_moves()
        choices = [*legal.plays[:4], *legal.exchanges[:1], *legal.rolls[-1:]] or ["pass"]
        choice = rng.choice(choices)
        game.apply(choice if isinstance(choice, str) else choice.notation())
    assert game.is_over


def test_the_phone_numbers_its_moves_and_follows_the_tables_count() -> None:
    phone = Phone(1, "t" * 16, "Bo")
    assert decode(phone.move("pass")).seq == 1 and decode(phone.move("pass")).seq == 2  # type: ignore[union-attr]
    event = phone.take(encode(Reject(2, None, "skipped", {"expected": 1})), 3.0)
    assert event.kind == "reject" and phone.next_seq == 1 and phone.reject is not None
    event = phone.take(encode(Ping(4.5)), 4.0)
    assert event.kind == "ping" and event.reply is not None and decode(event.reply).at == 4.5  # type: ignore[union-attr]
    assert phone.heard == 4.0 and not phone.table_silent(18.9) and phone.table_silent(19.0)
    game = Game.new("classic", ["A", "B"], seed=3)
    other = phone.take(encode(state_for(game, 0, 5, [Player("A", "phone"), Player("B", "phone")])), 5.0)
    assert other.kind == "ignored" and phone.state is None and phone.game() is None
    mine = phone.take(encode(state_for(game, 1, 6, [Player("A", "phone"), Player("B", "phone")], seq=9)), 5.0)
    assert mine.kind == "state" and phone.next_seq == 10 and phone.reject is None
    assert phone.my_turn == (game.to_move == 1)
    assert decode(phone.hello()).seen == 6  # type: ignore[union-attr]


def test_what_the_phone_keeps_brings_it_back() -> None:
    game = Game.new("cubes", ["A", "B"], seed=5)
    phone = Phone(0, "t" * 16, "<b>Ann</b>")
    phone.take(encode(state_for(game, 0, 3, [Player("A", "phone"), Player("B", "phone")], seq=2)), 1.0)
    again = Phone.from_dict(json.loads(json.dumps(phone.to_dict())))
    assert (again.seat, again.token, again.name, again.state, again.next_seq) == (
        0,
        "t" * 16,
        "<b>Ann</b>",
        phone.state,
        3,
    )
    assert again.hello() == phone.hello()


@pytest.mark.parametrize(
    "change",
    [
        {"version": 2},
        {"seat": 4},
        {"seat": True},
        {"token": ""},
        {"name": 3},
        {"next": 0},
        {"state": "{"},
        {"state": 5},
        {"state": encode(Ping(1))},
    ],
)
def test_a_kept_phone_that_is_not_one_is_refused(change: dict[str, object]) -> None:
    kept = {**Phone(1, "t" * 16).to_dict(), **change}
    with pytest.raises(ValueError):
        Phone.from_dict(kept)
    with pytest.raises(ValueError):
        Phone.from_dict([kept])
