"""The tile tracker: the tiles the player whose rack is on screen has not seen yet, as a table of
colours (rows) by shapes (columns), with the count per background in Flex.

Only that player's: the unseen tiles of anyone else would give their hidden rack away
(full set - board - unseen). During a hand-over nothing is shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from qwirkle.tiles import Tile
from ui.tiles_svg import color_svg, shape_svg

from ..play import tracker_model
from ..play.panels import player_names
from ..web.display import Display
from ..web.dom import by_id, clear, el, set_text
from ..web.rich_text import mini_tile

if TYPE_CHECKING:
    from ..play.session import Session


class TrackerDialog:
    element_id = "tracker-dialog"

    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.actions: dict[str, Callable[[Any], None]] = {}

    def can_open(self) -> bool:
        return self.session.has_game()

    def render(self) -> None:
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        seat = c.rack_seat()
        names = player_names(c, tr)
        box = by_id("tracker-body")
        clear(box)
        if seat is None:
            set_text(by_id("tracker-title"), tr.t("tracker"))
            set_text(
                by_id("tracker-help"),
                tr.t("privacy_title", name=names[game.to_move]) if c.needs_handover else tr.t("privacy_text"),
            )
            return
        set_text(by_id("tracker-title"), tr.t("tracker_title", name=names[seat]))
        die = game.variant.dice
        grid = tracker_model.grid(c.view(seat).unseen(), game.variant.backgrounds, die)
        set_text(by_id("tracker-help"), tr.with_dice(die).t("tracker_help") + " " + tr.tn("tracker_total", grid.total))
        if grid.backgrounds:
            box.appendChild(self._legend(grid))
        box.appendChild(self._table(grid, die))

    def _legend(self, grid: tracker_model.Grid) -> Any:
        """Flex: which count is which background (the table's cells hold one count per background)."""
        tr = self.display.tr
        legend = el("ul", "tracker__legend", attrs={"aria-hidden": "true"})
        for b in grid.backgrounds:
            legend.appendChild(
                el(
                    "li",
                    children=[
                        el("span", f"tracker__bg tracker__bg--{b}", text="\u00a0"),
                        el("span", text=tr.t(f"background_{b}")),
                    ],
                )
            )
        return legend

    def _table(self, grid: tracker_model.Grid, die: bool) -> Any:
        tr = self.display.tr
        palette = self.display.palette
        table = el("table", "tracker__grid" + (" tracker__grid--flex" if grid.backgrounds else ""))
        table.appendChild(el("caption", "visually-hidden", text=tr.t("tracker")))
        head = el("tr", children=[el("td")])
        for shape in grid.shapes:
            cell = el("th", attrs={"scope": "col"})
            if die:
                cell.appendChild(el("span", text=tr.t("tracker_dice_column")))
            else:
                art = el("span", "tracker__shape", attrs={"role": "img", "aria-label": tr.shape(shape)})
                art.innerHTML = shape_svg(shape)
                cell.appendChild(art)
            head.appendChild(cell)
        table.appendChild(el("thead", children=[head]))
        body = el("tbody")
        for row in grid.rows:
            line = el("tr")
            head_cell = el("th", "tracker__color", attrs={"scope": "row", "data-color": row[0].color})
            swatch = el("span", "tracker__swatch", attrs={"aria-hidden": "true"})
            swatch.innerHTML = color_svg(row[0].color, palette)
            head_cell.appendChild(swatch)
            head_cell.appendChild(el("span", text=tr.color(row[0].color)))
            line.appendChild(head_cell)
            for entry in row:
                line.appendChild(self._entry(entry, grid, die, palette))
            body.appendChild(line)
        table.appendChild(body)
        return table

    def _entry(self, entry: tracker_model.Entry, grid: tracker_model.Grid, die: bool, palette: str) -> Any:
        tr = self.display.tr
        tile = Tile(entry.color, entry.shape)
        name = tr.t(f"dice_{entry.color}") if die else tr.tile(tile, plural=True)
        cell = el(
            "td",
            "tracker__cell" + (" tracker__cell--none" if entry.total == 0 else ""),
            attrs={"data-tile": tile.notation(), "data-count": entry.total},
        )
        if grid.backgrounds:
            parts = [
                tr.t("tracker_on", n=n, background=tr.t(f"background_{b}"))
                for b, n in zip(grid.backgrounds, entry.counts, strict=True)
            ]
            cell.appendChild(el("span", "visually-hidden", text=f"{name}: " + ", ".join(parts)))
            shown = el("span", "tracker__split", attrs={"aria-hidden": "true"})
            for b, n in zip(grid.backgrounds, entry.counts, strict=True):
                shown.appendChild(
                    el("span", f"tracker__bg tracker__bg--{b}" + (" tracker__bg--none" if not n else ""), text=str(n))
                )
            cell.appendChild(shown)
            return cell
        art = mini_tile(tile, tr, palette, die)
        art.setAttribute("aria-label", tr.t("tracker_count", tile=name, n=entry.total))
        cell.appendChild(art)
        cell.appendChild(el("span", "tracker__count", text=str(entry.total), attrs={"aria-hidden": "true"}))
        return cell
