"""The analysis board's ranked plays (``#analysis-plays``): one ``[data-analysis-play]`` row with ``data-points`` per
play, best first, each showing where its tiles go among the tiles they touch (two plays of the same tiles look
different), a few rows at a time with a button for more. The list grows in the page (or in the side column that
scrolls on a wide screen): it never scrolls on its own inside a scrolling page."""

from __future__ import annotations

from typing import Any

from ui.cells import cell_text
from ui.tiles_svg import tile_svg

from ..web.dom import by_id, clear, el, set_text
from .state import AnalysisState

FIRST = 10  # rows shown at first, and how many more each press of the button shows
MOST = 200  # rows ever drawn
WHERE_CELL = 22  # px: a cell of the picture of where a play goes


class PlayList:
    def __init__(self) -> None:
        self.box = by_id("analysis-plays")
        self.listed = FIRST
        self.plays: list[Any] | None = None

    def more(self) -> None:
        self.listed += FIRST

    def render(self, state: AnalysisState, tr: Any, palette: Any, die: bool) -> None:
        plays = state.plays()
        if plays is not self.plays:  # another position or rack: its first rows only
            self.plays, self.listed = plays, FIRST
        if state.chosen is not None:
            self.listed = max(self.listed, state.chosen + 1)
        set_text(by_id("analysis-plays-title"), tr.tn("analysis_plays", len(plays)) if state.hand else "")
        box = self.box
        clear(box)
        if state.hand and not plays:
            box.appendChild(el("li", "muted", text=tr.t("analysis_no_play")))
        shown = min(self.listed, len(plays), MOST)
        for index, play in enumerate(plays[:shown]):
            box.appendChild(self._row(state, index, play, tr, palette, die))
        rest = min(len(plays), MOST) - shown
        more = by_id("analysis-more")
        more.hidden = rest <= 0
        if rest > 0:
            set_text(more, tr.tn("analysis_more", min(rest, FIRST)))

    def _row(self, state: AnalysisState, index: int, play: Any, tr: Any, palette: Any, die: bool) -> Any:
        from qwirkle.notation import parse_placements

        placements = parse_placements(play.play)
        words = tr.t(
            "analysis_play_row",
            tiles=tr.tiles(p.tile for p in placements),
            cells=", ".join(cell_text(p.cell) for p in placements),
            points=tr.points(play.points),
        )
        button = el(
            "button",
            "analysis__play",
            attrs={
                "type": "button",
                "data-action": "analysis-choose",
                "data-index": index,
                "aria-pressed": "true" if state.chosen == index else "false",
            },
        )
        button.appendChild(el("span", "visually-hidden", text=words))
        button.appendChild(el("span", "analysis__rank", text=str(index + 1), attrs={"aria-hidden": "true"}))
        button.appendChild(_where(state.surroundings(play), palette, die))
        button.appendChild(el("span", "analysis__points", text=tr.points(play.points), attrs={"aria-hidden": "true"}))
        return el("li", attrs={"data-analysis-play": index, "data-points": play.points}, children=[button])


def _where(cells: dict[tuple[int, int], tuple[Any, bool]], palette: Any, die: bool) -> Any:
    """A small picture of where a play goes: its tiles ringed, the board's tiles around them as they lie."""
    placed = [cell for cell, (_tile, new) in cells.items() if new]
    width = max(x for x, _ in placed) + 2  # the play's box and a cell on each side
    height = max(y for _, y in placed) + 2
    picture = el("span", "analysis__where", attrs={"aria-hidden": "true"})
    picture.style.gridTemplateColumns = f"repeat({width}, {WHERE_CELL}px)"
    picture.style.gridTemplateRows = f"repeat({height}, {WHERE_CELL}px)"
    for (x, y), (tile, new) in sorted(cells.items()):
        item = el("span", "analysis__where-tile" + (" analysis__where-tile--new" if new else ""))
        item.style.gridColumn = str(x + 1)
        item.style.gridRow = str(y + 1)
        item.innerHTML = tile_svg(tile, palette, die=die)
        picture.appendChild(item)
    return picture
