"""What the runtime's memory snapshot holds besides Python itself: the game's modules that need no browser.

A returning player's page starts Pyodide from a snapshot of its memory (js/runtime.mjs), made once by a worker
(js/snapshot-worker.mjs) that starts Python, runs ``preload`` and keeps the memory. The modules imported here are
then already in ``sys.modules`` when py/main.py runs: a resumed game imports only the modules that need the
browser (those that import ``pyscript`` when loaded), about 20 of its 80.

Each name here imports no ``pyscript``, ``js`` or ``pyodide`` when it is loaded, directly or through what it
imports (tests/app/test_snapshot.py checks it, and that these names reach every such module that a resumed game
loads with ``app.page``). Their top levels must not read anything that differs between two visits (the clock,
the page's address, the browser's storage): a snapshot replays them as they ran once.
"""

from __future__ import annotations

import importlib
import sys

from archive import read_once

MODULES = (
    "app.play.controller",
    "app.play.session",
    "app.play.panels",
    "app.play.privacy",
    "app.play.board_model",
    "app.play.rack_model",
    "app.play.availability",
    "app.links.startlink",
    "app.regions.viewport",
    "app.store.rack_memory",
    "app.store.webstorage",
    "app.store.importing",
    "app.web.display",
    "app.web.shell",
    "app.input",
    "app.dialogs",
    "qwirkle.ai.registry",
)


def preload(archive: str) -> None:
    """Import ``MODULES`` from ``archive`` (on ``sys.path``, as py/main.py puts it), then leave ``sys.path`` as it
    was: py/main.py puts the archive there again when the page starts."""
    read_once(archive)
    for name in MODULES:
        importlib.import_module(name)
    sys.path.remove(archive)
