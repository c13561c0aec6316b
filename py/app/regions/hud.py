"""The head-up display above the board: the status line (whose turn, what to do; ``data-status``),
each player's score, and the bag. Always on screen, at every size."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..play import panels
from ..web.display import Display
from ..web.dom import by_id, clear, el, set_attr, set_text

if TYPE_CHECKING:
    from ..play.session import Session


class HudRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.status = by_id("status")
        self.who = by_id("status-who")
        self.todo = by_id("status-todo")
        self.drawn: Any = None
        self.players: tuple[tuple[int, str, str], ...] = ()  # the rows drawn: (seat, name, level) each

    def forget(self) -> None:
        self.drawn = None
        self.players = ()

    def render(self) -> None:
        c = self.session.controller
        tr = self.display.tr
        kind, who, todo = panels.status(c, tr)
        set_attr(self.status, "data-status", kind)
        set_attr(self.status, "data-thinking", c.computer_to_move)
        set_text(self.who, who)
        set_text(self.todo, todo)
        set_text(by_id("bag"), panels.bag_text(c, tr))
        self._scores()

    def _scores(self) -> None:
        """One row a player, made once for these players: a move changes its score, turn and winner in place."""
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        signature = (game.scores, game.to_move, game.is_over, panels.player_names(c, tr), tr.lang, panels.seat_kinds(c))
        if signature == self.drawn:
            return
        self.drawn = signature
        scores = by_id("scores")
        rows = panels.score_rows(c, tr)
        players = tuple((row.seat, row.name, row.level) for row in rows)
        if players != self.players:
            self.players = players
            clear(scores)
            for row in rows:
                li = el("li", attrs={"data-seat": row.seat})
                li.appendChild(el("span", "score__name", text=row.name))
                if row.level:  # beside the name, not in it: a long name is cut, never the level
                    li.appendChild(el("span", "score__level", text=row.level))
                li.appendChild(el("span", "score__value", attrs={"data-score": row.seat}))
                scores.appendChild(li)
        for li, row in zip(scores.children, rows, strict=True):
            classes = ["score"] + [f"score--{n}" for n, on in (("turn", row.turn), ("winner", row.winner)) if on]
            li.className = " ".join(classes)
            set_attr(li, "aria-current", "true" if row.turn else None)
            set_text(li.lastElementChild, str(row.score))
