"""Puzzles in the page (issue 19): what a ``?puzzle=`` link asks for (``request``) and the player's progress kept
on this device (``progress``: puzzles solved per theme, the streak of daily puzzles per rule set).

The puzzles themselves are the engine's (``qwirkle.study.puzzles``: generate, rebuild by id, the puzzle of the day,
``judge``); this package never decides a rule or a score. May import ``web``, ``shared``, ``store``, ``links``,
``play``, ``regions``, ``dialogs``, ``input``, ``review``, ``qwirkle`` and ``ui``; nothing imports it at start-up
(the home screen defers it).
"""
