"""The menu behind one button: everything on small screens; on wide ones (``WIDE``, as in
css/layout.css) the buttons and the language sit in the top bar and the button opens the other
settings. Open and close it, close it on a click outside or Escape, keep ``aria-expanded`` true."""

from __future__ import annotations

from typing import Any

from ui.jsvalues import present

from ..web.dom import by_id, listen, set_attr

WIDE = "(min-width: 1280px)"


class Menu:
    def __init__(self) -> None:
        self.menu = by_id("menu")
        self.button = by_id("menu-button")
        self.is_open = False

    def listen(self) -> None:
        from pyscript import document

        listen(document, "pointerdown", self._outside)

    def toggle(self) -> None:
        if self.is_open:
            self.close(focus=True)
        else:
            self.open()

    def open(self) -> None:
        self.is_open = True
        set_attr(self.menu, "data-open", True)
        set_attr(self.button, "aria-expanded", "true")
        from pyscript import window

        panel = by_id("menu-settings") if window.matchMedia(WIDE).matches else self.menu
        first = panel.querySelector("button, a, select, input")
        if present(first):
            first.focus()

    def close(self, focus: bool = False) -> None:
        if not self.is_open:
            return
        self.is_open = False
        set_attr(self.menu, "data-open", None)
        set_attr(self.button, "aria-expanded", "false")
        if focus:
            self.button.focus()

    def _outside(self, event: Any) -> None:
        target = event.target
        if self.is_open and present(target) and not self.menu.contains(target) and not self.button.contains(target):
            self.close()
