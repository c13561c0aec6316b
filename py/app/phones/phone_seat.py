"""The phone at a live table (``?join=SEAT.TOKEN.OFFER``, ``join_code``): its answer code, then its seat.

The page opens in phone mode (``<html data-live>``): ``joining`` while it shows its answer (``join_screen``), then
``connected`` (with ``data-seat``) from the table's first state, ``away`` when the table is out of reach. The answer
is made only when it is about to be shown (Firefox drops an answer that comes back late). Once the channel opens the
phone says hello (``app.live.phone.Phone``); every state it receives becomes the game at this page
(``LivePlay.show``: the public board, its own rack, the others' by count), so it plays as the game does on a table
(tap, drag, keys; legal cells and the score of the play being made computed here), and its moves go to the table,
whose engine checks them; a refusal is shown with its rule. "Your turn" is announced (and a vibration where the
browser has one), a Qwirkle celebrated. Once the game is over the state carries the whole record: it is saved on
the phone as a finished game, so the review opens.

The phone keeps its seat, token and last state beside the saves (``qwirkle.phone``), with the offer it last answered:
a reload of that same link shows the last state and asks for the table's rejoin code; the rejoin link (the same seat
and token, a new offer) takes the seat back with its rack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pyscript import document, window

from ..shared import seats as seat_registry
from ..shared.notes import Note
from ..store.beside import load_beside, save_beside
from ..store.saves import PHONE
from ..web.dom import set_attr
from .join_code import read_join
from .join_screen import JoinScreen
from .wire import Wire

if TYPE_CHECKING:
    from ..live.phone import Phone
    from ..live.protocol import State
    from ..play.session import Session
    from ..regions.celebrate import Celebration
    from ..web.display import Display


class Page(Protocol):
    """What the phone needs of the page (``app.page.Page`` is one)."""

    session: Session
    display: Display

    @property
    def celebration(self) -> Celebration: ...
    def render(self) -> None: ...
    def entered(self) -> None: ...
    def announce(self, text: str) -> None: ...


KEY = PHONE
MAX_TEXT = 40_000  # a state of at most 16 KiB, and the rest
WATCH_SECONDS = 2.0
SLOW_SECONDS = 45.0  # the table gives up 20 s after it took the answer: past this, say what to try
VIBRATION_MS = 200


class PhoneSeat:
    def __init__(self, page: Page, query: str) -> None:
        from ..live.phone import Phone

        self.page = page
        self.session = page.session
        self.join = read_join(query)
        self.screen = JoinScreen(page.display)
        self.wire: Wire | None = None
        self.open = False
        self.sending = False  # a move is on its way: the table's answer comes first
        self.greeted = False  # js/live-answer.js said the hello on the link before Python took it
        self.moves = 0  # the moves of the game in the last state shown
        self.shown: State | None = None  # the state the game at this page shows
        kept = load_beside(self.session.store, KEY, MAX_TEXT, "phone")
        self.phone: Phone | None = None
        self.answered = ""  # the offer this phone last answered
        if self.join is not None:
            try:
                phone = Phone.from_dict(kept.get("phone"))
                same = (phone.seat, phone.token) == (self.join.seat, self.join.token)
            except ValueError:
                same = False
            self.phone = phone if same else Phone(self.join.seat, self.join.token)
            self.answered = str(kept.get("offer", "")) if same else ""

    def start(self) -> None:
        root = document.documentElement
        if self.join is None or self.phone is None:
            set_attr(root, "data-live", "joining")
            self.screen.problem("join_bad_link")
            return
        if self.phone.state is not None:
            self._show(self.phone.state, first=True)
        if self.answered == self.join.offer:  # this link's code was used already: the table makes a new one
            set_attr(root, "data-live", "away")
            self.session.notice = Note("join_lost", level="warn")
            self.screen.problem("join_lost")
            self.page.render()
            return
        set_attr(root, "data-live", "joining")
        taken = Wire.taken(self.join.offer)
        if taken is not None and taken[2] is not None:  # shown already: taken over now, the page still starting
            self.greeted = taken[3]
            self._answered(self.join.offer, taken[0], taken[2])
        else:
            self.session.host.spawn(self._answer(self.join.offer, taken))

    # -- pairing -----------------------------------------------------------------------------------
    async def _answer(self, offer: str, taken: tuple[Wire, Any, str | None, bool] | None) -> None:
        """The answer to the table's offer: the one ``js/live-answer.js`` is making (``taken``), or made now."""
        if taken is None:
            self.screen.status("join_preparing")
            try:
                wire = Wire.join(offer, self.session.store.settings())
            except Exception:  # noqa: BLE001 - not an offer code (Error .code "malformed")
                self.screen.problem("join_bad_link")
                return
            made = wire.answer()
        else:
            wire, made, _, self.greeted = taken
        self.wire = wire
        try:
            code = str(await made)
        except Exception as error:  # noqa: BLE001 - a code the browser cannot apply
            self.session.host.log(f"live: no answer: {error}", warning=True)
            self.screen.problem("join_bad_link")
            return
        self._answered(offer, wire, code)

    def _answered(self, offer: str, wire: Wire, code: str) -> None:
        """The answer is shown: the link is followed (``js/live-answer.js`` made it while Python started: it may be
        open already, what came on it waiting there), and a phone that cannot reach the table says what to try."""
        self.wire = wire
        self.answered = offer
        self._keep()
        self.screen.answer(code)
        self._listen(wire)
        self.session.host.spawn(self._slow(wire))

    async def _slow(self, wire: Wire) -> None:
        await self.session.host.sleep(SLOW_SECONDS)
        if self.wire is wire and not self.open:  # still not through: what to try, the answer still shown
            self.screen.status("join_failed")

    def _listen(self, wire: Wire) -> None:
        """Follow the link: what happened on it before (opened, closed: a link made before Python) as it happens."""
        wire.on("open", lambda *_: self._opened())
        wire.on("close", lambda *_: self._lost())
        wire.on("failed", lambda *_: self._lost(failed=True))
        if wire.state == "open":
            self._opened()
        elif wire.state in ("closed", "failed"):
            self._lost(failed=wire.state == "failed")
        wire.on("message", lambda text: self._received(str(text)))  # what came already first, in order

    def _opened(self) -> None:
        assert self.wire is not None and self.phone is not None
        self.open = True
        self.phone.heard = self.session.host.now()  # the table's silence is counted from now
        self.screen.status("join_waiting")
        if not self.greeted:  # else said before Python ran: the table's first state may be here already
            self.wire.send(self.phone.hello())
        self.greeted = False  # said once, on this link
        self.session.host.spawn(self._watch())

    def _lost(self, failed: bool = False) -> None:
        """The link closed or failed: say so, and what to try."""
        if self.wire is None:
            return
        self.wire.close()
        self.wire, was_open, self.open, self.sending = None, self.open, False, False
        set_attr(document.documentElement, "data-live", "away")
        key = "join_lost" if was_open else "join_failed" if failed else "join_lost"
        self.screen.problem(key)
        self.session.notice = Note(key, level="warn")
        self.page.render()

    async def _watch(self) -> None:
        """The table pings every few seconds: silence means it is out of reach (asleep, another network)."""
        while self.wire is not None and self.open and self.phone is not None:
            await self.session.host.sleep(WATCH_SECONDS)
            if self.wire is not None and self.phone.table_silent(self.session.host.now()):
                self._lost()

    # -- the table's messages ----------------------------------------------------------------------
    def _received(self, text: str) -> None:
        from ..live.protocol import ProtocolError

        phone = self.phone
        if phone is None or self.wire is None:
            return
        try:
            event = phone.take(text, self.session.host.now())
        except ProtocolError as error:
            self.session.host.log(f"live: unreadable message from the table: {error}", warning=True)
            return
        if event.reply is not None:
            self.wire.send(event.reply)
        if event.kind == "state":
            self.sending = False
            self._show(event.message, first=document.documentElement.getAttribute("data-live") != "connected")
            self._keep()  # once drawn: the player waits for the board, not for the storage
        elif event.kind == "reject":
            self.sending = False
            self._refused(event.message)
        elif event.kind == "bye":
            self._lost()

    def _send(self, notation: str) -> None:
        """The outbox of the game on this phone: a move goes to the table once at a time."""
        if self.phone is None or self.wire is None or not self.open or self.sending:
            return
        self.sending = self.wire.send(self.phone.move(notation))
        self._keep()

    def _refused(self, reject: Any) -> None:
        from ..live.table import TableNote
        from .notes import refusal_note

        c = self.session.controller
        if reject.rule:  # the engine's refusal: its rule, as the game says it
            error = {"rule": reject.rule, "reason": reject.reason, "message": "", "cells": [], "details": {}}
            c.note = Note("error", error=error, level="error")
        else:
            name = c.current.options.players[self.phone.seat] if self.phone is not None else ""
            c.note = refusal_note(TableNote("refused", None, "", reject.reason), name)
        self.page.render()

    # -- the game on this phone --------------------------------------------------------------------
    def _show(self, state: State, first: bool) -> None:
        """The table's state as the game on this page: the game shown moved on by the state's move when it is the
        next one (``follow``), else set up from the state."""
        from ..live.phone import follow, game_of

        c = self.session.controller
        before = c.game.to_move if c.game is not None and not first else None
        moves_before, self.moves = self.moves, state.moves
        shown, self.shown = self.shown, state
        seats = tuple(
            seat_registry.HUMAN if seat == state.seat else seat_registry.PHONE for seat in range(len(state.hands))
        )
        if first or shown is None or c.game is None or state.over is not None:
            result = None
        else:
            result = follow(c.game, shown, state)
        if result is not None:
            c.live.followed(result)
        else:
            game_id = ""
            if state.over is not None and state.record is not None:
                game, game_id = self._finished(state, seats)
            else:
                game = game_of(state)
            c.live.show(game, seats, self._send, game_id, tuple(player.kind for player in state.players))
        root = document.documentElement
        if self.wire is not None and self.open:
            set_attr(root, "data-live", "connected")
            set_attr(root, "data-seat", str(state.seat))
            self.screen.hide()
            self.session.notice = None
        if first:
            self.page.entered()
        else:
            self.page.render()
        self._tell(state, before, moves_before)

    def _tell(self, state: State, before: int | None, moves_before: int) -> None:
        """Announce this player's turn (and vibrate), celebrate a Qwirkle just made."""
        tr = self.page.display.tr
        mine = state.over is None and state.turn == state.seat
        if mine and before != state.seat:
            self.page.announce(tr.t("your_turn", name=state.players[state.seat].name if state.players else ""))
            if bool(window.Reflect.has(window.navigator, "vibrate")):
                window.navigator.vibrate(VIBRATION_MS)
        made = state.moves - moves_before
        if 0 < made <= len(state.recent) and any(turn.qwirkles for turn in state.recent[-made:]):
            self.page.celebration.qwirkle(tr.t("qwirkle_shout"))

    def _finished(self, state: State, seats: tuple[str, ...]) -> tuple[Any, str]:
        """The whole record of a finished game: saved here once as a finished game (so the review opens), as the
        table sent it (it is the engine's record: ``from_record`` has read it)."""
        from qwirkle.record import from_record

        assert state.record is not None
        record = {key: value for key, value in state.record.items() if key != "seats"}
        game = from_record(record)
        store = self.session.store
        game_id = f"live{game.options.seed:x}s{state.seat}"  # the same game saved once, however often it is sent
        if store.load(game_id) is None:
            kinds = [str(kind) for kind in state.record.get("seats", seats)]
            kinds = [seat_registry.HUMAN if s == state.seat else kind for s, kind in enumerate(kinds)]
            store.save(game_id, record, kinds, over=True, current=False)
        return game, game_id

    def _keep(self) -> None:
        if self.phone is not None:
            save_beside(self.session.store, KEY, {"phone": self.phone.to_dict(), "offer": self.answered})


def join_table(page: Page, query: str) -> None:
    """Open this page as a phone at the table of the join link in ``query``."""
    PhoneSeat(page, query).start()
