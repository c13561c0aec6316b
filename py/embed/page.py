"""Every board marker of a page, on one Python runtime: find, render, listen.

``start(document, window)`` is called once by py/embed_main.py. For each ``[data-qwirkle]``
element it reads the settings (spec.py), builds the state (model.py) and draws it
(render.py) inside the element; a board that cannot be shown gets an error message instead,
in place, and the others carry on. When every board is drawn, ``<html data-ready>`` is set.

Until Python runs, js/early.js has drawn each marker from its attributes (``data-state="early"``, or
``"loading"`` when only the engine can draw it): Python draws over it with the same markup, live, in one
synchronous step, so the box keeps its size.

Each board has one delegated click listener on its own element (buttons inside are redrawn,
the element stays). One MutationObserver per page redraws every board in the new language when
``<html lang>`` changes (tutorial.html's language switch); another mounts the markers added to the
page later (documentation sites that swap pages, tabs, "show more") and releases the boards whose
markers were removed: their listener, and the board's state.

The browser objects are parameters, so this module imports under CPython; tests/embed drive
it with stand-ins.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ui.cells import parse_cell_text
from ui.jsvalues import is_missing
from ui.words import Translator

from .model import BoardState
from .render import Renderer
from .spec import KEYS, EmbedError, Spec, spec_from_attributes, spec_from_query

MARKER = "[data-qwirkle], [data-qwirkle-puzzle]"
# Elements whose identity survives a redraw, to give the focus back to after a click.
FOCUS_KEYS = ("data-action", "data-choice", "data-index", "data-cell")


def language_of(element: Any, spec: Spec | None) -> str:
    if spec is not None and spec.lang:
        return spec.lang
    holder = element.closest("[lang]")
    if not is_missing(holder):
        lang = holder.getAttribute("lang")
        if isinstance(lang, str) and lang:
            return lang
    return "en"


def read_spec(element: Any, window: Any) -> Spec:
    """The marker's settings: its data-* attributes (``data-qwirkle-puzzle`` names a puzzle), or embed.html's URL
    (``data-from-url``)."""
    now = window.Date.new()  # the reader's date: the puzzle of the day follows their day
    today = f"{int(now.getFullYear()):04d}-{int(now.getMonth()) + 1:02d}-{int(now.getDate()):02d}"
    if element.hasAttribute("data-from-url"):
        return spec_from_query(str(window.location.search), today)
    attrs = {}
    for key in KEYS:
        value = element.getAttribute("data-qwirkle-puzzle" if key == "puzzle" else f"data-{key}")
        if isinstance(value, str):
            attrs[key] = value
    return spec_from_attributes(attrs, today)


class EmbeddedBoard:
    """One marker: its state (or the error that stops it) and its drawing."""

    def __init__(self, element: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        self.element = element
        self.state: BoardState | None = None
        self.error: Exception | None = None
        self.spec: Spec | None = None
        try:
            self.spec = read_spec(element, window)
            self.state = BoardState(self.spec)
        except EmbedError as error:
            self.error = error
        except Exception as error:  # noqa: BLE001 - a bug in one marker must not stop the other boards
            self.error = error
        element.classList.add("qw-embed")
        element.innerHTML = '<div class="qw-view"></div><p class="qw-message" aria-live="polite"></p>'
        self.view = element.querySelector(".qw-view")
        self.message = element.querySelector(".qw-message")
        self._listener = proxy(self.on_click)
        element.addEventListener("click", self._listener)

    def release(self) -> None:
        """The marker left the page: stop listening, and free the listener's proxy."""
        self.element.removeEventListener("click", self._listener)
        destroy = getattr(self._listener, "destroy", None)
        if destroy is not None:
            destroy()
        self.state = None

    def render(self) -> None:
        element = self.element
        lang = language_of(element, self.spec)
        asked = self.error.details.get("lang") if isinstance(self.error, EmbedError) else None  # embed.html?lang=de
        lang = str(asked) if asked else lang
        renderer = Renderer(Translator(lang))
        if (self.spec is not None and self.spec.lang) or asked:
            element.setAttribute("lang", renderer.w.lang)
        if self.state is None:
            element.setAttribute("data-state", "error")
            self.view.innerHTML = renderer.error(self.error or RuntimeError("no state"))
            self.message.innerHTML = ""
        else:
            element.setAttribute("data-state", "ready")
            element.setAttribute("data-mode", self.state.spec.mode)
            if self.state.spec.task:
                element.setAttribute("data-task", self.state.spec.task)
            self.view.innerHTML = renderer.view(self.state)
            board = self.view.querySelector(".qw-board")
            board.style.setProperty("--qw-cols", board.getAttribute("data-cols"))
            board.style.setProperty("--qw-rows", board.getAttribute("data-rows"))
            text = renderer.message(self.state)
            if self.message.innerHTML != text:
                self.message.innerHTML = text
        element.setAttribute("aria-busy", "false")

    def on_click(self, event: Any) -> None:
        target = event.target.closest("button")
        if is_missing(target) or not self.element.contains(target) or target.disabled or self.state is None:
            return
        focus = next(((k, target.getAttribute(k)) for k in FOCUS_KEYS if target.hasAttribute(k)), None)
        try:
            self.act(target)
        except Exception as error:  # noqa: BLE001 - a bug shows in this board only, the others go on
            self.state = None
            self.error = error
        self.render()
        self.restore_focus(focus)

    def act(self, target: Any) -> None:
        state = self.state
        assert state is not None
        if target.hasAttribute("data-action"):
            action = target.getAttribute("data-action")
            {
                "previous": state.previous,
                "next": state.next,
                "check": state.check,
                "take-back": lambda: state.take_back(None),
                "answer": state.reveal,
            }[action]()
        elif target.hasAttribute("data-choice"):
            state.choose(target.getAttribute("data-choice"))
        elif target.hasAttribute("data-index"):
            state.select(int(target.getAttribute("data-index")))
        elif target.hasAttribute("data-cell"):
            cell = parse_cell_text(target.getAttribute("data-cell"))
            if cell is None:
                return
            if target.hasAttribute("data-pending"):
                state.take_back(cell)
            else:
                state.place(cell)

    def restore_focus(self, focus: tuple[str, str] | None) -> None:
        """Give the focus back to the redrawn twin of the clicked button (or the nearest one)."""
        if focus is None:
            return
        name, value = focus
        twin = self.view.querySelector(f'[{name}="{value}"]')
        if is_missing(twin) or twin.disabled or twin.tagName != "BUTTON":
            twin = self.view.querySelector(".qw-controls button:not([disabled]), button:not([disabled])")
        if not is_missing(twin):
            twin.focus()


class EmbedPage:
    """All the boards of a page."""

    def __init__(self, document: Any, window: Any, proxy: Callable[[Any], Any]) -> None:
        self.document = document
        self.window = window
        self.proxy = proxy
        self.boards: list[EmbeddedBoard] = []

    def start(self) -> None:
        started = time.perf_counter()
        self.mount()
        root = self.document.documentElement
        # How long drawing every board took (bench/embedpage.py reads it).
        root.setAttribute("data-embed-ms", f"{(time.perf_counter() - started) * 1000:.0f}")
        root.setAttribute("data-ready", "")

    def mount(self) -> None:
        """Draw, live, every marker not drawn by Python yet (js/early.js's drawing, or none)."""
        for element in self.document.querySelectorAll(MARKER):
            if element.getAttribute("data-state") in ("ready", "error"):
                continue  # already mounted
            board = EmbeddedBoard(element, self.window, self.proxy)
            board.render()
            self.boards.append(board)

    def changed(self, *_: Any) -> None:
        """Markers were added to the page or removed from it: mount the new ones, release the ones gone."""
        kept = []
        for board in self.boards:
            if board.element.isConnected:
                kept.append(board)
            else:
                board.release()
        self.boards = kept
        self.mount()

    def render_all(self, *_: Any) -> None:
        for board in self.boards:
            board.render()


def start() -> EmbedPage:
    """Entry point in the browser (py/embed_main.py)."""
    from pyodide.ffi import create_proxy, to_js

    from js import MutationObserver, document, window  # type: ignore[attr-defined,unused-ignore]

    page = EmbedPage(document, window, create_proxy)
    page.start()
    observer = MutationObserver.new(create_proxy(page.render_all))
    observer.observe(
        document.documentElement,
        to_js({"attributes": True, "attributeFilter": ["lang"]}, dict_converter=window.Object.fromEntries),
    )
    added = MutationObserver.new(create_proxy(page.changed))
    added.observe(document.body, to_js({"childList": True, "subtree": True}, dict_converter=window.Object.fromEntries))
    page.observers = (observer, added)  # type: ignore[attr-defined]
    return page
