"""What the page's address and a pasted link ask for, as plain strings (no DOM): whether the address opens a game,
the address without its links (so that a reload resumes instead of starting again), and the turn-link fragment of
whatever a player pasted (a whole link, a fragment or the bare code)::

    >>> opens_game("", "")
    False
    >>> without_links("http://h/q/?seats=human,easy&variant=classic&lang=fr#turn=abc")
    'http://h/q/?lang=fr'
    >>> pasted_fragment("http://h/#turn=xyz"), pasted_fragment("xyz")
    ('#turn=xyz', '#turn=xyz')
"""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from .startlink import LINK_KEYS, is_start_link
from .turn_link import KEY, is_turn_fragment


def opens_game(query: str, fragment: str) -> bool:
    """Whether the address opens a game: a start link or a turn link."""
    if not (query.lstrip("?") or fragment):
        return False
    return is_start_link(query) or is_turn_fragment(fragment)


def without_links(href: str) -> str:
    """``href`` without the start-link parameters and without a turn link's fragment."""
    parts = urlsplit(href)
    kept = [(key, value) for key, value in parse_qsl(parts.query, keep_blank_values=True) if key not in LINK_KEYS]
    fragment = "" if is_turn_fragment(parts.fragment) else parts.fragment
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(kept), fragment))


def pasted_fragment(text: str) -> str:
    """The turn-link fragment (``#turn=...``) of a pasted link, fragment or code."""
    code = text.partition("#")[2] if "#" in text else text
    return "#" + (code if is_turn_fragment(code) else KEY + code)
