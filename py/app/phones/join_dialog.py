"""The "Join a table" dialog (``#join-dialog``, from the menu and the home screen): a phone reads the join (or
rejoin) link its table shows, with the page's own camera scanner (``qwirkleLive.scan``) or pasted, and opens it as
opening the link would: ``?join=SEAT.TOKEN.OFFER`` on this page (``phone_seat``). Only a join link of this site is
taken (``join_paste``); anything else is refused with what is wrong, as text. Where the browser has no
RTCPeerConnection the ways to join are hidden and the dialog says why, as New game does for the seat kind.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from ..web.display import Display
from ..web.dom import by_id, closest, data, listen, set_attr, set_text
from ..web.live_support import phones_supported
from .camera import CameraScan
from .join_paste import read_pasted


class JoinDialog:
    def __init__(self, display: Display) -> None:
        self.display = display
        self.element = by_id("join-dialog")
        self.scanning: CameraScan | None = None  # the camera's scan while it runs
        self.actions: dict[str, Callable[[], object]] = {"join-scan": self._scan, "close-dialog": self.element.close}
        listen(self.element, "click", self._click)
        listen(self.element, "close", lambda _event: self._stop_scan())
        listen(by_id("join-link-form"), "submit", self._submit)

    def open(self) -> None:
        supported = phones_supported(window)
        reason = by_id("join-dialog-unsupported")
        reason.hidden = supported
        set_attr(reason, "data-live-support", "ok" if supported else "no-rtc")
        set_text(reason, "" if supported else self.display.tr.t("join_unsupported"))
        by_id("join-dialog-ways").hidden = not supported
        self._say("")
        if not self.element.open:
            self.element.showModal()

    # -- input -------------------------------------------------------------------------------------
    def _click(self, event: Any) -> None:
        if event.target == self.element:  # a click on the backdrop closes the dialog
            self.element.close()
            return
        button = closest(event, "[data-action]")
        action = self.actions.get(data(button, "action") or "") if button is not None else None
        if action is not None:
            action()

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        self._take(str(by_id("join-link-input").value))

    def _take(self, text: str) -> bool:
        """Open the join link in ``text``, else say what is wrong with it (False)."""
        pasted = read_pasted(text, str(window.location.href))
        if pasted.url is None:
            self._say(self.display.tr.t(pasted.problem or "join_paste_garbage", **pasted.values))
            return False
        self._stop_scan()
        window.location.assign(pasted.url)
        return True

    def _say(self, text: str) -> None:
        set_text(by_id("join-link-problem"), text)

    # -- the camera --------------------------------------------------------------------------------
    def _scan(self) -> None:
        """Scan (again: stop): the camera reads the table's QR code, which joins at once when it is a join link."""
        if self.scanning is not None:
            self._stop_scan()
            return
        self._say("")

        def found(text: str) -> None:
            if not self._take(text):  # a code that is not a join link: said, and the camera reads on
                by_id("join-link-input").value = text

        def failed() -> None:  # denied or no camera: the link can be pasted
            self._stop_scan()
            self._say(self.display.tr.t("join_camera_failed"))

        self.scanning = CameraScan(self.display, by_id("join-camera"), by_id("join-scan"), found, failed)

    def _stop_scan(self) -> None:
        if self.scanning is not None:
            scan, self.scanning = self.scanning, None
            scan.stop()
