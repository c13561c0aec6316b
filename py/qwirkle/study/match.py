"""Play whole games between computer players (self-play, tournaments)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..ai import Player
from ..game import Game, TurnResult

MAX_TURNS = 2000  # exchanges could in theory go round forever while the bag holds tiles


@dataclass(frozen=True)
class MatchResult:
    game: Game
    turns: int
    ended: str

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.game.variant.name,
            "seed": self.game.options.seed,
            "players": list(self.game.options.players),
            "scores": list(self.game.scores),
            "winners": list(self.game.winners()),
            "turns": self.turns,
            "ended": self.ended,
        }


def play_out(
    game: Game, players: Sequence[Player], on_turn: Callable[[Game, TurnResult], None] | None = None
) -> MatchResult:
    """Let each seat's player move until the game ends; players only ever see their own view."""
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        seat = game.to_move
        result = game.apply(players[seat].choose(game.view(seat)))
        if result.kind != "roll" or result.forced_pass:
            turns += 1
        if on_turn:
            on_turn(game, result)
    return MatchResult(game, turns, game.end_reason or "turn_limit")
