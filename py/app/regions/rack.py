"""The rack region: the tiles of the player whose rack is on screen, and the hot-seat screen.

Only the viewer's rack is ever in the DOM: the human to move once they have taken the device,
else the only human of the game (read-only), else face-down tiles. Tiles come from that seat's
``PlayerView``, in the order the player arranged them (``rack_model.RackOrders``); the tiles
drawn since their last move are marked, and so are the tiles that fit nowhere on the board now
(the engine's legal plays say so). Redrawn only when what it shows changes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from qwirkle.tiles import Tile
from ui.jsvalues import present
from ui.tiles_svg import blank_svg, tile_svg

from ..play.panels import player_names
from ..play.rack_model import RackOrders, gone_tiles
from ..shared.notes import PLACE
from ..shared.placeable import unplaceable
from ..web.display import Display
from ..web.dom import by_id, data, el, set_attr, set_text

if TYPE_CHECKING:
    from ..play.session import Session


class RackRegion:
    def __init__(self, session: Session, display: Display, racks: RackOrders) -> None:
        self.session = session
        self.display = display
        self.racks = racks
        self.rack = by_id("rack")
        self.privacy = by_id("privacy")
        self.sort = by_id("sort")
        self.drawn: tuple[Any, ...] | None = None
        self.shown: list[int] = []  # hand indexes, left to right (digit keys pick by position)
        self._stuck: tuple[Any, set[int]] | None = None
        self.buttons: dict[int, tuple[Any, tuple[str, str, bool]]] = {}  # hand index -> its button, its picture
        self.blanks: list[Any] = []  # the face-down tiles of a rack not on show

    def forget(self) -> None:
        self.drawn = None

    def render(self) -> None:
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        seat = c.rack_seat()
        die = game.variant.dice
        names = player_names(c, tr)
        if c.needs_handover:
            name = names[game.to_move]
            set_text(by_id("privacy-title"), tr.t("privacy_title", name=name))
            set_text(by_id("reveal"), tr.t("show_tiles", name=name))
        self.privacy.hidden = not c.needs_handover
        interactive = c.interactive
        set_attr(self.rack, "data-rack", interactive)
        set_attr(self.rack, "data-mode", c.turn.mode if interactive else None)
        tiles: list[tuple[int, Tile]] = []
        hidden_count = 0
        fresh: set[int] = set()
        stuck: set[int] = set()
        if seat is None:
            hidden_count = 0 if c.needs_handover or game.is_over else c.view(game.to_move).hand_sizes[game.to_move]
        elif c.is_human(seat):
            hand = c.view(seat).hand
            order = self.racks.order(seat, hand, len(game.history), gone_tiles(game, seat))
            held = {index for index, _ in c.rack()} if interactive else set(range(len(hand)))
            tiles = [(index, hand[index]) for index in order if index in held]
            fresh = self.racks.fresh(seat) if not game.is_over else set()
            if interactive and c.turn.mode == PLACE:
                stuck = self._unplaceable()
        elif game.variant.hands_open:
            tiles = list(enumerate(c.view(seat).hand))
        else:
            hidden_count = c.view(game.to_move).hand_sizes[seat]
        self.shown = [index for index, _ in tiles]
        owner = names[seat if seat is not None else game.to_move]
        set_attr(self.rack, "aria-label", tr.t("rack_open_label" if die else "rack_label", name=owner))
        self._render_sort(interactive and len(tiles) > 1)
        wanted = tuple(
            (index, tile.notation(), self._selected(index), index in fresh, index in stuck) for index, tile in tiles
        )
        signature = (wanted, hidden_count, self.display.palette, tr.lang, c.turn.mode, interactive)
        if signature == self.drawn:
            return
        self.drawn = signature
        self._draw(tiles, hidden_count, interactive, die, fresh, stuck)

    def resumed(self, seat: int) -> list[tuple[str, bool, bool]]:
        """``seat``'s rack as a resume draws it, nothing pending: (notation, drawn since their last move, fits
        nowhere) of each tile, left to right (for the glance drawn before Python, ``regions.glance``)."""
        c = self.session.controller
        game = c.current
        hand = c.view(seat).hand
        order = self.racks.order(seat, hand, len(game.history), gone_tiles(game, seat))
        fresh = self.racks.fresh(seat)
        stuck = self._unplaceable() if seat == game.to_move and not c.turn.pending else unplaceable(game, hand, ())
        return [(hand[index].notation(), index in fresh, index in stuck) for index in order]

    def _unplaceable(self) -> set[int]:
        """Hand indexes that fit nowhere now (cached for one board, hand and pending play)."""
        c = self.session.controller
        game = c.current
        key = (len(game.history), c.hand(), tuple(c.turn.placements()))
        if self._stuck is None or self._stuck[0] != key:
            self._stuck = (key, unplaceable(game, c.hand(), c.turn.placements()))
        return self._stuck[1]

    def _render_sort(self, enabled: bool) -> None:
        tr = self.display.tr
        c = self.session.controller
        seat = c.rack_seat()
        by = self.racks.next_sort.get(seat if seat is not None else -1, "colour")
        label = tr.t("sort_colour" if by == "colour" else "sort_shape")
        set_attr(self.sort, "aria-label", label)
        set_attr(self.sort, "title", label)
        set_attr(self.sort, "data-sort", by)
        self.sort.hidden = not enabled

    def _selected(self, index: int) -> bool:
        c = self.session.controller
        if not c.interactive:
            return False
        return bool(c.turn.selected == index if c.turn.mode == PLACE else index in c.turn.marked)

    def _draw(
        self,
        tiles: list[tuple[int, Tile]],
        hidden_count: int,
        interactive: bool,
        die: bool,
        fresh: set[int],
        stuck: set[int],
    ) -> None:
        """Each tile's button is kept by its hand index and changed in place: its picture is drawn again only when
        its tile, the palette or the dice change (a rack drawn anew on every tap was most of a phone's garbage)."""
        from pyscript import document

        tr = self.display.tr
        focused = document.activeElement
        focus_index = data(focused, "index") if present(focused) and self.rack.contains(focused) else None
        buttons: dict[int, tuple[Any, tuple[str, str, bool]]] = {}
        wanted: list[Any] = []
        for index, tile in tiles:
            selected = self._selected(index)
            words = [tr.tile(tile, die=die)]
            words += [
                tr.t(key)
                for key, on in (
                    ("rack_selected", selected),
                    ("rack_new", index in fresh),
                    ("rack_stuck", index in stuck),
                )
                if on
            ]
            classes = ["rack-tile"] + [
                f"rack-tile--{name}"
                for name, on in (("selected", selected), ("new", index in fresh), ("stuck", index in stuck))
                if on
            ]
            kept = self.buttons.pop(index, None)
            button = kept[0] if kept is not None else el("button", attrs={"type": "button"})
            cls = " ".join(classes)
            if button.className != cls:
                button.className = cls
            for name, value in (
                ("data-tile", tile.notation()),
                ("data-index", index),
                ("data-new", index in fresh),
                ("data-stuck", index in stuck),
                ("aria-pressed", "true" if selected else "false"),
                ("aria-label", ", ".join(words)),
                ("disabled", not interactive),
            ):
                set_attr(button, name, value)
            picture = (tile.notation(), self.display.palette, die)
            if kept is None or kept[1] != picture:
                button.innerHTML = tile_svg(tile, self.display.palette, die=die)
            buttons[index] = (button, picture)
            wanted.append(button)
        for button, _ in self.buttons.values():  # tiles gone from the rack
            button.remove()
        self.buttons = buttons
        while len(self.blanks) < hidden_count:
            hidden = el("span", "rack-tile rack-tile--hidden", attrs={"aria-hidden": "true"})
            hidden.innerHTML = blank_svg()
            self.blanks.append(hidden)
        for hidden in self.blanks[hidden_count:]:
            hidden.remove()
        del self.blanks[hidden_count:]
        wanted += self.blanks
        children = self.rack.children
        for position, node in enumerate(wanted):  # in order, moving only what is out of place
            there = children.item(position)
            if not (present(there) and there.isSameNode(node)):
                self.rack.insertBefore(node, there)
        active = document.activeElement
        if focus_index is not None and not (present(active) and self.rack.contains(active)):
            for index, (button, _) in buttons.items():
                if str(index) == focus_index:
                    button.focus()
