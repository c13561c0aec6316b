"""The analysis board in the page (``#analysis``): the board (the game's ``BoardView``: the same cells, pan
and zoom, a chosen play drawn as ghost tiles with its lines' points), a palette of every tile, the rack, the
ranked plays (``plays.PlayList``), and a play scored by hand, line by line.
Drawing and input only: ``state.AnalysisState`` holds the position and asks the engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import window

from qwirkle.notation import Cell
from qwirkle.tiles import Tile
from ui.cells import cell_text
from ui.tiles_svg import tile_svg

from ..input.gestures import BoardGestures
from ..play.board_model import EMPTY, TILE, CellModel, badges, neighbours
from ..regions.board_view import BoardView
from ..web.display import Display
from ..web.dom import by_id, clear, closest, data, el, focus_screen, listen, on_resize, set_attr, set_text
from .plays import PlayList
from .state import VARIANTS, AnalysisLinkError, AnalysisState

STEPS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class AnalysisView:
    def __init__(self, display: Display, closed: Callable[[], None]) -> None:
        self.display = display
        self.closed = closed
        self.root = by_id("analysis")
        self.board = BoardView(lambda _cell: None, "analysis-board")
        BoardGestures(self.board, self._gesture)
        self.state: AnalysisState | None = None
        self.selected: Tile | None = None
        self.target = "board"
        self.plays = PlayList()
        self.actions: dict[str, Callable[[Any], None]] = {
            "analysis-close": lambda _b: self.close(),
            "analysis-copy": lambda _b: self._copy(),
            "analysis-target": lambda b: self._set_target(data(b, "target") or "board"),
            "analysis-pick": lambda b: self._pick(str(data(b, "tile"))),
            "analysis-unrack": lambda b: self._unrack(int(data(b, "index") or 0)),
            "analysis-choose": lambda b: self._choose(int(data(b, "index") or 0)),
            "analysis-more": lambda _b: self._more(),
            "analysis-clear-board": lambda _b: self._clear(board=True),
            "analysis-clear-rack": lambda _b: self._clear(board=False),
            "analysis-zoom-in": lambda _b: self.board.zoom(1.25),
            "analysis-zoom-out": lambda _b: self.board.zoom(0.8),
            "analysis-fit": lambda _b: self._fit(force=True),
        }
        listen(self.root, "click", self._click)
        listen(by_id("analysis-board"), "keydown", self._key)
        listen(by_id("analysis-check"), "submit", self._check)
        listen(by_id("analysis-variant"), "change", self._variant)
        on_resize(by_id("analysis-board"), self._fit)

    @property
    def is_open(self) -> bool:
        return self.state is not None

    def show(self, position: tuple[Any, ...] | None, query: str, table: Any) -> None:
        """Open on a link's position (``query``: what is wrong with it is said, the board starts empty), a
        review's (``position``: variant, board, rack), else the game at the table's, else an empty board."""
        from qwirkle.board import Board

        if query:
            try:
                self.open(AnalysisState.from_query(query))
            except AnalysisLinkError as error:
                self.open(AnalysisState.empty(), error.words(self.display.tr))
        elif position:
            variant, board, hand = position
            self.open(AnalysisState(variant, Board(dict(board)), list(hand)))
        else:
            self.open(AnalysisState.of_table(table) if table is not None else AnalysisState.empty())

    def open(self, state: AnalysisState, note: str = "") -> None:
        self.state, self.selected, self.target = state, None, "board" if state.hand else "rack"
        self.root.hidden = False
        self.render(note)
        self._fit(force=True)
        focus_screen(by_id("analysis-title"))

    def close(self) -> None:
        self.state = None
        self.root.hidden = True
        self.closed()

    def forget(self) -> None:
        """The language or the palette changed: everything is drawn again."""
        self.board.signatures.clear()
        if self.state is not None:
            self.render()

    # -- input ---------------------------------------------------------------------------------------------------
    def _click(self, event: Any) -> None:
        button = closest(event, "[data-action]")
        action = data(button, "action") if button is not None else None
        if action in self.actions:
            self.actions[action](button)

    def _gesture(self, name: str, *args: Any) -> None:
        if name == "tap-cell":
            self._tap(args[0])

    def _key(self, event: Any) -> None:
        key = str(event.key)
        if key in STEPS:
            x, y = self.board.cursor
            dx, dy = STEPS[key]
            self.board.set_cursor((x + dx, y + dy))
        elif key in ("Enter", " "):
            self._tap(self.board.cursor)
        else:
            return
        event.preventDefault()

    def _tap(self, cell: Cell) -> None:
        state = self.state
        if state is None:
            return
        if cell not in state.board and self.selected is None:
            self.render(self.display.tr.t("analysis_pick_first"))
            return
        state.tap_cell(cell, self.selected)
        self.render()

    def _pick(self, code: str) -> None:
        state = self.state
        if state is None:
            return
        tile = next((t for t in state.palette() if t.notation() == code), None)
        if tile is None:
            return
        if self.target == "rack":
            full = not state.add_to_hand(tile)
            self.render(self.display.tr.t("analysis_rack_full") if full else "")
        else:
            self.selected = None if self.selected == tile else tile
            self.render()

    def _set_target(self, target: str) -> None:
        self.target = target if target in ("board", "rack") else "board"
        self.render()

    def _unrack(self, index: int) -> None:
        if self.state is not None:
            self.state.take_from_hand(index)
            self.render()

    def _choose(self, index: int) -> None:
        if self.state is not None:
            self.state.choose(None if self.state.chosen == index else index)
            self.render()
            self._fit()

    def _more(self) -> None:
        if self.state is not None:
            self.plays.more()
            self.render()

    def _clear(self, board: bool) -> None:
        if self.state is not None:
            self.state.clear(board)
            self.render()

    def _check(self, event: Any) -> None:
        event.preventDefault()
        if self.state is not None:
            self.state.check(str(by_id("analysis-play-input").value))
            self.render()
            self._fit()

    def _variant(self, event: Any) -> None:
        name = str(event.target.value)
        if name in VARIANTS and (self.state is None or name != self.state.variant.name):
            from qwirkle.variants import find_variant

            self.open(AnalysisState(find_variant(name)))

    def _copy(self) -> None:
        if self.state is None:
            return
        url = window.URL.new(window.location.href)
        url.search, url.hash = self.state.link(), ""
        window.navigator.clipboard.writeText(url.toString())
        self.render(self.display.tr.t("analysis_copied"))

    def _fit(self, force: bool = False) -> None:
        state = self.state
        if state is None:
            return
        shown = state.shown_play()
        cells = set(state.board.tiles) | ({p.cell for p in _placements(shown.play)} if shown else set())
        self.board.fit(cells or {(-2, -2), (2, 2)}, force)

    # -- drawing -------------------------------------------------------------------------------------------------
    def render(self, note: str = "") -> None:
        state = self.state
        if state is None:
            return
        tr, die = self.display.tr.with_dice(state.variant.dice), state.variant.dice
        refusal = tr.problem(state.refusal) if state.refusal is not None else ""
        refusal = refusal[:1].upper() + refusal[1:]
        set_text(by_id("analysis-note"), note or refusal)
        for node in self.root.querySelectorAll("[data-i18n]"):  # a Cubes position speaks of dice
            node.textContent = tr.t(node.getAttribute("data-i18n"))
        set_attr(self.root, "data-variant", state.variant.name)
        by_id("analysis-variant").value = state.variant.name
        shown = state.shown_play()
        model: dict[Cell, CellModel] = {}
        for cell in neighbours(state.board.tiles) if state.board.tiles else {(0, 0)}:  # where a tile may go
            model[cell] = CellModel(EMPTY, label=tr.t("cell_empty", cell=cell_text(cell)))
        for cell, tile in state.board.tiles.items():
            model[cell] = CellModel(
                TILE, tile, label=tr.t("cell_tile", tile=tr.tile(tile, die=die), cell=cell_text(cell))
            )
        for placement in _placements(shown.play) if shown else []:
            label = tr.t("cell_ghost", tile=tr.tile(placement.tile, die=die), cell=cell_text(placement.cell))
            model[placement.cell] = CellModel(EMPTY, label=label, ghost=placement.tile)
        self.board.render(model, self.display.palette, die, self.board.cursor)
        self.board.render_badges(badges(shown.lines) if shown else [])
        self._palette(state, tr, die)
        self._rack(state, tr, die)
        self.plays.render(state, tr, self.display.palette, die)
        lines = by_id("analysis-lines")
        clear(lines)
        if shown is not None:
            after = {**state.board.tiles, **{p.cell: p.tile for p in _placements(shown.play)}}
            for text in tr.breakdown(shown.lines, after):
                lines.appendChild(el("li", text=text))
            lines.appendChild(el("li", "analysis__total", text=tr.t("analysis_total", points=tr.points(shown.points))))

    def _palette(self, state: AnalysisState, tr: Any, die: bool) -> None:
        for button in self.root.querySelectorAll('[data-action="analysis-target"]'):
            set_attr(button, "aria-pressed", "true" if data(button, "target") == self.target else "false")
        box = by_id("analysis-palette")
        clear(box)
        for tile in state.palette():
            button = el(
                "button",
                "analysis__tile",
                attrs={
                    "type": "button",
                    "data-action": "analysis-pick",
                    "data-tile": tile.notation(),
                    "aria-label": tr.tile(tile, die=die),
                    "aria-pressed": ("true" if tile == self.selected else "false") if self.target == "board" else None,
                },
            )
            button.innerHTML = tile_svg(tile, self.display.palette, die=die)
            box.appendChild(button)

    def _rack(self, state: AnalysisState, tr: Any, die: bool) -> None:
        box = by_id("analysis-rack")
        clear(box)
        for index, tile in enumerate(state.hand):
            button = el(
                "button",
                "analysis__tile",
                attrs={
                    "type": "button",
                    "data-action": "analysis-unrack",
                    "data-index": index,
                    "data-tile": tile.notation(),
                    "aria-label": tr.t("analysis_unrack", tile=tr.tile(tile, die=die)),
                },
            )
            button.innerHTML = tile_svg(tile, self.display.palette, die=die)
            box.appendChild(button)
        if not state.hand:
            box.appendChild(el("p", "muted", text=tr.t("analysis_rack_empty")))


def _placements(play: str) -> list[Any]:
    from qwirkle.notation import parse_placements

    return parse_placements(play)
