"""The review view (``#review``): a finished game move by move against the best play by points.

The board (the game's ``BoardView`` on ``#review-board``, with its gestures) shows the position of the move on show,
the move's tiles outlined and the best play as faint ghost tiles. Beside it: first / previous / next / last buttons
and a slider (arrow keys, Home and End too), the move in words, everyone's racks before it, and the list of moves
(``move_list``); above, the progress bar, the per-player summary with each player's accuracy, and the graph of the
chances of winning (``win_graph``: a click or tap goes to that move). The review is computed by ``runner`` and drawn
as it arrives; the chances of winning of a saved game are kept beside it (``store.review_memory``), and once they are
all in, the accuracy of the players on this device goes to the statistics (``store.accuracy_log``). **Export** saves
the game's record: whoever imports it gets the same review (it is seeded).

Buttons carry ``data-action`` and are looked up in ``actions`` by one delegated listener, as in the dialogs. Closing
clears every rack from the DOM.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..input.gestures import BoardGestures
from ..regions.board_view import BoardView
from ..shared import seats
from ..store.accuracy_log import record_accuracy
from ..store.review_memory import load_review, save_review
from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, focus_screen, listen, on_resize, set_attr, set_text
from . import panels, win_panels
from .move_list import ReviewList, mini_tiles
from .runner import ReviewRunner
from .session import BEST, DONE, ReviewSession
from .win_graph import WinGraph

if TYPE_CHECKING:
    from qwirkle import Game, Variant
    from qwirkle.notation import Cell
    from qwirkle.tiles import Tile

    from ..play.session import Host
    from ..store.saves import SaveStore

# The Expert's look-ahead budget in the page (None: the engine's, as the command line by default).
PAGE_BUDGET: int | None = None
KEYS = {
    "ArrowLeft": "review-prev",
    "ArrowUp": "review-prev",
    "ArrowRight": "review-next",
    "ArrowDown": "review-next",
    "Home": "review-first",
    "End": "review-last",
}


class ReviewView:
    def __init__(
        self,
        display: Display,
        store: SaveStore,
        host: Host,
        closed: Callable[[], None],
        analyse: Callable[[Variant, dict[Cell, Tile], tuple[Tile, ...]], None],
    ) -> None:
        self.display = display
        self.store = store
        self.closed = closed
        self.analyse = analyse  # opens the analysis board on a position (the page's, above the review)
        self.root = by_id("review")
        self.board = BoardView(lambda _cell: None, "review-board")
        BoardGestures(self.board, lambda *_args: None)  # pan and zoom only: nothing to place
        self.list = ReviewList(display)
        self.graph = WinGraph()
        self.runner = ReviewRunner(host, self._arrived, self._keep)
        self.review: ReviewSession | None = None
        self.kinds: tuple[str, ...] = ()
        self.played: float | None = None
        self.recorded = False  # this review's accuracy went to the statistics
        self.drawn: Any = None
        self.actions: dict[str, Callable[[Any], None]] = {
            "review-first": lambda _b: self.go(0),
            "review-last": lambda _b: self.go(self._total() - 1),
            "review-prev": lambda _b: self.go(self._step() - 1),
            "review-next": lambda _b: self.go(self._step() + 1),
            "review-goto": lambda b: self.go(int(data(b, "index") or 0)),
            "review-close": lambda _b: self.close(),
            "review-export": lambda _b: self.export(),
            "review-zoom-in": lambda _b: self.board.zoom(1.25),
            "review-zoom-out": lambda _b: self.board.zoom(0.8),
            "review-fit": lambda _b: self._fit(force=True),
            "review-analyse": lambda _b: self._analyse(),
        }
        listen(self.root, "click", self._click)
        listen(self.root, "keydown", self._key)
        listen(by_id("review-slider"), "input", lambda event: self.go(int(event.target.value) - 1))
        listen(by_id("review-level"), "change", self._level_change)
        on_resize(by_id("review-board"), self._fit)  # a phone turned, the window resized: fitted again

    @property
    def is_open(self) -> bool:
        return self.review is not None

    def _total(self) -> int:
        return self.review.total if self.review is not None else 0

    def _step(self) -> int:
        return self.review.step if self.review is not None else 0

    # -- open and close --------------------------------------------------------------------------------------
    def open(self, game: Game, game_id: str | None, kinds: tuple[str, ...] = (), played: float | None = None) -> None:
        """Review a finished game (``ValueError`` for a game in progress: its racks are hidden); ``kinds``, the
        save's seats, and ``played``, when it was last played (now if unknown), for the statistics' accuracy."""
        if self.review is not None:
            self.review.close()
        kept = self.store.settings().get("review_level")  # the level last compared with, on any game
        level = kept if kept in seats.level_names() else "expert"
        self.review = ReviewSession(game, game_id, level=level, budget=PAGE_BUDGET)
        self.kinds, self.played, self.recorded = kinds, played, False
        if game_id:
            self.review.win_kept = dict(load_review(self.store, game_id).get("win") or {})
        self.list.forget()
        self.graph.forget()
        self.drawn = None
        self.board.view.user_moved = False
        self._levels()
        slider = by_id("review-slider")
        slider.max = str(max(self.review.total, 1))
        self.root.hidden = False
        self.render()
        self._fit(force=True)
        self.runner.start(self.review)
        focus_screen(by_id("review-title"))

    def close(self) -> None:
        if self.review is not None:
            self.review.close()
        self.review = None
        self.list.forget()
        self.graph.forget()
        for box in ("review-racks", "review-detail", "review-board-world"):
            clear(by_id(box))
        self.board.elements.clear()
        self.board.signatures.clear()
        self.board.world.appendChild(self.board.cursor_el)
        self.root.hidden = True
        self.closed()

    def export(self) -> None:
        """The game's record, as Saved games exports it: importing it brings the same review."""
        review = self.review
        if review is None:
            return
        from ..dialogs.download import download_text

        text = self.store.export_text(review.game_id) if review.game_id else None
        download_text(text or review.record_json, f"qwirkle-{review.game_id or 'review'}.json")

    # -- input -----------------------------------------------------------------------------------------------
    def go(self, index: int) -> None:
        if self.review is None:
            return
        self.review.go(index)
        self.render()
        self._fit()

    def _click(self, event: Any) -> None:
        button = closest(event, "[data-action]")
        if button is not None and (data(button, "action") or "") in self.actions:
            self.actions[data(button, "action") or ""](button)

    def _key(self, event: Any) -> None:
        action = KEYS.get(str(event.key))
        if action is None or str(event.target.tagName) in ("INPUT", "SELECT"):
            return  # the slider and the level list have their own keys
        event.preventDefault()
        self.actions[action](None)

    def _analyse(self) -> None:
        """The position before the move on show, with the mover's rack, on the analysis board."""
        review = self.review
        entry = review.entry() if review is not None else None
        if review is None or entry is None:
            return
        hand = review.hands_before(review.step)[entry.player] or ()
        self.analyse(review.variant, review.board_before(review.step), hand)

    def _level_change(self, event: Any) -> None:
        review = self.review
        if review is not None and review.set_level(str(event.target.value)):
            self.store.save_settings(review_level=review.level)
            self.runner.restart_levels(review)
            self.render()

    def _keep(self, review: ReviewSession) -> None:
        """Keep the chances of winning computed so far with the saved game."""
        if review.game_id and review is self.review:
            save_review(self.store, review.game_id, {"win": review.kept_json()})

    def _arrived(self, review: ReviewSession) -> None:
        if review is self.review:
            self._record(review)
            self.render()

    def _record(self, review: ReviewSession) -> None:
        """Once every move's chances are in: the humans' accuracy to the statistics (once per saved game)."""
        if self.recorded or not review.game_id or len(review.wins) < review.total or len(review.options.players) != 2:
            return
        self.recorded = True
        figures = win_panels.human_figures(review, self.kinds)
        when = self.store.clock() if self.played is None else self.played
        record_accuracy(self.store, review.game_id, review.options.variant, when, figures)

    # -- drawing ---------------------------------------------------------------------------------------------
    def forget(self) -> None:
        """A new language or palette: draw everything again."""
        self.list.forget()
        self.graph.forget()
        self.drawn = None
        if self.review is not None:
            self._levels()
            self.render()

    def render(self) -> None:
        review = self.review
        if review is None:
            return
        tr = self.display.tr
        set_text(by_id("review-title"), panels.summary_title(review, tr))
        set_text(by_id("review-level-head"), seats.display_name(review.level, tr))
        self._progress(review)
        self.list.render(review)
        self.graph.render(win_panels.graph(review), tr)
        choice = review.levels.get(review.step)
        # the racks before a move come from the players' next moves: redraw when they arrive
        signature = (
            review.step,
            review.entry() is not None,
            tuple(review.hands_before(review.step)),
            choice,
            review.wins.get(review.step),
            review.level,
            tr.lang,
            self.display.palette,
        )
        if signature == self.drawn:
            return
        self.drawn = signature
        self.board.render(
            panels.cells(review, review.step, tr), self.display.palette, review.variant.dice, self.board.cursor
        )
        set_attr(by_id("review-board"), "data-step", review.step)
        slider = by_id("review-slider")
        slider.value = str(review.step + 1)
        slider.setAttribute("aria-valuetext", tr.t("step_of", i=review.step + 1, n=review.total))
        set_text(by_id("review-step"), tr.t("step_of", i=review.step + 1, n=review.total))
        for action, off in (
            ("review-first", review.step == 0),
            ("review-prev", review.step == 0),
            ("review-next", review.step >= review.total - 1),
            ("review-last", review.step >= review.total - 1),
        ):
            set_attr(self.root.querySelector(f'[data-action="{action}"]'), "aria-disabled", "true" if off else None)
        detail = by_id("review-detail")
        clear(detail)
        detail.appendChild(el("ul", "review__lines", children=[el("li", text=t) for t in panels.details(review, tr)]))
        self._racks(review)

    def _progress(self, review: ReviewSession) -> None:
        phase, done, total = review.progress()
        bar = by_id("review-progress")
        bar.max = str(max(total, 1))
        bar.value = str(done)
        bar.hidden = phase == DONE or review.error is not None
        set_text(by_id("review-progress-text"), panels.progress_text(review, self.display.tr))
        set_attr(self.root, "data-phase", "error" if review.error else phase)
        set_text(by_id("review-note"), panels.budget_note(review, self.display.tr) if phase != BEST else "")

    def _racks(self, review: ReviewSession) -> None:
        tr = self.display.tr
        die = review.variant.dice
        box = by_id("review-racks")
        clear(box)
        for seat, rack in enumerate(panels.racks(review)):
            tiles = rack.tiles
            words = tr.tiles(tiles) if tiles is not None else "…"
            row = el(
                "div",
                "review-rack" + (" review-rack--mover" if rack.mover else ""),
                attrs={
                    "role": "group",
                    "aria-label": f"{tr.t('rack_label', name=rack.name)}: {words}",
                    "data-review-rack": seat,
                },
            )
            row.appendChild(el("span", "review-rack__name", text=rack.name))
            if tiles is None:
                row.appendChild(el("span", "muted", text="…"))
            for item in mini_tiles(tiles or (), self.display, die, used=rack.used):
                row.appendChild(item)
            box.appendChild(row)

    def _levels(self) -> None:
        """The levels to compare with, the review's selected."""
        select = by_id("review-level")
        clear(select)
        chosen = self.review.level if self.review is not None else ""
        for name in seats.level_names():
            select.appendChild(
                el(
                    "option",
                    text=seats.display_name(name, self.display.tr),
                    attrs={"value": name, "selected": name == chosen},
                )
            )
        select.value = chosen

    def _fit(self, force: bool = False) -> None:
        review = self.review
        if review is None:
            return
        shown = (
            set(review.board_before(review.step)) | set(review.played(review.step)) | set(review.best_play(review.step))
        )
        focus = set(review.played(review.step)) or set(review.best_play(review.step)) or None
        self.board.fit(shown or {(0, 0)}, force, focus=focus, whole=True)
