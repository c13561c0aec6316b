"""Drives the engine for the page: starting and resuming games, human actions, computer moves, undo, hot-seat
privacy, autosave and statistics. Headless: the browser layer renders what it exposes and calls its methods; tests
call them directly.

Three collaborators it owns do a job each, reading the table through a narrow interface: ``seating`` (who is who,
``seating.Seating``; the page asks the controller, which answers from it), ``advice`` (hints,
``hints.HintAdvice``; the session asks it directly) and ``live`` (phones at a live table, ``live_play.LivePlay``).

Racks are read from the seat's ``PlayerView`` (what that player may see), never from the
game's hands; rules come from the engine (legal cells, refusals, who starts and why).

Messages for the player are ``Note`` objects (a text key and values, or an engine refusal),
translated when shown, so that switching language re-renders them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from qwirkle import Exchange, Game, IllegalMoveError, Move, Pass, Play, PlayerView, Roll, TurnResult
from qwirkle.notation import Cell
from qwirkle.tiles import Tile

from ..shared import seats as seat_registry
from ..shared.notes import EXCHANGE, PLACE, ROLL, Availability, Note, TurnMode
from ..store.save_format import SavedGame
from ..store.saves import SaveStore
from .hints import HintAdvice
from .live_play import LivePlay
from .seating import Seating
from .turn import Preview, TurnState

if TYPE_CHECKING:
    from qwirkle.ai.registry import Player

    from ..links.startlink import GameSpec


class Controller:
    """One game at a time, with its seats (``human`` or a computer kind) and its save id."""

    def __init__(
        self, store: SaveStore | None = None, ai_factory: Callable[[str, int], Player] = seat_registry.make_ai
    ) -> None:
        self.store = store
        self.ai_factory = ai_factory
        self.game: Game | None = None
        self.seats: tuple[str, ...] = ()
        self.game_id: str | None = None
        self.pace = 1
        self.created: float | None = None
        self.turn = TurnState()
        self.note: Note | None = None
        self.last: TurnResult | None = None
        self._players: dict[int, Player] = {}
        self.think_seconds = 0.0  # how long the last computer move took to choose
        self.revision: int | None = None  # of the save this tab last read or wrote (tabs.py)
        self.stale = False  # another tab saved a newer state of this game
        self.seating = Seating(self)
        self.advice = HintAdvice(self)
        self.live = LivePlay(self)

    # -- starting ------------------------------------------------------------------------------
    def start(self, spec: GameSpec) -> Game:
        """A new game from a spec (dialog or start link); it is saved at once."""
        game = Game.new(spec.variant, spec.names, spec.seed, spec.ages, spec.tiles)
        game_id = spec.extra.get("save_id") or (self.store.new_id() if self.store else "local")
        self._adopt(game, spec.seats, spec.pace, game_id, None)
        self.save()
        return game

    def resume(self, saved: SavedGame) -> Game:
        self._adopt(saved.game, saved.seats, saved.pace, saved.id, saved.created)
        self.revision = saved.revision
        self.advice.restore(saved.app, len(saved.seats))
        if self.store:
            self.store.set_current(saved.id)
        return saved.game

    def open_puzzle(self, game: Game) -> None:
        """A puzzle's position (``app.puzzles``): the player to move is the human, the other seats nobody's; one
        play ends it. Nothing is saved or counted, and the saved game in play stays current."""
        seats = tuple(
            seat_registry.HUMAN if seat == game.to_move else seat_registry.PUZZLE
            for seat in range(len(game.options.players))
        )
        self._adopt(game, seats, 1, "", None)
        self.game_id = None

    @property
    def puzzle(self) -> bool:
        """A puzzle is on the table: one play, no exchange, roll, pass, hint or undo."""
        return seat_registry.PUZZLE in self.seats

    def rematch_spec(self) -> GameSpec:
        """Same rules, seats and names; a new seed."""
        assert self.game is not None
        import random

        from ..links.startlink import GameSpec

        options = self.game.options
        seed = random.SystemRandom().randrange(1, 2**31)
        return GameSpec(options.variant, self.seats, options.players, seed, options.tiles, options.ages, self.pace)

    def _changed(self) -> None:
        self.seating.forget()

    def _adopt(self, game: Game, seats: tuple[str, ...], pace: int, game_id: str, created: float | None) -> None:
        self.game = game
        self._changed()
        self.live.outbox, self.live.kinds = None, ()
        self.seats = tuple(seats)
        self.pace = pace
        self.game_id = game_id
        self.created = created
        self.revision, self.stale = None, False
        self.turn = TurnState()
        self.seating.conceal()
        self.seating.stand_in = None
        self.last = game.history[-1] if game.history else None
        self.advice.reset(len(self.seats))
        self._players = {}  # made on their first move: their modules load only then
        self.note = None
        self._turn_hint()

    @property
    def current(self) -> Game:
        """The game in play (the page draws a game only while there is one)."""
        assert self.game is not None, "no game in play"
        return self.game

    # -- who is who (answered by ``seating``) --------------------------------------------------
    @property
    def human_seats(self) -> list[int]:
        return self.seating.human_seats

    @property
    def human_to_move(self) -> bool:
        return self.seating.human_to_move

    @property
    def computer_to_move(self) -> bool:
        return self.seating.computer_to_move

    @property
    def needs_handover(self) -> bool:
        return self.seating.needs_handover

    @property
    def interactive(self) -> bool:
        return self.seating.interactive

    def is_human(self, seat: int) -> bool:
        return self.seating.is_human(seat)

    def rack_seat(self) -> int | None:
        return self.seating.rack_seat()

    def view(self, seat: int) -> PlayerView:
        return self.seating.view(seat)

    def hand(self) -> tuple[Tile, ...]:
        return self.seating.hand()

    def reveal(self) -> None:
        self.seating.reveal()

    def rack(self) -> list[tuple[int, Tile]]:
        """(index, tile) of the to-move rack without the pending tiles."""
        return self.turn.left(self.hand())

    # -- hints used (counted by ``advice``) ------------------------------------------------------
    @property
    def hints(self) -> list[int]:
        """Hints used per seat, for the summary at the game's end."""
        return self.advice.used

    def hint_record(self) -> dict[str, Any]:
        """What autosave keeps beside the engine's record."""
        return self.advice.record()

    # -- queries for the page -----------------------------------------------------------------
    def legal_cells(self) -> frozenset[Cell]:
        if not self.interactive or self.game is None:
            return frozenset()
        return self.turn.legal_cells(self.game, self.hand())

    def preview(self) -> Preview:
        assert self.game is not None
        return self.turn.preview(self.game)

    def can_play(self) -> bool:
        p = self.preview() if self.interactive and self.turn.pending else None
        return p is not None and p.points is not None

    def exchange_availability(self) -> Availability:
        from .availability import exchange

        return exchange(self.game, self.interactive and not self.puzzle, len(self.hand()) if self.game else 0)

    def roll_availability(self) -> Availability:
        from .availability import roll

        return roll(self.game, self.interactive and not self.puzzle)

    def can_pass(self) -> bool:
        return self.interactive and self.game is not None and not self.puzzle and self.game.can_pass()

    def can_undo(self) -> bool:
        return self._undo_count() > 0

    def _undo_count(self) -> int:
        """How many moves Undo takes back: the device holder's own last move and the computers' after it."""
        from .privacy import undo_count

        return 0 if self.puzzle else undo_count(self)

    # -- human actions -------------------------------------------------------------------------
    def select(self, index: int | None) -> None:
        if not self.interactive:
            return
        self.turn.select(index)
        self.note = None
        if self.turn.mode == PLACE and self.turn.selected is not None:
            tile = self.hand()[self.turn.selected]
            cells = self.legal_cells()
            self.note = (
                Note("legal_cells", {"tile": tile}, count=len(cells))
                if cells
                else Note("no_legal_cell", {"tile": tile}, level="warn")
            )

    def place(self, cell: Cell) -> bool:
        """Put the selected tile on a cell; False (and a refusal note with its rule) if refused."""
        if not self.interactive or self.turn.selected is None:
            if self.interactive:
                self.note = Note("select_tile")
            return False
        assert self.game is not None
        tile = self.hand()[self.turn.selected]
        why = self.turn.place(self.game, self.hand(), cell)
        if why is not None:
            self.note = Note("error", error=why, level="error")
            return False
        self.note = Note("placed", {"tile": tile, "cell": f"{cell[0]},{cell[1]}"})
        return True

    def take_back(self, cell: Cell) -> bool:
        if not self.interactive:
            return False
        index = self.turn.take_back(cell)
        if index is None:
            return False
        self.note = Note("taken_back", {"tile": self.hand()[index]})
        return True

    def move_pending(self, source: Cell, target: Cell) -> bool:
        """Drag a pending tile to another cell (back where it was if the engine refuses)."""
        index = self.turn.take_back(source)
        if index is None:
            return False
        self.turn.selected = index
        if self.place(target):
            return True
        note = self.note
        self.turn.selected = index
        assert self.game is not None
        self.turn.place(self.game, self.hand(), source)
        self.note = note
        return False

    def recall(self) -> None:
        self.turn.recall()
        self.note = Note("recalled")

    def play(self) -> TurnResult | None:
        if not self.interactive or not self.turn.pending:
            return None
        return self._apply(Play(tuple(self.turn.placements())))

    def set_mode(self, mode: TurnMode) -> None:
        if mode == EXCHANGE and not self.exchange_availability().enabled:
            self.note = self.exchange_availability().why
            return
        if mode == ROLL and not self.roll_availability().enabled:
            self.note = self.roll_availability().why
            return
        self.turn.set_mode(mode)
        self.note = Note({EXCHANGE: "exchange_help", ROLL: "roll_help"}.get(mode, "select_tile"))

    def confirm_exchange(self) -> TurnResult | None:
        marked = sorted(self.turn.marked)
        if not marked:
            self.note = Note("choose_tiles", level="warn")
            return None
        hand = self.hand()
        return self._apply(Exchange(tuple(hand[i] for i in marked)))

    def confirm_roll(self) -> TurnResult | None:
        marked = sorted(self.turn.marked)
        if not marked:
            self.note = Note("choose_tiles", level="warn")
            return None
        hand = self.hand()
        return self._apply(Roll(tuple(hand[i] for i in marked)))

    def pass_turn(self) -> TurnResult | None:
        return self._apply(Pass())

    def undo(self) -> int:
        """Take back the last human move and the computer moves after it; how many moves."""
        count = self._undo_count()
        if count == 0 or self.game is None:
            self.note = Note("undo_none", level="warn")
            return 0
        for _ in range(count):
            self.game.undo()
        self._changed()
        self.seating.conceal()  # hot seat: the device goes to the player whose move was taken back (privacy)
        self.turn.reset()
        history = self.game.history
        self.last = history[-1] if history else None
        self.note = Note("undone")
        self.save()
        self._turn_hint(keep_note=True)
        return count

    # -- computer moves ------------------------------------------------------------------------
    def computer_move(self) -> TurnResult | None:
        """Let the computer to move choose and play (it only sees its own view)."""
        if not self.computer_to_move or self.game is None:
            return None
        seat = self.game.to_move
        import time

        start = time.perf_counter()
        if seat not in self._players:
            self._players[seat] = self.ai_factory(self.seats[seat], self.game.options.seed * 10 + seat)
        move = self._players[seat].choose(self.game.view(seat))
        self.think_seconds = time.perf_counter() - start
        return self._apply(move)

    def computer_apply(self, notation: str) -> TurnResult | None:
        """Play a move chosen elsewhere (the worker) for the computer to move."""
        if not self.computer_to_move:
            return None
        return self._apply(notation)

    def play_solution(self, notation: str) -> TurnResult | None:
        """A puzzle's solution, played for the player to see (``app.puzzles``)."""
        return self._apply(notation) if self.puzzle and self.human_to_move else None

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, move: Move | str, raises: bool = False) -> TurnResult | None:  # raises: a phone's move's refusal
        assert self.game is not None
        if self.live.sent(move):  # a phone at a live table: the table plays it, and its state follows
            return None
        try:
            result = self.game.apply(move)
        except IllegalMoveError as error:
            if raises:
                raise
            self.note = Note("error", error=error.to_json(), level="error")
            return None
        self._changed()
        self.last = result
        self.turn.reset()
        self.note = None
        if result.forced_pass:
            self.note = Note("log_forced_pass", level="warn")
        elif result.forced_rolls:
            self.note = Note("log_forced", count=result.forced_rolls, level="warn")
        self.save()
        if self.game.is_over and self.store and self.game_id and not self.stale:
            from ..store.stats import record_game  # at a game's end only (start-up)

            record_game(self.store, self.game_id, self.game, self.seats)
        self._turn_hint(keep_note=self.note is not None)
        return result

    def _turn_hint(self, keep_note: bool = False) -> None:
        """Say it when the human to move cannot place anything (``availability.stuck``)."""
        if self.game is None or not self.human_to_move or (keep_note and self.note is not None):
            return
        from .availability import stuck

        self.note = stuck(self.game) or self.note

    def save(self) -> None:
        """Autosave (``autosave.save_game``: never over another tab's newer state, a full store said)."""
        from ..store.autosave import save_game

        if not self.puzzle and self.live.outbox is None:
            save_game(self)
