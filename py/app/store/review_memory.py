"""What a review computed for a saved game, kept beside the save (``qwirkle.review.<id>``) so that a second look is
instant: the chances of winning of every move (``ReviewSession.kept_json()``: how they were estimated, the number of
moves and the service's answer for each move). The review checks them again when it reads them back (the estimate
must be the engine's current one); an unreadable value is moved aside and reported like a save, and the review is
computed again::

    >>> from app.store.saves import DictStorage, SaveStore
    >>> store = SaveStore(DictStorage({"qwirkle.review.g1": "[1]"}))
    >>> load_review(store, "g1"), [p.key for p in store.take_problems()]
    ({}, ['qwirkle.review.g1'])
    >>> save_review(store, "g1", {"win": {"total": 0}}); load_review(store, "g1")
    {'win': {'total': 0}}
"""

from __future__ import annotations

from typing import Any

from .beside import load_beside, save_beside
from .saves import REVIEW_PREFIX, SaveStore

MAX_TEXT = 200_000  # a 100-move game's chances with their comparisons take about 25,000 characters


def load_review(store: SaveStore, game_id: str) -> dict[str, Any]:
    """What was kept of ``game_id``'s review; {} when there is nothing or it cannot be read."""
    return load_beside(store, REVIEW_PREFIX + game_id, MAX_TEXT, "review")


def save_review(store: SaveStore, game_id: str, value: dict[str, Any]) -> None:
    """Keep the review; a full or broken storage loses only this (the review is computed again), never a game."""
    save_beside(store, REVIEW_PREFIX + game_id, value)
