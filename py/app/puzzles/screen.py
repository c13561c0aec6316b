"""Puzzles in the page, as the page sees them: the table (which puzzle, the verdict, progress), its card and the
chooser, the ``<html>`` attributes (``data-puzzle="ID"`` while one is shown, ``data-puzzle-result`` once it is
judged) and the address (``?puzzle=ID`` while one is shown, so a reload brings it back; gone with it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import document, window

from ..web.display import Display
from ..web.dom import set_attr
from .chooser import PuzzleChooser
from .panel import PuzzlePanel
from .table import PuzzleTable

if TYPE_CHECKING:
    from qwirkle import TurnResult

    from ..play.session import Session


def device_today() -> str:
    """This device's date (its own time zone), ``YYYY-MM-DD``: the puzzle of the day follows the player's day."""
    now = window.Date.new()
    return f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"


class PuzzleScreen:
    def __init__(self, session: Session, display: Display, changed: Callable[[], None]) -> None:
        self.table = PuzzleTable(session, device_today)
        self.panel = PuzzlePanel(self.table, display, self.choose, changed)
        self.chooser = PuzzleChooser(self.table, display, changed)
        self._address: str | None = None

    def open_link(self, query: str) -> bool:
        """A ``?puzzle=`` link (``daily`` or an id): False, and the notice says why, when it opens nothing."""
        params = window.URL.new(query or "?", "http://x/").searchParams
        return self.table.open_link(
            {str(key): str(params.get(key)) for key in ("puzzle", "variant") if params.has(key)}
        )

    def choose(self) -> None:
        self.chooser.open()

    def judge(self, result: TurnResult) -> None:
        self.table.judge(result)

    def forget(self) -> None:
        self.panel.forget()

    def render(self) -> None:
        self.panel.render()
        table, root = self.table, document.documentElement
        attempt = table.attempt if table.is_on else None
        set_attr(root, "data-puzzle", attempt.puzzle.id if attempt is not None else None)
        set_attr(root, "data-puzzle-result", attempt.result if attempt is not None and table.played else None)
        self._keep_address(attempt.share_query() if attempt is not None else "")

    def _keep_address(self, query: str) -> None:
        """``?puzzle=ID`` in the address while the puzzle is shown (a reload opens it again), removed after."""
        if query == self._address:
            return
        self._address = query
        url = window.URL.new(window.location.href)
        url.searchParams.delete("puzzle")
        url.searchParams.delete("variant")
        if query:
            url.searchParams.set("puzzle", query.partition("=")[2])
        window.history.replaceState(None, "", url.toString())
