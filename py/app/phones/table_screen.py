"""The phones at the table on the game screen: the live seats (``table_live``) and their panel (``seats_region``),
made by the page on the first game with a phone seat (``app.page``) and drawn with the game's regions."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from pyscript import window

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
        """Follow the game at the table (its phone seats, or none any more), tell the phones of a change, draw."""
        self.live.follow()
        self.live.sync()
        self.region.render()

    def forget(self) -> None:
        self.region.forget()
