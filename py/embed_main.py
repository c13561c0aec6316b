"""Entry point of embedded boards (js/embed.js starts it): draw every [data-qwirkle] marker."""

import os
import sys

ARCHIVE = os.path.abspath("app.zip")  # our packages, compiled (js/embed.js, scripts/build/bundle.py)
if ARCHIVE not in sys.path:
    sys.path.insert(0, ARCHIVE)
from archive import read_once  # noqa: E402

read_once(ARCHIVE)

from embed import page  # noqa: E402

page.start()
