"""The win-chance graph of the review (``#review-graph``), like lichess's advantage chart: the first player's chance
of winning before each move (0 % at the bottom, 100 % at the top), the area between it and one half filled, the move
on show marked. One column per move, each a ``[data-action="review-goto"][data-index]`` target: a click or a tap
goes to that move through the review's own navigation (``ReviewView.go``), as a row of the list does.

In a game of three or four players the middle line is the fair share, one in three or one in four, and the area lies
between it and the line. Drawn again only when its points or its language change; the mark follows the move on show.
Hidden until a game is under review (``win_panels.graph`` is None)."""

from __future__ import annotations

from typing import Any

from ui.words import Translator

from ..web.dom import by_id, set_text
from .win_panels import GRAPH_HEIGHT, Graph


class WinGraph:
    def __init__(self) -> None:
        self.box = by_id("review-graph-box")
        self.plot = by_id("review-graph")
        self.caption = by_id("review-graph-caption")
        self.drawn: Any = None
        self.step: int | None = None

    def forget(self) -> None:
        self.drawn = None
        self.step = None
        self.plot.innerHTML = ""

    def render(self, graph: Graph | None, tr: Translator) -> None:
        self.box.hidden = graph is None
        if graph is None:
            return
        signature = (graph.points, graph.total, tr.lang)
        if signature != self.drawn:
            self.drawn = signature
            self.step = None
            self._draw(graph, tr)
        if graph.step != self.step:
            self.step = graph.step
            mark = self.plot.querySelector(".review-graph__now")
            if mark is not None:
                x = f"{graph.step + 0.5:g}"
                mark.setAttribute("x1", x)
                mark.setAttribute("x2", x)

    def _draw(self, graph: Graph, tr: Translator) -> None:
        """The picture from numbers only (the player's name goes in through attributes, as text)."""
        width, height, middle = max(graph.total, 1), GRAPH_HEIGHT, graph.middle
        line, area = graph.paths()
        hits = "".join(
            f'<rect class="review-graph__hit" data-action="review-goto" data-index="{i}" '
            f'data-graph-move="{i}" x="{i}" y="0" width="1" height="{height}"/>'
            for i in range(graph.total)
        )
        self.plot.innerHTML = (
            f'<svg class="review-graph__svg" viewBox="0 0 {width} {height}" preserveAspectRatio="none" role="img">'
            f'<rect class="review-graph__top" x="0" y="0" width="{width}" height="{middle:g}"/>'
            f'<line class="review-graph__mid" x1="0" y1="{middle:g}" x2="{width}" y2="{middle:g}" '
            f'vector-effect="non-scaling-stroke"/>'
            f'<path class="review-graph__area" d="{area}"/>'
            f'<path class="review-graph__line" d="{line}" vector-effect="non-scaling-stroke"/>'
            f'<line class="review-graph__now" x1="0.5" y1="0" x2="0.5" y2="{height}" '
            f'vector-effect="non-scaling-stroke"/>'
            f"<g>{hits}</g></svg>"
        )
        self.plot.querySelector("svg").setAttribute("aria-label", graph.label(tr))
        set_text(self.caption, tr.t("review_graph", name=graph.name))
