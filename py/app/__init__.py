"""The browser app: everything between the page and the rules engine (``qwirkle``).

Modules here are imported by ``py/main.py`` (the page's entry point, the only module with
top-level side effects). They must import cleanly under CPython too, so that their logic is
unit-tested without a browser: take ``document``/``window`` as arguments or import
``pyscript`` inside functions, never at module level.

Every file in this folder reaches Pyodide inside assets/app/app.zip, which ``scripts/bundle.py``
builds from the packages under py/ (``make play`` and ``make test`` run it) and pyscript.toml
names in its ``[files]``.
"""
