"""Every input of the game page as a named action: the game's in one table here, each other feature's in its own.

The game's buttons carry ``data-action`` (menu, home, actions, rack, hand-over, zoom, end-of-game card:
``BUTTON_CONTAINERS``); a rule id in a message is a button with ``data-rule``; keys map to actions in ``KEYS`` (on
the focused board) and ``PAGE_KEYS`` (anywhere but a text field or an open dialog); pointer gestures (``gestures``)
report ``tap-cell``, ``move-pending``, ``select-tile``, ``drag-tile``, ``drop-tile`` and ``reorder-tile``.
``Input.act(name, *args)`` looks the name up in ``Input.actions`` and runs it. What an action means for the game is
the session's and the controller's business; this module only routes.

A feature drawn in its own container routes the ``data-action`` of the buttons inside it through its own table,
with one delegated click listener on the container. These are all the tables (tests/architecture/test_actions.py
finds every table under py/app, and every action in the page, and holds them to this list):

* ``input.bindings.Input.actions``: the game (above); ``input.bindings.Input.why_disabled`` says why one of its
  buttons cannot be used now
* ``review.view.ReviewView.actions``: the review of a game (``#review``)
* ``analysis.view.AnalysisView.actions``: the analysis board (``#analysis``)
* ``puzzles.panel.PuzzlePanel.actions``: the puzzle's card (``#puzzle``)
* ``puzzles.chooser.PuzzleChooser.actions``: the Puzzles dialog (``#puzzles-dialog``)
* ``regions.link.LinkRegion.actions``: the links to send to friends (``#turn-link``)
* ``phones.seats_region.SeatsRegion.actions``: the phone seats' panel on the table (``#live-seats``)
* ``phones.join_dialog.JoinDialog.actions``: "Join a table" on a phone (``#join-dialog``), with its own close
* ``dialogs.new_game.NewGameDialog.actions``, ``dialogs.saves.SavesDialog.actions``,
  ``dialogs.stats.StatsDialog.actions``: the dialogs' own buttons, looked up by ``dialogs.manager.Dialogs``,
  which closes any of its dialogs on ``close-dialog``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from ui.jsvalues import present

from ..play import panels
from ..shared.notes import EXCHANGE, PLACE, ROLL, Note
from ..web.dom import by_id, closest, data, listen

if TYPE_CHECKING:  # the engine is imported on first need, not at page load
    from qwirkle.notation import Cell

    from ..dialogs.manager import Dialogs
    from ..dialogs.menu import Menu
    from ..play.controller import Controller
    from ..play.rack_model import RackOrders
    from ..play.session import Session
    from ..regions.board import BoardRegion

# Keys of the focused board -> (action, arguments). Digits pick a rack tile by position.
KEYS: dict[str, tuple[str, tuple[Any, ...]]] = {
    **{str(n): ("pick-tile", (n - 1,)) for n in range(1, 10)},
    "0": ("fit", ()),
    "ArrowLeft": ("cursor", (-1, 0)),
    "ArrowRight": ("cursor", (1, 0)),
    "ArrowUp": ("cursor", (0, -1)),
    "ArrowDown": ("cursor", (0, 1)),
    "Enter": ("cursor-tap", ()),
    " ": ("cursor-tap", ()),
    "+": ("zoom-in", ()),
    "=": ("zoom-in", ()),
    "-": ("zoom-out", ()),
    "_": ("zoom-out", ()),
}
# Keys anywhere on the page during a game (letters in either case).
PAGE_KEYS: dict[str, tuple[str, tuple[Any, ...]]] = {
    "p": ("play-key", ()),
    "h": ("hint-key", ()),
    "x": ("exchange-key", ()),
    "u": ("undo-key", ()),
    "f": ("fit", ()),
    "l": ("last-move", ()),
    "?": ("keys", ()),
    "Escape": ("escape", ()),
    # play by ear (app.a11y): hear the rack, the scores, the bag, the lines through the cursor, the last move
    "r": ("say", ("rack",)),
    "s": ("say", ("scores",)),
    "b": ("say", ("bag",)),
    "i": ("say", ("lines",)),
    "m": ("say", ("last",)),
}
# Containers whose buttons carry data-action.
BUTTON_CONTAINERS = ("#topbar", "#home", "#actions", ".rack-row", "#privacy", ".zoom", "#result")


class Surface(Protocol):
    """What input acts on: the page (``page.Page``) offers it."""

    session: Session
    menu: Menu

    @property
    def racks(self) -> RackOrders: ...
    @property
    def board(self) -> BoardRegion: ...

    def render(self) -> None: ...
    def dialogs(self) -> Dialogs: ...
    def focus_rack(self) -> None: ...
    def focus_result(self) -> None: ...
    def open_review(self, game_id: str | None = None) -> None: ...
    def open_analysis(self, position: tuple[Any, ...] | None = None, query: str = "") -> None: ...
    def open_puzzles(self) -> None: ...
    def open_join(self) -> None: ...
    def shown_rack(self) -> list[int]: ...
    def announce(self, text: str) -> None: ...
    def quick_start(self) -> None: ...
    def export_game(self) -> None: ...


class Input:
    """Routes the page's input to actions by name."""

    def __init__(self, page: Surface) -> None:
        self.page = page
        dialog = self._dialog
        self.actions: dict[str, Callable[..., object]] = {
            # menu and home
            "menu": page.menu.toggle,
            "new": dialog("new"),
            "saves": dialog("saves"),
            "stats": dialog("stats"),
            "tracker": dialog("tracker"),
            "keys": dialog("keys"),
            "analyse": lambda: page.open_analysis(),
            "say": self.say,
            "puzzles": page.open_puzzles,
            "join": page.open_join,
            "quick-start": page.quick_start,
            "rule": lambda rule: page.dialogs().show_rule(rule),
            # the turn
            "play": self.play,
            "play-key": self.play_key,
            "recall": lambda: self._then_render(self.c.recall),
            "hint": page.session.hint,
            "hint-key": lambda: self._if_enabled("hint"),
            "exchange": lambda: self._then_render(self.c.set_mode, EXCHANGE),
            "exchange-key": lambda: self._if_enabled("roll" if self.c.current.variant.dice else "exchange"),
            "roll": lambda: self._then_render(self.c.set_mode, ROLL),
            "confirm": self.confirm,
            "cancel-mode": lambda: self._then_render(self.c.set_mode, PLACE),
            "pass": lambda: self._human(self.c.pass_turn()),
            "undo": page.session.undo,
            "undo-key": lambda: self._if_enabled("undo"),
            "reveal": self.reveal,
            "rematch": page.session.rematch,
            "review": page.open_review,
            "export-game": page.export_game,
            "escape": self.escape,
            # the board and the rack
            "tap-cell": self.tap_cell,
            "move-pending": self.move_pending,
            "select-tile": self.select_tile,
            "pick-tile": self.pick_tile,
            "drag-tile": self.drag_tile,
            "drop-tile": self.drop_tile,
            "reorder-tile": self.reorder_tile,
            "sort": self.sort,
            "cursor": self.move_cursor,
            "cursor-tap": self.cursor_tap,
            "zoom-in": lambda: page.board.view.zoom(1.25),
            "zoom-out": lambda: page.board.view.zoom(0.8),
            "fit": lambda: page.board.fit(force=True),
            "last-move": lambda: page.board.show_last(),
        }
        # Why a disabled button cannot be used now (pressing it says so).
        self.why_disabled: dict[str, Callable[[], Note | None]] = {
            "exchange": lambda: self.c.exchange_availability().why,
            "roll": lambda: self.c.roll_availability().why,
            "undo": lambda: None if self.c.can_undo() else Note("undo_none", level="warn"),
            "play": lambda: panels.play_key_note(self.c),
        }

    def _dialog(self, name: str) -> Callable[[], None]:
        return lambda: self.page.dialogs().open(name)

    @property
    def c(self) -> Controller:
        return self.page.session.controller

    def listen(self) -> None:
        from pyscript import document

        for selector in BUTTON_CONTAINERS:
            listen(document.querySelector(selector), "click", self._button)
        listen(document.body, "click", self._rule)
        listen(by_id("board"), "keydown", self._key)
        listen(document, "keydown", self._page_key)

    def say(self, what: str) -> None:
        """Play by ear: say the rack, the scores, the bag, the lines through the cursor or the last move."""
        if not self.page.session.has_game():
            return
        from ..a11y import speech

        c, tr = self.c, self.page.board.display.tr
        if what == "rack":
            text = speech.rack_words(c, tr, self.page.shown_rack())
        elif what == "lines":
            text = speech.lines_words(c, tr, self.page.board.view.cursor)
        elif what == "last":
            text = speech.move_words(c, tr, c.last) if c.last is not None else tr.t("say_no_move")
        else:
            text = speech.scores_words(c, tr) if what == "scores" else speech.bag_words(c, tr)
        self.page.announce(text)

    def act(self, name: str, *args: Any) -> None:
        self.actions[name](*args)

    # -- listeners ----------------------------------------------------------------------------
    def _button(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        if button is None:
            return
        name = data(button, "action") or ""
        if name != "menu":
            self.page.menu.close()
        if button.getAttribute("aria-disabled") == "true":
            self._say_why(name)
            return
        if name in self.actions:
            if name != "menu":
                self.page.session.notice = None
            self.act(name)

    def _rule(self, event: Any) -> None:
        button = closest(event, "button[data-rule]")
        if button is not None:
            self.act("rule", data(button, "rule"))

    def _say_why(self, name: str) -> None:
        why = self.why_disabled.get(name, lambda: None)()
        if why is not None and self.page.session.has_game():
            self.c.note = why
            self.page.render()

    def _key(self, event: Any) -> None:
        action = KEYS.get(str(event.key))
        if action is None or not self.page.session.has_game() or _modified(event):
            return
        self.page.session.notice = None  # the player acts: a page notice has been seen
        self.act(action[0], *action[1])
        event.preventDefault()

    def _page_key(self, event: Any) -> None:
        from pyscript import document

        key = str(event.key)
        if key == "Escape" and self.page.menu.is_open:
            self.page.menu.close(focus=True)
            return
        action = PAGE_KEYS.get(key.lower() if len(key) == 1 else key)
        target = event.target
        typing = present(target) and str(target.tagName).lower() in ("input", "select", "textarea")
        if action is None or typing or _modified(event) or present(document.querySelector("dialog[open]")):
            return
        if action[0] != "keys" and not self.page.session.has_game():
            return
        self.page.session.notice = None
        self.act(action[0], *action[1])
        event.preventDefault()

    # -- actions ------------------------------------------------------------------------------
    def _then_render(self, change: Callable[..., Any], *args: Any) -> None:
        change(*args)
        self.page.render()

    def _human(self, result: Any) -> None:
        self.page.session.after_move(result, human=True)

    def _if_enabled(self, name: str) -> None:
        """A key does what its button would, or says why not (the button is hidden or disabled)."""
        from pyscript import document

        button = document.querySelector(f'#actions [data-action="{name}"]')
        if not present(button) or button.hidden or button.getAttribute("aria-disabled") == "true":
            self._say_why(name)
            return
        self.act(name)

    def play(self) -> None:
        self._human(self.c.play())

    def play_key(self) -> None:
        """P plays; with nothing playable it says why (nothing placed, or the rule broken)."""
        why = panels.play_key_note(self.c)
        if why is not None:
            self.c.note = why
            self.page.render()
        elif self.c.can_play():
            self.play()

    def confirm(self) -> None:
        self._human(self.c.confirm_exchange() if self.c.turn.mode == EXCHANGE else self.c.confirm_roll())

    def reveal(self) -> None:
        self.c.reveal()
        self.page.render()
        self.page.focus_rack()

    def escape(self) -> None:
        """Escape: leave the exchange or re-roll mode, else unselect the tile, else recall the tiles."""
        if self.c.turn.mode != PLACE:
            self.c.set_mode(PLACE)
        elif self.c.turn.selected is not None:
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
        shown = self.page.shown_rack()
        if self.c.interactive and position < len(shown):
            self.select_tile(shown[position])

    def drag_tile(self, index: int) -> None:
        if self.c.turn.selected != index:
            self.c.select(index)
            self.page.render()

    def drop_tile(self, index: int, cell: Cell) -> None:
        self.place(cell)

    def reorder_tile(self, index: int, position: int) -> None:
        """A rack tile dragged within the rack: it goes there (nothing else changes)."""
        seat = self.c.rack_seat()
        if seat is not None and self.c.interactive:
            others = [i for i in self.page.shown_rack() if i != index]
            self.page.racks.move(seat, index, others[position] if position < len(others) else None)
            self.c.select(None)
        self.page.render()

    def sort(self) -> None:
        seat = self.c.rack_seat()
        if seat is not None and self.c.interactive:
            self.page.racks.sort(seat, self.c.view(seat).hand)
        self.page.render()

    def place(self, cell: Cell) -> bool:
        placed = self.c.place(cell)
        if placed:
            self.page.board.view.set_cursor(cell, announce=False)
        self.page.render()
        return placed

    def tap_cell(self, cell: Cell) -> bool:
        """A tap on a cell: a tile placed this turn goes back to the rack (whatever is selected),
        else the selected tile goes there. True when something changed."""
        c = self.c
        if not c.interactive:
            return False
        self.page.board.view.set_cursor(cell, announce=False)
        if c.turn.mode != PLACE:
            return False
        if cell in c.turn.cells():
            selected = c.turn.selected
            c.take_back(cell)
            c.turn.selected = selected
            self.page.render()
            return True
        return self.place(cell)

    def cursor_tap(self) -> None:
        """Enter on the board: place or take back at the cursor, and say what is there now."""
        cell = self.page.board.view.cursor
        if self.tap_cell(cell):
            self.page.board.announce_cell(cell)

    def move_pending(self, source: Cell, target: Cell) -> None:
        if self.c.move_pending(source, target):
            self.page.board.view.set_cursor(target, announce=False)
        self.page.render()

    def move_cursor(self, dx: int, dy: int) -> None:
        x, y = self.page.board.view.cursor
        self.page.board.view.set_cursor((x + dx, y + dy))


def _modified(event: Any) -> bool:
    return bool(event.ctrlKey or event.metaKey or event.altKey)


def focus_first(container_id: str, selector: str) -> None:
    """Give the focus to the first element matching ``selector`` inside ``container_id``."""
    found = by_id(container_id).querySelector(selector)
    if present(found):
        found.focus()
