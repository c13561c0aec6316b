"""The phone's screen while it joins a live table (``#join``): what it is doing, its answer as a QR code and as a
code to copy (``[data-live-answer]``, made only once the answer exists; ``js/live-answer.js`` shows it before Python
when it can), and what to try when it cannot reach the table. ``phone_seat`` drives it."""

from __future__ import annotations

from typing import Any

from ui.jsvalues import present

from ..web.display import Display
from ..web.dom import by_id, clear, el, listen, set_text
from ..web.sharing import copy_link, draw_qr
from ..web.tasks import spawn


class JoinScreen:
    def __init__(self, display: Display) -> None:
        self.display = display
        self.box = by_id("join")
        self.code = ""
        listen(by_id("join-copy"), "click", self._copy)

    def status(self, key: str) -> None:
        self.box.hidden = False
        node = by_id("join-status")
        node.className = "join__status"
        set_text(node, self.display.tr.t(key))

    def problem(self, key: str) -> None:
        """What went wrong and what to try; the answer (no longer of use) goes."""
        self.status(key)
        by_id("join-status").className = "join__status note note--error"
        by_id("join-answer").hidden = True

    def answer(self, code: str) -> None:
        """The answer code, as a QR code for the table's scanner and as text to type or copy (shown already when
        ``js/live-answer.js`` made it before Python: only its Copy button waited for Python)."""
        self.code = code
        by_id("join-copy").hidden = False
        shown = self.box.querySelector("[data-live-answer]")
        if present(shown) and str(shown.textContent) == code:
            return
        box = by_id("join-code")
        clear(box)
        box.appendChild(el("code", "join__code", text=code, attrs={"data-live-answer": True}))
        by_id("join-answer").hidden = False
        set_text(by_id("join-status"), "")
        spawn(draw_qr(by_id("join-qr"), code))

    def hide(self) -> None:
        self.box.hidden = True

    def _copy(self, _event: Any) -> None:
        spawn(self._copied())

    async def _copied(self) -> None:
        node = self.box.querySelector("[data-live-answer]")
        copied = await copy_link(self.code, node)
        set_text(by_id("join-copied"), self.display.tr.t("join_copied" if copied else "link_copy_failed"))
