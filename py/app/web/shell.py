"""The page shell: what happens between "Python is running" and "the game can start".

No top-level side effects and no ``pyscript`` import, so this runs under CPython in tests
with a stand-in ``document``. ``py/main.py`` calls it with the real one.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

LOADER_ID = "loader"
APP_ID = "app"


def load_engine(name: str = "qwirkle") -> ModuleType | None:
    """Import the rules engine, or return None while it is not there yet.

    Only a missing engine package is tolerated: an error inside the engine propagates, so
    a broken engine shows PyScript's error banner instead of a silently empty game.
    """
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def take_over_early(document: Any) -> None:
    """Python takes over a game screen drawn before it started (js/early-game.js, from the glance of the last visit):
    the nodes drawn early go (the regions draw their own in the same task, so nothing is painted between), and the
    screen takes input again."""
    root = document.documentElement
    if not root.hasAttribute("data-early"):
        return
    for node in document.querySelectorAll("#game [data-early]"):
        node.remove()
    game = document.getElementById("game")
    game.removeAttribute("inert")
    game.removeAttribute("aria-busy")
    root.removeAttribute("data-early")


def show_ready(document: Any, engine: ModuleType | None) -> None:
    """Hide the loading indicator and mark the page ready (``<html data-ready>``).

    ``data-ready`` is the one signal that tests and bench/pageload.py wait for: set it last,
    once the page can be used. ``data-engine`` says whether the engine was found.
    """
    root = document.documentElement
    root.setAttribute("data-engine", "loaded" if engine is not None else "missing")
    loader = document.getElementById(LOADER_ID)
    if loader is not None:
        loader.setAttribute("data-stage", "ready")
        loader.hidden = True
    app = document.getElementById(APP_ID)
    if app is not None:
        app.setAttribute("aria-busy", "false")
    root.setAttribute("data-ready", "")
