"""The rack region: the tiles of the player whose rack is on screen, and the hot-seat screen.

Only the viewer's rack is ever in the DOM: the human to move once they have taken the device,
else the only human of the game (read-only), else face-down tiles. Tiles come from that seat's
``PlayerView``. Redrawn only when what it shows changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qwirkle.tiles import Tile
from ui.tiles_svg import blank_svg, tile_svg
from ui.jsvalues import present

from .display import Display
from .dom import by_id, clear, data, el, set_attr, set_text
from .notes import PLACE

if TYPE_CHECKING:
    from .session import Session


class RackRegion:
    def __init__(self, session: "Session", display: Display) -> None:
        self.session = session
        self.display = display
        self.rack = by_id("rack")
        self.privacy = by_id("privacy")
        self.drawn: tuple[Any, ...] | None = None

    def render(self) -> None:
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        seat = c.rack_seat()
        die = game.variant.dice
        if c.needs_handover:
            name = game.options.players[game.to_move]
            set_text(by_id("privacy-title"), tr.t("privacy_title", name=name))
            set_text(by_id("reveal"), tr.t("show_tiles", name=name))
        self.privacy.hidden = not c.needs_handover
        interactive = c.interactive
        set_attr(self.rack, "data-rack", interactive)
        set_attr(self.rack, "data-mode", c.turn.mode if interactive else None)
        tiles: list[tuple[int, Tile]] = []
        hidden_count = 0
        if seat is None:
            hidden_count = 0 if c.needs_handover or game.is_over else c.view(game.to_move).hand_sizes[game.to_move]
        elif interactive:
            tiles = c.rack()
        elif game.variant.hands_open or c.is_human(seat):
            tiles = list(enumerate(c.view(seat).hand))
        else:
            hidden_count = c.view(game.to_move).hand_sizes[seat]
        owner = game.options.players[seat if seat is not None else game.to_move]
        set_attr(self.rack, "aria-label", tr.t("rack_open_label" if die else "rack_label", name=owner))
        wanted = tuple((index, tile.notation(), self._selected(index), interactive) for index, tile in tiles)
        signature = (wanted, hidden_count, self.display.palette, tr.lang, c.turn.mode)
        if signature == self.drawn:
            return
        self.drawn = signature
        self._draw(tiles, hidden_count, interactive, die)

    def _selected(self, index: int) -> bool:
        c = self.session.controller
        if not c.interactive:
            return False
        return bool(c.turn.selected == index if c.turn.mode == PLACE else index in c.turn.marked)

    def _draw(self, tiles: list[tuple[int, Tile]], hidden_count: int, interactive: bool, die: bool) -> None:
        from pyscript import document
        tr = self.display.tr
        focused = document.activeElement
        focus_index = data(focused, "index") if present(focused) and self.rack.contains(focused) else None
        clear(self.rack)
        for index, tile in tiles:
            selected = self._selected(index)
            button = el("button", "rack-tile" + (" rack-tile--selected" if selected else ""), attrs={
                "type": "button", "data-tile": tile.notation(), "data-index": index,
                "aria-pressed": "true" if selected else "false",
                "aria-label": tr.t("rack_tile_selected" if selected else "rack_tile", tile=tr.tile(tile, die=die)),
                "disabled": not interactive})
            button.innerHTML = tile_svg(tile, self.display.palette, die=die)
            self.rack.appendChild(button)
            if focus_index is not None and str(index) == focus_index:
                button.focus()
        for _ in range(hidden_count):
            hidden = el("span", "rack-tile rack-tile--hidden", attrs={"aria-hidden": "true"})
            hidden.innerHTML = blank_svg()
            self.rack.appendChild(hidden)
