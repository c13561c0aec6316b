"""The puzzle's card above the rack (``#puzzle``): which puzzle, its theme and difficulty, the task, then the verdict
with the points against the best and each scored line, and what next (**Try again**, **Show solution**, **Next**),
the puzzle's link to share (Copy, Share, QR) and the player's progress. Drawing and clicks only: ``table`` decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from pyscript import window

from ui.jsvalues import present

from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, listen, set_text
from ..web.sharing import can_share, copy_link, draw_qr, share_link
from ..web.tasks import spawn

if TYPE_CHECKING:
    from .table import PuzzleTable


def share_url(query: str) -> str:
    """The puzzle's address on this site: the page's own address with only ``?puzzle=ID``."""
    url = window.URL.new(window.location.href)
    url.search = query
    url.hash = ""
    return str(url.toString())


class PuzzlePanel:
    def __init__(
        self, table: PuzzleTable, display: Display, choose: Callable[[], None], changed: Callable[[], None]
    ) -> None:
        self.table = table
        self.display = display
        self.box = by_id("puzzle")
        self.drawn: Any = None
        self.actions: dict[str, Callable[[], Any]] = {
            "puzzle-again": table.try_again,
            "puzzle-solution": table.show_solution,
            "puzzle-next": table.next,
            "puzzles": choose,
            "puzzle-copy": lambda: spawn(self.copy()),
            "puzzle-share": lambda: spawn(self.share()),
        }
        self.changed = changed
        listen(self.box, "click", self._click)

    def forget(self) -> None:
        self.drawn = None

    def _click(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        name = data(button, "action") if button is not None else None
        if name in self.actions:
            self.actions[name]()
            self.changed()

    # -- drawing ---------------------------------------------------------------------------------
    def render(self) -> None:
        table = self.table
        if not table.is_on or table.attempt is None:
            self.box.hidden = True
            self.drawn = None
            return
        attempt = table.attempt
        c = table.session.controller
        last = c.last.move if c.last is not None else None
        signature = (
            attempt.puzzle.id,
            attempt.result,
            attempt.solution_shown,
            table.played,
            last,
            self.display.tr.lang,
            tuple(table.progress.counts().values()),
        )
        self.box.hidden = False
        if signature == self.drawn:
            return
        self.drawn = signature
        clear(self.box)
        for node in self._content():
            self.box.appendChild(node)
        qr = self.box.querySelector("[data-puzzle-qr]")
        if present(qr):
            spawn(draw_qr(qr, share_url(attempt.share_query())))

    def _content(self) -> list[Any]:
        table, tr = self.table, self.display.tr
        attempt = table.attempt
        assert attempt is not None
        puzzle = attempt.puzzle
        variant = tr.t(f"variant_{puzzle.variant}")
        title = (
            f"{tr.t('puzzle_daily')} · {variant}"
            if attempt.request.daily
            else f"{tr.t('puzzle_title', id=puzzle.id)} · {variant}"
        )
        nodes = [
            el("h3", "puzzle__title", text=title, attrs={"id": "puzzle-title", "tabindex": "-1"}),
            el(
                "p",
                "puzzle__meta muted",
                text=f"{tr.t('puzzle_theme_' + puzzle.theme)} · {tr.t('puzzle_difficulty', n=puzzle.difficulty)}",
            ),
        ]
        if table.played:  # before, the status line says what to do (``play.panels.status``)
            nodes.extend(self._verdict())
        nodes.append(self._buttons())
        nodes.append(self._share())
        nodes.append(el("p", "puzzle__progress muted", text=self._progress()))
        return nodes

    def _verdict(self) -> list[Any]:
        table, tr = self.table, self.display.tr
        attempt = table.attempt
        assert attempt is not None
        c = table.session.controller
        puzzle, answer = attempt.puzzle, attempt.last
        texts = []
        if answer is not None:
            key = "puzzle_solved" if answer.result == "solved" else "puzzle_missed"
            texts.append(tr.t(key, points=answer.points, best=puzzle.best_points))
        if attempt.solution_shown:
            texts.append(tr.t("puzzle_solution", points=puzzle.best_points))
        result = attempt.result or "missed"
        nodes = [
            el(
                "p",
                f"puzzle__verdict puzzle__verdict--{result}",
                text=" ".join(texts),
                attrs={"role": "status", "data-puzzle-verdict": result},
            )
        ]
        if c.last is not None and c.last.kind == "play":
            rows = tr.breakdown(c.last.lines, c.current.board.tiles, c.last.end_bonus)
            nodes.append(el("ul", "puzzle__lines", children=[el("li", text=row) for row in rows]))
        return nodes

    def _buttons(self) -> Any:
        table, tr = self.table, self.display.tr
        attempt = table.attempt
        assert attempt is not None
        row = el("div", "puzzle__buttons")
        wanted = []
        if table.played:
            wanted.append(("puzzle-again", "try_again", "btn btn--primary"))
        if not attempt.solution_shown:
            wanted.append(("puzzle-solution", "show_solution", "btn"))
        wanted += [
            ("puzzle-next", "next_puzzle", "btn" if not table.played else "btn btn--primary"),
            ("puzzles", "puzzles", "btn"),
        ]
        for action, key, cls in wanted:
            row.appendChild(el("button", cls, text=tr.t(key), attrs={"type": "button", "data-action": action}))
        return row

    def _share(self) -> Any:
        tr = self.display.tr
        attempt = self.table.attempt
        assert attempt is not None
        url = share_url(attempt.share_query())
        box = el("details", "puzzle__share")
        box.appendChild(el("summary", text=tr.t("puzzle_share")))
        box.appendChild(el("a", "puzzle__url", text=url, attrs={"href": url, "data-puzzle-link": True}))
        buttons = el("div", "puzzle__buttons")
        buttons.appendChild(
            el("button", "btn", text=tr.t("copy_link"), attrs={"type": "button", "data-action": "puzzle-copy"})
        )
        if can_share():
            buttons.appendChild(
                el("button", "btn", text=tr.t("share_link"), attrs={"type": "button", "data-action": "puzzle-share"})
            )
        box.appendChild(buttons)
        box.appendChild(el("p", "puzzle__status", attrs={"role": "status", "data-puzzle-status": True}))
        box.appendChild(
            el("div", "puzzle__qr", attrs={"role": "img", "data-puzzle-qr": True, "aria-label": tr.t("puzzle_qr")})
        )
        return box

    def _progress(self) -> str:
        table, tr = self.table, self.display.tr
        attempt = table.attempt
        assert attempt is not None
        solved = sum(table.progress.counts().values())
        text = tr.tn("puzzle_solved_count", solved)
        streak = table.streak(attempt.puzzle.variant)
        return f"{text} · {tr.tn('puzzle_streak', streak)}" if streak else text

    # -- sharing ---------------------------------------------------------------------------------
    async def copy(self) -> None:
        attempt = self.table.attempt
        if attempt is None:
            return
        anchor = self.box.querySelector("[data-puzzle-link]")
        copied = await copy_link(share_url(attempt.share_query()), anchor if present(anchor) else None)
        status = self.box.querySelector("[data-puzzle-status]")
        if present(status):
            set_text(status, self.display.tr.t("puzzle_copied" if copied else "link_copy_failed"))

    async def share(self) -> None:
        if self.table.attempt is not None:
            await share_link(self.display.tr.t("puzzle_share"), share_url(self.table.attempt.share_query()))
