"""What the game page and embedded boards share, with no DOM and no ``pyscript``.

* ``words``: the one translator (English, French): texts, tile names, scored lines, refusals;
* ``strings_en`` / ``strings_fr``: every UI word, once, for the game and the embeds;
* ``tiles_svg``: tiles drawn as SVG markup;
* ``cells``: a cell's text form ``"x,y"`` and back (DOM attributes, refusals);
* ``pending``: the tiles a player has put down but not played yet;
* ``jsvalues``: telling JS null/undefined apart from values, as Pyodide hands them over.

Everything here runs under CPython, so it is tested without a browser (tests/ui).
"""
