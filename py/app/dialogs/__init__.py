"""The page's dialogs and menu: ``manager`` opens them and routes each one's clicks by action name;
the new game (``new_game``, with ``setup_memory``), saved games (``saves``, ``download``),
statistics (``stats``), the tiles left (``tracker``), the rules (``rules``), the keys (``keys``),
the menu (``menu``) and its settings (``settings``).

May import everything below them (``regions``, ``play``, ``links``, ``store``, ``shared``,
``web``); never the input or the review. Imported on first need (start-up time).
"""
