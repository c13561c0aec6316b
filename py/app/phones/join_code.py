"""The join link of a phone seat, as plain strings (no DOM): the page's address with ``?join=SEAT.TOKEN.OFFER``, the
seat number, its one-time token (``app.live.table``) and the table's compact WebRTC offer (``js/live.js``, base64url,
so the dots are free to separate the parts)::

    >>> url = join_url("http://192.168.1.5:8000/?lang=fr#x", 2, "t0ken-t0ken-t0ke", "AbC_d-9")
    >>> url
    'http://192.168.1.5:8000/?join=2.t0ken-t0ken-t0ke.AbC_d-9'
    >>> read_join(url.partition("?")[2])
    Join(seat=2, token='t0ken-t0ken-t0ke', offer='AbC_d-9')
    >>> read_join("join=9.x.y") is None, read_join("seats=human,easy") is None
    (True, True)
"""

from __future__ import annotations

import re
from typing import NamedTuple

KEY = "join"
MAX_SEATS = 4
PART = re.compile(r"^[A-Za-z0-9_-]{1,700}$")  # base64url, as a token and an offer code are


class Join(NamedTuple):
    """What a join link holds: the seat, its token and the table's offer code."""

    seat: int
    token: str
    offer: str


def join_url(page: str, seat: int, token: str, offer: str) -> str:
    """The full join link of ``seat`` on the page at ``page`` (its query and fragment dropped)."""
    base = page.partition("#")[0].partition("?")[0]
    return f"{base}?{KEY}={seat}.{token}.{offer}"


def read_join(query: str) -> Join | None:
    """The join link in an address's query (with or without its ``?``), None when there is none or it is not one."""
    for part in query.lstrip("?").split("&"):
        key, _, value = part.partition("=")
        if key != KEY:
            continue
        seat, _, rest = value.partition(".")
        token, _, offer = rest.partition(".")
        if seat.isdigit() and int(seat) < MAX_SEATS and PART.match(token) and PART.match(offer):
            return Join(int(seat), token, offer)
        return None
    return None


def is_join(query: str) -> bool:
    """Whether the address asks to join a table (even with a link that cannot be read)."""
    return any(part.partition("=")[0] == KEY for part in query.lstrip("?").split("&"))
