"""Qwirkle boards embedded in any page: static positions, replays and exercises.

An author writes ``<div data-qwirkle data-board="Ro@0,0 Rd@1,0"></div>`` markers and includes
``js/embed.js`` and ``css/embed.css`` (docs/embedding.md); every marker of the page is drawn by
this package on one shared Python runtime.

* ``spec``: a marker's attributes (or embed.html's URL) read and checked;
* ``model``: the headless state of a board (replay steps, exercise input, answers);
* ``render``: markup of a board, as strings (words, tiles and cells from the shared ``ui`` package);
* ``page``: the browser glue (the only module that touches the DOM, given as arguments).

Everything but ``page.start()`` runs under CPython (tests/embed).
"""
