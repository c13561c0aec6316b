"""The turn-link panel of a game with friends on other devices (``app.links.friend``), under the status line.

While a friend is to move (or, when this device's player ended the game, for each friend), the
panel shows a Copy button (the clipboard, else the selection) and a Share button where the browser has the Web
Share API, first (the panel scrolls inside itself when the screen is short: the board keeps its place), then the
link as ``<a data-turn-link href="...">`` (the full URL), what to do with it, and the link's QR code, drawn as SVG
by the npm library qrcode-generator (vendored into assets/vendor by scripts/build/vendor.py, precached, imported
on first need so that it costs nothing to anyone who never sends a link).

One delegated click listener on the panel; redrawn only when the links or the language change.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from pyodide.ffi import to_js
from pyscript import window

from ui.jsvalues import present

from ..shared.seats import FRIEND
from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, listen, set_text
from ..web.sharing import can_share, copy_link, draw_qr, share_link
from ..web.tasks import spawn

if TYPE_CHECKING:
    from ..links.friend import Outgoing
    from ..play.session import Session


class LinkRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.box = by_id("turn-link")
        self.drawn: tuple[Any, ...] | None = None
        self.links: dict[int, tuple[str, str]] = {}  # seat -> (name, URL)
        self._outgoing: tuple[tuple[Any, ...], list[Outgoing]] | None = None
        self.actions: dict[str, Callable[[int], Coroutine[Any, Any, None]]] = {
            "copy-link": self.copy,
            "share-link": self.share,
        }
        listen(self.box, "click", self._click)

    def forget(self) -> None:
        self.drawn = None

    def outgoing(self) -> list[Outgoing]:
        """The links to send now (computed once per move: they compress the whole record)."""
        c = self.session.controller
        if FRIEND not in c.seats:  # no friend at the table: app.links.friend is not even imported (start-up)
            return []
        from ..links.friend import outgoing

        key = (c.game_id, self.session.generation, len(c.current.history), c.seats)
        if self._outgoing is None or self._outgoing[0] != key:
            self._outgoing = (key, outgoing(c))
        return self._outgoing[1]

    def render(self) -> None:
        links = self.outgoing()
        signature = (tuple((link.seat, link.fragment, link.final) for link in links), self.display.tr.lang)
        if signature == self.drawn:
            return
        self.drawn = signature
        clear(self.box)
        self.box.hidden = not links
        if not links:  # no friend seated: turn_link is not imported (start-up time)
            self.links = {}
            return
        from ..links.turn_link import page_url

        base = page_url(str(window.location.href))
        self.links = {link.seat: (link.name, f"{base}#{link.fragment}") for link in links}
        for link in links:
            self.box.appendChild(self._item(link))
        if links:  # a phone shows the panel under the rack: bring it into view (no move if it is)
            self.box.scrollIntoView(to_js({"block": "nearest"}, dict_converter=window.Object.fromEntries))

    def _item(self, link: Outgoing) -> Any:
        tr = self.display.tr
        name, url = self.links[link.seat]
        title_id = f"turn-link-title-{link.seat}"
        item = el("section", "turn-link__item", attrs={"aria-labelledby": title_id, "data-seat": link.seat})
        title = tr.t("turn_link_title_final" if link.final else "turn_link_title", name=name)
        item.appendChild(el("h3", "turn-link__title", text=title, attrs={"id": title_id}))
        buttons = el("div", "turn-link__buttons")
        # Copy always; Share where the browser has the Web Share API.
        actions = [("copy", "btn btn--primary")] + ([("share", "btn")] if can_share() else [])
        for action, classes in actions:
            attrs = {"type": "button", "data-action": f"{action}-link", "data-seat": link.seat}
            buttons.appendChild(el("button", classes, text=tr.t(f"{action}_link"), attrs=attrs))
        item.appendChild(buttons)
        item.appendChild(
            el(
                "a",
                "turn-link__url",
                text=url,
                attrs={"href": url, "data-turn-link": True, "data-seat": link.seat, "rel": "noopener"},
            )
        )
        item.appendChild(el("p", "turn-link__status", attrs={"role": "status", "data-link-status": link.seat}))
        item.appendChild(
            el("p", "turn-link__help", text=tr.t("turn_link_help_final" if link.final else "turn_link_help", name=name))
        )
        qr = el(
            "div",
            "turn-link__qr",
            attrs={"role": "img", "data-turn-qr": link.seat, "aria-label": tr.t("turn_link_qr", name=name)},
        )
        item.appendChild(qr)
        item.appendChild(el("p", "muted turn-link__seed", text=tr.t("turn_link_seed")))
        spawn(draw_qr(qr, url))
        return item

    # -- the buttons ----------------------------------------------------------------------------
    def _click(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        action = self.actions.get(data(button, "action") or "") if button is not None else None
        if action is not None:
            spawn(action(int(data(button, "seat") or 0)))

    def _status(self, seat: int, text: str) -> None:
        status = self.box.querySelector(f'[data-link-status="{seat}"]')
        if present(status):
            set_text(status, text)

    async def copy(self, seat: int) -> None:
        if seat not in self.links:
            return
        name, url = self.links[seat]
        anchor = self.box.querySelector(f'[data-turn-link][data-seat="{seat}"]')
        copied = await copy_link(url, anchor if present(anchor) else None)
        self._status(seat, self.display.tr.t("link_copied" if copied else "link_copy_failed", name=name))

    async def share(self, seat: int) -> None:
        if seat in self.links:
            name, url = self.links[seat]
            await share_link(self.display.tr.t("share_title", name=name), url)
