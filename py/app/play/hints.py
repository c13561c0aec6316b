"""Hints for the human to move: a level's advice shown on the board or the rack, counted per turn.

``HintAdvice`` is the part of ``Controller`` that asks a level (``qwirkle.ai.hint``) and shows its
move: a play as pending tiles (Play accepts, Recall takes back), an exchange or a Cubes re-roll
as the marked tiles or dice of that mode (confirm or cancel), a pass in words. Each turn asked
counts once (a Cubes re-roll and the play after it are one turn); the counts, and the turn last
counted, are saved beside the record, so a reload in the middle of a turn does not count it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from qwirkle import Exchange, Game, Move, Play, PlayerView, Roll
from qwirkle.tiles import Tile

from ..shared import seats as seat_registry
from ..shared.notes import EXCHANGE, PLACE, ROLL, Availability, Note, TurnMode

if TYPE_CHECKING:
    from .turn import Preview, TurnState


class HintAdvice:
    """Mixed into ``Controller``: what it needs from it is declared here."""

    game: Game | None
    turn: TurnState
    note: Note | None
    hints: list[int]
    _hinted: tuple[int, int] | None

    @property
    def interactive(self) -> bool:
        raise NotImplementedError

    @property
    def puzzle(self) -> bool:
        raise NotImplementedError

    def hand(self) -> tuple[Tile, ...]:
        raise NotImplementedError

    def preview(self) -> Preview:
        raise NotImplementedError

    def exchange_availability(self) -> Availability:
        raise NotImplementedError

    def roll_availability(self) -> Availability:
        raise NotImplementedError

    def save(self) -> None:
        raise NotImplementedError

    def hint_view(self) -> PlayerView | None:
        """The view a hint is computed from (the player to move), or None when no hint can be given."""
        if not self.interactive or self.turn.mode != PLACE or self.game is None or self.puzzle:
            return None  # a puzzle's help is its solution, asked for by name
        return self.game.view(self.game.to_move)

    def hint_seed(self) -> int:
        assert self.game is not None
        return self.game.options.seed * 1000 + len(self.game.history)

    def hint(self, level: str = "hard", **options: Any) -> bool:
        """Ask ``level`` what it would do here and show it (see ``show_hint``)."""
        view = self.hint_view()
        if view is None:
            return False
        from qwirkle.ai import hint

        options = {**seat_registry.page_options(level), **options}
        advice = hint(view, seat_registry.engine_player(level), self.hint_seed(), **options)
        return self.show_hint(advice.move if advice else None, level)

    def show_hint(self, move: Move | str | None, level: str = "hard") -> bool:
        """Show a level's advice (a move, its notation, or None when nothing can be placed).
        False when nothing was put on the board or marked on the rack."""
        game = self.game
        if self.hint_view() is None or game is None:
            return False
        if isinstance(move, str):
            from qwirkle.notation import parse_move

            move = parse_move(move) if move else None
        self.turn.reset()
        self._count_hint()
        if isinstance(move, (Exchange, Roll)) and self._mark_hint(game, move, level):
            return True
        if not isinstance(move, Play):
            key = "hint_roll" if game.can_roll() else "hint_exchange" if game.exchange_limit() else "hint_pass"
            self.note = Note(key, {"level": level}, level="warn")
            return False
        indexes = indexes_of(self.hand(), tuple(p.tile for p in move.placements))
        if indexes is None:  # not this rack's tiles: a stale hint
            return False
        self.turn.pending.extend(zip(indexes, move.placements))
        preview = self.preview()
        if preview.points is None:  # refused by the engine: never show an illegal hint
            self.turn.recall()
            return False
        self.turn.cursor = move.placements[0].cell
        self.note = Note("hint_shown", {"level": level}, count=preview.points)
        return True

    def _mark_hint(self, game: Game, move: Exchange | Roll, level: str) -> bool:
        """Open the exchange or re-roll mode with the advised tiles or dice marked (C3, Q3/Q4)."""
        mode: TurnMode = EXCHANGE if isinstance(move, Exchange) else ROLL
        available = self.exchange_availability() if mode == EXCHANGE else self.roll_availability()
        indexes = indexes_of(self.hand(), move.tiles)
        if not available.enabled or indexes is None:  # not possible now, or not this rack's tiles: stale
            return False
        self.turn.set_mode(mode)
        self.turn.marked.update(indexes)
        forced = not game.legal_plays()
        key = f"hint_{'exchange' if mode == EXCHANGE else 'roll'}_{'forced' if forced else 'marked'}"
        self.note = Note(key, {"level": level}, count=len(indexes))
        return True

    def hint_record(self) -> dict[str, Any]:
        """What is saved beside the engine's record: the hints per seat and the turn last counted."""
        record: dict[str, Any] = {"hints": list(self.hints)}
        if self._hinted is not None:
            record["hinted"] = list(self._hinted)
        return record

    def restore_hints(self, app: dict[str, Any], seats: int) -> None:
        """Read ``hint_record`` back from a save (anything unreadable counts as no hint)."""
        self.hints = hint_counts(app.get("hints"), seats)
        hinted = app.get("hinted")
        if (
            isinstance(hinted, list)
            and len(hinted) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in hinted)
        ):
            self._hinted = (hinted[0], hinted[1])

    def _turn(self) -> tuple[int, int]:
        """The turn in play: the seat to move and the turns taken so far (a Cubes re-roll is part of a
        turn, Q3, unless the turn passed after it, Q4)."""
        assert self.game is not None
        return self.game.to_move, sum(1 for t in self.game.history if t.kind != "roll" or t.forced_pass)

    def _count_hint(self) -> None:
        """One hint per turn asked: a hint asked again after a hinted re-roll is the same turn's."""
        assert self.game is not None
        turn = self._turn()
        if self._hinted != turn:
            self._hinted = turn
            self.hints[self.game.to_move] += 1
            self.save()


def indexes_of(hand: Sequence[Tile], tiles: Sequence[Tile]) -> list[int] | None:
    """Rack positions holding ``tiles`` (each position used once), or None if the rack lacks one."""
    used: list[int] = []
    for tile in tiles:
        index = next((i for i, held in enumerate(hand) if held == tile and i not in used), None)
        if index is None:
            return None
        used.append(index)
    return used


def hint_counts(value: Any, seats: int) -> list[int]:
    """Hints used per seat as read from a save: a list of counts, anything else counts as none."""
    if not isinstance(value, list) or len(value) != seats:
        return [0] * seats
    return [v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0 for v in value]
