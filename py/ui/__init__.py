"""What the game page and embedded boards share, with no DOM and no ``pyscript``.

* ``words``: the one translator (every language): texts, tile names, scored lines, refusals;
* ``english``: every UI word, once, in English, by what the player is doing: the source of the catalogs
  (locale/<lang>.po);
* ``tiles_svg``: tiles drawn as SVG markup;
* ``cells``: a cell's text form ``"x,y"`` and back (DOM attributes, refusals);
* ``pending``: the tiles a player has put down but not played yet;
* ``jsvalues``: telling JS null/undefined apart from values, as Pyodide hands them over.

Everything here runs under CPython, so it is tested without a browser (tests/ui).
"""
