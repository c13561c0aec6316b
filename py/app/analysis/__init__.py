"""The analysis board: set up any position, tile by tile, give a rack, and see every legal play ranked by
points with its lines, or check the score of a play entered by hand ("did we score that right"). Opened from
the menu (Analyse), from a move of the review, or by link (``?analyse&variant=classic&board=Ro@0,0+Rs@1,0
&hand=Bo+Bs``). ``state`` holds the position and the answers without the DOM (the engine's
``qwirkle.study.analysis`` decides every rule); ``view`` draws it.

May import ``review``, ``input``, ``dialogs``, ``regions``, ``play`` and everything below; only ``app.page``
imports it, on first need.
"""
