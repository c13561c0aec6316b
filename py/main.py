"""Entry point of index.html: the only module with top-level side effects.

Keep it a few lines: the app lives in the ``app`` package (py/app/), the rules in ``qwirkle``
(py/qwirkle/), what the game and embeds share in ``ui`` (py/ui/). pyscript.toml maps them
into Pyodide's file system (one archive, assets/app/app.zip).
"""

from app.page import Page

Page().boot()
