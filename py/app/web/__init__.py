"""Talking to the browser: DOM helpers (``dom``), the language and palette on screen (``display``),
tiles and rule links inside texts (``rich_text``), the page shell between "Python is running" and
"the game can start" (``shell``), and the tasks that nothing awaits (``tasks``).

The bottom of the browser layer: imports ``ui`` only, nothing else of ``app``. Every other package
of ``app`` may import it.
"""
