"""The side panel: status line, scores, bag, preview of the pending play, who started and why,
open Cubes hands, the move log and the end-of-game card.

Texts come from ``panels`` (plain data, tested under CPython); each part is redrawn only when
what it shows changed (the log appends new entries only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.tiles_svg import tile_svg

from . import panels
from . import seats as seat_registry
from .display import Display
from .dom import by_id, clear, el, set_attr, set_text

if TYPE_CHECKING:
    from .session import Session


class SideRegion:
    def __init__(self, session: "Session", display: Display) -> None:
        self.session = session
        self.display = display
        self.drawn: dict[str, Any] = {}   # part -> what it last showed

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
        status = by_id("status")
        set_text(status, panels.status_text(c, tr))
        set_attr(status, "data-thinking", c.computer_to_move)
        self._scores()
        set_text(by_id("bag"), panels.bag_text(c, tr))
        self._preview()
        set_text(by_id("opening"), panels.opening_text(c, tr) if len(c.current.history) <= len(c.seats) else "")
        self._open_hands()
        self._log()
        self._result()

    def _scores(self) -> None:
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        names = game.options.players
        if not self._changed("scores", (game.scores, game.to_move, game.is_over, names, tr.lang)):
            return
        scores = by_id("scores")
        clear(scores)
        for seat, name in enumerate(names):
            kind = c.seats[seat]
            level = seat_registry.seat_label(kind, tr)
            label = "" if kind == seat_registry.HUMAN or name.startswith(level) else f" ({level})"
            turn = seat == game.to_move and not game.is_over
            row = el("li", "score" + (" score--turn" if turn else ""), attrs={"aria-current": "true" if turn else None})
            row.appendChild(el("span", "score__name", text=name + label))
            row.appendChild(el("span", "score__value", text=str(game.scores[seat]), attrs={"data-score": seat}))
            scores.appendChild(row)

    def _preview(self) -> None:
        headline, lines, is_error = panels.preview_lines(self.session.controller, self.display.tr)
        if not self._changed("preview", (headline, tuple(lines), is_error)):
            return
        preview = by_id("preview")
        clear(preview)
        if headline:
            preview.appendChild(el("p", "preview__points" + (" preview__points--error" if is_error else ""),
                                   text=headline))
            if lines:
                preview.appendChild(el("ul", "preview__lines", children=[el("li", text=t) for t in lines]))

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
        if not self._changed("hands", (view.open_hands, self.display.palette, tr.lang)):
            return
        clear(box)
        box.appendChild(el("p", "muted", text=tr.t("hand_open")))
        for seat, hand in enumerate(view.open_hands):
            name = game.options.players[seat]
            row = el("div", "open-hand", attrs={"role": "group", "aria-label": tr.t("rack_open_label", name=name)})
            row.appendChild(el("span", "open-hand__name", text=name))
            for tile in hand:
                item = el("span", "mini-tile", attrs={"role": "img", "aria-label": tr.tile(tile, die=True)})
                item.innerHTML = tile_svg(tile, self.display.palette, die=True)
                row.appendChild(item)
            box.appendChild(row)

    def _log(self) -> None:
        c = self.session.controller
        log = by_id("log")
        size = len(c.current.history)
        last = self.drawn.get("log")
        key = (self.display.tr.lang, self.session.generation)
        if last is not None and last[1] == key and last[0] == size:
            return
        entries = panels.log_entries(c, self.display.tr)
        if last is None or last[1] != key or size < last[0]:
            clear(log)
            start = 0
        else:
            start = last[0]
            for node in log.querySelectorAll(".log__entry--last"):
                node.classList.remove("log__entry--last")
        for entry in entries[start:]:
            item = el("li", "log__entry", attrs={"data-seat": entry.seat})
            item.appendChild(el("span", text=entry.text))
            if entry.details:
                item.appendChild(el("ul", "log__details", children=[el("li", text=t) for t in entry.details]))
            log.prepend(item)
        if entries:
            log.firstChild.classList.add("log__entry--last")
        self.drawn["log"] = (size, key)

    def _result(self) -> None:
        c = self.session.controller
        box = by_id("result")
        if not c.current.is_over:
            box.hidden = True
            self.drawn.pop("result", None)
            return
        tr = self.display.tr
        if not self._changed("result", (len(c.current.history), tr.lang)):
            return
        headline, rows, ending = panels.result_lines(c, tr)
        clear(box)
        box.appendChild(el("h2", text=tr.t("final_scores"), attrs={"id": "result-title", "tabindex": "-1"}))
        box.appendChild(el("p", "result__winner", text=headline))
        table = el("ol", "result__scores")
        for name, score, winner in rows:
            item = el("li", "result__row" + (" result__row--winner" if winner else ""))
            item.appendChild(el("span", text=f"{name}:"))
            item.appendChild(el("span", text=str(score)))
            table.appendChild(item)
        box.appendChild(table)
        box.appendChild(el("p", "muted", text=ending))
        hints = panels.hint_lines(c, tr)
        if hints:
            box.appendChild(el("ul", "result__hints", children=[el("li", text=t) for t in hints]))
        box.appendChild(el("button", "btn btn--primary", text=tr.t("rematch"),
                           attrs={"type": "button", "data-action": "rematch"}))
        box.appendChild(el("button", "btn", text=tr.t("review"), attrs={"type": "button", "data-action": "review"}))
        box.hidden = False
