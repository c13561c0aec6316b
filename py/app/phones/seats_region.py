"""The table's panel of its phone seats (``#live-seats``, first in the side panel): one ``[data-live-seat=N]`` per
phone seat with ``data-live-state`` (``waiting``, ``connected``, ``away``) and, while it waits for a phone,
``data-live-offer`` holding the full join link. A seat that waits shows its join (or rejoin) link, as a QR code drawn
as the turn links' are (``web.sharing``), with Scan, which reads the phone's answer with the in-page camera scanner
(``qwirkleLive.scan``), Copy and Share; the field "Phone's answer code" with Connect; what to try when a code did not
connect; and, when it is that seat's turn, a button to play it here (behind the hand-over screen). How to join is said
once above the seats.

Each seat's part is redrawn only when what it shows changes, and a code being typed survives the redraw. Names are
set as text, never HTML.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui.jsvalues import present

from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, listen, set_text
from ..web.sharing import can_share, copy_link, draw_qr, share_link
from ..web.tasks import spawn
from .camera import CameraScan

if TYPE_CHECKING:
    from ..play.session import Session
    from .table_live import TableLive


class SeatsRegion:
    def __init__(self, session: Session, display: Display, live: TableLive) -> None:
        self.session = session
        self.display = display
        self.live = live
        self.box = by_id("live-seats")
        self.drawn: dict[int, tuple[Any, ...]] = {}
        self.scanner: tuple[int, CameraScan] | None = None  # the seat being scanned for, and its scan
        self.actions: dict[str, Callable[[int], object]] = {
            "live-copy": lambda seat: spawn(self._copy(seat)),
            "live-share": lambda seat: spawn(self._share(seat)),
            "live-scan": self._scan,
            "live-play-here": lambda _seat: self.live.stand_in(),
        }
        listen(self.box, "click", self._click)
        listen(self.box, "submit", self._submit)

    def forget(self) -> None:
        self.drawn = {}

    def render(self) -> None:
        table = self.live.table
        self.box.hidden = table is None
        if table is None:
            if self.drawn:
                self._stop_scan()
                clear(self.box)
                self.drawn = {}
            return
        c = self.session.controller
        game = c.current
        names = game.options.players
        if not self.box.firstChild:  # the title, how to join (while a phone is awaited), the seats
            self.box.appendChild(el("h3", "live-seats__title", attrs={"id": "live-seats-title"}))
            self.box.appendChild(el("p", "live-seats__help"))
            self.box.appendChild(el("div", "live-seats__list"))
        title, help_text, listed = self.box.children[0], self.box.children[1], self.box.children[2]
        set_text(title, self.display.tr.t("live_title"))
        set_text(help_text, self.display.tr.t("live_join_help"))
        views = {seat: self.live.seat_view(seat) for seat in table.seats}
        help_text.hidden = all(view[0] != "waiting" for view in views.values())
        for seat in table.seats:
            state, offer, failed, phone_name = views[seat]
            here = c.live.phone_to_move and game.to_move == seat and state != "connected"
            url = offer.url if offer is not None and state != "connected" else None
            status = offer.status if offer is not None else ""
            signature = (state, url, status, failed, phone_name, here, names[seat], self.display.tr.lang)
            node = self.box.querySelector(f'[data-live-seat="{seat}"]')
            if self.drawn.get(seat) == signature and present(node):
                continue
            self.drawn[seat] = signature
            typed = ""
            if present(node):
                field = node.querySelector("input")
                typed = str(field.value) if present(field) else ""
            fresh = self._seat(seat, names[seat], state, url, status, failed, phone_name, here, typed)
            if present(node):
                if self.scanner is not None and self.scanner[0] == seat:
                    self._stop_scan()
                node.replaceWith(fresh)
            else:
                listed.appendChild(fresh)

    def _seat(
        self,
        seat: int,
        name: str,
        state: str,
        url: str | None,
        status: str,
        failed: bool,
        phone_name: str,
        here: bool,
        typed: str,
    ) -> Any:
        tr = self.display.tr
        item = el(
            "section",
            f"live-seat live-seat--{state}",
            attrs={
                "data-live-seat": seat,
                "data-live-state": state,
                "data-live-offer": url,
                "aria-labelledby": f"live-seat-title-{seat}",
            },
        )
        item.appendChild(
            el("h4", "live-seat__title", text=tr.t(f"live_{state}", name=name), attrs={"id": f"live-seat-title-{seat}"})
        )
        if phone_name and phone_name != name:
            item.appendChild(el("p", "live-seat__phone muted", text=tr.t("live_phone_name", name=phone_name)))
        if here and (state == "connected" or url is None):  # else beside the join code, with its buttons (_link)
            item.appendChild(self._play_here(seat, name, "btn"))
        if state == "connected":
            return item
        if failed:
            item.appendChild(el("p", "live-seat__problem note note--error", text=tr.t("live_failed")))
        body = el("div", "live-seat__code")
        side = el("div", "live-seat__link")
        if state == "away":  # how to join is said once for all the seats (render); bringing a phone back, here
            side.appendChild(el("p", "live-seat__help", text=tr.t("live_rejoin_help", name=name)))
        if url is None:
            side.appendChild(el("p", "live-seat__status muted", text=tr.t("live_preparing"), attrs={"role": "status"}))
        else:
            qr = el(
                "div",
                "turn-link__qr live-seat__qr",
                attrs={"role": "img", "aria-label": tr.t("live_join_qr", name=name)},
            )
            body.appendChild(qr)
            spawn(draw_qr(qr, url))
            self._link(side, seat, url, name if here else None)
        side.appendChild(self._answer_form(seat, status, typed))
        body.appendChild(side)
        item.appendChild(body)
        return item

    def _play_here(self, seat: int, name: str, cls: str) -> Any:
        """The seat's turn played on the table, behind the hand-over screen (``LiveTable.stand_in``)."""
        attrs = {"type": "button", "data-action": "live-play-here", "data-seat": seat}
        return el("button", cls, text=self.display.tr.t("live_play_here", name=name), attrs=attrs)

    def _link(self, side: Any, seat: int, url: str, here: str | None) -> None:
        """Scan (the phone's answer, with the camera), Copy and Share (where the browser shares) the join link, and
        the seat's turn played here when it is to move (``here``: its name); the link itself, for a copy by hand
        where there is no clipboard (its QR code and these buttons show it)."""
        tr = self.display.tr
        buttons = el("div", "turn-link__buttons")
        if here is not None:
            buttons.appendChild(self._play_here(seat, here, "btn btn--small"))
        actions = [("scan", "live_scan"), ("copy", "copy_link")] + ([("share", "share_link")] if can_share() else [])
        for action, key in actions:
            attrs = {"type": "button", "data-action": f"live-{action}", "data-seat": seat}
            buttons.appendChild(el("button", "btn btn--small", text=tr.t(key), attrs=attrs))
        side.appendChild(buttons)
        attrs = {"href": url, "data-live-link": seat, "rel": "noopener"}
        side.appendChild(el("a", "turn-link__url visually-hidden", text=url, attrs=attrs))
        side.appendChild(el("p", "turn-link__status", attrs={"role": "status", "data-live-copied": seat}))

    def _answer_form(self, seat: int, status: str, typed: str) -> Any:
        tr = self.display.tr
        form = el("form", "live-seat__answer", attrs={"data-seat": seat})
        field_id = f"live-answer-{seat}"
        field = el(
            "input",
            attrs={
                "type": "text",
                "id": field_id,
                "autocomplete": "off",
                "autocapitalize": "off",
                "spellcheck": "false",
                "data-live-answer-input": seat,
            },
        )
        field.value = typed
        # the label on a line of its own, the field and Connect under it: a long label (German) on one line
        form.appendChild(el("label", "live-seat__label", text=tr.t("live_answer_label"), attrs={"for": field_id}))
        form.appendChild(field)
        form.appendChild(el("button", "btn btn--small", text=tr.t("live_connect"), attrs={"type": "submit"}))
        words = {"connecting": "live_connecting", "bad-answer": "live_bad_answer"}
        level = " note--error" if status == "bad-answer" else ""
        text = tr.t(words[status]) if status in words else ""
        form.appendChild(el("p", f"live-seat__status{level}", text=text, attrs={"role": "status"}))
        form.appendChild(el("video", "live-seat__camera", attrs={"hidden": True, "aria-hidden": "true"}))
        return form

    # -- input -----------------------------------------------------------------------------------
    def _submit(self, event: Any) -> None:
        event.preventDefault()
        form = event.target
        seat = data(form, "seat")
        field = form.querySelector("input")
        if seat is not None and present(field):
            self._stop_scan()
            spawn(self.live.connect(int(seat), str(field.value)))

    def _click(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        action = self.actions.get(data(button, "action") or "") if button is not None else None
        if action is not None:
            action(int(data(button, "seat") or 0))

    def _url(self, seat: int) -> str | None:
        offer = self.live.offers.get(seat)
        return offer.url if offer is not None else None

    async def _copy(self, seat: int) -> None:
        url = self._url(seat)
        if url is None:
            return
        anchor = self.box.querySelector(f'[data-live-link="{seat}"]')
        copied = await copy_link(url, anchor if present(anchor) else None)
        status = self.box.querySelector(f'[data-live-copied="{seat}"]')
        if present(status):
            name = self.session.controller.current.options.players[seat]
            set_text(status, self.display.tr.t("link_copied" if copied else "link_copy_failed", name=name))

    async def _share(self, seat: int) -> None:
        url = self._url(seat)
        if url is not None:
            name = self.session.controller.current.options.players[seat]
            await share_link(self.display.tr.t("live_share_title", name=name), url)

    def _scan(self, seat: int) -> None:
        """Scan (again: stop): the camera reads the phone's answer code, which connects at once."""
        scanning = self.scanner is not None and self.scanner[0] == seat
        self._stop_scan()
        if scanning:
            return
        node = self.box.querySelector(f'[data-live-seat="{seat}"]')
        if not present(node):
            return

        def found(text: str) -> None:
            self._stop_scan()
            field = node.querySelector("input")
            if present(field):
                field.value = text
            spawn(self.live.connect(seat, text))

        def failed() -> None:
            self._stop_scan()
            status = node.querySelector(".live-seat__status")
            if present(status):  # denied or no camera: the code can be typed
                set_text(status, self.display.tr.t("live_camera_failed"))

        video, button = node.querySelector("video"), node.querySelector('[data-action="live-scan"]')
        self.scanner = (seat, CameraScan(self.display, video, button, found, failed))

    def _stop_scan(self) -> None:
        if self.scanner is not None:
            scan, self.scanner = self.scanner[1], None
            scan.stop()
