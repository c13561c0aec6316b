"""The board in the page: cells keyed by coordinates, diffed against the model on each render,
the points of the lines a pending play scores (badges keyed by line), the flash of a move's
scored lines, the viewport (pan, zoom, fit, follow), the keyboard cursor and the drag ghost.

Drawing only: pointer and keyboard input on the board is read by ``input.gestures`` and turned
into named actions by ``input.bindings``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyscript import document, window

from qwirkle.notation import Cell
from ui.cells import cell_text, parse_cell_text
from ui.jsvalues import present
from ui.tiles_svg import tile_svg

from ..play.board_model import EMPTY, PENDING, TILE, Badge, CellModel
from ..web.dom import by_id, data, el, set_attr
from .viewport import CELL, COARSE, MIN_ZOOM, TOUCH_MIN_ZOOM, Viewport


class BoardView:
    """Renders ``dict[Cell, CellModel]`` into ``#board-world``; ``on_cursor`` hears cursor moves.
    ``root_id`` names another board of the page (its parts are ``ID-world``, ``ID-ghost``, ``ID-coords``)."""

    def __init__(self, on_cursor: Callable[[Cell], None], root_id: str = "board") -> None:
        self.root = by_id(root_id)
        self.world = by_id(f"{root_id}-world")
        self.ghost = by_id(f"{root_id}-ghost")
        self.coords = by_id(f"{root_id}-coords")
        self.on_cursor = on_cursor
        self.view = Viewport()
        self.coarse = bool(window.matchMedia(COARSE).matches)
        self.elements: dict[Cell, Any] = {}
        self.signatures: dict[Cell, tuple[Any, ...]] = {}
        self.pictures: dict[Cell, tuple[Any, ...]] = {}  # what each cell's markup draws (tile, ghost, palette, dice)
        self.palette = "standard"
        self.die = False
        self.cursor: Cell = (0, 0)
        self.touching = False  # a finger or the mouse is down on the board
        self.badges: dict[str, tuple[Badge, Any]] = {}
        self.flashes: list[Any] = []
        self.cursor_el = el("div", "cursor", attrs={"aria-hidden": "true"})
        self.world.appendChild(self.cursor_el)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, cells: dict[Cell, CellModel], palette: str, die: bool, cursor: Cell) -> None:
        if palette != self.palette or die != self.die:
            self.palette, self.die = palette, die
            self.signatures.clear()  # every tile is drawn again
        for cell in list(self.elements):
            if cell not in cells:
                self.elements.pop(cell).remove()
                self.signatures.pop(cell, None)
                self.pictures.pop(cell, None)
        for cell, model in cells.items():
            signature = (
                model.kind,
                model.code,
                model.legal,
                model.last,
                model.new,
                model.label,
                model.ghost,
                model.scoring,
            )
            if self.signatures.get(cell) == signature:
                continue
            node = self.elements.get(cell)
            if node is None:
                node = el("div", attrs={"data-cell": cell_text(cell)})
                node.style.left = f"{cell[0] * CELL}px"
                node.style.top = f"{cell[1] * CELL}px"
                self.world.appendChild(node)
                self.elements[cell] = node
            self._paint(cell, node, model)
            self.signatures[cell] = signature
        self.set_cursor(cursor, announce=False)

    def _paint(self, cell: Cell, node: Any, model: CellModel) -> None:
        """The cell's classes and attributes; its markup only when its picture changed (a tile that stops being the
        last move's keeps its nodes: markup set again on every move left thousands of nodes to collect)."""
        classes = ["cell", f"cell--{model.kind}"]
        if model.legal:
            classes.append("cell--legal")
        if model.last:
            classes.append("cell--last")
        if model.new:
            classes.append("cell--new")
        if model.scoring:
            classes.append("cell--scoring")
        node.className = " ".join(classes)
        set_attr(node, "data-tile", model.code if model.kind in (TILE, PENDING) else None)
        set_attr(node, "data-pending", model.kind == PENDING)
        set_attr(node, "data-legal", model.legal)
        set_attr(node, "data-last", model.last)
        set_attr(node, "data-scoring", model.scoring)
        set_attr(node, "role", "img" if model.kind == TILE or model.ghost is not None else "button")
        set_attr(node, "aria-label", model.label)
        set_attr(node, "data-ghost", model.ghost.notation() if model.ghost is not None else None)
        tile = None if model.kind == EMPTY else model.tile
        picture = (tile, model.ghost, self.palette, self.die)
        if self.pictures.get(cell) == picture:
            return
        self.pictures[cell] = picture
        markup = "" if tile is None else tile_svg(tile, self.palette, die=self.die)
        if model.ghost is not None:
            markup += f'<span class="cell__ghost">{tile_svg(model.ghost, self.palette, die=self.die)}</span>'
        if markup:
            node.innerHTML = markup
        else:
            node.replaceChildren()

    def render_badges(self, badges: list[Badge]) -> None:
        """Each scored line's points beside it (``aria-hidden``: the preview says them in words)."""
        wanted = {badge.key: badge for badge in badges}
        for key in list(self.badges):
            if wanted.get(key) != self.badges[key][0]:
                self.badges.pop(key)[1].remove()
        for key, badge in wanted.items():
            if key in self.badges:
                continue
            cls = f"line-score line-score--{badge.kind}" + (" line-score--qwirkle" if badge.qwirkle else "")
            node = el("span", cls, text=str(badge.points), attrs={"aria-hidden": "true"})
            node.style.left = f"{badge.x * CELL + 2:.0f}px"
            node.style.top = f"{badge.y * CELL + 2:.0f}px"
            self.world.appendChild(node)
            self.badges[key] = (badge, node)

    def flash(self, cells: set[Cell]) -> None:
        """The cells of a move's scored lines light up once (CSS animation; none under reduced motion)."""
        for node in self.flashes:
            node.remove()
        self.flashes = []
        for x, y in sorted(cells):
            node = el("div", "flash", attrs={"aria-hidden": "true"})
            node.style.left = f"{x * CELL}px"
            node.style.top = f"{y * CELL}px"
            self.world.appendChild(node)
            self.flashes.append(node)

    def apply_view(self) -> None:
        self.world.style.transform = self.view.transform()

    def measure(self) -> None:
        rect = self.root.getBoundingClientRect()
        if rect.width > 0 and rect.height > 0:
            self.view.width, self.view.height = rect.width, rect.height

    def min_zoom(self, whole: bool = False) -> float:
        """On a touch screen the board is never fitted below a tappable cell, unless it is shown ``whole`` (a
        finished game, a puzzle, a review: there to be seen, every tile of it)."""
        return TOUCH_MIN_ZOOM if self.coarse and not whole else MIN_ZOOM

    def fit(
        self,
        cells: list[Cell] | set[Cell],
        force: bool = False,
        focus: set[Cell] | None = None,
        must: set[Cell] | None = None,
        whole: bool = False,
    ) -> None:
        """Show ``cells`` (unless the player moved the view; ``force``: whatever they did). When
        they do not fit at a tappable size, ``focus`` (the last move) is centred instead; ``must`` (the cells the
        selected tile may take) are shown whatever the size; ``whole``: every cell, whatever the size. Never under a
        finger: the board resizing while the player touches it (a move changes the panels) waits."""
        if self.touching and not force:
            return
        self.measure()
        if force or not self.view.user_moved:
            self.view.fit(cells, min_zoom=self.min_zoom(whole), focus=focus, must=must)
            self.apply_view()

    def follow(self, cells: set[Cell], focus: set[Cell], whole: bool = False) -> None:
        """After a move: bring ``focus`` (its cells) into view, unless the player is touching the
        board. A view the player moved keeps its zoom and only pans when the move is out of it."""
        if self.touching:
            return
        self.measure()
        view = self.view
        if not view.user_moved:
            view.fit(cells, min_zoom=self.min_zoom(whole), focus=focus)
        elif focus and not all(view.is_visible(cell) for cell in focus):
            view.centre(focus, self.min_zoom())
        self.apply_view()

    def centre(self, cells: set[Cell]) -> None:
        """Centre ``cells`` (the "last move" control) and follow the game again."""
        self.measure()
        self.view.centre(cells, self.min_zoom())
        self.view.user_moved = False
        self.apply_view()

    def zoom(self, factor: float) -> None:
        self.measure()
        self.view.zoom_center(factor)
        self.apply_view()

    def set_cursor(self, cell: Cell, announce: bool = True) -> None:
        self.cursor = cell
        self.cursor_el.style.left = f"{cell[0] * CELL}px"
        self.cursor_el.style.top = f"{cell[1] * CELL}px"
        if announce:
            self.measure()
            if not self.view.is_visible(cell):
                self.view.reveal(cell)
                self.apply_view()
            self.on_cursor(cell)

    # -- drag ghost (shared with the rack) ------------------------------------------------------
    def local(self, client_x: float, client_y: float) -> tuple[float, float]:
        """A page point in the board's own coordinates."""
        rect = self.root.getBoundingClientRect()
        return client_x - rect.left, client_y - rect.top

    def show_coords(self, client_x: float, client_y: float) -> None:
        """The notation of the cell under the mouse, in a corner of the board (as in the move log)."""
        self.measure()
        text = cell_text(self.view.cell_at(*self.local(client_x, client_y)))
        if self.coords.textContent != text:
            self.coords.textContent = text

    def show_ghost(self, code: str | None) -> None:
        if not code:
            return
        from qwirkle.tiles import Tile

        self.ghost.innerHTML = tile_svg(Tile.from_notation(code), self.palette, die=self.die)
        size = CELL * self.view.zoom
        self.ghost.style.width = f"{size:.0f}px"
        self.ghost.style.height = f"{size:.0f}px"
        self.ghost.hidden = False

    def move_ghost(self, client_x: float, client_y: float) -> None:
        rect = self.root.getBoundingClientRect()
        size = CELL * self.view.zoom
        self.ghost.style.transform = (
            f"translate({client_x - rect.left - size / 2:.0f}px, {client_y - rect.top - size / 2:.0f}px)"
        )

    def hide_ghost(self) -> None:
        self.ghost.hidden = True
        self.ghost.replaceChildren()

    def cell_at_point(self, client_x: float, client_y: float) -> Cell | None:
        """The board cell under a page point (listed or not), None outside the board."""
        rect = self.root.getBoundingClientRect()
        x, y = client_x - rect.left, client_y - rect.top
        if not (0 <= x <= rect.width and 0 <= y <= rect.height):
            return None
        hit = document.elementFromPoint(client_x, client_y)
        if present(hit):
            found = hit.closest("[data-cell]")
            if present(found):
                return parse_cell_text(data(found, "cell"))
        self.measure()
        return self.view.cell_at(x, y)
