"""Hints for the human to move: a level's advice shown on the board or the rack, counted per turn.

``HintAdvice``, owned by ``play.controller.Controller``, asks a level (``qwirkle.ai.hint``) and shows its move at
the table (``Advised``): a play as pending tiles (Play accepts, Recall takes back), an exchange or a Cubes re-roll as
the marked tiles or dice of that mode (confirm or cancel), a pass in words. Each turn asked counts once (a Cubes
re-roll and the play after it are one turn); the counts, and the turn last counted, are saved beside the record, so
a reload in the middle of a turn does not count it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from qwirkle import Exchange, Game, Move, Play, PlayerView, Roll
from qwirkle.tiles import Tile

from ..shared import seats as seat_registry
from ..shared.notes import EXCHANGE, PLACE, ROLL, Availability, Note, TurnMode

if TYPE_CHECKING:
    from .turn import Preview, TurnState


class Advised(Protocol):
    """What hints read and set at the table (``Controller`` is one): the turn's pending tiles and marks, the note
    for the player, and autosave once a turn's hint is counted."""

    note: Note | None

    @property
    def game(self) -> Game | None: ...
    @property
    def turn(self) -> TurnState: ...
    @property
    def interactive(self) -> bool: ...
    @property
    def puzzle(self) -> bool: ...
    def hand(self) -> tuple[Tile, ...]: ...
    def preview(self) -> Preview: ...
    def exchange_availability(self) -> Availability: ...
    def roll_availability(self) -> Availability: ...
    def save(self) -> None: ...


class HintAdvice:
    """The hints of the game at ``table``: a level's advice shown there, and the hints used per seat."""

    def __init__(self, table: Advised) -> None:
        self.table = table
        self.used: list[int] = []  # hints used, per seat (saved beside the record)
        self._hinted: tuple[int, int] | None = None  # (seat, turns) of the turn last counted

    def reset(self, seats: int) -> None:
        """A game adopted: no hint used yet."""
        self.used = [0] * seats
        self._hinted = None

    def view(self) -> PlayerView | None:
        """The view a hint is computed from (the player to move), or None when no hint can be given."""
        table, game = self.table, self.table.game
        if not table.interactive or table.turn.mode != PLACE or game is None or table.puzzle:
            return None  # a puzzle's help is its solution, asked for by name
        return game.view(game.to_move)

    def seed(self) -> int:
        game = self.table.game
        assert game is not None
        return game.options.seed * 1000 + len(game.history)

    def ask(self, level: str = "hard", **options: Any) -> bool:
        """Ask ``level`` what it would do here and show it (see ``show``)."""
        view = self.view()
        if view is None:
            return False
        from qwirkle.ai import hint

        options = {**seat_registry.page_options(level), **options}
        advice = hint(view, seat_registry.engine_player(level), self.seed(), **options)
        return self.show(advice.move if advice else None, level)

    def show(self, move: Move | str | None, level: str = "hard") -> bool:
        """Show a level's advice (a move, its notation, or None when nothing can be placed).
        False when nothing was put on the board or marked on the rack."""
        table, game = self.table, self.table.game
        if self.view() is None or game is None:
            return False
        if isinstance(move, str):
            from qwirkle.notation import parse_move

            move = parse_move(move) if move else None
        table.turn.reset()
        self._count(game)
        if isinstance(move, (Exchange, Roll)) and self._mark(game, move, level):
            return True
        if not isinstance(move, Play):
            key = "hint_roll" if game.can_roll() else "hint_exchange" if game.exchange_limit() else "hint_pass"
            table.note = Note(key, {"level": level}, level="warn")
            return False
        indexes = indexes_of(table.hand(), tuple(p.tile for p in move.placements))
        if indexes is None:  # not this rack's tiles: a stale hint
            return False
        table.turn.pending.extend(zip(indexes, move.placements, strict=True))
        preview = table.preview()
        if preview.points is None:  # refused by the engine: never show an illegal hint
            table.turn.recall()
            return False
        table.turn.cursor = move.placements[0].cell
        table.note = Note("hint_shown", {"level": level}, count=preview.points)
        return True

    def _mark(self, game: Game, move: Exchange | Roll, level: str) -> bool:
        """Open the exchange or re-roll mode with the advised tiles or dice marked (C3, Q3/Q4)."""
        table = self.table
        mode: TurnMode = EXCHANGE if isinstance(move, Exchange) else ROLL
        available = table.exchange_availability() if mode == EXCHANGE else table.roll_availability()
        indexes = indexes_of(table.hand(), move.tiles)
        if not available.enabled or indexes is None:  # not possible now, or not this rack's tiles: stale
            return False
        table.turn.set_mode(mode)
        table.turn.marked.update(indexes)
        forced = not game.legal_plays()
        key = f"hint_{'exchange' if mode == EXCHANGE else 'roll'}_{'forced' if forced else 'marked'}"
        table.note = Note(key, {"level": level}, count=len(indexes))
        return True

    def record(self) -> dict[str, Any]:
        """What is saved beside the engine's record: the hints per seat and the turn last counted."""
        record: dict[str, Any] = {"hints": list(self.used)}
        if self._hinted is not None:
            record["hinted"] = list(self._hinted)
        return record

    def restore(self, app: dict[str, Any], seats: int) -> None:
        """Read ``record`` back from a save (anything unreadable counts as no hint)."""
        self.used = hint_counts(app.get("hints"), seats)
        hinted = app.get("hinted")
        if (
            isinstance(hinted, list)
            and len(hinted) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in hinted)
        ):
            self._hinted = (hinted[0], hinted[1])

    def _count(self, game: Game) -> None:
        """One hint per turn asked: a hint asked again after a hinted re-roll is the same turn's. A turn is the
        seat to move and the turns taken so far (a Cubes re-roll is part of a turn, Q3, unless the turn passed
        after it, Q4)."""
        turn = game.to_move, sum(1 for t in game.history if t.kind != "roll" or t.forced_pass)
        if self._hinted != turn:
            self._hinted = turn
            self.used[game.to_move] += 1
            self.table.save()


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
