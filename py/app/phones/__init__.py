"""Phones at this table, on the page: the table's panel for each phone seat (join link and its QR code, the phone's
answer code typed or scanned, away and rejoin, playing an away phone's turn here), the WebRTC links of
``js/live.js`` driven from Python, and the phone's own screen (its answer code, then its rack and the live board).

The protocol and the table's authority are DOM-free, in ``app.live``; this package is their page. May import every
feature package before it (``app.LAYERS``); only ``app.page`` imports it.
"""
