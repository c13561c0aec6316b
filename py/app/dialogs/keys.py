"""The keyboard help ("?"): every key of ``input.KEYS`` and ``input.PAGE_KEYS`` with what it does."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..web.display import Display
from ..web.dom import by_id, clear, el

if TYPE_CHECKING:
    from ..play.session import Session

# (keys as shown, text key), in the order a player needs them.
HELP = (
    ("1–6", "key_pick"),
    ("← ↑ → ↓", "key_cursor"),
    ("Enter", "key_place"),
    ("P", "key_play"),
    ("Esc", "key_recall"),
    ("H", "key_hint"),
    ("X", "key_exchange"),
    ("U", "key_undo"),
    ("+ −", "key_zoom"),
    ("F", "key_fit"),
    ("L", "key_last"),
    ("R", "key_say_rack"),
    ("S", "key_say_scores"),
    ("B", "key_say_bag"),
    ("I", "key_say_lines"),
    ("M", "key_say_last"),
    ("?", "key_help"),
)


class KeysDialog:
    element_id = "keys-dialog"

    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.actions: dict[str, Callable[[Any], None]] = {}

    def can_open(self) -> bool:
        return True

    def render(self) -> None:
        tr = self.display.tr
        box = by_id("keys-body")
        clear(box)
        for keys, text in HELP:
            shown = keys.replace("Enter", tr.t("key_enter")).replace("Esc", tr.t("key_esc"))
            box.appendChild(el("dt", children=[el("kbd", text=shown)]))
            box.appendChild(el("dd", text=tr.t(text)))
