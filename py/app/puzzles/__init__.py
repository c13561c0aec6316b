"""Puzzles in the page: what a ``?puzzle=`` link asks for (``request``), the puzzle on the table as
state (``attempt``: the real game at its position, the engine's judgement, next) and the player's progress kept on
this device (``progress``: puzzles solved per theme, the streak of daily puzzles per rule set).

The puzzles themselves are the engine's (``qwirkle.study.puzzles``: generate, rebuild by id, the puzzle of the day,
``judge``); this package never decides a rule or a score. May import every package before it in ``app.LAYERS``,
``qwirkle`` and ``ui``; the page imports it only on first need (the home screen does not load it at start-up).
"""
