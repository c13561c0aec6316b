"""A join link pasted or scanned on a phone (no DOM): what it is, and the address of this page that joins its seat,
or why it cannot join. Only a join link of this page's own site is taken (its origin and folder); the address to open
is rebuilt from this page's own address and the link's parts (``join_code``), never the text as it was given, so a
pasted text can lead nowhere but here::

    >>> here = "http://192.168.1.5:8000/game/?seats=phone#x"
    >>> read_pasted("http://192.168.1.5:8000/game/?join=1.t0ken-t0ken-t0ke.AbC_d-9", here).url
    'http://192.168.1.5:8000/game/?join=1.t0ken-t0ken-t0ke.AbC_d-9'
    >>> read_pasted("1.t0ken-t0ken-t0ke.AbC_d-9", here).url  # the code alone
    'http://192.168.1.5:8000/game/?join=1.t0ken-t0ken-t0ke.AbC_d-9'
    >>> pasted = read_pasted("http://10.0.0.7:8000/?join=1.t0ken-t0ken-t0ke.AbC_d-9", here)
    >>> pasted.url, pasted.problem, pasted.values
    (None, 'join_paste_foreign', {'site': '10.0.0.7:8000', 'here': '192.168.1.5:8000'})
    >>> read_pasted("http://192.168.1.5:8000/game/?join=1.t0ken", here).problem
    'join_paste_broken'
    >>> read_pasted("http://192.168.1.5:8000/game/?seats=human,easy", here).problem
    'join_paste_not_join'
    >>> read_pasted("hello", here).problem, read_pasted("  ", here).problem
    ('join_paste_garbage', 'join_paste_empty')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .join_code import KEY, is_join, join_url, read_join

MAX_TEXT = 4000  # a join link is under 400 characters
MAX_SHOWN = 60  # characters of a foreign site's name said back
CODE = re.compile(r"^\d\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$")  # SEAT.TOKEN.OFFER, the link's code without the address
WEB = ("http", "https")


@dataclass(frozen=True)
class Pasted:
    """The address of this page that joins the link's seat, or the key of the problem (with its values)."""

    url: str | None
    problem: str | None = None
    values: dict[str, str] = field(default_factory=dict)


def _problem(key: str, **values: str) -> Pasted:
    return Pasted(None, key, values)


def _folder(path: str) -> str:
    return path.rpartition("/")[0]


def _query(query: str, page: str) -> Pasted:
    """The join link in a query of this site."""
    if not is_join(query):
        return _problem("join_paste_not_join")
    join = read_join(query)
    if join is None:
        return _problem("join_paste_broken")
    return Pasted(join_url(page, join.seat, join.token, join.offer))


def read_pasted(text: str, page: str) -> Pasted:
    """What ``text`` (pasted or scanned) is for this page at ``page``: its join address, or why it cannot join."""
    text = "".join(text.split())  # a link broken over lines by a messenger, spaces around it
    if not text:
        return _problem("join_paste_empty")
    here = urlsplit(page)
    if len(text) > MAX_TEXT:
        return _problem("join_paste_garbage", here=here.netloc)
    if CODE.match(text):
        return _query(f"{KEY}={text}", page)
    if text.startswith((f"?{KEY}=", f"{KEY}=")):
        return _query(text, page)
    if ":" not in text:
        return _problem("join_paste_garbage", here=here.netloc)
    try:
        link = urlsplit(text)
    except ValueError:  # a malformed address (an unclosed bracket in its host)
        return _problem("join_paste_garbage", here=here.netloc)
    if link.scheme.lower() not in WEB or not link.netloc:
        return _problem("join_paste_garbage", here=here.netloc)
    if (link.scheme.lower(), link.netloc.lower()) != (here.scheme, here.netloc.lower()):
        return _problem("join_paste_foreign", site=link.netloc[:MAX_SHOWN], here=here.netloc)
    if _folder(link.path) != _folder(here.path):
        return _problem("join_paste_not_join")
    return _query(link.query, page)
