"""The browser app: everything between the page and the rules engine (``qwirkle``).

Modules here are imported by ``py/main.py`` (the page's entry point, the only module with
top-level side effects). They must import cleanly under CPython too, so that their logic is
unit-tested without a browser: take ``document``/``window`` as arguments or import
``pyscript`` inside functions, never at module level.

Feature packages, each importing only those listed before it (``tests/architecture`` checks)::

    web      DOM helpers, the language on screen, rich text, the page shell
    shared   notes (what the page says) and seats (who plays)
    store    saves, storage, imports, autosave, statistics
    links    start links, turn links, friends
    play     the session and the turn, and the screen's models as data
    regions  what draws the game's page, region by region
    dialogs  the dialogs, the menu and its settings
    input    every button, key and gesture mapped to an action
    review   the review of a finished game
    analysis the analysis board: any position, every play ranked
    puzzles  puzzle links, the puzzle being solved, progress kept per theme and daily streak
    page.py  wires them together (py/main.py's only import)

Every file in this folder reaches Pyodide inside assets/app/app.zip, which ``scripts/bundle.py``
builds from the packages under py/ (``make play`` and ``make test`` run it) and pyscript.toml
names in its ``[files]``.
"""
