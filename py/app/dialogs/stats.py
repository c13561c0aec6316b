"""The statistics dialog: games played and won per rule set and opponent, best turn, Qwirkles."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..shared import seats as seat_registry
from ..web.display import Display
from ..web.dom import by_id, clear, el
from ..play.panels import note_text
from ..store.stats import HUMANS, load_stats, reset_stats

if TYPE_CHECKING:
    from ..play.session import Session


class StatsDialog:
    element_id = "stats-dialog"

    def __init__(self, session: "Session", display: Display) -> None:
        self.session = session
        self.display = display
        self.actions: dict[str, Callable[[Any], None]] = {"reset-stats": self.reset}

    def can_open(self) -> bool:
        return True

    def reset(self, _button: Any) -> None:
        reset_stats(self.session.store)
        self.render()

    def render(self) -> None:
        tr = self.display.tr
        box = by_id("stats-body")
        clear(box)
        stats = load_stats(self.session.store)
        if self.session.store.problems:   # unreadable statistics, moved aside: said here, once
            self.session.report_problems()
            box.appendChild(el("p", "note note--warn", text=note_text(self.session.notice, tr)))
        if not stats.played:
            box.appendChild(el("p", "muted", text=tr.t("stats_empty")))
            return
        table = el("table", "stats-table")
        head = el("tr", children=[el("th", text=tr.t(k), attrs={"scope": "col"})
                                  for k in ("variant", "stats_opponent", "stats_played", "stats_won")])
        table.appendChild(el("thead", children=[head]))
        body = el("tbody")
        for setup, by_opponent in sorted(stats.games.items()):
            for opponent, counts in sorted(by_opponent.items()):
                who = (tr.t("opponent_humans") if opponent == HUMANS else
                       ", ".join(seat_registry.display_name(k, tr) for k in opponent.split("+")))
                body.appendChild(el("tr", children=[
                    el("th", text=tr.t(f"variant_{setup}"), attrs={"scope": "row"}), el("td", text=who),
                    el("td", text=str(counts["played"])), el("td", text=str(counts["won"]))]))
        table.appendChild(body)
        box.appendChild(table)
        if stats.best:
            box.appendChild(el("p", text=tr.t("stats_best", points=tr.points(stats.best["points"]),
                                              name=str(stats.best.get("name", "")),
                                              variant=tr.t(f"variant_{stats.best.get('variant', 'classic')}"))))
        box.appendChild(el("p", text=tr.t("stats_qwirkles", n=stats.qwirkles)))
        box.appendChild(el("button", "btn btn--small", text=tr.t("stats_reset"),
                           attrs={"type": "button", "data-action": "reset-stats"}))
