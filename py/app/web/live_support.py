"""Whether this browser can seat a phone at the table: it needs ``RTCPeerConnection`` (WebRTC data channels) to
connect to the phones with no server. WebKitGTK's builds have none; there the seat kind is not offered, and the
new-game dialog says why (``phone_unsupported``)."""

from __future__ import annotations

from typing import Any


def phones_supported(window: Any) -> bool:
    """True when the page can open a data channel to a phone (``js/live.js`` says so, else the API's presence)."""
    live = window.qwirkleLive if bool(window.Reflect.has(window, "qwirkleLive")) else None
    if live is not None:
        return bool(live.support().ok)
    return bool(window.Reflect.has(window, "RTCPeerConnection"))
