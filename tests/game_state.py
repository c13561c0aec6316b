"""Everything a move may change in a game, as one comparable value: the tests check that a refused move or an undo
leaves it as it was."""

from __future__ import annotations

from typing import Any


def state_key(game: Any) -> tuple[Any, ...]:
    """The board, hands, scores, bag (its order too), turn, end, chance generator's position and move list."""
    return (
        game.board.notation(),
        game.hands,
        game.scores,
        game.bag_count,
        game.to_move,
        game.is_over,
        game.chance.position(),
        game.moves,
        game.position().bag,
    )
