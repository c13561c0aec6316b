"""The game at the table when phones play live (``app.phones``), on both sides of the data channel.

* **On the table**: a phone seat's move comes from its phone (``phone_move``), checked by the engine as any move; the
  table waits for it (``phone_to_move``), or plays an away phone's turn itself behind the hand-over screen
  (``stand_in``, ``seating.Seating.stand_in``).
* **On a phone**: the game is the one the table's last state shows (``show``), moved on by the move of each next
  state where it can be (``followed``); the phone's own moves are not played here but sent to ``outbox`` in
  notation, and the table's next state brings the result. Nothing is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from qwirkle import IllegalMoveError

from ..shared.notes import Note

if TYPE_CHECKING:
    from qwirkle import Game, Move, TurnResult

    from .seating import Seating
    from .turn import TurnState


class Table(Protocol):
    """What live play reads and changes of the game at the table (``Controller`` is one)."""

    game: Game | None
    game_id: str | None
    seating: Seating
    turn: TurnState
    note: Note | None
    last: TurnResult | None

    def _changed(self) -> None: ...
    def _turn_hint(self, keep_note: bool = False) -> None: ...
    def _adopt(self, game: Game, seats: tuple[str, ...], pace: int, game_id: str, created: float | None) -> None: ...
    def _apply(self, move: str, raises: bool = False) -> TurnResult | None: ...


class LivePlay:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.outbox: Callable[[str], None] | None = None  # on a phone at a live table: where its moves go
        self.kinds: tuple[str, ...] = ()  # on a phone: each seat's kind at the table (the scores name them)

    # -- on the table ------------------------------------------------------------------------------
    @property
    def phone_to_move(self) -> bool:
        """A phone seat is to move: the game waits for its move unless the table plays for it."""
        return self.table.seating.phone_to_move()

    def stand_in(self) -> None:
        """The table plays this turn of the phone seat to move (its phone is away), behind the hand-over screen."""
        game = self.table.game
        if self.phone_to_move and game is not None:
            self.table.seating.stand_in = game.to_move
            self.table.seating.conceal()
            self.table.turn.reset()
            self.table.note = None

    def phone_move(self, seat: int, notation: str) -> TurnResult | IllegalMoveError:
        """A move sent by the phone of ``seat``, checked by the engine: its result, or the refusal with its rule id
        (the game unchanged). A move for a seat that is not a phone to move is refused."""
        from qwirkle.errors import NotationError

        game = self.table.game
        if game is None or not self.phone_to_move or game.to_move != seat:
            return IllegalMoveError("", f"seat {seat} is not a phone to move")
        try:
            result = self.table._apply(notation, raises=True)
        except IllegalMoveError as error:
            return error
        except NotationError as error:
            return IllegalMoveError("", str(error), reason="notation")
        assert result is not None
        return result

    # -- on a phone --------------------------------------------------------------------------------
    def sent(self, move: Move | str) -> bool:
        """On a phone at a live table, ``move`` is sent to the table (True); elsewhere it is played here (False)."""
        if self.outbox is None:
            return False
        self.outbox(move if isinstance(move, str) else move.notation())
        return True

    def show(
        self,
        game: Game,
        seats: tuple[str, ...],
        outbox: Callable[[str], None],
        game_id: str = "",
        kinds: tuple[str, ...] = (),
    ) -> None:
        """``game`` as the table's last state shows it, this phone's seat ``human``; its moves go to ``outbox``;
        ``kinds``: each seat's kind at the table (a person there, a computer, a phone), as the scores name them."""
        self.table._adopt(game, seats, 1, game_id, None)
        self.table.game_id = game_id or None
        self.outbox = outbox
        self.kinds = kinds

    def followed(self, result: TurnResult) -> None:
        """On a phone: the game shown moved on by ``result``, the move of the table's next state
        (``app.live.phone.follow``), rather than set up anew."""
        table = self.table
        table._changed()
        table.last = result
        table.turn.reset()
        table.note = None
        table._turn_hint()
