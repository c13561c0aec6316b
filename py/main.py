"""Entry point of index.html: the only module with top-level side effects.

Keep it a few lines: the app lives in the ``app`` package (py/app/), the rules in ``qwirkle``
(py/qwirkle/), what the game and embeds share in ``ui`` (py/ui/). pyscript.toml maps them
into Pyodide's file system as one archive, app.zip (assets/app/app.zip), which Python imports
from: each module is there with its bytecode, so nothing is compiled at load.
"""

import os
import sys

ARCHIVE = os.path.abspath("app.zip")  # our packages (pyscript.toml, scripts/build/bundle.py)
sys.path.insert(0, ARCHIVE)
from archive import read_once  # noqa: E402

read_once(ARCHIVE)

from app.page import Page  # noqa: E402

Page().boot()
