"""The side panel: who started and why, open Cubes hands, and the move log in words and pictures.

Texts come from ``panels`` (plain data, tested under CPython); each part is redrawn only when
what it shows changed (the log appends new entries only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..play import panels
from ..web.display import Display
from ..web.dom import by_id, clear, el
from ..web.rich_text import append_text, fill, mini_tile

if TYPE_CHECKING:
    from ..play.session import Session


class SideRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.drawn: dict[str, Any] = {}  # part -> what it last showed

    def forget(self) -> None:
        """Draw every part again (a new game, a new language or palette)."""
        self.drawn.clear()

    def _changed(self, part: str, signature: Any) -> bool:
        if self.drawn.get(part) == signature:
            return False
        self.drawn[part] = signature
        return True

    def render(self) -> None:
        c = self.session.controller
        tr = self.display.tr
        opening = panels.opening_text(c, tr) if len(c.current.history) <= len(c.seats) else ""
        if self._changed("opening", (opening, tr.lang)):
            fill(by_id("opening"), opening, tr)
        self._open_hands()
        self._log()

    def _open_hands(self) -> None:
        """Cubes (Q1): every player's dice are open, shown to all."""
        c = self.session.controller
        game = c.current
        box = by_id("open-hands")
        view = c.view(game.to_move)
        box.hidden = view.open_hands is None
        if view.open_hands is None:
            return
        tr = self.display.tr
        names = panels.player_names(c, tr)
        if not self._changed("hands", (view.open_hands, self.display.palette, tr.lang, names)):
            return
        clear(box)
        box.appendChild(el("p", "muted", text=tr.t("hand_open")))
        for seat, hand in enumerate(view.open_hands):
            row = el(
                "div", "open-hand", attrs={"role": "group", "aria-label": tr.t("rack_open_label", name=names[seat])}
            )
            row.appendChild(el("span", "open-hand__name", text=names[seat]))
            for tile in hand:
                row.appendChild(mini_tile(tile, tr, self.display.palette, die=True))
            box.appendChild(row)

    def _log(self) -> None:
        c = self.session.controller
        log = by_id("log")
        size = len(c.current.history)
        last = self.drawn.get("log")
        key = (self.display.tr.lang, self.session.generation, self.display.palette)
        if last is not None and last[1] == key and last[0] == size:
            return
        tr = self.display.tr
        if last is None or last[1] != key or size < last[0]:
            clear(log)
            start = 0
        else:
            start = last[0]
            for node in log.querySelectorAll(".log__entry--last"):
                node.classList.remove("log__entry--last")
        die = c.current.variant.dice
        for entry in panels.log_entries(c, tr, start):  # the new turns only: each words its lines
            log.prepend(self._entry(entry, die))
        if size:
            log.firstChild.classList.add("log__entry--last")
        self.drawn["log"] = (size, key)

    def _entry(self, entry: panels.LogEntry, die: bool) -> Any:
        """One turn: its sentence for screen readers; name, tile pictures and points to the eye."""
        tr = self.display.tr
        item = el("li", "log__entry", attrs={"data-seat": entry.seat})
        if entry.tiles:
            item.appendChild(el("span", "visually-hidden", text=entry.text))
            shown = el("span", "log__play", attrs={"aria-hidden": "true"})
            shown.appendChild(el("span", "log__name", text=entry.name))
            tiles = el("span", "log__tiles")
            for tile in entry.tiles:
                tiles.appendChild(mini_tile(tile, tr, self.display.palette, die))
            shown.appendChild(tiles)
            shown.appendChild(el("span", "log__points", text=entry.points))
            if entry.qwirkles:
                shown.appendChild(el("span", "log__qwirkle", text=tr.t("qwirkle_shout")))
            item.appendChild(shown)
        else:
            item.appendChild(el("span", text=entry.text))
        if entry.details:
            details = el("ul", "log__details")
            for text in entry.details:
                line = el("li")
                append_text(line, text, tr)
                details.appendChild(line)
            item.appendChild(details)
        return item
