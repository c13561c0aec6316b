"""The page's session, without the DOM: which game is on, the computer loop, hints, notices.

``Session`` starts, resumes and rematches games (dialog, start link, saved game), runs the
computer players one move at a time (slow levels think in a worker), asks for hints, and keeps
the notice shown above the game. It never touches the page: it tells a ``Listener`` what
happened (the page renders), and reaches timers and the worker through a ``Host``, so tests
drive it under CPython with ``asyncio`` (tests/app/play/test_session.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from ..shared import seats as seat_registry
from ..shared.notes import Note
from ..store.saves import SaveStore

if TYPE_CHECKING:  # the engine is imported on first need, not at page load
    from qwirkle import Game, TurnResult
    from qwirkle.notation import Cell

    from ..links.startlink import GameSpec
    from ..store.save_format import SavedGame
    from .controller import Controller

THINK_SECONDS = 0.45  # a computer's pause before moving, so that people can follow
ANIMATION_SECONDS = 0.35  # the time its tiles take to land
FOLLOW_SECONDS = 8.0  # a tab following another one's game lets that tab move the computers (tabs.py)
WORKER_SECONDS = 30.0  # a worker silent this long (the Expert thinks 5 s at most) is given up: the page thinks


def resumed_note(moves: int) -> Note:
    """What the page says when a game in progress comes back after ``moves`` moves (drawn early too: regions.glance)."""
    return Note("resumed", {"n": moves})


class AiWorker(Protocol):
    """The functions the computer-player worker exports (py/ai_worker.py): moves and hints
    (app.play.ai_service), and game reviews in chunks (app.review.service)."""

    def choose_move(self, record_json: str, seat: int, kind: str, seed: int, seconds: Any) -> Awaitable[str]: ...
    def hint_move(self, record_json: str, seat: int, level: str, seed: int, seconds: Any) -> Awaitable[str]: ...
    def review_best(self, record_json: str, start: int, count: int) -> Awaitable[str]: ...
    def review_levels(self, record_json: str, level: str, budget: Any, start: int, count: int) -> Awaitable[str]: ...
    def review_win(self, record_json: str, start: int, count: int) -> Awaitable[str]: ...


class Host(Protocol):
    """What the session needs from its surroundings: tasks, timers, the worker, a log."""

    def spawn(self, work: Coroutine[Any, Any, None]) -> None: ...
    def sleep(self, seconds: float) -> Awaitable[None]: ...
    def now(self) -> float: ...  # seconds, for think times
    def start_worker(self) -> None: ...  # start it early (a slow level is seated)
    def worker(self) -> Awaitable[AiWorker | None]: ...  # None: think on the page
    def log(self, text: str, warning: bool = False) -> None: ...


class Listener(Protocol):
    """What the page does when the session changes."""

    def changed(self) -> None: ...  # draw again
    def entered(self) -> None: ...  # a game was started or resumed
    def moved(self, result: TurnResult, human: bool) -> None: ...  # a move was made
    def hint_shown(self) -> None: ...


class Session:
    """One page's worth of play. ``controller`` is the game at the table (``app.play.controller``)."""

    def __init__(
        self,
        store: SaveStore,
        host: Host,
        listener: Listener,
        controller_factory: Callable[[SaveStore], Controller] | None = None,
    ) -> None:
        self.store = store
        self.host = host
        self.listener = listener
        self._controller_factory = controller_factory
        self._controller: Controller | None = None
        self.notice: Note | None = None  # a page-level message (link error, resumed, saves)
        self.generation = 0  # bumped when the game changes under the computer loop
        self.running = False  # the computer loop is on
        self.following = False  # another tab moves this game on: its computers wait for it
        self.hinting = False  # a slow hint is being computed
        self.fresh: set[Cell] = set()  # cells of the move just made (animated)

    # -- the game at the table (imported on first need: start-up time) ---------------------------
    @property
    def controller(self) -> Controller:
        if self._controller is None:
            if self._controller_factory is None:
                from .controller import Controller

                self._controller_factory = Controller
            self._controller = self._controller_factory(self.store)
        return self._controller

    def has_game(self) -> bool:
        return self._controller is not None and self._controller.game is not None

    # -- start-up ------------------------------------------------------------------------------
    def open(self, query: str, lang: str, fragment: str = "") -> None:
        """At page load: a turn link opens its game, a start link starts its game, else the game in
        progress comes back (and a link that could not open a game says why, over the resume note)."""
        turn_link = False
        if fragment:  # the link modules load only when there is a link (start-up time)
            from ..links.turn_link import is_turn_fragment

            turn_link = is_turn_fragment(fragment)
        opened = self.open_turn_link(fragment) if turn_link else self.start_from_link(query, lang)
        if not opened:
            link_error = self.notice
            self.offer_resume()
            self.notice = link_error or self.notice
        self.report_problems()

    def start_from_link(self, query: str, lang: str) -> bool:
        if not query.lstrip("?"):
            return False
        from ..links.startlink import StartLinkError, parse_start_link

        try:
            spec = parse_start_link(query, lang)
        except StartLinkError as error:
            from ui.problems import problem_of

            self.notice = Note("link_error", {"error": problem_of(error)}, level="error")
            return False
        if spec is None:
            return False
        self.start(spec)
        return True

    def open_turn_link(self, fragment: str) -> bool:
        """A turn link (``#turn=...``, ``app.links.friend``): its game is checked, saved and shown from this
        device's seat, or the notice says why not and what was on stays on."""
        from ..links.friend import receive

        received = receive(self.store, fragment)
        if received.saved is not None:
            self.resume(received.saved)
        self.notice = received.note
        return received.saved is not None

    def offer_resume(self) -> None:
        """The game in progress comes back as it was (a reload resumes it), with a note saying so.
        A finished or missing game leaves the home screen."""
        saved = self.store.load_current()
        if saved is None or saved.game.is_over:
            return
        self.resume(saved)
        self.notice = resumed_note(saved.move_count)

    def report_problems(self) -> None:
        """Stored values that could not be read were moved aside (or, storage full, left unread): say so once."""
        problems = self.store.take_problems()
        for problem in problems:  # why, in the store's own words, is for whoever opens the console
            self.host.log(f"unreadable {problem.key} ({problem.error}), moved to {problem.moved_to}", warning=True)
        kept = [p for p in problems if p.moved_to is None]
        if kept:
            keys = ", ".join(p.key for p in kept)
            self.notice = Note("save_kept", {"keys": keys}, level="error", count=len(kept))
        elif len(problems) == 1:
            self.notice = Note("save_moved", {"key": problems[0].moved_to}, level="warn")
        elif problems:
            keys = ", ".join(str(p.moved_to) for p in problems)
            self.notice = Note("save_moved_many", {"keys": keys}, level="warn", count=len(problems))

    # -- games ---------------------------------------------------------------------------------
    def start(self, spec: GameSpec) -> None:
        self.generation += 1
        if seat_registry.FRIEND in spec.seats:
            from ..links.friend import prepare

            spec = prepare(spec, self.store.clock())
        self.controller.start(spec)
        self._entered()

    def resume(self, saved: SavedGame) -> None:
        self.generation += 1
        self.controller.resume(saved)
        self._entered()

    def open_puzzle(self, game: Game) -> None:
        """A puzzle's position at the table (``app.puzzles``); the saved game in play stays saved as it was."""
        self.generation += 1
        self.controller.open_puzzle(game)
        self._entered()

    def rematch(self) -> None:
        self.start(self.controller.rematch_spec())

    def _entered(self) -> None:
        if any(seat_registry.in_worker(kind) for kind in self.controller.seats):
            self.host.start_worker()
        self.notice = None
        self.fresh = set()
        self.controller.turn.cursor = (0, 0)
        self.listener.entered()
        self.kick()

    def leave(self) -> None:
        """The game in play was deleted: it leaves the table (the home screen) and is not saved again."""
        self.generation += 1
        self.controller.game = None
        self.controller.game_id = None
        self.fresh = set()
        self.listener.changed()

    def undo(self) -> None:
        self.generation += 1
        if self.controller.undo():
            self.fresh = set()
        if not self.caught_up():
            self.listener.changed()

    # -- other tabs (tabs.py) ----------------------------------------------------------------------
    def caught_up(self) -> bool:
        """After a change: if another tab had saved this game since, reload it from there (True)."""
        from .tabs import catch_up

        return self.has_game() and self.controller.stale and self._told(catch_up(self))

    def storage_changed(self, key: str | None) -> bool:
        """The browser's ``storage`` event for ``key``; True when the game in play was reloaded."""
        from .tabs import storage_changed

        return self._told(storage_changed(self, key))

    def _told(self, reloaded: bool) -> bool:
        if reloaded:  # drawn again with the notice saying why
            self.listener.changed()
        return reloaded

    # -- the computer loop -----------------------------------------------------------------------
    def kick(self) -> None:
        """Start the computer loop if a computer is to move (it yields to the page between moves)."""
        if self.has_game() and self.controller.computer_to_move and not self.running:
            self.running = True  # now, not when the loop starts: two kicks in one tick must not start two loops
            self.host.spawn(self._computers(self.generation))

    async def _computers(self, generation: int) -> None:
        c = self.controller
        try:
            while c.computer_to_move and generation == self.generation:
                self.listener.changed()
                await self.host.sleep(FOLLOW_SECONDS if self.following else THINK_SECONDS if c.pace else 0)
                if generation != self.generation or not c.computer_to_move:
                    break
                self.following = False  # the other tab went quiet (closed?): this one plays on
                result = await self._computer_turn(generation)
                if result is None and generation != self.generation:
                    break
                self.after_move(result, human=False)
                if c.pace:
                    await self.host.sleep(ANIMATION_SECONDS)
        finally:
            self.running = False
            self.listener.changed()
        if generation != self.generation:
            self.kick()

    async def _computer_turn(self, generation: int) -> TurnResult | None:
        """One computer move: slow players think in the worker, the others right here."""
        c = self.controller
        seat = c.current.to_move
        kind = c.seats[seat]
        started = self.host.now()
        result = await self._computer_choice(generation, seat, kind)
        if result is not None:  # for bench/aimove.py: the time to choose, and the time the page waited
            self.host.log(
                f"ai-move {seat_registry.engine_player(kind)} think={c.think_seconds * 1000:.1f}ms"
                f" total={(self.host.now() - started) * 1000:.1f}ms"
            )
        return result

    async def _computer_choice(self, generation: int, seat: int, kind: str) -> TurnResult | None:
        c = self.controller
        c.think_seconds = 0.0
        if seat_registry.in_worker(kind):
            worker = await self.host.worker()
            if worker is not None:
                from qwirkle.record import dumps

                try:
                    started = self.host.now()
                    notation = await asyncio.wait_for(
                        worker.choose_move(  # a worker can die or hang: never wait on
                            dumps(c.current),
                            seat,
                            kind,
                            c.current.options.seed,  # it for ever (bench/soak.py)
                            self.store.settings().get("expert_seconds"),
                        ),
                        WORKER_SECONDS,
                    )
                    c.think_seconds = self.host.now() - started
                except Exception as error:  # noqa: BLE001 - fall back to thinking here
                    self.host.log(f"AI worker failed: {error}", warning=True)
                else:
                    if generation != self.generation or not c.computer_to_move:
                        return None
                    return c.computer_apply(str(notation))
        return c.computer_move()

    def after_move(self, result: TurnResult | None, human: bool) -> None:
        """A move was made (or refused: None): the notice goes, its tiles land, the page follows."""
        if result is None:
            self.listener.changed()
            return
        if self.caught_up():
            return
        if human or self.notice is None or self.notice.level == "info":
            self.notice = None  # a problem (a bad start link) stays until the player acts
        self.report_problems()  # a value found unreadable on the way (the statistics at a game's end)
        self.fresh = set()
        if result.kind == "play" and self.controller.pace:
            from qwirkle.notation import parse_placements

            self.fresh = {p.cell for p in parse_placements(result.move)}
        self.listener.moved(result, human)
        if human:
            self.following = False
            self.kick()

    # -- hints ---------------------------------------------------------------------------------
    def hint(self) -> None:
        """Show the chosen level's advice (a level that thinks in the worker thinks there)."""
        c = self.controller
        settings = self.store.settings()
        level = seat_registry.hint_level(settings.get("hint_level"))
        if c.advice.view() is None:
            return
        if seat_registry.in_worker(level):
            c.note = Note("hint_thinking")
            self.hinting = True
            self.listener.changed()
            self.host.spawn(self._slow_hint(level, settings.get("expert_seconds"), self.generation))
            return
        c.advice.ask(level)
        self.listener.hint_shown()

    async def _slow_hint(self, level: str, seconds: Any, generation: int) -> None:
        from qwirkle.record import dumps

        from . import ai_service

        c = self.controller
        game = c.current
        moves = len(game.history)
        args = (dumps(game), game.to_move, level, c.advice.seed(), seconds)
        notation: str | None
        try:
            worker = await self.host.worker()
            notation = (
                str(await asyncio.wait_for(worker.hint_move(*args), WORKER_SECONDS)) if worker is not None else None
            )
        except Exception as error:  # noqa: BLE001 - fall back to thinking here
            self.host.log(f"AI worker failed: {error}", warning=True)
            notation = None
        finally:
            self.hinting = False
        if generation != self.generation or c.game is None or len(c.game.history) != moves:
            return
        if notation is None:
            notation = ai_service.hint_move(*args)
        c.advice.show(notation, level)
        self.listener.hint_shown()
