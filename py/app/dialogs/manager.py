"""The page's dialogs: one delegated click listener per dialog, actions looked up by name.

Each dialog (``new_game``, ``saves``, ``stats``, ``tracker``, ``rules``, ``keys``) gets the session and
the display (language, palette), never the page; it draws itself in ``render()`` and names its
buttons' actions in ``actions``. Imported on first need (start-up time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ..web.display import Display
from ..web.dom import by_id, closest, data, listen

if TYPE_CHECKING:
    from ..play.session import Session


class Dialog(Protocol):
    element_id: str
    actions: dict[str, Callable[[Any], None]]  # data-action -> handler(button)

    def can_open(self) -> bool: ...
    def render(self) -> None: ...


class Dialogs:
    def __init__(
        self,
        session: Session,
        display: Display,
        changed: Callable[[], None],
        review: Callable[[str], None] | None = None,
    ) -> None:
        from .keys import KeysDialog
        from .new_game import NewGameDialog
        from .rules import RulesDialog
        from .saves import SavesDialog
        from .stats import StatsDialog
        from .tracker import TrackerDialog

        self.rules = RulesDialog(session, display)
        self.dialogs: dict[str, Dialog] = {
            "new": NewGameDialog(session, display, self.close),
            "saves": SavesDialog(session, display, self.close, changed, review),
            "stats": StatsDialog(session, display),
            "tracker": TrackerDialog(session, display),
            "rules": self.rules,
            "keys": KeysDialog(session, display),
        }
        for dialog in self.dialogs.values():
            listen(by_id(dialog.element_id), "click", self._click_handler(dialog))

    def open(self, name: str) -> None:
        dialog = self.dialogs[name]
        if not dialog.can_open():
            return
        dialog.render()
        element = by_id(dialog.element_id)
        if not element.open:
            element.showModal()

    def show_rule(self, rule: str) -> None:
        """Open the text of ``rule`` (a rule id cited in a message)."""
        self.rules.rule = rule
        self.open("rules")

    def close(self, name: str) -> None:
        by_id(self.dialogs[name].element_id).close()

    def refresh(self) -> None:
        """Draw open dialogs again (a language or palette change)."""
        for dialog in self.dialogs.values():
            if by_id(dialog.element_id).open:
                dialog.render()

    def _click_handler(self, dialog: Dialog) -> Callable[[Any], None]:
        def click(event: Any) -> None:
            element = event.currentTarget
            if event.target == element:  # a click on the backdrop closes the dialog
                element.close()
                return
            button = closest(event, "[data-action]")
            if button is None:
                return
            name = data(button, "action") or ""
            if name == "close-dialog":
                element.close()
            elif name in dialog.actions:
                dialog.actions[name](button)

        return click
