"""The regions that draw the game's page, each diffing against what it last drew (chessground's
way): the status and scores (``hud``), the board (``board`` over ``board_view`` and its
``viewport``), the score preview (``preview``), the rack (``rack``), the buttons (``actions``), the
end card (``result``), the log (``side``), the link panel (``link``), the home screen (``home``) and
the Qwirkle celebration (``celebrate``).

They read ``play`` (the session and its models) and draw with ``web``; they may import ``play``,
``links``, ``store``, ``shared``, ``web``, ``qwirkle`` and ``ui``, never a dialog, the input or the
review.
"""
