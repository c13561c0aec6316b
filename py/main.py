"""Entry point of index.html: the only module with top-level side effects.

Keep it a few lines: the app lives in the ``app`` package (py/app/), the rules in ``qwirkle``
(py/qwirkle/). Both are in assets/app/app.zip (scripts/bundle.py), which pyscript.toml has
PyScript unpack into Pyodide's file system.
"""

from app.page import App

App().boot()
