"""The statistics dialog: games played and won per rule set and opponent, best turn, Qwirkles, and the accuracy of
reviewed games per rule set with a small plot of its trend (``accuracy_trend``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..play.panels import note_text
from ..shared import seats as seat_registry
from ..store.accuracy_log import load_accuracy, reset_accuracy
from ..store.stats import HUMANS, Stats, load_stats, reset_stats
from ..web.display import Display
from ..web.dom import by_id, clear, el
from .accuracy_trend import HEIGHT, Trend, trends

if TYPE_CHECKING:
    from ..play.session import Session


class StatsDialog:
    element_id = "stats-dialog"

    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.actions: dict[str, Callable[[Any], None]] = {"reset-stats": self.reset}

    def can_open(self) -> bool:
        return True

    def reset(self, _button: Any) -> None:
        reset_stats(self.session.store)
        reset_accuracy(self.session.store)
        self.render()

    def render(self) -> None:
        tr = self.display.tr
        box = by_id("stats-body")
        clear(box)
        stats = load_stats(self.session.store)
        found = trends(load_accuracy(self.session.store))
        if self.session.store.problems:  # unreadable statistics, moved aside: said here, once
            self.session.report_problems()
            box.appendChild(el("p", "note note--warn", text=note_text(self.session.notice, tr)))
        if not stats.played:  # reviewed games may have been played elsewhere (an imported record)
            box.appendChild(el("p", "muted", text=tr.t("stats_empty_reviewed" if found else "stats_empty")))
            if not found:
                return
        else:
            self._games(box, stats)
        box.appendChild(el("h3", "stats-sub", text=tr.t("stats_accuracy_title")))
        for trend in found:
            box.appendChild(self._trend(trend))
        if not found:
            box.appendChild(el("p", "muted", text=tr.t("stats_accuracy_none")))
        box.appendChild(
            el(
                "button",
                "btn btn--small",
                text=tr.t("stats_reset"),
                attrs={"type": "button", "data-action": "reset-stats"},
            )
        )

    def _games(self, box: Any, stats: Stats) -> None:
        tr = self.display.tr
        table = el("table", "stats-table")
        head = el(
            "tr",
            children=[
                el("th", text=tr.t(k), attrs={"scope": "col"})
                for k in ("variant", "stats_opponent", "stats_played", "stats_won")
            ],
        )
        table.appendChild(el("thead", children=[head]))
        body = el("tbody")
        for setup, by_opponent in sorted(stats.games.items()):
            for opponent, counts in sorted(by_opponent.items()):
                who = (
                    tr.t("opponent_humans")
                    if opponent == HUMANS
                    else ", ".join(seat_registry.display_name(k, tr) for k in opponent.split("+"))
                )
                body.appendChild(
                    el(
                        "tr",
                        children=[
                            el("th", text=tr.t(f"variant_{setup}"), attrs={"scope": "row"}),
                            el("td", text=who),
                            el("td", text=str(counts["played"])),
                            el("td", text=str(counts["won"])),
                        ],
                    )
                )
        table.appendChild(body)
        box.appendChild(el("div", "stats-table-wrap", children=[table]))  # scrolls alone on a narrow screen
        if stats.best:
            box.appendChild(
                el(
                    "p",
                    text=tr.t(
                        "stats_best",
                        points=tr.points(stats.best["points"]),
                        name=str(stats.best.get("name", "")),
                        variant=tr.t(f"variant_{stats.best.get('variant', 'classic')}"),
                    ),
                )
            )
        box.appendChild(el("p", text=tr.t("stats_qwirkles", n=stats.qwirkles)))

    def _trend(self, trend: Trend) -> Any:
        """One rule set: the mean of its recent games, and the plot (made from numbers only; its words go in as an
        attribute, as text): a dot per game joined by a line, the mean dashed under the recent games."""
        tr = self.display.tr
        width = max(len(trend.values), 1)
        plot = el("div", "stats-trend__plot")
        plot.innerHTML = (
            f'<svg class="stats-trend__svg" viewBox="0 0 {width} {HEIGHT}" preserveAspectRatio="none" role="img">'
            + "".join(
                f'<line class="stats-trend__grid" x1="0" y1="{y:g}" x2="{width}" y2="{y:g}" '
                f'vector-effect="non-scaling-stroke"/>'
                for y in (0, HEIGHT / 2, HEIGHT)
            )
            + f'<line class="stats-trend__mean" x1="{width - len(trend.recent)}" y1="{trend.mean_y():g}" '
            f'x2="{width}" y2="{trend.mean_y():g}" vector-effect="non-scaling-stroke"/>'
            f'<path class="stats-trend__line" d="{trend.line()}" vector-effect="non-scaling-stroke"/>'
            f'<path class="stats-trend__dots" d="{trend.dots()}" vector-effect="non-scaling-stroke"/></svg>'
        )
        plot.querySelector("svg").setAttribute("aria-label", trend.label(tr))
        scale = el(
            "div",
            "stats-trend__scale",
            attrs={"aria-hidden": "true"},
            children=[el("span", text=str(figure)) for figure in trend.scale()],
        )
        head = el(
            "figcaption",
            "stats-trend__head",
            children=[
                el("span", "stats-trend__variant", text=tr.t(f"variant_{trend.variant}")),
                el("span", "stats-trend__mean-text", text=trend.summary(tr)),
            ],
        )
        return el(
            "figure",
            "stats-trend",
            children=[head, el("div", "stats-trend__box", children=[scale, plot])],
            attrs={
                "data-accuracy-trend": trend.variant,
                "data-games": len(trend.values),
                "data-mean": f"{trend.mean:.1f}",
            },
        )
