"""Friends on other devices by turn links, without a browser: two sessions with their own stores
play whole games by passing links; links are idempotent and ordered; links of other games touch
no other save; tampered links are refused with the reason and change nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from session_fakes import Events, FakeHost

from app.links import friend
from app.links.startlink import StartLinkError, make_spec, parse_start_link
from app.links.turn_link import TurnLink, from_fragment, to_fragment
from app.play.panels import note_text, status_text
from app.play.session import Session
from app.shared.notes import EXCHANGE, ROLL
from app.store.saves import DictStorage, SaveStore
from app.store.stats import load_stats
from qwirkle import Exchange, Play, Roll
from qwirkle.ai.registry import find_level
from qwirkle.record import to_record
from ui.words import Translator

EN = Translator("en")


class Device:
    """One player's browser: its own store and page session."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.storage = DictStorage()
        self.store = SaveStore(self.storage, clock=lambda: 1_700_000_000.0)
        self.session = Session(self.store, FakeHost(), Events())

    @property
    def c(self) -> Any:
        return self.session.controller

    def open(self, fragment: str) -> bool:
        return self.session.open_turn_link("#" + fragment)

    def note(self) -> str:
        return note_text(self.session.notice, EN)

    def links(self) -> list[friend.Outgoing]:
        return friend.outgoing(self.c)

    def move(self) -> None:
        """The human here moves as the greedy player would, through the controller's actions."""
        c = self.c
        assert c.interactive
        self.play(find_level("greedy").make(len(c.game.history)).choose(c.view(c.game.to_move)))

    def play(self, move: Any) -> None:
        c = self.c
        if isinstance(move, Play):
            hand = list(c.hand())
            for placement in move.placements:
                c.select(next(i for i, t in enumerate(hand) if t == placement.tile and i not in c.turn.indexes()))
                assert c.place(placement.cell), c.note
            result = c.play()
        elif isinstance(move, (Exchange, Roll)):
            c.set_mode(EXCHANGE if isinstance(move, Exchange) else ROLL)
            hand = list(c.hand())
            for tile in move.tiles:
                c.select(next(i for i, t in enumerate(hand) if t == tile and i not in c.turn.marked))
            result = c.confirm_exchange() if isinstance(move, Exchange) else c.confirm_roll()
        else:
            result = c.pass_turn()
        assert result is not None, c.note
        self.session.after_move(result, human=True)


def friend_game(query: str) -> tuple[Device, Device]:
    ann, bob = Device("Ann"), Device("Bob")
    ann.session.open(query, "en")
    return ann, bob


def play_by_links(devices: dict[int, Device], starter: Device, turns: int) -> int:
    """Each device moves when its player is to move, then sends its link on; returns moves made."""
    made = 0
    holder = starter
    while made < turns and not holder.c.game.is_over:
        game = holder.c.game
        if holder.c.interactive:
            holder.move()
            made += 1
            continue
        (link,) = holder.links()
        receiver = devices[link.seat]
        assert receiver.open(link.fragment), receiver.note()
        assert receiver.c.human_seats == [link.seat] and receiver.c.game.moves == game.moves
        holder = receiver
    return made


def test_a_whole_classic_game_by_links_each_device_checking_every_move() -> None:
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    c = ann.c
    assert c.seats == ("human", "friend") and not c.computer_to_move
    assert c.game_id.endswith("-0") and ann.store.load_current().id == c.game_id
    play_by_links({0: ann, 1: bob}, ann, 500)
    over = max((ann, bob), key=lambda device: len(device.c.game.moves))  # made the last move
    assert over.c.game.is_over and len(over.c.game.moves) > 20
    (final,) = over.links()
    assert final.final
    other = bob if over is ann else ann
    assert other.open(final.fragment)
    assert other.c.game.is_over and other.c.game.scores == over.c.game.scores
    assert "game is over" in other.note()
    assert other.links() == []  # the receiver of the final link has nothing to send
    # each device kept its own save: same record, its own seat
    a, b = ann.store.load_current(), bob.store.load_current()
    assert a.record == b.record and a.seats == ("human", "friend") and b.seats == ("friend", "human")
    assert friend.game_of(a.id) == friend.game_of(b.id) and a.id != b.id
    for device in (ann, bob):  # counted once on each device, against a friend
        stats = load_stats(device.store)
        assert stats.played == 1 and list(stats.games["classic"]) == ["friend"]
    assert other.open(final.fragment) and load_stats(other.store).played == 1


@pytest.mark.parametrize(
    "query, players",
    [
        ("?variant=cubes&seats=friend,human,friend&names=Bob,Ann,Cy&seed=5", 3),
        ("?variant=flex&tiles=108&seats=human,friend,friend,friend&seed=8", 4),
        ("?variant=flex&tiles=72&seats=friend,human&seed=2", 2),
    ],
)
def test_cubes_and_flex_for_several_turns_with_up_to_four_devices(query: str, players: int) -> None:
    first = Device("first")
    first.session.open(query, "en")
    human = first.c.human_seats[0]
    devices = {seat: (first if seat == human else Device(f"seat {seat}")) for seat in range(players)}
    play_by_links(devices, first, 3 * players)
    lengths = {len(d.c.game.moves) for d in devices.values()}
    assert max(lengths) >= 3 * players - 1


def test_a_friend_to_move_first_gets_a_link_at_once_and_the_status_says_so() -> None:
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=1")
    if ann.c.interactive:
        ann.move()
    (link,) = ann.links()
    assert link.seat == 1 and link.name == "Bob" and not link.final
    assert status_text(ann.c, EN) == "Waiting for Bob: send them the turn link."
    assert ann.c.rack_seat() == 0  # Ann's rack only, never Bob's
    assert bob.open(link.fragment)
    assert bob.c.rack_seat() == 1 and bob.c.interactive
    assert "Your turn, Bob" in bob.note()


def test_links_are_idempotent_and_never_roll_a_game_back() -> None:
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    sent = []
    devices = {0: ann, 1: bob}
    holder = ann
    while len(sent) < 4:
        if holder.c.interactive:
            holder.move()
            continue
        (link,) = holder.links()
        sent.append(link)
        holder = devices[link.seat]
        assert holder.open(link.fragment)
    latest = sent[-1]
    receiver = devices[latest.seat]
    moves = receiver.c.game.moves
    saved = dict(receiver.storage.data)
    assert receiver.open(latest.fragment)  # the same link again: up to date
    assert "already open" in receiver.note() and receiver.c.game.moves == moves
    old = next(link for link in sent[:-1] if link.seat == latest.seat)
    assert receiver.open(old.fragment)  # an older link: says a newer turn exists
    assert "a newer turn exists" in receiver.note() and receiver.c.game.moves == moves
    assert receiver.storage.data == saved


def test_a_link_of_another_game_touches_no_other_save() -> None:
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    first = ann.c.game_id
    if ann.c.interactive:
        ann.move()
    (link,) = ann.links()
    bob.open(link.fragment)
    bob_first = dict(bob.storage.data)
    ann.session.open("?variant=cubes&seats=human,friend&names=Ann,Bob&seed=4", "en")
    assert ann.c.game_id != first
    if ann.c.interactive:
        ann.move()
    (other,) = ann.links()
    assert bob.open(other.fragment)
    for key, value in bob_first.items():
        if key.startswith("qwirkle.save."):
            assert bob.storage.data[key] == value  # the first game's save is untouched
    assert len([k for k in bob.storage.data if k.startswith("qwirkle.save.")]) == 2


def test_a_link_for_the_other_seat_opens_nothing_of_theirs_here() -> None:
    ann, _ = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    if ann.c.interactive:
        ann.move()
    (link,) = ann.links()
    before = dict(ann.storage.data)
    assert ann.open(link.fragment)  # Ann opens her own link for Bob
    assert ann.c.human_seats == [0] and "is for Bob" in ann.note()
    assert ann.storage.data == before


def tampered(link: friend.Outgoing, change: Any) -> str:
    """The link's fragment after ``change(record)`` (which may return another seat to address)."""
    decoded = from_fragment(link.fragment)
    record = json.loads(json.dumps(decoded.record))
    to = change(record)
    return to_fragment(TurnLink(decoded.game, decoded.to if to is None else to, record))


def refused(device: Device, fragment: str) -> str:
    before = dict(device.storage.data)
    on = device.c.game.moves if device.session.has_game() else None
    assert not device.open(fragment)
    assert device.storage.data == before  # nothing local changes
    assert (device.c.game.moves if device.session.has_game() else None) == on
    assert device.session.notice is not None and device.session.notice.level == "error"
    return device.note()


def pending_link(turns: int = 6) -> tuple[dict[int, Device], Device, friend.Outgoing]:
    """A classic game by links after ``turns`` moves, and the link not yet opened by its receiver."""
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    devices = {0: ann, 1: bob}
    play_by_links(devices, ann, turns)
    holder = max(devices.values(), key=lambda device: len(device.c.game.moves))  # the last to move
    (link,) = holder.links()
    return devices, holder, link


def test_tampered_and_corrupted_links_are_refused_with_the_reason() -> None:
    devices, _, link = pending_link()
    receiver = devices[link.seat]
    moves = from_fragment(link.fragment).record["moves"]
    last_play = max(i for i, m in enumerate(moves) if "@" in m)

    def moved_away(record: dict) -> None:
        record["moves"][last_play] = " ".join(
            f"{p.split('@')[0]}@{int(p.split('@')[1].split(',')[0]) + 50},{p.split(',')[1]}"
            for p in moves[last_play].split()
        )

    text = refused(receiver, tampered(link, moved_away))
    assert text.startswith("Turn link #turn=") and f"move {last_play + 1} (" in text
    assert "breaks a rule. C5: " in text and text.endswith("Nothing was changed.")

    def not_a_move(record: dict) -> None:
        record["moves"][-1] = "Zz@0,0"

    assert f"Move {len(moves)} (Zz@0,0) is not a move" in refused(receiver, tampered(link, not_a_move))

    def other_seed(record: dict) -> None:
        record["seed"] += 1

    assert "move 1 (" in refused(receiver, tampered(link, other_seed))

    def other_names(record: dict) -> None:
        record["players"] = ["Eve", "Bob"]

    assert "record of another game (players differ)" in refused(receiver, tampered(link, other_names))

    assert "it is addressed to" in refused(receiver, tampered(link, lambda record: 1 - link.seat))
    assert "cannot be read" in refused(receiver, link.fragment[:-12])
    assert "cannot be read" in refused(receiver, "turn=%%%")
    assert "wrong: its rule set is not one this game knows" in refused(
        receiver, tampered(link, lambda r: r.update(variant="chess"))
    )
    assert "at most 40 characters" in refused(receiver, tampered(link, lambda r: r.update(players=["A" * 41, "B"])))
    assert receiver.open(link.fragment)  # the real link still opens


def test_a_move_made_for_this_device_elsewhere_is_refused() -> None:
    devices, _, link = pending_link()
    receiver = devices[link.seat]
    assert receiver.open(link.fragment)
    decoded = from_fragment(link.fragment)
    game = friend.replay(decoded, "x")
    ai = find_level("greedy").make(1)
    game.apply(ai.choose(game.view(game.to_move)))  # the receiver's move, made by someone else
    game.apply(ai.choose(game.view(game.to_move)))  # and the sender's reply
    assert game.to_move == link.seat
    forged = to_fragment(TurnLink(decoded.game, link.seat, to_record(game)))
    text = refused(receiver, forged)
    assert f"move {len(decoded.record['moves']) + 1} was played for you" in text


def test_a_link_that_differs_from_the_game_here_is_refused() -> None:
    devices, holder, link = pending_link(6)
    receiver = devices[link.seat]
    assert receiver.open(link.fragment)
    sent = from_fragment(link.fragment).record["moves"]
    holder.session.undo()  # the sender takes their move back...
    assert len(holder.c.game.moves) == len(sent) - 1
    other = next(p for p in holder.c.game.legal_plays() if Play(p.placements).notation() != sent[-1])
    holder.play(Play(other.placements))  # ... and plays another one
    (changed,) = holder.links()
    text = refused(receiver, changed.fragment)
    assert f"move {len(sent)} differs from your game" in text


def test_undo_never_takes_back_a_friends_move() -> None:
    ann, bob = friend_game("?variant=classic&seats=human,friend&names=Ann,Bob&seed=11")
    play_by_links({0: ann, 1: bob}, ann, 3)
    for device in (ann, bob):
        c = device.c
        last = c.game.history[-1]
        assert c.can_undo() == c.is_human(last.seat)


def test_start_links_and_dialog_seats_for_friends() -> None:
    spec = parse_start_link("?variant=classic&seats=human,friend&names=Ann")
    assert spec.seats == ("human", "friend") and spec.names == ("Ann", "Friend 2")
    for seats in (["friend", "friend"], ["human", "human", "friend"], ["human", "friend", "hard"]):
        with pytest.raises(StartLinkError, match="seats: a game with friends"):
            make_spec("classic", seats)
    prepared = friend.prepare(make_spec("classic", ["friend", "human"]), 1_700_000_000.0)
    assert friend.SAVE_ID.match(prepared.extra["save_id"]).group(2) == "1"
    assert friend.prepare(make_spec("classic", ["human", "easy"]), 1.0).extra == {}


def test_a_link_that_continues_the_game_here_replays_only_its_new_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    devices, holder, link = pending_link(8)
    receiver = devices[link.seat]
    known, sent = len(receiver.c.game.moves), len(from_fragment(link.fragment).record["moves"])
    assert 0 < known < sent
    from qwirkle.game import Game

    applied: list[str] = []
    apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda game, move: applied.append(str(move)) or apply(game, move))
    assert receiver.open(link.fragment)
    # the save here, loaded (every move), then the link's moves after it: not the link's whole record again
    assert len(applied) == known + (sent - known)
    assert receiver.c.game.moves == holder.c.game.moves
