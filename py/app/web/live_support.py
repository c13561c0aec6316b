"""Whether this browser can seat a phone at the table: it needs ``RTCPeerConnection`` (WebRTC data channels) to
connect to the phones with no server. WebKitGTK's builds have none; there the seat kind is not offered, and the
new-game dialog says why (``phone_unsupported``).

The STUN servers the links use are the menu's setting, none by default (the page then contacts nothing outside the
site; a STUN server is a third party)::

    >>> ice_servers({}), ice_servers({"stun": "stun:a.example:3478, http://x stuns:b.example"})
    ([], [{'urls': 'stun:a.example:3478'}, {'urls': 'stuns:b.example'}])
"""

from __future__ import annotations

from typing import Any


def phones_supported(window: Any) -> bool:
    """True when the page can open a data channel to a phone (``js/live.js`` says so, else the API's presence)."""
    live = window.qwirkleLive if bool(window.Reflect.has(window, "qwirkleLive")) else None
    if live is not None:
        return bool(live.support().ok)
    return bool(window.Reflect.has(window, "RTCPeerConnection"))


STUN_SETTING = "stun"
MAX_STUN = 400  # characters of the setting: a few addresses


def ice_servers(settings: dict[str, str]) -> list[dict[str, str]]:
    """The STUN servers the player set (``stun:host:port``, separated by spaces or commas); [] by default."""
    text = settings.get(STUN_SETTING, "")[:MAX_STUN]
    urls = [url for url in text.replace(",", " ").split() if url.startswith(("stun:", "stuns:"))]
    return [{"urls": url} for url in urls]
