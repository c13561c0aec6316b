"""Every input of the game page as a named action, in one table.

Buttons carry ``data-action`` (menu, actions, hand-over, zoom, end-of-game card); keys map to
actions in ``KEYS``; pointer gestures (``gestures.py``) report ``tap-cell``, ``move-pending``,
``select-tile``, ``drag-tile`` and ``drop-tile``. ``Input.act(name, *args)`` looks the name up
in ``Input.actions`` and runs it: there is no other dispatch. What an action means for the game
is the session's and the controller's business; this module only routes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from ui.jsvalues import present

from .dom import by_id, closest, data, listen
from .notes import EXCHANGE, PLACE, ROLL, Note

if TYPE_CHECKING:  # the engine is imported on first need, not at page load
    from qwirkle.notation import Cell

    from .board_region import BoardRegion
    from .controller import Controller
    from .dialogs import Dialogs
    from .session import Session

# Key -> (action, arguments). Digits pick a rack tile by position.
KEYS: dict[str, tuple[str, tuple[Any, ...]]] = {
    **{str(n): ("pick-tile", (n - 1,)) for n in range(1, 10)},
    "f": ("fit", ()), "F": ("fit", ()), "0": ("fit", ()),
    "p": ("play-key", ()), "P": ("play-key", ()),
    "Escape": ("escape", ()),
    "ArrowLeft": ("cursor", (-1, 0)), "ArrowRight": ("cursor", (1, 0)),
    "ArrowUp": ("cursor", (0, -1)), "ArrowDown": ("cursor", (0, 1)),
    "Enter": ("cursor-tap", ()), " ": ("cursor-tap", ()),
    "+": ("zoom-in", ()), "=": ("zoom-in", ()), "-": ("zoom-out", ()), "_": ("zoom-out", ()),
}
# Containers whose buttons carry data-action.
BUTTON_CONTAINERS = ("#menu", "#actions", "#privacy", ".zoom", "#result")


class Surface(Protocol):
    """What input acts on: the page (``page.Page``) offers it."""

    session: "Session"

    @property
    def board(self) -> "BoardRegion": ...

    def render(self) -> None: ...
    def dialogs(self) -> "Dialogs": ...
    def focus_rack(self) -> None: ...
    def focus_result(self) -> None: ...
    def open_review(self, game_id: str | None = None) -> None: ...


class Input:
    """Routes the page's input to actions by name."""

    def __init__(self, page: Surface) -> None:
        self.page = page
        self.actions: dict[str, Callable[..., None]] = {
            # menu
            "new": lambda: page.dialogs().open("new"),
            "saves": lambda: page.dialogs().open("saves"),
            "stats": lambda: page.dialogs().open("stats"),
            "tracker": lambda: page.dialogs().open("tracker"),
            # the turn
            "play": self.play,
            "play-key": self.play_key,
            "recall": lambda: self._then_render(self.c.recall),
            "hint": page.session.hint,
            "exchange": lambda: self._then_render(self.c.set_mode, EXCHANGE),
            "roll": lambda: self._then_render(self.c.set_mode, ROLL),
            "confirm": self.confirm,
            "cancel-mode": lambda: self._then_render(self.c.set_mode, PLACE),
            "pass": lambda: self._human(self.c.pass_turn()),
            "undo": page.session.undo,
            "reveal": self.reveal,
            "rematch": page.session.rematch,
            "review": page.open_review,
            "escape": self.escape,
            # the board and the rack
            "tap-cell": self.tap_cell,
            "move-pending": self.move_pending,
            "select-tile": self.select_tile,
            "pick-tile": self.pick_tile,
            "drag-tile": self.drag_tile,
            "drop-tile": self.drop_tile,
            "cursor": self.move_cursor,
            "cursor-tap": lambda: self.tap_cell(page.board.view.cursor),
            "zoom-in": lambda: page.board.view.zoom(1.25),
            "zoom-out": lambda: page.board.view.zoom(0.8),
            "fit": lambda: page.board.fit(force=True),
        }
        # Why a disabled button cannot be used now (pressing it says so).
        self.why_disabled: dict[str, Callable[[], Note | None]] = {
            "exchange": lambda: self.c.exchange_availability().why,
            "roll": lambda: self.c.roll_availability().why,
            "undo": lambda: None if self.c.can_undo() else Note("undo_none", level="warn"),
        }

    @property
    def c(self) -> "Controller":
        return self.page.session.controller

    def listen(self) -> None:
        from pyscript import document
        for selector in BUTTON_CONTAINERS:
            listen(document.querySelector(selector), "click", self._button)
        listen(by_id("board"), "keydown", self._key)

    def act(self, name: str, *args: Any) -> None:
        self.actions[name](*args)

    # -- listeners ----------------------------------------------------------------------------
    def _button(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        if button is None:
            return
        name = data(button, "action") or ""
        if button.getAttribute("aria-disabled") == "true":
            why = self.why_disabled.get(name, lambda: None)()
            if why is not None:
                self.c.note = why
                self.page.render()
            return
        if name in self.actions:
            self.page.session.notice = None
            self.act(name)

    def _key(self, event: Any) -> None:
        action = KEYS.get(str(event.key))
        if action is None or not self.page.session.has_game():
            return
        self.act(action[0], *action[1])
        event.preventDefault()

    # -- actions ------------------------------------------------------------------------------
    def _then_render(self, change: Callable[..., Any], *args: Any) -> None:
        change(*args)
        self.page.render()

    def _human(self, result: Any) -> None:
        self.page.session.after_move(result, human=True)

    def play(self) -> None:
        self._human(self.c.play())

    def play_key(self) -> None:
        if self.c.can_play():
            self.play()

    def confirm(self) -> None:
        self._human(self.c.confirm_exchange() if self.c.turn.mode == EXCHANGE else self.c.confirm_roll())

    def reveal(self) -> None:
        self.c.reveal()
        self.page.render()
        self.page.focus_rack()

    def escape(self) -> None:
        if self.c.turn.selected is not None:
            self.c.select(None)
        else:
            self.c.recall()
        self.page.render()

    def select_tile(self, index: int) -> None:
        self.c.select(index)
        self.page.session.notice = None
        self.page.render()
        self.page.board.show_legal()

    def pick_tile(self, position: int) -> None:
        rack = self.c.rack()
        if self.c.interactive and position < len(rack):
            self.select_tile(rack[position][0])

    def drag_tile(self, index: int) -> None:
        if self.c.turn.selected != index:
            self.c.select(index)
            self.page.render()

    def drop_tile(self, index: int, cell: Cell) -> None:
        self.place(cell)

    def place(self, cell: Cell) -> None:
        if self.c.place(cell):
            self.page.board.view.set_cursor(cell, announce=False)
        self.page.render()

    def tap_cell(self, cell: Cell) -> None:
        c = self.c
        if not c.interactive:
            return
        self.page.board.view.set_cursor(cell, announce=False)
        if c.turn.mode != PLACE:
            return
        if cell in c.turn.cells() and c.turn.selected is None:
            c.take_back(cell)
            self.page.render()
            return
        self.place(cell)

    def move_pending(self, source: Cell, target: Cell) -> None:
        if self.c.move_pending(source, target):
            self.page.board.view.set_cursor(target, announce=False)
        self.page.render()

    def move_cursor(self, dx: int, dy: int) -> None:
        x, y = self.page.board.view.cursor
        self.page.board.view.set_cursor((x + dx, y + dy))


def focus_first(container_id: str, selector: str) -> None:
    """Give the focus to the first element matching ``selector`` inside ``container_id``."""
    found = by_id(container_id).querySelector(selector)
    if present(found):
        found.focus()
