"""The browser app: everything between the page and the rules engine (``qwirkle``).

``py/main.py`` (the page's entry point, the only module with top-level side effects) imports ``app.page``, which
wires the feature packages together. Every module here imports cleanly under CPython too, so its logic is tested
without a browser: it takes ``document``/``window`` as arguments or imports ``pyscript`` inside functions.

``LAYERS`` is the order of the feature packages, bottom up: each imports only itself and those before it
(``tests/architecture`` checks); ``""`` stands for the modules at this folder's root (``page``). Each package's
docstring says what it holds. Every module reaches Pyodide inside assets/app/app.zip (``scripts/build/bundle.py``).
"""

LAYERS: tuple[str, ...] = (
    "web",
    "shared",
    "store",
    "links",
    "live",
    "play",
    "regions",
    "a11y",
    "dialogs",
    "input",
    "review",
    "analysis",
    "puzzles",
    "",
)
