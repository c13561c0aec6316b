"""The tile tracker: the tiles the player whose rack is on screen has not seen yet.

Only that player's: the unseen tiles of anyone else would give their hidden rack away
(full set - board - unseen). During a hand-over nothing is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ui.tiles_svg import tile_svg

from .display import Display
from .dom import by_id, clear, el, set_text

if TYPE_CHECKING:
    from .session import Session


class TrackerDialog:
    element_id = "tracker-dialog"

    def __init__(self, session: "Session", display: Display) -> None:
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
        box = by_id("tracker-body")
        clear(box)
        if seat is None:
            waiting = game.options.players[game.to_move]
            set_text(by_id("tracker-title"), tr.t("tracker"))
            set_text(by_id("tracker-help"), tr.t("privacy_title", name=waiting) if c.needs_handover
                     else tr.t("privacy_text"))
            return
        set_text(by_id("tracker-title"), tr.t("tracker_title", name=game.options.players[seat]))
        die = game.variant.dice
        set_text(by_id("tracker-help"), tr.t("tracker_dice" if die else "tracker_help"))
        unseen = c.view(seat).unseen()
        for tile in sorted(unseen, key=lambda t: (t.background, t.color, t.shape)):
            count = unseen[tile]
            name = tr.t(f"dice_{tile.color}") if die else tr.tile(tile)
            item = el("div", "tracker__item", attrs={"role": "img", "aria-label": tr.t("tracker_count", tile=name, n=count)})
            art = el("span", "mini-tile")
            art.innerHTML = tile_svg(tile, self.display.palette, die=die)
            item.appendChild(art)
            item.appendChild(el("span", "tracker__count", text=f"×{count}", attrs={"aria-hidden": "true"}))
            box.appendChild(item)
