"""The home screen (no game yet): "Play the computer" in one tap with the last choices, New game,
a welcome per rule set with sample tiles, and the session's notice."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.jsvalues import present
from ui.tiles_svg import tile_svg

from ..play import panels
from ..web.display import Display
from ..web.dom import by_id, clear, el, set_text

if TYPE_CHECKING:
    from ..play.session import Session

# The six shapes as one Qwirkle, on mixed Flex backgrounds: (colour, background) per shape.
SAMPLE = ((0, 0), (1, 0), (2, 2), (3, 1), (4, 3), (5, 0))


class SampleTile:
    """Enough of a tile for ``tile_svg`` (the engine is not imported on the home screen)."""

    def __init__(self, color: int, shape: int, background: int) -> None:
        self.color, self.shape, self.background = color, shape, background


class HomeRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.drawn: tuple[str, str] | None = None

    def render(self) -> None:
        tr = self.display.tr
        text = panels.note_text(self.session.notice, tr)
        if self.drawn != (tr.lang, self.display.palette):
            self.drawn = (tr.lang, self.display.palette)
            home = by_id("home-variants")
            clear(home)
            home.appendChild(self._samples())
            for key in ("welcome_classic", "welcome_cubes", "welcome_flex"):
                home.appendChild(el("p", text=tr.t(key)))
        message = by_id("home-notice")
        message = message if present(message) else None
        if message is None and text:
            message = el("p", "note note--warn", attrs={"id": "home-notice", "role": "alert"})
            by_id("home").appendChild(message)
        if message is not None:
            set_text(message, text)

    def _samples(self) -> Any:
        row = el("div", "sample-tiles", attrs={"aria-hidden": "true"})
        for shape, (color, background) in enumerate(SAMPLE):
            item = el("span", "sample-tiles__tile")
            item.innerHTML = tile_svg(SampleTile(color, shape, background), self.display.palette)
            row.appendChild(item)
        return row
