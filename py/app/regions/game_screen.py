"""The game screen's regions, made together on the first game (``app.page`` imports this on first need): the status
and scores, the board, the score preview, the rack, the buttons, the end card, the log and the link panel, in the
order they are drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from .actions import ActionsRegion
from .board import BoardRegion
from .glance import GlanceRegion
from .hud import HudRegion
from .link import LinkRegion
from .preview import PreviewRegion
from .rack import RackRegion
from .result import ResultRegion
from .side import SideRegion

if TYPE_CHECKING:
    from ..play.rack_model import RackOrders
    from ..play.session import Session
    from ..web.display import Display


class Region(Protocol):
    """A part of the game screen: draws itself from the session, redrawing only what changed since it last drew."""

    def render(self) -> None: ...

    def forget(self) -> None:
        """The language or the palette changed: draw everything again next time."""
        ...


class GameScreen:
    """Every region of the game screen; ``regions`` in drawing order, ``board`` and ``rack`` among them."""

    def __init__(self, session: Session, display: Display, announce: Callable[[str], None], racks: RackOrders) -> None:
        self.board = BoardRegion(session, display, announce)
        self.rack = RackRegion(session, display, racks)
        self.regions: list[Region] = [
            HudRegion(session, display),
            self.board,
            PreviewRegion(session, display),
            self.rack,
            ActionsRegion(session, display),
            ResultRegion(session, display),
            SideRegion(session, display),
            LinkRegion(session, display),
            GlanceRegion(session, display, self.board, self.rack),
        ]
