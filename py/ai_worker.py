"""Entry point of the computer-player worker (started by app.page only for slow players and reviews).

It exports functions to the page: computer moves and hints (``app.play.ai_service``) and game reviews
in chunks (``app.review.service``); it never touches the DOM, so it needs no cross-origin
isolation (see OFFLINE.md, workers).
"""

import os
import sys

from pyscript import sync

ARCHIVE = os.path.abspath("app.zip")  # our packages, compiled (app.play.host's config, scripts/build/bundle.py)
sys.path.insert(0, ARCHIVE)
from archive import read_once  # noqa: E402

read_once(ARCHIVE)

from app.play.ai_service import choose_move, hint_move  # noqa: E402
from app.review.service import review_best, review_levels, review_win  # noqa: E402

sync.choose_move = choose_move
sync.hint_move = hint_move
sync.review_best = review_best
sync.review_levels = review_levels
sync.review_win = review_win
