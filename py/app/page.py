"""The game page: wiring only. ``Page`` builds the parts and connects them; ``py/main.py`` makes one and boots it.

* ``play.session.Session``: which game is on, the computer loop, hints, notices (no DOM);
* the regions (``app.regions``), each drawing its part of the page and diffing against what it last drew;
* ``input.Input``: every button, key and gesture as a named action; the menu, its settings and the dialogs;
* the review (``review.view``), the analysis board (``analysis.view``) and the puzzles (``puzzles.screen``).

Start-up time: the engine, the game's regions, the dialogs and every feature are imported on first need, not at
load; a module arrives compiled, but running one still costs time (docs/research/startup.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pyscript import document, window

from ui.jsvalues import present
from ui.words import Translator, first_language

from .dialogs.menu import Menu
from .dialogs.settings import Settings
from .input.bindings import Input, focus_first
from .input.turn_links import TurnLinks, clean_address
from .play.host import PageHost
from .play.session import Session
from .regions.home import HomeRegion
from .store.saves import SaveStore
from .store.webstorage import browser_storage
from .web.display import Display
from .web.dom import by_id, listen, on_resize, set_attr, set_text

if TYPE_CHECKING:
    from qwirkle import Game, TurnResult

    from .analysis.view import AnalysisView
    from .dialogs.manager import Dialogs
    from .phones.join_dialog import JoinDialog
    from .phones.table_screen import PhonesAtTable
    from .play.rack_model import RackOrders
    from .puzzles.screen import PuzzleScreen
    from .regions.board import BoardRegion
    from .regions.celebrate import Celebration
    from .regions.game_screen import GameScreen, Region
    from .review.view import ReviewView
    from .store.rack_memory import KeptRacks


class Page:
    """The page. ``boot()`` once; everything else reacts to the player and the computer loop."""

    def __init__(self) -> None:
        self.store = SaveStore(browser_storage(window), clock=lambda: float(window.Date.now()) / 1000)
        settings = self.store.settings()
        browser = [str(code) for code in (window.navigator.languages or [window.navigator.language])]
        self.display = Display(Translator(settings.get("lang") or first_language(browser)))
        self.display.set_palette(settings.get("palette", "standard"))
        self.session = Session(self.store, PageHost(), self)
        self.home = HomeRegion(self.session, self.display)
        self.menu = Menu()
        self.settings = Settings(self.store, self.display, self.settings_changed)
        self.input = Input(self)
        self._screen: GameScreen | None = None  # the game's regions, made on the first game
        self._racks: KeptRacks[RackOrders] | None = None
        self._analysis: AnalysisView | None = None
        self._puzzles: PuzzleScreen | None = None
        self._celebration: Celebration | None = None
        self._dialogs: Dialogs | None = None
        self._review: ReviewView | None = None
        self._phones: PhonesAtTable | None = None  # the phone seats' panel, made on the first game with one
        self._join: JoinDialog | None = None  # "Join a table", made when first opened

    # -- parts made on first need ----------------------------------------------------------------
    @property
    def racks(self) -> RackOrders:
        return self.kept_racks().racks

    def kept_racks(self) -> KeptRacks[RackOrders]:
        """The racks as each player arranged them, kept with the game (``store.rack_memory``)."""
        if self._racks is None:
            from .play.rack_model import RackOrders
            from .store.rack_memory import KeptRacks

            self._racks = KeptRacks(self.store, RackOrders())
        return self._racks

    @property
    def board(self) -> BoardRegion:
        if self._screen is None:
            from .input.gestures import BoardGestures, RackGestures
            from .regions.game_screen import GameScreen

            self._screen = GameScreen(self.session, self.display, self.announce, self.racks)
            BoardGestures(self._screen.board.view, self.input.act)
            RackGestures(self._screen.board.view, self.input.act, self._rack_takes_tiles)
        return self._screen.board

    @property
    def _regions(self) -> list[Region]:
        return self._screen.regions if self._screen is not None else []

    def dialogs(self) -> Dialogs:
        if self._dialogs is None:
            from .dialogs.manager import Dialogs

            self._dialogs = Dialogs(self.session, self.display, self.render, self.open_review)
        return self._dialogs

    def open_join(self) -> None:
        """ "Join a table": a phone scans or pastes its table's join link (app.phones, imported on first need)."""
        from .phones.join_dialog import JoinDialog

        self._join = self._join or JoinDialog(self.display)
        self._join.open()

    def open_review(self, game_id: str | None = None) -> None:
        """Review a finished game: a saved one by id, else the game at the table (never one in progress)."""
        kinds: tuple[str, ...] = ()
        played: float | None = None
        if game_id:
            saved = self.session.store.load(game_id)
            game = saved.game if saved is not None else None
            if saved is not None:
                kinds, played = saved.seats, saved.updated
        elif self.session.has_game():
            game, game_id = self.session.controller.current, self.session.controller.game_id
            kinds = self.session.controller.seats
        else:
            game = None
        if game is not None and game.is_over:
            self.session.host.spawn(self._open_review(game, game_id, kinds, played))

    async def _open_review(
        self, game: Game, game_id: str | None, kinds: tuple[str, ...] = (), played: float | None = None
    ) -> None:
        """In two short tasks (the page stays responsive): the review's modules, then the view."""
        if self._review is None:
            from .review.view import ReviewView

            await self.session.host.sleep(0)
            self._review = ReviewView(
                self.display,
                self.session.store,
                self.session.host,
                self._review_closed,
                lambda *position: self.open_analysis(position),
            )
        self._review.open(game, game_id, kinds, played)
        self.render()

    # -- the analysis board (app.analysis, imported on first need) ----------------------------------
    def open_analysis(self, position: tuple[Any, ...] | None = None, query: str = "") -> None:
        """The analysis board on a link's position (``query``), a review's (``position``: variant, board,
        rack), else the game at the table's (its board and this device's rack to move), else empty."""
        from .analysis.view import AnalysisView

        if self._analysis is None:
            self._analysis = AnalysisView(self.display, self.render)
        if self._review is not None and self._review.is_open:
            self._review.close()
        table = self.session.controller if self.session.has_game() else None
        self._analysis.show(position, query, table)
        self.render()

    # -- puzzles (app.puzzles, imported on first need) -------------------------------------------------
    @property
    def puzzles(self) -> PuzzleScreen:
        if self._puzzles is None:
            from .puzzles.screen import PuzzleScreen

            self._puzzles = PuzzleScreen(self.session, self.display, self.render)
        return self._puzzles

    def open_puzzles(self) -> None:
        """The Puzzles dialog: the puzzle of the day of each rule set, a puzzle of any theme."""
        self.puzzles.choose()

    def _review_closed(self) -> None:
        self.render()
        if self.session.has_game() and self.session.controller.current.is_over:
            self.focus_result()

    def _rack_takes_tiles(self) -> bool:
        c = self.session.controller
        return bool(c.interactive and c.turn.mode == "place")

    def shown_rack(self) -> list[int]:
        """The hand indexes of the rack as shown, left to right."""
        return self._screen.rack.shown if self._screen is not None else []

    # -- start-up ------------------------------------------------------------------------------
    def boot(self) -> None:
        from .web.shell import take_over_early

        take_over_early(document)  # a game drawn before Python (js/early-game.js): drawn live in this same task
        self.input.listen()
        self.menu.listen()
        self.settings.listen()
        on_resize(by_id("board"), lambda: self.board.fit() if self.session.has_game() else None)
        TurnLinks(self.session, self.render).listen()
        listen(window, "storage", self._storage)
        self.translate_page()
        query, fragment = str(window.location.search), str(window.location.hash)
        params = window.URL.new(window.location.href).searchParams
        analyse, puzzle = bool(params.has("analyse")), bool(params.has("puzzle"))
        if "join=" in query:  # a phone at a live table: its seat there, not this device's games (app.phones)
            from .phones.phone_seat import join_table

            join_table(self, query)
        else:
            self.session.open("" if analyse or puzzle else query, self.display.tr.lang, fragment)
        if analyse:
            self.open_analysis(query=query)
        elif puzzle:
            self.puzzles.open_link(query)
        if query.lstrip("?") or fragment:  # an address without either loads no link module (start-up time)
            from .links.address import opens_game

            if opens_game(query, fragment):
                clean_address()
        by_id("menu").hidden = False
        by_id("menu-button").hidden = False
        self.render()
        root = document.documentElement
        if not root.hasAttribute("data-ready"):
            from importlib.util import find_spec

            from .web.shell import show_ready

            # the engine is found but imported on first need (start-up time)
            show_ready(document, find_spec("qwirkle"))  # type: ignore[arg-type]

    def _storage(self, event: Any) -> None:
        """Another tab changed the storage: catch up with the game in play if it moved there (tabs.py)."""
        self.session.storage_changed(str(event.key) if present(event.key) else None)

    # -- language, palette, switches -------------------------------------------------------------
    def translate_page(self) -> None:
        tr = self.display.tr
        document.documentElement.setAttribute("lang", tr.lang)
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = tr.t(node.getAttribute("data-i18n"))
        for node in document.querySelectorAll("[data-i18n-label]"):
            node.setAttribute("aria-label", tr.t(node.getAttribute("data-i18n-label")))
        for node in document.querySelectorAll("[data-i18n-title]"):
            node.setAttribute("title", tr.t(node.getAttribute("data-i18n-title")))
        self.settings.render()

    def settings_changed(self, redraw: bool) -> None:
        """A setting changed; ``redraw``: the language or the palette, so everything is drawn again."""
        if redraw:
            self.translate_page()
            for region in self._regions:
                region.forget()
            if self._dialogs is not None:
                self._dialogs.refresh()
            if self._puzzles is not None:
                self._puzzles.forget()
        if self._review is not None:
            self._review.forget()
        if self._analysis is not None:
            self._analysis.forget()
        self.render()

    # -- drawing ---------------------------------------------------------------------------------
    def render(self) -> None:
        root = document.documentElement
        set_attr(root, "data-palette", self.display.palette)
        playing = self.session.has_game()
        analysing = self._analysis is not None and self._analysis.is_open
        reviewing = self._review is not None and self._review.is_open and not analysing
        by_id("home").hidden = playing or reviewing or analysing
        by_id("game").hidden = not playing or reviewing or analysing
        set_attr(
            root, "data-screen", "analysis" if analysing else "review" if reviewing else "game" if playing else "home"
        )
        for node in document.querySelectorAll("[data-needs-game]"):
            node.hidden = not playing
        variant = self.session.controller.current.variant if playing else None
        if self.display.set_dice(variant is not None and variant.dice):
            self.settings_changed(redraw=True)  # every text that names tiles says dice now, or tiles again
            return
        if self._puzzles is not None:
            self._puzzles.render()
        if not playing:
            set_attr(root, "data-turn", None)
            set_attr(root, "data-over", None)
            set_attr(root, "data-handover", None)
            self.home.render()
            return
        game = self.session.controller.current
        set_attr(root, "data-turn", None if game.is_over else str(game.to_move))
        set_attr(root, "data-over", game.is_over)
        set_attr(root, "data-thinking", self.session.controller.computer_to_move)
        # hot seat: the seat the device is being passed to (no rack is drawn meanwhile, regions.rack)
        set_attr(root, "data-handover", str(game.to_move) if self.session.controller.needs_handover else None)
        set_attr(root, "data-variant", game.variant.name)
        self.board  # noqa: B018 - makes the regions on the first game
        if self._phones is None and "phone" in self.session.controller.seats:  # app.phones, on first need
            from .phones.table_screen import PhonesAtTable

            self._phones = PhonesAtTable(self.session, self.display, self.render)
            self._regions.append(self._phones)
        for region in self._regions:
            region.render()
        if self._racks is not None:
            self._racks.keep(self.session.controller.game_id)

    def announce(self, text: str) -> None:
        set_text(by_id("announce"), text)

    def focus_rack(self) -> None:
        focus_first("rack", "button")

    def focus_result(self) -> None:
        title = by_id("result-title")
        if present(title):
            title.focus()

    # -- home and end-of-game actions -------------------------------------------------------------
    def quick_start(self) -> None:
        """ "Play the computer": the last choices of the new-game dialog, a fresh seed."""
        from .dialogs.setup_memory import quick_spec

        self.session.start(quick_spec(self.store, self.display.tr.lang))

    def export_game(self) -> None:
        from .dialogs.download import download_game

        if self.session.has_game() and self.session.controller.game_id:
            refusal = download_game(self.store, self.session.controller.game_id)
            if refusal is not None:
                self.session.notice = refusal
                self.render()

    # -- session.Listener ------------------------------------------------------------------------
    changed = render  # session.Listener: draw again

    def entered(self) -> None:
        if self._review is not None and self._review.is_open:  # a game started or resumed: back to the table
            self._review.close()
        if self._analysis is not None and self._analysis.is_open:
            self._analysis.close()
        self.board.reset()
        if self._celebration is not None:  # the last game's Qwirkle
            self._celebration.stop()
        self.kept_racks().load(self.session.controller.game_id if self.session.has_game() else None)
        for region in self._regions:
            region.forget()
        self.render()
        self.board.fit(force=True)

    def moved(self, result: TurnResult, human: bool) -> None:
        from .a11y.speech import move_words

        c = self.session.controller
        tr = self.display.tr
        if self._puzzles is not None:
            self._puzzles.judge(result)
        qwirkles = [line for line in result.lines if line.qwirkle]
        self.announce(move_words(c, tr, result))  # who, which tiles where, each line and its points
        self.render()
        self.board.follow(result)
        if qwirkles:
            flex = any(line.kind == "diagonal" for line in qwirkles)
            self.celebration.qwirkle(tr.t("flex_qwirkle_shout" if flex else "qwirkle_shout"))
        elif self._celebration is not None:  # an earlier move's Qwirkle: this move is the news now
            self._celebration.stop()
        if human and c.current.is_over:
            self.focus_result()

    @property
    def celebration(self) -> Celebration:
        if self._celebration is None:
            from .regions.celebrate import Celebration

            self._celebration = Celebration(self.store.settings)
        return self._celebration

    def hint_shown(self) -> None:
        self.render()
        self.board.follow_hint()
