"""The game at the table, without the DOM: the page's session (``session``: start, resume, rematch,
the computer loop, the worker through ``host`` and ``ai_service``), the turn and its seats
(``controller``, ``seating``, ``turn``, ``hints``, hot-seat ``privacy``, other ``tabs``), and what the screen
says as plain data, tested without a browser (``panels``, ``summary``, ``board_model``,
``rack_model``, ``tracker_model``).

May import ``links``, ``store``, ``shared``, ``web`` (``host`` only), ``qwirkle`` and ``ui``;
never a region, a dialog, the input or the review.
"""
