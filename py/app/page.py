"""The game page: wires the headless controller to the DOM of index.html.

One object (``App``) holds the page state; one delegated listener per container (menu, home,
actions, rack, board, side panel, each dialog). Rendering is idempotent: ``render()`` brings the
page in line with the controller; the board is diffed by cell.

Start-up cost matters (the page must be ready within 10 % of a bare PyScript page): the engine,
the controller, the board and the dialogs are imported on first need, not at load. Pyodide
compiles every module from source on each load, so an unneeded import is a real delay.
"""

from __future__ import annotations

import asyncio
import math
from typing import Any

from pyscript import document, window

from . import seats as seat_registry
from .dom import by_id, clear, closest, data, el, listen, present, set_attr, set_text
from .i18n import Translator, normalize_language
from .saves import SaveStore
from .startlink import LINK_KEYS, StartLinkError, GameSpec, parse_start_link
from .tiles_svg import blank_svg, tile_svg
from .notes import EXCHANGE, PLACE, ROLL, Note
from .webstorage import browser_storage

THINK_SECONDS = 0.45
ANIMATION_SECONDS = 0.35


class AiWorker:
    """A PyScript worker for slow computer players, started on first need (never at load)."""

    def __init__(self) -> None:
        self.worker: Any = None
        self.task: Any = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.ensure_future(self._start())

    async def _start(self) -> Any:
        try:
            from pyscript import PyWorker
            base = str(window.location.href)
            interpreter = str(window.URL.new("./assets/vendor/pyodide/pyodide.mjs", base).href)
            bundle = str(window.URL.new("./assets/app/app.zip", base).href)
            config = {"interpreter": interpreter, "files": {bundle: "./*"}}  # as pyscript.toml
            worker = PyWorker(str(window.URL.new("./py/ai_worker.py", base).href), type="pyodide",
                              config=config, version=interpreter)
            await worker.ready
            self.worker = worker
        except Exception as error:  # noqa: BLE001 - no worker: slow players think on the page
            window.console.warn(f"AI worker unavailable: {error}")
            self.worker = None
        return self.worker

    async def get(self) -> Any:
        self.start()
        return await self.task


class App:
    """The page. ``boot()`` once; everything else reacts to the player and the computer loop."""

    def __init__(self) -> None:
        self.store = SaveStore(browser_storage(window), clock=lambda: float(window.Date.now()) / 1000)
        self._controller: Any = None
        self._board: Any = None
        self._dialogs: Any = None
        settings = self.store.settings()
        self.tr = Translator(settings.get("lang") or normalize_language(str(window.navigator.language)))
        self.palette = settings.get("palette", "standard")
        self.animate: set[tuple[int, int]] = set()
        self.generation = 0
        self.running = False
        self.notice: Note | None = None
        self.rack_press: dict[str, Any] | None = None
        self.suppress_click = False
        self.log_size = -1
        self.ai_worker = AiWorker()
        self.hinting = False

    # -- parts made on first need ----------------------------------------------------------------
    @property
    def controller(self) -> Any:
        if self._controller is None:
            from .controller import Controller
            self._controller = Controller(self.store)
        return self._controller

    @property
    def board(self) -> Any:
        if self._board is None:
            from .board_view import BoardView
            self._board = BoardView(self._board_tap, self._board_move, self._board_key, self._cursor_moved)
        return self._board

    @property
    def dialogs(self) -> Any:
        if self._dialogs is None:
            from .dialogs import Dialogs
            self._dialogs = Dialogs(self)
        return self._dialogs

    def has_game(self) -> bool:
        return self._controller is not None and self._controller.game is not None

    # -- start-up ------------------------------------------------------------------------------
    def boot(self) -> None:
        root = document.documentElement
        listen(by_id("menu"), "click", self._menu_click)
        listen(by_id("menu"), "change", self._setting_change)
        listen(by_id("actions"), "click", self._action_click)
        listen(by_id("privacy"), "click", self._action_click)
        listen(document.querySelector(".zoom"), "click", self._action_click)
        listen(by_id("result"), "click", self._action_click)
        rack = by_id("rack")
        listen(rack, "click", self._rack_click)
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            listen(rack, name, self._rack_pointer)
        listen(window, "resize", lambda _event: self._fit())
        by_id("lang").value = self.tr.lang
        by_id("palette").value = self.palette
        self.translate_page()
        started = self._start_from_link()
        if not started:
            self._offer_resume()
        self._report_problems()
        by_id("menu").hidden = False
        self.render()
        self._fit(force=True)
        if not root.hasAttribute("data-ready"):
            from importlib.util import find_spec

            from .shell import show_ready
            # the engine is found but imported on first need (start-up time)
            show_ready(document, find_spec("qwirkle"))  # type: ignore[arg-type]
        self.kick()

    def _start_from_link(self) -> bool:
        query = str(window.location.search)
        try:
            spec = parse_start_link(query, self.tr.lang)
        except StartLinkError as error:
            self.notice = Note("link_error", {"error": str(error)}, level="error")
            self._clean_address()
            return False
        if spec is None:
            return False
        self.start_game(spec)
        self._clean_address()
        return True

    def _clean_address(self) -> None:
        """Drop the start-link parameters so that a reload resumes instead of restarting."""
        url = window.URL.new(window.location.href)
        for key in LINK_KEYS:
            url.searchParams.delete(key)
        window.history.replaceState(None, "", url.toString())

    def _offer_resume(self) -> None:
        """On load, the game in progress comes back as it was (a reload resumes it); a note says
        so, and New game starts another. A finished or missing game leaves the home screen."""
        saved = self.store.load_current()
        if saved is None or saved.game.is_over:
            return
        self.resume_game(saved)
        self.notice = Note("resumed", {"n": saved.move_count})

    def _report_problems(self) -> None:
        problems = self.store.take_problems()
        if len(problems) == 1:
            first = problems[0]
            self.notice = Note("save_moved", {"key": first.moved_to, "error": first.error}, level="warn")
        elif problems:
            keys = ", ".join(f"{p.moved_to} ({p.error})" for p in problems)
            self.notice = Note("save_moved_many", {"keys": keys}, level="warn", count=len(problems))

    # -- language and settings -----------------------------------------------------------------
    def translate_page(self) -> None:
        document.documentElement.setAttribute("lang", self.tr.lang)
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = self.tr.t(node.getAttribute("data-i18n"))
        for node in document.querySelectorAll("[data-i18n-label]"):
            node.setAttribute("aria-label", self.tr.t(node.getAttribute("data-i18n-label")))
        by_id("menu").setAttribute("aria-label", self.tr.t("menu"))

    def _setting_change(self, event: Any) -> None:
        target = event.target
        name = data(target, "setting")
        if name == "lang":
            self.tr = Translator(str(target.value))
            self.store.save_settings(lang=self.tr.lang)
            self.translate_page()
            self.log_size = -1
            if self._dialogs is not None:
                self._dialogs.refresh()
        elif name == "palette":
            self.palette = str(target.value) if str(target.value) in ("standard", "contrast") else "standard"
            self.store.save_settings(palette=self.palette)
            document.documentElement.setAttribute("data-palette", self.palette)
            self.log_size = -1
            if self._dialogs is not None:
                self._dialogs.refresh()
        self.render()

    def variant_title(self, game: Any) -> str:
        name = game.variant.name
        if name == "flex":
            return self.tr.t(f"variant_flex{game.options.tiles or 108}")
        return self.tr.t(f"variant_{name}")

    # -- games ---------------------------------------------------------------------------------
    def start_game(self, spec: GameSpec) -> None:
        self.generation += 1
        self.controller.start(spec)
        self._entered_game()

    def resume_game(self, saved: Any) -> None:
        self.generation += 1
        self.controller.resume(saved)
        self._entered_game()

    def _entered_game(self) -> None:
        from . import ai_service
        if any(ai_service.is_slow(kind) for kind in self.controller.seats):
            self.ai_worker.start()
        self.notice = None
        self.animate = set()
        self.log_size = -1
        self.board.view.user_moved = False
        self.board.cursor = (0, 0)
        self.controller.turn.cursor = (0, 0)
        self.render()
        self._fit(force=True)
        self.kick()

    def kick(self) -> None:
        """Start the computer loop if a computer is to move (it yields to the page between moves)."""
        if self.has_game() and self.controller.computer_to_move and not self.running:
            self.running = True  # now, not when the loop starts: two kicks in one tick must not start two loops
            asyncio.ensure_future(self._computers(self.generation))

    async def _computers(self, generation: int) -> None:
        try:
            while self.controller.computer_to_move and generation == self.generation:
                self.render()
                await asyncio.sleep(THINK_SECONDS if self.controller.pace else 0)
                if generation != self.generation or not self.controller.computer_to_move:
                    break
                result = await self._computer_turn(generation)
                if result is None and generation != self.generation:
                    break
                self._after_move(result)
                if self.controller.pace:
                    await asyncio.sleep(ANIMATION_SECONDS)
        finally:
            self.running = False
            self.render()
        if generation != self.generation:
            self.kick()

    async def _computer_turn(self, generation: int) -> Any:
        """One computer move: slow players think in the worker, the others right here."""
        c = self.controller
        seat = c.game.to_move
        kind = c.seats[seat]
        started = float(window.performance.now())
        result = await self._computer_choice(generation, seat, kind)
        if result is not None:  # for bench/aimove.py: the time to choose, and the time the page waited
            window.console.debug(f"ai-move {seat_registry.engine_player(kind)} think={c.think_seconds * 1000:.1f}ms"
                                 f" total={float(window.performance.now()) - started:.1f}ms")
        return result

    async def _computer_choice(self, generation: int, seat: int, kind: str) -> Any:
        from qwirkle.record import dumps

        from . import ai_service
        c = self.controller
        c.think_seconds = 0.0
        if ai_service.is_slow(kind):
            worker = await self.ai_worker.get()
            if worker is not None:
                try:
                    seconds = self.store.settings().get("expert_seconds")
                    started = float(window.performance.now())
                    notation = await worker.sync.choose_move(dumps(c.game), seat, kind, c.game.options.seed, seconds)
                    c.think_seconds = (float(window.performance.now()) - started) / 1000
                except Exception as error:  # noqa: BLE001 - fall back to thinking here
                    window.console.warn(f"AI worker failed: {error}")
                else:
                    if generation != self.generation or not c.computer_to_move:
                        return None
                    return c.computer_apply(str(notation))
        return c.computer_move()

    def _after_move(self, result: Any) -> None:
        from . import board_model, panels
        if result is None:
            self.render()
            return
        self.notice = None
        self.animate = set()
        if result.kind == "play" and self.controller.pace:
            self.animate = board_model.last_move_cells(self.controller)
        name = self.controller.game.options.players[result.seat]
        if result.kind == "play":
            self.announce(self.tr.t("announce_play", name=name, points=panels.points(self.tr, result.points)))
        else:
            self.announce(panels.log_entries(self.controller, self.tr)[-1].text)
        self.render()
        self._fit()

    def announce(self, text: str) -> None:
        set_text(by_id("announce"), text)

    # -- rendering -----------------------------------------------------------------------------
    def render(self) -> None:
        root = document.documentElement
        set_attr(root, "data-palette", self.palette)
        if not self.has_game():
            by_id("home").hidden = False
            by_id("game").hidden = True
            for node in document.querySelectorAll("[data-needs-game]"):
                node.hidden = True
            set_attr(root, "data-turn", None)
            set_attr(root, "data-over", None)
            self._render_home_note()
            return
        from . import board_model
        c = self.controller
        game = c.game
        by_id("home").hidden = game is not None
        by_id("game").hidden = game is None
        for node in document.querySelectorAll("[data-needs-game]"):
            node.hidden = game is None
        if game is None:
            set_attr(root, "data-turn", None)
            set_attr(root, "data-over", None)
            self._render_home_note()
            return
        set_attr(root, "data-turn", None if game.is_over else str(game.to_move))
        set_attr(root, "data-over", game.is_over)
        set_attr(root, "data-thinking", c.computer_to_move)
        set_attr(root, "data-variant", game.variant.name)
        model = board_model.build(c, self.tr, self.animate)
        self.board.render(model, self.palette, game.variant.can_roll, self.board.cursor)
        self._render_rack()
        self._render_actions()
        self._render_side()

    def _render_home_note(self) -> None:
        from . import panels
        note = by_id("note")
        set_text(note, panels.note_text(self.notice, self.tr))
        home = by_id("home-variants")
        if not home.hasChildNodes() or data(home, "lang") != self.tr.lang or data(home, "palette") != self.palette:
            clear(home)
            home.appendChild(_sample_tiles(self.palette))
            home.setAttribute("data-palette", self.palette)
            for key in ("welcome_classic", "welcome_cubes", "welcome_flex"):
                home.appendChild(el("p", text=self.tr.t(key)))
            home.setAttribute("data-lang", self.tr.lang)
        message = by_id("home-notice")
        message = message if present(message) else None
        text = panels.note_text(self.notice, self.tr)
        if message is None and text:
            message = el("p", "note note--warn", attrs={"id": "home-notice", "role": "alert"})
            by_id("home").appendChild(message)
        if message is not None:
            set_text(message, text)

    def _render_rack(self) -> None:
        c = self.controller
        game = c.game
        rack = by_id("rack")
        privacy = by_id("privacy")
        seat = c.rack_seat()
        die = game.variant.can_roll
        if c.needs_handover:
            name = game.options.players[game.to_move]
            set_text(by_id("privacy-title"), self.tr.t("privacy_title", name=name))
            set_text(by_id("reveal"), self.tr.t("show_tiles", name=name))
            privacy.hidden = False
        else:
            privacy.hidden = True
        interactive = c.interactive
        set_attr(rack, "data-rack", interactive)
        set_attr(rack, "data-mode", c.turn.mode if interactive else None)
        if seat is None:
            tiles: list[tuple[int, Any]] = []
            hidden_count = 0 if c.needs_handover or game.is_over else len(game.hands[game.to_move])
        elif interactive:
            tiles = c.rack()
            hidden_count = 0
        elif game.variant.hands_open or c.is_human(seat):
            tiles = list(enumerate(game.hands[seat]))
            hidden_count = 0
        else:
            tiles, hidden_count = [], len(game.hands[seat])
        owner = game.options.players[seat if seat is not None else game.to_move]
        set_attr(rack, "aria-label", self.tr.t("rack_open_label" if die else "rack_label", name=owner))
        wanted = []
        for index, tile in tiles:
            selected = interactive and (c.turn.selected == index if c.turn.mode == PLACE else index in c.turn.marked)
            wanted.append((index, tile.notation(), selected, interactive))
        signature = (tuple(wanted), hidden_count, self.palette, self.tr.lang, c.turn.mode)
        if getattr(self, "_rack_signature", None) == signature:
            return
        self._rack_signature = signature
        focused = document.activeElement
        focus_index = data(focused, "index") if present(focused) and rack.contains(focused) else None
        clear(rack)
        for index, tile in tiles:
            selected = interactive and (c.turn.selected == index if c.turn.mode == PLACE else index in c.turn.marked)
            name = self.tr.tile(tile, die=die)
            button = el("button", "rack-tile" + (" rack-tile--selected" if selected else ""), attrs={
                "type": "button", "data-tile": tile.notation(), "data-index": index,
                "aria-pressed": "true" if selected else "false",
                "aria-label": self.tr.t("rack_tile_selected" if selected else "rack_tile", tile=name),
                "disabled": not interactive})
            button.innerHTML = tile_svg(tile, self.palette, die=die)
            rack.appendChild(button)
            if focus_index is not None and str(index) == focus_index:
                button.focus()
        for _ in range(hidden_count):
            rack.appendChild(el("span", "rack-tile rack-tile--hidden", attrs={"aria-hidden": "true"}))
            rack.lastChild.innerHTML = blank_svg()

    def _render_actions(self) -> None:
        from . import panels
        c = self.controller
        game = c.game
        interactive = c.interactive
        mode = c.turn.mode
        placing = interactive and mode == PLACE
        buttons = {data(b, "action"): b for b in by_id("actions").querySelectorAll("button")}
        exchange = c.exchange_availability()
        roll = c.roll_availability()
        self._enable(buttons["play"], placing and c.can_play(), visible=mode == PLACE)
        self._enable(buttons["recall"], placing and bool(c.turn.pending), visible=mode == PLACE)
        self._enable(buttons["hint"], placing and not self.hinting, visible=mode == PLACE and bool(c.human_seats))
        self._enable(buttons["exchange"], placing and exchange.enabled, visible=mode == PLACE)
        self._enable(buttons["roll"], placing and roll.enabled, visible=game.variant.can_roll and mode == PLACE)
        self._enable(buttons["pass"], placing and c.can_pass(), visible=placing and c.can_pass())
        self._enable(buttons["undo"], c.can_undo() and not c.computer_to_move and not self.running)
        if game.is_over:
            for name in ("play", "recall", "hint", "exchange", "roll"):
                buttons[name].hidden = True
        confirm = buttons["confirm"]
        in_mode = interactive and mode in (EXCHANGE, ROLL)
        confirm.hidden = not in_mode
        buttons["cancel-mode"].hidden = not in_mode
        if in_mode:
            key = "confirm_exchange" if mode == EXCHANGE else "confirm_roll"
            set_text(confirm, f"{self.tr.t(key)} ({len(c.turn.marked)})")
            self._enable(confirm, bool(c.turn.marked))
        note = c.note if interactive or c.note is None or c.note.level != "info" else None
        text = panels.note_text(self.notice or note, self.tr)
        if not text and placing:
            why = exchange.why if game.variant.can_exchange else roll.why
            if why is not None and not game.is_opening:
                text = panels.note_text(why, self.tr)
        note_el = by_id("note")
        set_text(note_el, text)
        shown = self.notice or note
        level = shown.level if shown is not None else "info"
        note_el.className = f"note note--{level}"

    @staticmethod
    def _enable(button: Any, enabled: bool, visible: bool = True) -> None:
        button.hidden = not visible
        set_attr(button, "aria-disabled", None if enabled else "true")

    def _render_side(self) -> None:
        from . import panels
        c = self.controller
        game = c.game
        tr = self.tr
        status = by_id("status")
        set_text(status, panels.status_text(c, tr))
        set_attr(status, "data-thinking", c.computer_to_move)
        scores = by_id("scores")
        names = game.options.players
        signature = (tuple(game.scores), game.to_move, game.is_over, tuple(names), tr.lang)
        if getattr(self, "_score_signature", None) != signature:
            self._score_signature = signature
            clear(scores)
            for seat, name in enumerate(names):
                kind = c.seats[seat]
                level = seat_registry.display_name(kind, tr.lang)
                label = "" if kind == seat_registry.HUMAN or name.startswith(level) else f" ({level})"
                row = el("li", "score" + (" score--turn" if seat == game.to_move and not game.is_over else ""))
                row.appendChild(el("span", "score__name", text=name + label))
                row.appendChild(el("span", "score__value", text=str(game.scores[seat]),
                                   attrs={"data-score": seat}))
                if seat == game.to_move and not game.is_over:
                    row.setAttribute("aria-current", "true")
                scores.appendChild(row)
        set_text(by_id("bag"), panels.bag_text(c, tr))
        headline, lines, is_error = panels.preview_lines(c, tr)
        preview = by_id("preview")
        clear(preview)
        if headline:
            preview.appendChild(el("p", "preview__points" + (" preview__points--error" if is_error else ""),
                                   text=headline))
            if lines:
                preview.appendChild(el("ul", "preview__lines", children=[el("li", text=t) for t in lines]))
        opening = by_id("opening")
        set_text(opening, panels.opening_text(c, tr) if len(game.history) <= len(names) else "")
        self._render_open_hands()
        self._render_log()
        self._render_result()

    def _render_open_hands(self) -> None:
        c = self.controller
        game = c.game
        box = by_id("open-hands")
        if not game.variant.hands_open:
            box.hidden = True
            return
        box.hidden = False
        signature = (game.hands, self.palette, self.tr.lang)
        if getattr(self, "_hands_signature", None) == signature:
            return
        self._hands_signature = signature
        clear(box)
        box.appendChild(el("p", "muted", text=self.tr.t("hand_open")))
        for seat, hand in enumerate(game.hands):
            name = game.options.players[seat]
            row = el("div", "open-hand", attrs={"role": "group", "aria-label": self.tr.t("rack_open_label", name=name)})
            row.appendChild(el("span", "open-hand__name", text=name))
            for tile in hand:
                item = el("span", "mini-tile", attrs={"role": "img", "aria-label": self.tr.tile(tile, die=True)})
                item.innerHTML = tile_svg(tile, self.palette, die=True)
                row.appendChild(item)
            box.appendChild(row)

    def _render_log(self) -> None:
        from . import panels
        c = self.controller
        log = by_id("log")
        size = len(c.game.history)
        if size == self.log_size:
            return
        entries = panels.log_entries(c, self.tr)
        if size < self.log_size or self.log_size < 0:
            clear(log)
            start = 0
        else:
            start = self.log_size
            for node in log.querySelectorAll(".log__entry--last"):
                node.classList.remove("log__entry--last")
        for entry in entries[start:]:
            item = el("li", "log__entry", attrs={"data-seat": entry.seat})
            item.appendChild(el("span", text=entry.text))
            if entry.details:
                item.appendChild(el("ul", "log__details", children=[el("li", text=t) for t in entry.details]))
            log.prepend(item)
        if entries:
            log.firstChild.classList.add("log__entry--last")
        self.log_size = size

    def _render_result(self) -> None:
        from . import panels
        c = self.controller
        box = by_id("result")
        if not c.game.is_over:
            box.hidden = True
            return
        headline, rows, ending = panels.result_lines(c, self.tr)
        clear(box)
        box.appendChild(el("h2", text=self.tr.t("final_scores"), attrs={"id": "result-title", "tabindex": "-1"}))
        box.appendChild(el("p", "result__winner", text=headline))
        table = el("ol", "result__scores")
        for name, score, winner in rows:
            item = el("li", "result__row" + (" result__row--winner" if winner else ""))
            item.appendChild(el("span", text=f"{name}:"))
            item.appendChild(el("span", text=str(score)))
            table.appendChild(item)
        box.appendChild(table)
        box.appendChild(el("p", "muted", text=ending))
        hints = panels.hint_lines(c, self.tr)
        if hints:
            box.appendChild(el("ul", "result__hints", children=[el("li", text=t) for t in hints]))
        box.appendChild(el("button", "btn btn--primary", text=self.tr.t("rematch"),
                           attrs={"type": "button", "data-action": "rematch"}))
        box.hidden = False

    def _fit(self, force: bool = False) -> None:
        if not self.has_game():
            return
        from . import board_model
        game = self.controller.game
        cells = set(game.board.tiles) | set(self.controller.turn.pending_cells())
        if not cells:
            cells = {(-2, -2), (3, 3)}
        else:
            cells |= board_model.neighbours(cells)
        self.board.fit(cells, force, focus=board_model.last_move_cells(self.controller))

    # -- input: menu, home, actions ------------------------------------------------------------
    def _menu_click(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        if button is None:
            return
        action = data(button, "action")
        if action == "new":
            self.dialogs.open_new_game()
        elif action == "saves":
            self.dialogs.open_saves()
        elif action == "stats":
            self.dialogs.open_stats()
        elif action == "tracker":
            self.dialogs.open_tracker()

    def _action_click(self, event: Any) -> None:
        button = closest(event, "button[data-action]")
        if button is None:
            return
        action = data(button, "action")
        c = self.controller
        if button.getAttribute("aria-disabled") == "true":
            why = None
            if action == "exchange":
                why = c.exchange_availability().why
            elif action == "roll":
                why = c.roll_availability().why
            elif action == "undo" and not c.can_undo():
                why = Note("undo_none", level="warn")
            if why is not None:
                c.note = why
                self.render()
            return
        self.notice = None
        if action == "play":
            self._after_human(c.play())
        elif action == "recall":
            c.recall()
        elif action == "hint":
            self._hint()
            return
        elif action == "exchange":
            c.set_mode(EXCHANGE)
        elif action == "roll":
            c.set_mode(ROLL)
        elif action == "confirm":
            result = c.confirm_exchange() if c.turn.mode == EXCHANGE else c.confirm_roll()
            self._after_human(result)
        elif action == "cancel-mode":
            c.set_mode(PLACE)
        elif action == "pass":
            self._after_human(c.pass_turn())
        elif action == "undo":
            self.generation += 1
            if c.undo():
                self.animate = set()
                self.log_size = -1
        elif action == "reveal":
            c.reveal()
            self.render()
            first = by_id("rack").querySelector("button")
            if present(first):
                first.focus()
            return
        elif action == "zoom-in":
            self.board.zoom(1.25)
        elif action == "zoom-out":
            self.board.zoom(0.8)
        elif action == "fit":
            self._fit(force=True)
        elif action == "rematch":
            self.start_game(c.rematch_spec())
            return
        self.render()

    # -- hints ----------------------------------------------------------------------------------
    def _hint(self) -> None:
        """Show the chosen level's best play as pending tiles (the Expert thinks in the worker)."""
        from . import ai_service
        c = self.controller
        settings = self.store.settings()
        level = settings.get("hint_level", "hard")
        if c.hint_view() is None:
            return
        if ai_service.is_slow(level):
            c.note = Note("hint_thinking")
            self.hinting = True
            self.render()
            asyncio.ensure_future(self._slow_hint(level, settings.get("expert_seconds"), self.generation))
            return
        c.hint(level)
        self._hint_shown()

    async def _slow_hint(self, level: str, seconds: Any, generation: int) -> None:
        from qwirkle.record import dumps

        from . import ai_service
        c = self.controller
        moves = len(c.game.history)
        args = (dumps(c.game), c.game.to_move, level, c.hint_seed(), seconds)
        try:
            worker = await self.ai_worker.get()
            notation = str(await worker.sync.hint_move(*args)) if worker is not None else None
        except Exception as error:  # noqa: BLE001 - fall back to thinking here
            window.console.warn(f"AI worker failed: {error}")
            notation = None
        finally:
            self.hinting = False
        if generation != self.generation or c.game is None or len(c.game.history) != moves:
            return
        if notation is None:
            notation = ai_service.hint_move(*args)
        c.show_hint(notation, level)
        self._hint_shown()

    def _hint_shown(self) -> None:
        self.render()
        cells = {p.cell for p in self.controller.turn.pending_placements()}
        if cells:
            from . import board_model
            view = self.board.view
            self.board.measure()
            if not view.user_moved or not all(view.is_visible(cell) for cell in cells):
                # follow the game, centred on the hint when the board is too large to show whole
                shown = set(self.controller.game.board.tiles) | cells
                view.user_moved = False
                self.board.fit(shown | board_model.neighbours(shown), focus=cells)

    def _after_human(self, result: Any) -> None:
        if result is None:
            self.render()
            return
        self._after_move(result)
        if self.controller.game.is_over:
            title = by_id("result-title")
            if present(title):
                title.focus()
        self.kick()

    # -- input: rack -----------------------------------------------------------------------------
    def _rack_click(self, event: Any) -> None:
        if self.suppress_click:
            self.suppress_click = False
            return
        button = closest(event, "button[data-index]")
        if button is None:
            return
        self.controller.select(int(data(button, "index") or 0))
        self.notice = None
        self.render()
        self._show_legal()

    def _show_legal(self) -> None:
        """Pan so that at least one allowed cell of the selected tile is in view."""
        cells = self.controller.legal_cells()
        view = self.board.view
        self.board.measure()
        if not cells or any(view.is_visible(cell) for cell in cells):
            return
        centre = view.cell_at(view.width / 2, view.height / 2)
        nearest = min(cells, key=lambda c: (c[0] - centre[0]) ** 2 + (c[1] - centre[1]) ** 2)
        view.reveal(nearest)
        self.board.apply_view()

    def _rack_pointer(self, event: Any) -> None:
        kind = event.type
        if kind == "pointerdown":
            button = closest(event, "button[data-index]")
            if button is None or not self.controller.interactive or self.controller.turn.mode != PLACE:
                self.rack_press = None
                return
            self.rack_press = {"index": int(data(button, "index") or 0), "code": data(button, "tile"),
                               "x": event.clientX, "y": event.clientY, "dragging": False, "id": event.pointerId}
            # capture at once: a drag's first move may already be over the board
            by_id("rack").setPointerCapture(event.pointerId)
            return
        press = self.rack_press
        if press is None or event.pointerId != press["id"]:
            return
        if kind == "pointermove":
            if not press["dragging"]:
                if math.hypot(event.clientX - press["x"], event.clientY - press["y"]) <= 8:
                    return
                press["dragging"] = True
                if self.controller.turn.selected != press["index"]:
                    self.controller.select(press["index"])
                    self.render()
                self.board.show_ghost(press["code"])
            self.board.move_ghost(event.clientX, event.clientY)
            return
        self.rack_press = None
        # the pointer was captured, so the click that follows lands on the rack, not the tile:
        # a tap selects here, and that click is ignored
        self.suppress_click = True
        window.setTimeout(_clear_flag(self), 0)
        if not press["dragging"]:
            if kind == "pointerup":
                self.controller.select(press["index"])
                self.notice = None
                self.render()
                self._show_legal()
            return
        self.board.hide_ghost()
        if kind == "pointerup":
            cell = self.board.cell_at_point(event.clientX, event.clientY)
            if cell is not None:
                self._place(cell)

    # -- input: board ------------------------------------------------------------------------------
    def _place(self, cell: tuple[int, int]) -> None:
        c = self.controller
        if c.place(cell):
            self.board.cursor = cell
        self.render()

    def _board_tap(self, cell: tuple[int, int]) -> None:
        c = self.controller
        if not c.interactive:
            return
        self.board.set_cursor(cell, announce=False)
        if c.turn.mode != PLACE:
            return
        if cell in c.turn.pending_cells() and c.turn.selected is None:
            c.take_back(cell)
            self.render()
            return
        self._place(cell)

    def _board_move(self, source: tuple[int, int], target: tuple[int, int]) -> None:
        if self.controller.move_pending(source, target):
            self.board.cursor = target
        self.render()

    def _board_key(self, key: str) -> bool:
        c = self.controller
        if key.isdigit() and key != "0":
            rack = c.rack()
            position = int(key) - 1
            if c.interactive and position < len(rack):
                c.select(rack[position][0])
                self.render()
                self._show_legal()
            return True
        if key in ("f", "F", "0"):
            self._fit(force=True)
            return True
        if key in ("p", "P") and c.can_play():
            self._after_human(c.play())
            return True
        if key == "Escape":
            c.select(None) if c.turn.selected is not None else c.recall()
            self.render()
            return True
        return False

    def _cursor_moved(self, cell: tuple[int, int]) -> None:
        from . import board_model
        game = self.controller.game
        if game is None:
            return
        model = board_model.build(self.controller, self.tr).get(cell)
        text = model.label if model else self.tr.t("cell_empty", x=cell[0], y=cell[1])
        self.announce(text)


def _sample_tiles(palette: str) -> Any:
    """A decorative line of tiles for the start screen: the six shapes, one Qwirkle."""
    from collections import namedtuple
    tile = namedtuple("tile", "color shape background")
    row = el("div", "sample-tiles", attrs={"aria-hidden": "true"})
    for shape, (color, background) in enumerate(((0, 0), (1, 0), (2, 2), (3, 1), (4, 3), (5, 0))):
        item = el("span", "sample-tiles__tile")
        item.innerHTML = tile_svg(tile(color, shape, background), palette)
        row.appendChild(item)
    return row


def _clear_flag(app: App) -> Any:
    from pyodide.ffi import create_once_callable

    def clear_flag() -> None:
        app.suppress_click = False

    return create_once_callable(clear_flag)
