"""Games started and continued by link: start links (``startlink``: ``?variant=...&seats=...``), the
turn link's fragment (``turn_link``), and what opening or sending a link does (``friend``: replay,
same game, no rollback), all without the DOM. The link panel that draws them is ``regions.link``.

May import ``store``, ``shared``, ``qwirkle`` and ``ui``; it names what it needs of the game at
the table with a protocol (``friend.Table``), so ``play`` imports ``links`` and not the reverse.
"""
