"""Turn links: a game record carried in a URL's fragment (``#turn=...``), for friends who play on
their own devices with no server (``app.links.friend`` decides what a link does).

The fragment never reaches the host. It holds compact JSON, compressed (zlib's raw deflate,
which Pyodide has) and URL-safe (base64url without padding)::

    {"turn": 1, "game": GAME, "to": SEAT, "record": RECORD}

GAME names the game on every device, SEAT is the seat the link is for, and RECORD is the
engine's record (``qwirkle.record.to_record``). This module only reads and writes the text
(``to_fragment``, ``from_fragment``): whether the moves are legal is the engine's business.
No DOM, no engine import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

KEY = "turn="
VERSION = 1
MAX_TEXT = 20_000  # characters of a fragment: far above any real game (about 2,000 at most)
MAX_JSON = 200_000  # bytes once inflated: a link cannot make the page inflate more
GAME_ID = re.compile(r"^[0-9a-f]{4,32}$")


class TurnLinkError(ValueError):
    """A fragment that is not a readable turn link; ``field`` names what is wrong (``encoding``,
    ``turn``, ``game``, ``to``, ``record``), ``reason`` says it in the player's words (``ui.problems``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.reason = {"encoding": "turn_encoding", "turn": "turn_version"}.get(field, "turn_fields")


@dataclass(frozen=True)
class TurnLink:
    """A game's record, addressed to one seat.

    >>> record = {"format": "qwirkle-game", "version": 1, "variant": "classic", "players": ["Ann", "Bob"],
    ...           "seed": 7, "ages": None, "tiles": None, "moves": ["Ro@0,0 Rs@1,0"]}
    >>> link = TurnLink("18c0ffee42", 1, record)
    >>> fragment = to_fragment(link)
    >>> fragment.startswith("turn=") and from_fragment("#" + fragment) == link
    True
    """

    game: str
    to: int
    record: dict[str, Any]


def is_turn_fragment(fragment: str) -> bool:
    """Whether a URL fragment (with or without its '#') is a turn link."""
    return fragment.lstrip("#").startswith(KEY)


def payload_of(fragment: str) -> str:
    return fragment.lstrip("#")[len(KEY) :] if is_turn_fragment(fragment) else ""


def to_fragment(link: TurnLink) -> str:
    """``turn=...``: the link's fragment, without its '#'."""
    import base64
    import json
    import zlib

    text = json.dumps(
        {"turn": VERSION, "game": link.game, "to": link.to, "record": link.record},
        ensure_ascii=False,
        separators=(",", ":"),
    )
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return KEY + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def from_fragment(fragment: str) -> TurnLink:
    """Read a fragment (``#turn=...``); ``TurnLinkError`` says what is wrong with it."""
    import base64
    import binascii
    import json
    import zlib

    payload = payload_of(fragment)
    if not payload:
        raise TurnLinkError("encoding", "the link holds no game (nothing after #turn=)")
    if len(payload) > MAX_TEXT:
        raise TurnLinkError("encoding", f"the link is {len(payload)} characters long, more than any game needs")
    if not re.fullmatch(r"[A-Za-z0-9_-]+", payload):
        raise TurnLinkError("encoding", "the link holds characters that base64url does not use")
    try:
        packed = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(packed, MAX_JSON)
        if unpacker.unconsumed_tail or unpacker.unused_data or not unpacker.eof:
            raise TurnLinkError("encoding", "the compressed game is cut short or too large")
        value = json.loads(data.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as error:
        if isinstance(error, TurnLinkError):
            raise
        raise TurnLinkError("encoding", f"not a compressed game ({type(error).__name__})") from None
    return _checked(value)


def _checked(value: Any) -> TurnLink:
    if not isinstance(value, dict):
        raise TurnLinkError("encoding", "expected a JSON object")
    if value.get("turn") != VERSION:
        raise TurnLinkError("turn", f"this page reads turn links of version {VERSION}, not {value.get('turn')!r}")
    game = value.get("game")
    if not isinstance(game, str) or not GAME_ID.match(game):
        raise TurnLinkError("game", "expected the game's name (4 to 32 characters of 0-9 and a-f)")
    to = value.get("to")
    if not isinstance(to, int) or isinstance(to, bool) or not 0 <= to < 4:
        raise TurnLinkError("to", "expected the seat the link is for (0 to 3)")
    record = value.get("record")
    if not isinstance(record, dict):
        raise TurnLinkError("record", "expected the game's record (a JSON object)")
    return TurnLink(game, to, record)


def page_url(href: str) -> str:
    """The address a link points at: this page without its query and fragment, and ``index.html``
    named (the file the offline cache holds) when the address ends with a folder.

    >>> page_url("http://192.168.1.20:8000/qwirkle/?variant=classic#turn=old")
    'http://192.168.1.20:8000/qwirkle/index.html'
    """
    base = href.split("#", 1)[0].split("?", 1)[0]
    return base + "index.html" if base.endswith("/") else base


def label(fragment: str) -> str:
    """A short name of a link for messages: ``#turn=`` and the ends of its code."""
    payload = payload_of(fragment)
    shown = payload if len(payload) <= 16 else f"{payload[:8]}…{payload[-6:]}"
    return f"#{KEY}{shown}"
