"""A live table and its phones joined by texts only, as the page and js/live.js join them: what each phone receives
is recorded and checked (its own rack only, never the seed, never the bag's order, never another hidden hand)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from app.live.phone import Phone
from app.live.protocol import Player, State, decode
from app.live.table import LiveTable, Outcome
from qwirkle import Game, IllegalMoveError


class Rig:
    """One game at a live table: ``kinds`` per seat (``phone``, or anything else for a seat played on the table)."""

    def __init__(
        self, variant: str, kinds: list[str], seed: int, tiles: int | None = None, names: list[str] | None = None
    ) -> None:
        names = names or [f"P{i}" for i in range(len(kinds))]
        self.game = Game.new(variant, names, seed, tiles=tiles)
        self.players = [Player(n, k) for n, k in zip(names, kinds, strict=True)]
        self.phone_seats = [s for s, k in enumerate(kinds) if k == "phone"]
        self.table = LiveTable(self.phone_seats, self.players, lambda: self.game, self.apply)
        self.phones: dict[int, Phone] = {}
        self.links: dict[int, str] = {}  # the link each phone talks on now
        self.received: dict[int, list[str]] = {s: [] for s in self.phone_seats}
        self.notes: list[Any] = []
        self.now = 0.0
        self.rng = random.Random(seed)

    def apply(self, seat: int, move: str) -> IllegalMoveError | None:
        assert seat == self.game.to_move
        try:
            self.game.apply(move)
        except IllegalMoveError as error:
            return error
        return None

    # -- texts both ways ----------------------------------------------------------------------------------------
    def deliver(self, outcome: Outcome) -> list[Any]:
        """Hand each text to the phone on its link (and the phone's answers back); the events of the phones."""
        self.notes += outcome.notes
        events = []
        for send in outcome.sends:
            seat = next((s for s, link in self.links.items() if link == send.link), None)
            if seat is None:
                continue
            self.received[seat].append(send.text)
            self.check_private(seat, send.text)
            event = self.phones[seat].take(send.text, self.now)
            events.append(event)
            if event.reply is not None:
                self.deliver(self.table.receive(send.link, event.reply, self.now))
        for link in outcome.close:
            for seat, held in list(self.links.items()):
                if held == link:
                    del self.links[seat]
        return events

    def join(self, seat: int, phone: Phone | None = None) -> Outcome:
        """The phone of ``seat`` (a new one, or ``phone``) opens a new link and says hello."""
        link = self.table.open_link(seat)
        self.links[seat] = link
        self.phones[seat] = phone or self.phones.get(seat) or Phone(seat, self.table.token(seat), f"<i>{seat}</i>")
        outcome = self.table.receive(link, self.phones[seat].hello(), self.now)
        self.deliver(outcome)
        return outcome

    def send(self, seat: int, text: str) -> Outcome:
        outcome = self.table.receive(self.links[seat], text, self.now)
        self.deliver(outcome)
        return outcome

    def leave(self, seat: int) -> None:
        """The phone's channel closes (a sleep, a reload, a lost network)."""
        link = self.links.pop(seat)
        self.deliver(self.table.closed(link, self.now))

    # -- playing ------------------------------------------------------------------------------------------------
    def phone_move(self, seat: int) -> str:
        """What the phone of ``seat`` plays, chosen from its own game (built from its last state only)."""
        phone = self.phones[seat]
        mine = phone.game()
        assert mine is not None and phone.my_turn
        plays = mine.legal_plays()
        table_plays = self.game.legal_plays()
        assert sorted((p.placements, p.points) for p in plays) == sorted((p.placements, p.points) for p in table_plays)
        if mine.can_roll() and (not plays or self.rng.random() < 0.3):
            hand = [t.notation() for t in mine.hands[seat]]
            return "roll " + " ".join(self.rng.sample(hand, self.rng.randint(1, len(hand))))
        if plays and (mine.exchange_limit() == 0 or self.rng.random() < 0.9):
            return max(plays, key=lambda p: (p.points, p.notation())).notation()
        if mine.exchange_limit():
            hand = [t.notation() for t in mine.hands[seat]]
            return "swap " + " ".join(hand[: self.rng.randint(1, mine.exchange_limit())])
        return "pass"

    def table_move(self) -> None:
        """A seat played on the table (a computer or a human there): the game moves, the phones hear of it."""
        legal = self.game.legal_moves()
        if legal.plays:
            self.game.apply(max(legal.plays, key=lambda p: (p.points, p.notation())).notation())
        elif legal.exchanges:
            self.game.apply(legal.exchanges[0])
        elif legal.rolls:
            self.game.apply(legal.rolls[-1])
        else:
            self.game.apply("pass")
        self.deliver(self.table.broadcast(self.now))

    def turn(self) -> None:
        """One move of the player to move; a phone seat that is not connected joins (or rejoins) first."""
        seat = self.game.to_move
        self.now += 1.0
        if seat not in self.phone_seats:
            self.table_move()
            return
        if seat not in self.links:
            self.join(seat)
        before = len(self.game.history)
        self.send(seat, self.phones[seat].move(self.phone_move(seat)))
        assert len(self.game.history) == before + 1, self.received[seat][-1]

    def play_out(self, limit: int = 600) -> None:
        for _ in range(limit):
            if self.game.is_over:
                return
            self.turn()
        raise AssertionError("the game did not end")

    # -- checks -------------------------------------------------------------------------------------------------
    def check_private(self, seat: int, text: str) -> None:
        """A text for ``seat`` holds its rack only, never the seed or the bag's order, until the game is over."""
        message = decode(text)
        over = self.game.is_over
        if not over:
            assert '"seed"' not in text and str(self.game.options.seed) not in text, text
        if not isinstance(message, State):
            return
        assert message.seat == seat
        assert isinstance(message.bag, int) and message.bag == self.game.bag_count
        for other, hand in enumerate(message.hands):
            if other == seat or self.game.variant.hands_open or over:
                assert hand == " ".join(t.notation() for t in self.game.hands[other])
            else:
                assert hand == len(self.game.hands[other])
        assert (message.record is not None) == (over and self.game.options.start is None)
        if not over:
            hidden = [t.move for t in message.recent if t.kind == "exchange" and t.seat != seat]
            assert all(move is None for move in hidden)

    def check_tiles(self) -> None:
        """No tile lost or duplicated: the board, the hands and the bag are the whole set (dice by their color)."""
        identity = self.game.variant.identity
        position = self.game.position()
        held = [p.tile for p in position.board] + [t for h in position.hands for t in h]
        assert isinstance(position.bag, tuple)
        held += list(position.bag)
        assert Counter(map(identity, held)) == Counter(map(identity, self.game.full_set))

    def states(self, seat: int) -> list[State]:
        return [m for m in map(decode, self.received[seat]) if isinstance(m, State)]


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))
