"""Entry point of index.html: the only module with top-level side effects.

Keep it a few lines: the app lives in the ``app`` package (py/app/), the rules in ``qwirkle``
(py/qwirkle/). Both are mapped into Pyodide's file system by pyscript.json.
"""

from app.page import App

App().boot()
