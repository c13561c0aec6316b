"""The live table: phones at one table as private racks, over one data channel each, the table the only authority.

``protocol`` is the messages (versioned JSON, at most 16 KiB each, ``decode`` trusts nothing), ``view`` the state
message one seat receives, built from the engine's game (only that seat's rack, never the seed or the bag's order),
``table`` the table's authority over its phone seats (tokens, sequence numbers, liveness, rejoin; the clock passed
in), ``keeping`` what the table keeps beside the save across a reload, and ``phone`` the phone's side (its token and
seat, the last state it saw, its game rebuilt from that state to light legal cells and score on the phone). No DOM
and no ``js``/``pyscript``: the page carries the texts over WebRTC (``js/live.js``) and draws the screens.

May import ``store``, ``shared``, ``qwirkle`` and ``ui``; ``play`` and the page import ``live``, not the reverse.
"""
