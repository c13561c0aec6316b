"""A game at the table for the page-logic tests: start one, let the computers move, play the
engine's best move for the human to move."""

from __future__ import annotations

from app.links.startlink import make_spec
from app.play.controller import Controller
from app.store.saves import DictStorage, SaveStore


def table(variant="classic", seats=("human", "greedy"), seed=5, names=None, lang="en", tiles=None):
    c = Controller(SaveStore(DictStorage()))
    c.start(make_spec(variant, list(seats), names, seed, tiles, None, 1, lang))
    return c


def until_human(c):
    while c.computer_to_move:
        c.computer_move()
    return c


def play_best(c):
    """The human to move plays the engine's best play (or exchanges, rolls, passes)."""
    game = c.game
    plays = game.legal_plays()
    if plays:
        return c._apply(max(plays, key=lambda p: (p.points, p.notation())).notation())
    if game.exchange_limit():
        return c._apply("swap " + c.hand()[0].notation())
    if game.can_roll():
        return c._apply("roll " + " ".join(t.notation() for t in c.hand()))
    return c._apply("pass")
