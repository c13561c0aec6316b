"""A WebRTC link of ``js/live.js`` (``window.qwirkleLive``) seen from Python: one data channel to one phone (on the
table) or to the table (on a phone), with Python callbacks for its events. The callbacks' proxies are never
destroyed: a link may still report its close after the page closed it, and there are a few links per game.

The STUN servers come from the setting (``web.live_support.ice_servers``): none by default, so that the page
contacts nothing outside the site.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from ..web.live_support import ice_servers


def _options(settings: dict[str, str]) -> Any:
    return to_js({"iceServers": ice_servers(settings)}, dict_converter=window.Object.fromEntries)


class Wire:
    """One link; ``on(event, fn)`` for ``open``, ``message`` (fn(text)), ``close`` and ``failed``."""

    def __init__(self, link: Any) -> None:
        self.link = link

    @classmethod
    def host(cls, settings: dict[str, str]) -> Wire:
        """The table's end of a new link for a phone seat."""
        return cls(window.qwirkleLive.hostSeat(_options(settings)))

    @classmethod
    def join(cls, offer: str, settings: dict[str, str]) -> Wire:
        """The phone's end of the link the table offered (an ``Error`` with ``.code`` "malformed" for a bad code)."""
        return cls(window.qwirkleLive.joinSeat(offer, _options(settings)))

    @classmethod
    def taken(cls, offer: str) -> tuple[Wire, Any, str | None, bool] | None:
        """The phone's end that ``js/live-answer.js`` made for this offer while Python started, the promise of its
        answer code, that code once shown (else None) and whether it said the hello on it (a first join: the table's
        first state may be waiting in the link, and the game drawn from it before Python: ``js/phone-early.js``);
        None when it made none (Python makes the link)."""
        made = window.qwirkleLive.takeJoin(offer)
        if made is None:
            return None
        return cls(made.link), made.answer, None if made.code is None else str(made.code), bool(made.hello)

    def on(self, event: str, handler: Callable[..., None]) -> None:
        self.link.on(event, create_proxy(handler))

    @property
    def state(self) -> str:
        return str(self.link.state)

    async def offer(self) -> str:
        return str(await self.link.offer())

    async def accept(self, answer: str) -> None:
        await self.link.accept(answer)

    async def answer(self) -> str:
        return str(await self.link.answer())

    def send(self, text: str) -> bool:
        """Send ``text``; False when the link is not open (or the text too big: the protocol keeps it smaller)."""
        try:
            self.link.send(text)
            return True
        except Exception:  # noqa: BLE001 - a link that closed meanwhile: liveness says away
            return False

    def close(self) -> None:
        try:
            self.link.close()
        except Exception:  # noqa: BLE001 - closed already
            pass
