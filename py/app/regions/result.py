"""The end-of-game card, in the dock where the rack was: who won and how the game ended, a table
of each player's game (score, Qwirkles, best turn, average per turn, hints used), and the
buttons: Rematch, New game, Export (``.result__buttons``; the review issue adds Review there)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..web.display import Display
from ..web.dom import by_id, clear, el
from ..web.rich_text import append_text

if TYPE_CHECKING:
    from ..play.session import Session

BUTTONS = (
    ("rematch", "rematch", "btn btn--primary"),
    ("new", "new_game", "btn"),
    ("review", "review", "btn"),
    ("export-game", "export", "btn"),
)


class ResultRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.box = by_id("result")
        self.drawn: Any = None

    def forget(self) -> None:
        self.drawn = None

    def render(self) -> None:
        c = self.session.controller
        box = self.box
        if not c.current.is_over or c.puzzle:  # a puzzle's end is told by its own panel (app.puzzles)
            box.hidden = True
            self.drawn = None
            return
        tr = self.display.tr
        signature = (c.game_id, len(c.current.history), tr.lang, tuple(c.hints))
        if signature == self.drawn:
            return
        self.drawn = signature
        from ..play import summary  # at a game's end only (start-up)

        clear(box)
        box.appendChild(
            el(
                "div",
                "result__head",
                children=[
                    el(
                        "h2", "result__title", text=tr.t("final_scores"), attrs={"id": "result-title", "tabindex": "-1"}
                    ),
                    el("p", "result__winner", text=summary.headline(c, tr)),
                ],
            )
        )
        ending = el("p", "result__ending muted")
        append_text(ending, summary.ending(c, tr), tr)
        box.appendChild(ending)
        box.appendChild(self._table())
        buttons = el("div", "result__buttons")
        for action, key, cls in BUTTONS:
            buttons.appendChild(el("button", cls, text=tr.t(key), attrs={"type": "button", "data-action": action}))
        box.appendChild(buttons)
        box.hidden = False

    def _table(self) -> Any:
        """One column per player (best first), one row per figure: narrow enough for a phone."""
        from ..play import summary

        c = self.session.controller
        tr = self.display.tr
        players = summary.players(c, tr)
        table = el("table", "result__table")
        table.appendChild(el("caption", "visually-hidden", text=tr.t("summary_caption")))
        head = el("tr", children=[el("td")])
        for player in players:
            head.appendChild(
                el(
                    "th",
                    "result__player" + (" result__player--winner" if player.winner else ""),
                    text=player.name,
                    attrs={"scope": "col", "data-seat": player.seat},
                )
            )
        table.appendChild(el("thead", children=[head]))
        body = el("tbody")
        rows: tuple[tuple[str, Callable[[summary.PlayerSummary], str]], ...] = (
            ("summary_score", lambda p: str(p.score)),
            ("summary_qwirkles", lambda p: str(p.qwirkles)),
            ("summary_best", lambda p: str(p.best)),
            ("summary_average", lambda p: summary.average_text(p.average, tr)),
            ("summary_hints", lambda p: "—" if p.hints is None else str(p.hints)),
        )
        for key, value in rows:
            row = el("tr", attrs={"data-figure": key.removeprefix("summary_")})
            row.appendChild(el("th", text=tr.t(key), attrs={"scope": "row"}))
            for player in players:
                row.appendChild(el("td", text=value(player)))
            body.appendChild(row)
        table.appendChild(body)
        return table
