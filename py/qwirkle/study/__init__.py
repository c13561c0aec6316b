"""What studies games: the layer above both the rules and the computer players.

``match`` plays whole games between players, ``tournament`` runs seeded series of them, ``review`` sets
every move of a finished game against the best play and a level's choice. The rules (``qwirkle`` outside
``ai`` and ``study``) import nothing from here nor from ``qwirkle.ai``; this package may import both, as
python-chess keeps ``chess.engine`` apart from ``chess``. The command line (``qwirkle.cli``) sits on top.
"""
