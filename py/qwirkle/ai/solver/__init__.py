"""Exact end-game solver: two players, the bag empty, every tile known (classic and Flex, C9, C10).

Once the bag is empty in a two-player game the opponent's hand is exactly the unseen tiles, so the rest of the game
is a finite game of perfect information. ``solve(board, variant, hand, other, nodes=None, seconds=None)`` finds its
value, the *margin* (the mover's points minus the opponent's to the end, both playing perfectly, +6 for going out
included), the best play and the line; see ``search.Solver``. One concern a module, as Macondo keeps its end game:
``search`` (the negamax), ``bounds`` (the proofs that leave a play out), ``tables`` (the transposition table, the
keys and the caches), ``moves`` (a position's plays in order), ``board`` (the board kept up to date play by play) and
``grid`` (its grid and the generation on it). Its modules import the rules and ``ai.rollout`` only.
See docs/research/endgames.md.
"""

from .search import Options, Solution, Solver, collector_paused, solve

__all__ = ["Options", "Solution", "Solver", "collector_paused", "solve"]
