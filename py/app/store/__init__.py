"""What is kept between visits: the storage behind it (``storage``, the browser's ``webstorage``),
saved games and their safety (``saves``: an unreadable value is moved aside and reported, the
others still load), imported files (``importing``), the autosave after each turn (``autosave``) and
the statistics of finished games (``stats``).

May import ``shared``, ``qwirkle`` and ``ui``; never the game at the table (``play``) or the page.
"""
