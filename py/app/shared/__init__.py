"""Values every feature shares, without the DOM: what the page tells the player (``notes``) and who
sits at the table (``seats``: humans, friends by link, the computer levels of the engine's registry).

May import ``qwirkle`` and ``ui``; nothing else of ``app``. Every package above ``web`` may import it.
"""
