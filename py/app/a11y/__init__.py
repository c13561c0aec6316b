"""Play by ear: what a screen-reader player hears, in words: every move (who, which tiles where, each line
and its points), and on request their rack, the scores, the bag and the lines through the board's cursor.

Texts only (``speech``); the page says them in its ``aria-live`` region (``#announce``) and the keys are routed by
``input.bindings``. May import ``web``, ``shared``, ``play`` and ``regions``' models, ``qwirkle`` and ``ui``.
"""
