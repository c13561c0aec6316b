"""Entry point of embedded boards (js/embed.js starts it): draw every [data-qwirkle] marker."""

import os
import sys

if os.path.abspath("app.zip") not in sys.path:  # our packages, compiled (js/embed.js, scripts/bundle.py)
    sys.path.insert(0, os.path.abspath("app.zip"))

from embed import page  # noqa: E402

page.start()
