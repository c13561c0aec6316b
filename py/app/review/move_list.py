"""The review's tables: the per-player summary and the list of moves, drawn as the review arrives.

Rows are appended as the best pass brings them and their level column is filled in when the level's
choice arrives; nothing already drawn is drawn again unless the language or the palette changed.
Every move is an ``<li data-review-move data-player data-points data-best-points>`` (the DOM contract),
with ``data-lost``, ``data-missed-qwirkle`` and, once known, ``data-level-move``, ``data-level-points`` and
``data-win-lost`` (the chances of winning the move cost, in percentage points with one decimal).
The summary gets each player's accuracy (``[data-accuracy]``, the figure) once every move's chances are in.
"""

from __future__ import annotations

from typing import Any

from qwirkle.tiles import Tile
from ui.tiles_svg import tile_svg

from ..shared import seats
from ..web.display import Display
from ..web.dom import by_id, clear, el, set_attr
from . import panels, win_panels
from .session import Entry, ReviewSession, move_tiles

KIND_MARKS = {"exchange": "⇄", "roll": "↻", "pass": "—"}


def mini_tiles(
    tiles: tuple[Tile, ...], display: Display, die: bool, cls: str = "mini-tile", used: list[bool] | None = None
) -> list[Any]:
    """Small pictures of tiles (hidden from screen readers: the row or rack says them in words)."""
    items = []
    for position, tile in enumerate(tiles):
        extra = " mini-tile--used" if used and used[position] else ""
        item = el("span", cls + extra, attrs={"data-code": tile.notation(), "aria-hidden": "true"})
        item.innerHTML = tile_svg(tile, display.palette, die=die)
        items.append(item)
    return items


def move_picture(notation: str, kind: str, display: Display, die: bool) -> Any:
    """A move as pictures: its tiles, after a mark for an exchange (⇄), a re-roll (↻) or a pass (—)."""
    box = el("span", "review-move__tiles")
    if kind in KIND_MARKS:
        box.appendChild(el("span", "review-move__mark", text=KIND_MARKS[kind], attrs={"aria-hidden": "true"}))
    for item in mini_tiles(move_tiles(notation), display, die, "mini-tile mini-tile--row"):
        box.appendChild(item)
    return box


class ReviewList:
    def __init__(self, display: Display) -> None:
        self.display = display
        self.summary = by_id("review-summary")
        self.moves = by_id("review-moves")
        self.rows: dict[int, Any] = {}
        self.level_drawn: dict[int, tuple[str, str]] = {}
        self.win_drawn: set[int] = set()
        self.summary_drawn: Any = None
        self.current: int | None = None

    def forget(self) -> None:
        """Draw everything again (another review, language or palette)."""
        clear(self.summary)
        clear(self.moves)
        self.rows.clear()
        self.level_drawn.clear()
        self.win_drawn.clear()
        self.summary_drawn = None
        self.current = None

    def render(self, review: ReviewSession) -> None:
        self._summary(review)
        for entry in review.entries[len(self.rows) :]:
            row = self._row(review, entry)
            self.moves.appendChild(row)
            self.rows[entry.index] = row
        for index, choice in review.levels.items():
            if index in self.rows and self.level_drawn.get(index) != (review.level, choice.move):
                self._level(review, review.entries[index], self.rows[index])
        for index in [i for i in self.level_drawn if i not in review.levels]:  # another level: its pass restarts
            self._level(review, review.entries[index], self.rows[index])
        for index in [i for i in review.wins if i in self.rows and i not in self.win_drawn]:
            self._win(review, review.entries[index], self.rows[index])
        self._mark_current(review.step)

    # -- the summary ---------------------------------------------------------------------------------------
    def _summary(self, review: ReviewSession) -> None:
        tr = self.display.tr
        rows = panels.summary_rows(review, tr)
        accuracy = win_panels.accuracy_cells(review, tr)
        if self.summary_drawn == (rows, accuracy, tr.lang):
            return
        self.summary_drawn = (rows, accuracy, tr.lang)
        clear(self.summary)
        self.summary.hidden = not rows
        if not rows:
            return
        self.summary.appendChild(el("caption", text=tr.t("review_summary")))
        columns = (*panels.SUMMARY_COLUMNS, *win_panels.accuracy_columns(review))
        label = {key: tr.t(key) for key in columns}  # the heads, and each figure's label on a narrow screen
        head = el("tr", children=[el("th", text=label[key], attrs={"scope": "col"}) for key in columns])
        self.summary.appendChild(el("thead", children=[head]))
        body = el("tbody")
        for seat, cells in enumerate(rows):
            line = el("tr", attrs={"data-review-player": seat})
            line.appendChild(el("th", text=cells[0], attrs={"scope": "row"}))
            for key, text in zip(panels.SUMMARY_COLUMNS[1:], cells[1:], strict=True):
                line.appendChild(el("td", text=text, attrs={"data-label": label[key]}))
            if seat < len(accuracy):
                shown, like, figure = accuracy[seat]
                line.appendChild(
                    el(
                        "td",
                        "review-summary__accuracy",
                        text=shown,
                        attrs={
                            "data-label": label["review_accuracy"],
                            "data-accuracy": None if figure is None else f"{figure:.1f}",
                        },
                    )
                )
                if "review_played_like" in label:  # the level it matches, when measured
                    line.appendChild(el("td", text=like, attrs={"data-label": label["review_played_like"]}))
            body.appendChild(line)
        self.summary.appendChild(body)

    # -- the moves -----------------------------------------------------------------------------------------
    def _row(self, review: ReviewSession, entry: Entry) -> Any:
        die = panels.is_die(review)
        row = el(
            "li",
            "review-move",
            attrs={
                "data-review-move": entry.index,
                "data-player": entry.player,
                "data-points": entry.points,
                "data-best-points": entry.best_points,
                "data-lost": entry.lost,
                "data-missed-qwirkle": entry.missed_qwirkle is not None,
            },
        )
        # the row's name is one sentence in words (a hidden span); the columns are for the eyes
        button = el(
            "button",
            "review-move__button",
            attrs={"type": "button", "data-action": "review-goto", "data-index": entry.index},
        )
        button.appendChild(
            el("span", "visually-hidden review-move__words", text=panels.row_label(review, entry, self.display.tr))
        )
        seen = [
            el("span", "review-move__n", text=str(entry.index + 1)),
            el("span", "review-move__who", text=review.options.players[entry.player]),
            move_picture(entry.move, entry.kind, self.display, die),
            el("span", "review-move__points", text=str(entry.points)),
            el("span", "review-move__best", text=str(entry.best_points)),
            el("span", "review-move__lost", text=f"−{entry.lost}" if entry.lost else ""),
            el("span", "review-move__win"),
            el("span", "review-move__level"),
        ]
        if entry.missed_qwirkle:
            seen.append(el("span", "badge badge--missed", text=self.display.tr.t("review_missed_qwirkle")))
        for part in seen:
            part.setAttribute("aria-hidden", "true")
            button.appendChild(part)
        row.appendChild(button)
        return row

    def _level(self, review: ReviewSession, entry: Entry, row: Any) -> None:
        """The level's move in the row: '=' when it is the move played, else its tiles and points."""
        choice = review.levels.get(entry.index)
        cell = row.querySelector(".review-move__level")
        clear(cell)
        set_attr(row, "data-level-move", choice.move if choice is not None else None)
        set_attr(row, "data-level-points", str(choice.points) if choice is not None else None)
        row.querySelector(".review-move__words").textContent = panels.row_label(review, entry, self.display.tr)
        if choice is None:
            self.level_drawn.pop(entry.index, None)
            return
        self.level_drawn[entry.index] = (review.level, choice.move)
        same = choice.move == entry.move
        # the level's name, seen on a phone only, where the column has no head: "Expert" and its move under the row's
        cell.appendChild(el("span", "review-move__level-name", text=seats.display_name(review.level, self.display.tr)))
        cell.classList.toggle("review-move__level--same", same)  # a phone keeps it on the line of the move's tiles
        if same:
            cell.appendChild(el("span", "review-move__same", text="=", attrs={"aria-hidden": "true"}))
            return
        kind = "play" if "@" in choice.move else choice.move.split()[0].replace("swap", "exchange")
        cell.appendChild(move_picture(choice.move, kind, self.display, panels.is_die(review)))
        if kind == "play":
            cell.appendChild(el("span", "review-move__level-points", text=str(choice.points)))

    def _win(self, review: ReviewSession, entry: Entry, row: Any) -> None:
        """The chances of winning the move cost, in the row."""
        choice = review.wins[entry.index]
        self.win_drawn.add(entry.index)
        set_attr(row, "data-win-lost", f"{max(choice.cost, 0.0):.1f}")
        row.querySelector(".review-move__win").textContent = win_panels.row_cost(choice, self.display.tr)
        row.querySelector(".review-move__words").textContent = panels.row_label(review, entry, self.display.tr)

    def _mark_current(self, step: int) -> None:
        if self.current == step and step in self.rows and self.rows[step].hasAttribute("aria-current"):
            return
        if self.current in self.rows:
            self.rows[self.current].removeAttribute("aria-current")
        self.current = step
        row = self.rows.get(step)
        if row is not None:
            row.setAttribute("aria-current", "step")
            self._reveal(row)

    def _reveal(self, row: Any) -> None:
        """Scroll the list (not the page) so that the row is in view."""
        box = self.moves
        top, bottom = row.offsetTop, row.offsetTop + row.offsetHeight
        if top < box.scrollTop:
            box.scrollTop = top
        elif bottom > box.scrollTop + box.clientHeight:
            box.scrollTop = bottom - box.clientHeight
