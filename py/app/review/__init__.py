"""The review of a finished game: what is computed and the move on show (``session``, no DOM), the
computation in chunks (``runner``: the worker's ``service``, or the page between frames), its texts
and board cells as data (``panels``), and the view (``view``, ``move_list``; the board is
``regions.board_view`` again, with ghost tiles).

It may import every package before it in ``app.LAYERS``; only ``app.page`` imports it.
"""
