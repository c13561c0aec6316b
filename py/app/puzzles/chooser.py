"""The Puzzles dialog (``#puzzles-dialog``, from the menu and the home screen): the puzzle of the day of each rule
set with its streak, and a puzzle of any theme of each rule set with how many of them the player solved."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from qwirkle.study.puzzles import VARIANT_CODES

from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, listen

if TYPE_CHECKING:
    from .table import PuzzleTable


class PuzzleChooser:
    def __init__(self, table: PuzzleTable, display: Display, changed: Callable[[], None]) -> None:
        self.table = table
        self.display = display
        self.changed = changed
        self.dialog = by_id("puzzles-dialog")
        self.variant = "classic"  # whose themes are listed
        self.actions: dict[str, Callable[[Any], None]] = {  # data-action -> handler(button)
            "close-dialog": lambda _b: self.dialog.close(),
            "puzzle-variant": self._variant,
            "puzzle-daily": self._daily,
            "puzzle-theme": self._theme,
        }
        listen(self.dialog, "click", self._click)

    def open(self) -> None:
        self.render()
        if not self.dialog.open:
            self.dialog.showModal()

    def render(self) -> None:
        tr = self.display.tr
        body = by_id("puzzles-body")
        clear(body)
        daily = el("section", "puzzles__group", attrs={"aria-labelledby": "puzzles-daily"})
        daily.appendChild(el("h3", text=tr.t("puzzle_daily"), attrs={"id": "puzzles-daily"}))
        row = el("div", "puzzles__buttons")
        for variant in VARIANT_CODES:
            streak = self.table.streak(variant)
            label = tr.t("puzzle_daily_of", variant=tr.t(f"variant_{variant}"))  # it opens that puzzle
            row.appendChild(
                self._button(
                    label,
                    tr.tn("puzzle_streak", streak) if streak else "",
                    {"data-action": "puzzle-daily", "data-variant": variant},
                )
            )
        daily.appendChild(row)
        body.appendChild(daily)
        body.appendChild(self._themes())

    def _themes(self) -> Any:
        """A theme of one rule set: the rule set picked by a switch, then its themes with the number solved."""
        tr = self.display.tr
        group = el("section", "puzzles__group", attrs={"aria-labelledby": "puzzles-themes"})
        group.appendChild(el("h3", text=tr.t("puzzle_themes"), attrs={"id": "puzzles-themes"}))
        # The rule set whose themes are listed below: said so, beside the day's puzzles that open at once.
        switch = el("div", "puzzles__switch", attrs={"role": "group", "aria-labelledby": "puzzles-themes-of"})
        switch.appendChild(
            el("span", "puzzles__switch-label", text=tr.t("puzzle_themes_of"), attrs={"id": "puzzles-themes-of"})
        )
        for variant in VARIANT_CODES:
            switch.appendChild(
                el(
                    "button",
                    "btn btn--small",
                    text=tr.t(f"variant_{variant}"),
                    attrs={
                        "type": "button",
                        "data-action": "puzzle-variant",
                        "data-variant": variant,
                        "aria-pressed": "true" if variant == self.variant else "false",
                    },
                )
            )
        group.appendChild(switch)
        row = el("div", "puzzles__buttons puzzles__buttons--themes")
        code = VARIANT_CODES[self.variant]
        for theme in self.table.themes(self.variant):
            count = sum(1 for puzzle_id in self.table.progress.solved(theme) if puzzle_id.startswith(code))
            row.appendChild(
                self._button(
                    tr.t(f"puzzle_theme_{theme}"),
                    tr.tn("puzzle_solved_count", count) if count else "",
                    {"data-action": "puzzle-theme", "data-variant": self.variant, "data-theme": theme},
                )
            )
        group.appendChild(row)
        return group

    @staticmethod
    def _button(label: str, detail: str, attrs: dict[str, Any]) -> Any:
        button = el("button", "btn puzzles__choice", attrs={"type": "button", **attrs})
        button.appendChild(el("span", "puzzles__label", text=label))
        if detail:
            button.appendChild(el("span", "puzzles__detail muted", text=detail))
        return button

    def _click(self, event: Any) -> None:
        if event.target == self.dialog:  # the backdrop
            self.dialog.close()
            return
        button = closest(event, "button[data-action]")
        action = self.actions.get(data(button, "action") or "") if button is not None else None
        if action is not None:
            action(button)

    def _variant(self, button: Any) -> None:
        variant = data(button, "variant") or "classic"
        if variant in VARIANT_CODES:
            self.variant = variant
            self.render()

    def _daily(self, button: Any) -> None:
        self.dialog.close()
        self.table.open_daily(data(button, "variant") or "classic")
        self.changed()

    def _theme(self, button: Any) -> None:
        self.dialog.close()
        self.table.open_theme(data(button, "variant") or "classic", data(button, "theme") or "")
        self.changed()
