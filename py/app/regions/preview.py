"""The preview of the pending play, just above the rack (on screen at every size): its score and
each scored line in words, or why it cannot be played yet (with a link to the rule). The board
shows the same lines (``board_model.badges``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..play import panels
from ..web.display import Display
from ..web.dom import by_id, clear, el
from ..web.rich_text import append_text

if TYPE_CHECKING:
    from ..play.session import Session


class PreviewRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.box = by_id("preview")
        self.drawn: Any = None

    def forget(self) -> None:
        self.drawn = None

    def render(self) -> None:
        tr = self.display.tr
        headline, lines, is_error = panels.preview_lines(self.session.controller, tr)
        signature = (headline, tuple(lines), is_error, tr.lang)
        if signature == self.drawn:
            return
        self.drawn = signature
        box = self.box
        clear(box)
        box.hidden = not headline
        if not headline:
            return
        points = el("p", "preview__points" + (" preview__points--error" if is_error else ""))
        append_text(points, headline, tr)
        box.appendChild(points)
        if lines:
            box.appendChild(el("ul", "preview__lines", children=[el("li", text=t) for t in lines]))
