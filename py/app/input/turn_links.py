"""The page's address while a game is on: a turn link opened into it (its fragment changed) or pasted in the saves
dialog (what an installed app needs: links open in the browser), and the address cleaned of start links and turn
links so that a reload resumes instead of starting again (``app.links.address`` decides, as plain strings)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window

from ..web.dom import by_id, listen

if TYPE_CHECKING:
    from ..play.session import Session


def clean_address() -> None:
    """Drop the start-link parameters and a turn link from the address, keeping the page's history entry."""
    from ..links.address import without_links

    window.history.replaceState(None, "", without_links(str(window.location.href)))


class TurnLinks:
    """Turn links that reach a page already running; ``render`` draws the page once one is opened."""

    def __init__(self, session: Session, render: Callable[[], None]) -> None:
        self.session = session
        self.render = render

    def listen(self) -> None:
        listen(window, "hashchange", lambda _event: self.open(str(window.location.hash)))
        listen(by_id("link-form"), "submit", self._pasted)

    def open(self, fragment: str) -> None:
        """Open ``fragment`` if it is a turn link; anything else in the address is left alone."""
        from ..links.turn_link import is_turn_fragment

        if not is_turn_fragment(fragment):
            return
        self.session.open_turn_link(fragment)
        clean_address()
        self.render()

    def _pasted(self, event: Any) -> None:
        event.preventDefault()
        field = by_id("link-input")
        text = str(field.value).strip()
        field.value = ""
        by_id("saves-dialog").close()
        if text:
            from ..links.address import pasted_fragment

            self.open(pasted_fragment(text))
