"""The browser app: everything between the page and the rules engine (``qwirkle``).

Modules here are imported by ``py/main.py`` (the page's entry point, the only module with
top-level side effects). They must import cleanly under CPython too, so that their logic is
unit-tested without a browser: take ``document``/``window`` as arguments or import
``pyscript`` inside functions, never at module level.

Every file in this folder is mapped into Pyodide by the ``files`` section of pyscript.json,
which ``scripts/vendor.py`` regenerates (``make play`` and ``make test`` run it).
"""
