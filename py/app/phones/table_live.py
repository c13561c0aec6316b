"""The table's live phone seats on the page: ``app.live.table.LiveTable`` (the authority: tokens, move numbers,
liveness) wired to the WebRTC links of ``js/live.js``, the game at the table and the save.

For each phone seat that is not connected (never joined, or away) the table holds an open offer: a new link and its join
link (``join_code``), shown with its QR code by ``seats_region``. The phone's answer code, typed or scanned, is applied
at once (Firefox drops an answer that comes back late). Every text a link receives goes to the authority; what it
answers is sent, its refusals are noted on the table (``notes``), and a move it accepts has been played through
``LivePlay.phone_move`` (the engine checks it); the phones' new states are sent first, then the page follows the move as
any move (its drawing would hold them up). A link that closes or fails makes its seat away and a new offer its rejoin
code; the table pings every few seconds (``LiveTable.tick``). ``LiveTable.to_dict`` is kept beside the save after every
change (``app.live.keeping``), so a reload of the table resumes with the same tokens: each phone rejoins with the seat's
new code.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..shared import seats as seat_registry
from .join_code import join_url
from .notes import refusal_note
from .wire import Wire

if TYPE_CHECKING:
    from qwirkle import IllegalMoveError, TurnResult

    from ..live.table import LiveTable, Outcome
    from ..play.session import Session

TICK_SECONDS = 1.0
CAMERA_SECONDS = 8.0  # the table's codes wait this long at most for the camera permission's answer


class Offer:
    """An open join (or rejoin) code for a seat: its link, and its join link once the offer is made."""

    __slots__ = ("link", "wire", "url", "status")

    def __init__(self, link: str, wire: Wire) -> None:
        self.link, self.wire = link, wire
        self.url: str | None = None
        self.status = "preparing"  # preparing, ready, connecting, bad-answer


class TableLive:
    """The live seats of the game at the table (``game_id``); ``changed`` redraws the page."""

    def __init__(self, session: Session, page_url: Callable[[], str], changed: Callable[[], None]) -> None:
        self.session = session
        self.page_url = page_url
        self.changed = changed
        self.game_id: str | None = None
        self.table: LiveTable | None = None
        self.offers: dict[int, Offer] = {}
        self.wires: dict[str, Wire] = {}  # every open link, by the authority's link id
        self.failed: set[int] = set()  # seats whose last code did not connect: the page says what to try
        self._moves = -1  # the moves of the game the phones last heard of
        self._receiving = False
        self._ticking = False
        self._following: tuple[int, TurnResult, float] | None = None  # a phone's move the page has yet to follow

    # -- the game at the table ---------------------------------------------------------------------
    def follow(self) -> None:
        """The game at the table changed (started, resumed, left): take up its phone seats, or close the last
        game's links."""
        c = self.session.controller
        game_id = c.game_id if self.session.has_game() and seat_registry.PHONE in c.seats else None
        if game_id == self.game_id:
            return
        self.close()
        self.game_id = game_id
        if game_id is None:
            return
        from ..live.keeping import restore
        from ..live.protocol import Player

        names = c.current.options.players
        players = [Player(name, kind) for name, kind in zip(names, c.seats, strict=True)]
        phones = [seat for seat, kind in enumerate(c.seats) if kind == seat_registry.PHONE]
        assert self.session.store is not None
        self.table = restore(self.session.store, game_id, phones, players, lambda: c.current, self._apply)
        self._keep()
        self._moves = len(c.current.history)
        self.session.host.spawn(self._start(game_id))

    async def _start(self, game_id: str) -> None:
        """Ask for the camera first (to scan the phones' answers; in Chromium its permission also puts the table's
        real addresses in its codes, which connect where ``.local`` names do not resolve), then make the codes."""
        from pyscript import window

        try:
            await asyncio.wait_for(window.qwirkleLive.requestCamera(), CAMERA_SECONDS)
        except Exception as error:  # noqa: BLE001 - no answer yet, or no camera: the codes are made anyway
            self.session.host.log(f"live: camera not granted yet: {error}")
        if self.game_id != game_id:
            return
        self.refresh()
        self.changed()
        if not self._ticking:
            self._ticking = True
            self.session.host.spawn(self._tick())

    def close(self) -> None:
        for wire in self.wires.values():
            wire.close()
        self.wires, self.offers, self.failed = {}, {}, set()
        self.table, self.game_id = None, None

    def sync(self) -> None:
        """After any change of the game on the table (a computer, a human here, an undo): every phone hears of it."""
        if self.table is None or self._receiving or not self.session.has_game():
            return
        moves = len(self.session.controller.current.history)
        if moves != self._moves:
            self._moves = moves
            self._run(self.table.broadcast(self.session.host.now()), redraw=False)  # the page is drawing

    def _apply(self, seat: int, notation: str) -> IllegalMoveError | None:
        """The authority's ``apply``: the engine checks the phone's move; an accepted one is followed as any move."""
        from qwirkle import IllegalMoveError

        host = self.session.host
        started = host.now()
        result = self.session.controller.live.phone_move(seat, notation)
        if isinstance(result, IllegalMoveError):
            return result
        self._moves = len(self.session.controller.current.history)
        self._following = (seat, result, (host.now() - started) * 1000)  # followed once the states are sent (_run)
        return None

    def _follow(self, seat: int, result: TurnResult, engine: float) -> None:
        """The page follows a phone's move (it draws; the computers answer), after the phones heard of it."""
        host = self.session.host
        started = host.now()
        self.session.after_move(result, human=True)
        # for bench/live_table.py: the engine's check and apply (with the autosave), then the page following it
        host.log(f"live-move seat={seat} engine={engine:.1f}ms page={(host.now() - started) * 1000:.1f}ms")

    # -- offers and links ------------------------------------------------------------------------
    def refresh(self) -> None:
        """An offer for every phone seat that is not connected and has none."""
        if self.table is None:
            return
        for seat in self.table.seats:
            if self.table.state(seat) != "connected" and seat not in self.offers:
                self._offer(seat)

    def _offer(self, seat: int) -> None:
        assert self.table is not None
        link = self.table.open_link(seat)
        wire = Wire.host(self.session.store.settings())
        self.wires[link] = wire
        self.offers[seat] = Offer(link, wire)
        wire.on("message", lambda text: self._received(link, str(text)))
        wire.on("close", lambda *_: self._closed(link))
        wire.on("failed", lambda *_: self._closed(link, failed=True))
        self.session.host.spawn(self._make_offer(seat, link, wire))

    async def _make_offer(self, seat: int, link: str, wire: Wire) -> None:
        try:
            code = await wire.offer()
        except Exception as error:  # noqa: BLE001 - no code: the seat shows the failure, a new one is made
            self.session.host.log(f"live: no offer for seat {seat}: {error}", warning=True)
            self._closed(link, failed=True)
            return
        offer = self.offers.get(seat)
        if self.table is None or offer is None or offer.link != link:
            return
        offer.url = join_url(self.page_url(), seat, self.table.token(seat), code)
        offer.status = "ready"
        self.changed()

    async def connect(self, seat: int, answer: str) -> bool:
        """Apply a phone's answer code to the seat's offer; False when it is not an answer code."""
        offer = self.offers.get(seat)
        answer = "".join(answer.split())
        if offer is None or offer.status not in ("ready", "bad-answer") or not answer:
            return False
        offer.status = "connecting"
        self.failed.discard(seat)
        self.changed()
        try:
            await offer.wire.accept(answer)
        except Exception:  # noqa: BLE001 - not an answer code (Error .code "malformed"): the seat says so
            offer.status = "bad-answer"
            self.changed()
            return False
        return True

    def _received(self, link: str, text: str) -> None:
        if self.table is None:
            return
        self._receiving = True
        try:
            outcome = self.table.receive(link, text, self.session.host.now())
        finally:
            self._receiving = False
        self._run(outcome)

    def _closed(self, link: str, failed: bool = False) -> None:
        wire = self.wires.pop(link, None)
        if wire is None or self.table is None:
            return
        wire.close()
        self.session.host.log(f"live: link {link} {'failed' if failed else 'closed'}")
        seat = next((s for s, offer in self.offers.items() if offer.link == link), None)
        if seat is not None:  # a code that did not connect: a new one, and what to try
            del self.offers[seat]
            if failed:
                self.failed.add(seat)
        self._run(self.table.closed(link, self.session.host.now()))

    def _run(self, outcome: Outcome, redraw: bool = True) -> None:
        """Send what the authority answered, close what it closed, note its refusals, keep it beside the save; then
        the page follows a phone's move (the phones hear of it first: the table's drawing waits, not theirs)."""
        table = self.table
        following, self._following = self._following, None
        if table is None:
            return
        for send in outcome.sends:
            wire = self.wires.get(send.link)
            if wire is not None:
                wire.send(send.text)
        for link in outcome.close:
            wire = self.wires.pop(link, None)
            if wire is not None:
                wire.close()
                seat = next((s for s, offer in self.offers.items() if offer.link == link), None)
                if seat is not None:
                    del self.offers[seat]
        names = self.session.controller.current.options.players
        for note in outcome.notes:
            if note.kind in ("joined", "rejoined") and note.seat is not None:
                offer = self.offers.get(note.seat)
                if offer is not None and offer.link == note.link:
                    del self.offers[note.seat]  # the code is used: the seat is connected on its link
                self.failed.discard(note.seat)
            elif note.kind == "refused":
                name = names[note.seat] if note.seat is not None and note.seat < len(names) else "?"
                self.session.notice = refusal_note(note, name)
                self.session.host.log(f"live: refused from seat {note.seat}: {note.reason} {note.rule or ''}")
        self._keep()
        self.refresh()
        if following is not None:
            self._follow(*following)  # it draws the page
        elif redraw:
            self.changed()

    def _keep(self) -> None:
        if self.table is not None and self.game_id:
            from ..live.keeping import save_live

            save_live(self.session.store, self.game_id, self.table)

    async def _tick(self) -> None:
        """Pings and liveness, every second while a game with phones is at the table."""
        try:
            while self.table is not None:
                await self.session.host.sleep(TICK_SECONDS)
                if self.table is not None:
                    outcome = self.table.tick(self.session.host.now())
                    if outcome.sends or outcome.notes or outcome.close:
                        self._run(outcome)
        finally:
            self._ticking = False

    # -- what the region shows ---------------------------------------------------------------------
    def seat_view(self, seat: int) -> tuple[str, Offer | None, bool, str]:
        """(state, the open offer, whether the last code failed, the name the phone gave) of a phone seat."""
        assert self.table is not None
        return self.table.state(seat), self.offers.get(seat), seat in self.failed, self.table.name(seat)

    def stand_in(self) -> None:
        """Play the away phone's turn here (the hand-over screen hides every rack first)."""
        self.session.controller.live.stand_in()
        self.changed()
