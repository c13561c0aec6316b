"""The phones at the table on the game screen: the live seats (``table_live``) and their panel (``seats_region``),
made by the page on the first game with a phone seat (``app.page``) and drawn with the game's regions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import document, window

from ..web.dom import set_attr
from .seats_region import SeatsRegion
from .table_live import TableLive

if TYPE_CHECKING:
    from ..play.session import Session
    from ..web.display import Display


class PhonesAtTable:
    def __init__(self, session: Session, display: Display, changed: Callable[[], None]) -> None:
        self.live = TableLive(session, lambda: str(window.location.href), changed)
        self.region = SeatsRegion(session, display, self.live)

    def render(self) -> None:
        """Follow the game at the table (its phone seats, or none any more), tell the phones of a change, draw.
        ``<html data-live-table>`` while no one plays on the table itself: its empty rack and buttons are not shown;
        ``<html data-live-waiting>`` while a phone seat waits for its phone (or is away): the panel then takes the
        room its join codes need (css/friend.css), and gives it back to the board once every phone is connected."""
        self.live.follow()
        self.live.sync()
        self.region.render()
        c = self.live.session.controller
        table, root = self.live.table, document.documentElement
        playing = table is not None and not c.current.is_over
        set_attr(root, "data-live-table", "phones" if playing and not c.human_seats else None)
        away = table is not None and any(table.state(seat) != "connected" for seat in table.seats)
        set_attr(root, "data-live-waiting", playing and away)

    def forget(self) -> None:
        self.region.forget()
