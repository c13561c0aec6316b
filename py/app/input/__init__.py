"""Input: every button, key and gesture mapped to a named action in one table (``bindings``), and the
board's and the rack's pointer gestures (``gestures``: one delegated listener each, tap and drag), and turn links
that reach the running page by its address or pasted (``turn_links``).

May import ``dialogs``, ``regions``, ``play`` and everything below; never the review.
"""
