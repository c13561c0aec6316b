"""The board in the page: cells keyed by coordinates, diffed against the model on each render,
and one delegated pointer/keyboard listener on the board container.

Input: tap a cell, drag a pending tile to another cell, drag or scroll to pan, pinch or
ctrl+wheel to zoom, arrow keys move a cursor, Enter/Space acts on the cursor cell, 1-6 select a
rack tile. What a tap means is decided by the app (which asks the controller, which asks the
engine): this module only reports cells.
"""

from __future__ import annotations

import math
from typing import Any, Callable

from pyscript import document, window

from .board_model import EMPTY, PENDING, TILE, CellModel
from .dom import by_id, closest, data, el, listen, present, set_attr
from .tiles_svg import tile_svg
from .viewport import CELL, MIN_ZOOM, TOUCH_MIN_ZOOM, Viewport

Cell = tuple[int, int]
DRAG_DISTANCE = 6


def parse_cell(text: str | None) -> Cell | None:
    if not text:
        return None
    x, _, y = text.partition(",")
    try:
        return int(x), int(y)
    except ValueError:
        return None


class BoardView:
    """Renders ``dict[Cell, CellModel]`` into ``#board-world`` and reports input to callbacks."""

    def __init__(self, on_tap: Callable[[Cell], None], on_move: Callable[[Cell, Cell], None],
                 on_key: Callable[[str], bool], on_cursor: Callable[[Cell], None]) -> None:
        self.root = by_id("board")
        self.world = by_id("board-world")
        self.ghost = by_id("board-ghost")
        self.coords = by_id("board-coords")
        self.on_tap = on_tap
        self.on_move = on_move
        self.on_key = on_key
        self.on_cursor = on_cursor
        self.view = Viewport()
        self.coarse = bool(window.matchMedia("(pointer: coarse)").matches)
        self.elements: dict[Cell, Any] = {}
        self.signatures: dict[Cell, tuple[Any, ...]] = {}
        self.palette = "standard"
        self.die = False
        self.cursor: Cell = (0, 0)
        self.cursor_el = el("div", "cursor", attrs={"aria-hidden": "true"})
        self.world.appendChild(self.cursor_el)
        self.pointers: dict[int, tuple[float, float]] = {}
        self.press: dict[str, Any] | None = None
        self.pinch: float | None = None
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            listen(self.root, name, self._pointer)
        listen(self.root, "wheel", self._wheel, passive=False)
        listen(self.root, "keydown", self._keydown)

    # -- rendering -----------------------------------------------------------------------------
    def render(self, cells: dict[Cell, CellModel], palette: str, die: bool, cursor: Cell) -> None:
        if palette != self.palette or die != self.die:
            self.palette, self.die = palette, die
            self.signatures.clear()  # every tile is drawn again
        for cell in list(self.elements):
            if cell not in cells:
                self.elements.pop(cell).remove()
                self.signatures.pop(cell, None)
        for cell, model in cells.items():
            signature = (model.kind, model.code, model.legal, model.last, model.new, model.label)
            if self.signatures.get(cell) == signature:
                continue
            node = self.elements.get(cell)
            if node is None:
                node = el("div", attrs={"data-cell": f"{cell[0]},{cell[1]}"})
                node.style.left = f"{cell[0] * CELL}px"
                node.style.top = f"{cell[1] * CELL}px"
                self.world.appendChild(node)
                self.elements[cell] = node
            self._paint(node, model)
            self.signatures[cell] = signature
        self.set_cursor(cursor, announce=False)

    def _paint(self, node: Any, model: CellModel) -> None:
        classes = ["cell", f"cell--{model.kind}"]
        if model.legal:
            classes.append("cell--legal")
        if model.last:
            classes.append("cell--last")
        if model.new:
            classes.append("cell--new")
        node.className = " ".join(classes)
        set_attr(node, "data-tile", model.code if model.kind in (TILE, PENDING) else None)
        set_attr(node, "data-pending", model.kind == PENDING)
        set_attr(node, "data-legal", model.legal)
        set_attr(node, "data-last", model.last)
        set_attr(node, "role", "img" if model.kind == TILE else "button")
        set_attr(node, "aria-label", model.label)
        if model.kind == EMPTY:
            node.replaceChildren()
        else:
            node.innerHTML = tile_svg(model.tile, self.palette, die=self.die)

    def apply_view(self) -> None:
        self.world.style.transform = self.view.transform()

    def measure(self) -> None:
        rect = self.root.getBoundingClientRect()
        if rect.width > 0 and rect.height > 0:
            self.view.width, self.view.height = rect.width, rect.height

    def fit(self, cells: list[Cell] | set[Cell], force: bool = False, focus: set[Cell] | None = None) -> None:
        """Follow the game (unless the player moved the view); ``force``: the fit button, whole board."""
        self.measure()
        if force or not self.view.user_moved:
            self.view.fit(cells, min_zoom=MIN_ZOOM if force or not self.coarse else TOUCH_MIN_ZOOM, focus=focus)
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

    # -- input ---------------------------------------------------------------------------------
    def _local(self, event: Any) -> tuple[float, float]:
        rect = self.root.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def _pointer(self, event: Any) -> None:
        kind = event.type
        pid = int(event.pointerId)
        if kind == "pointerdown":
            if event.button not in (0, -1) and event.pointerType == "mouse":
                return
            self.pointers[pid] = (event.clientX, event.clientY)
            try:
                self.root.setPointerCapture(event.pointerId)
            except Exception:  # noqa: BLE001 - capture is a nicety
                pass
            if len(self.pointers) == 1:
                target = closest(event, "[data-cell]")
                cell = parse_cell(data(target, "cell")) if target is not None else None
                pending = target is not None and target.hasAttribute("data-pending")
                self.press = {"x": event.clientX, "y": event.clientY, "cell": cell, "pending": pending,
                              "moved": False, "last": (event.clientX, event.clientY)}
            else:
                self.press = None
                self.pinch = self._spread()
            return
        if pid not in self.pointers:
            if kind == "pointermove" and event.pointerType == "mouse":
                self._show_coords(event)
            return
        if kind == "pointermove":
            self.pointers[pid] = (event.clientX, event.clientY)
            if len(self.pointers) >= 2:
                spread = self._spread()
                if self.pinch and spread:
                    self.measure()
                    xs = [p[0] for p in self.pointers.values()]
                    ys = [p[1] for p in self.pointers.values()]
                    rect = self.root.getBoundingClientRect()
                    self.view.zoom_at(spread / self.pinch, sum(xs) / len(xs) - rect.left,
                                      sum(ys) / len(ys) - rect.top)
                    self.apply_view()
                self.pinch = spread
                return
            press = self.press
            if press is None:
                return
            if not press["moved"] and math.hypot(event.clientX - press["x"], event.clientY - press["y"]) > DRAG_DISTANCE:
                press["moved"] = True
                if press["pending"]:
                    self.show_ghost(data(closest(event, "[data-cell]") or self.elements[press["cell"]], "tile"))
            if press["moved"]:
                if press["pending"]:
                    self.move_ghost(event.clientX, event.clientY)
                else:
                    lx, ly = press["last"]
                    self.view.pan(event.clientX - lx, event.clientY - ly)
                    self.apply_view()
                press["last"] = (event.clientX, event.clientY)
            return
        # pointerup / pointercancel
        self.pointers.pop(pid, None)
        press, self.press = self.press, None
        if len(self.pointers) < 2:
            self.pinch = None
        if press is None or kind == "pointercancel":
            self.hide_ghost()
            return
        if press["moved"] and press["pending"]:
            self.hide_ghost()
            target = self.cell_at_point(event.clientX, event.clientY)
            if target is not None and press["cell"] is not None and target != press["cell"]:
                self.on_move(press["cell"], target)
            return
        if not press["moved"] and press["cell"] is not None:
            self.on_tap(press["cell"])

    def _show_coords(self, event: Any) -> None:
        """The notation of the cell under the mouse, in a corner of the board (as in the move log)."""
        self.measure()
        x, y = self._local(event)
        cell = self.view.cell_at(x, y)
        text = f"{cell[0]},{cell[1]}"
        if self.coords.textContent != text:
            self.coords.textContent = text

    def _spread(self) -> float | None:
        points = list(self.pointers.values())
        if len(points) < 2:
            return None
        (x1, y1), (x2, y2) = points[:2]
        return math.hypot(x2 - x1, y2 - y1) or None

    def _wheel(self, event: Any) -> None:
        event.preventDefault()
        self.measure()
        x, y = self._local(event)
        if event.ctrlKey:
            self.view.zoom_at(math.exp(-event.deltaY / 300), x, y)
        else:
            self.view.pan(-event.deltaX, -event.deltaY)
        self.apply_view()

    def _keydown(self, event: Any) -> None:
        key = event.key
        moves = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}
        if key in moves:
            dx, dy = moves[key]
            self.set_cursor((self.cursor[0] + dx, self.cursor[1] + dy))
        elif key in ("Enter", " "):
            self.on_tap(self.cursor)
        elif key in ("+", "="):
            self.zoom(1.25)
        elif key in ("-", "_"):
            self.zoom(0.8)
        elif not self.on_key(key):
            return
        event.preventDefault()

    # -- drag ghost (shared with the rack) ------------------------------------------------------
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
        self.ghost.style.transform = (f"translate({client_x - rect.left - size / 2:.0f}px, "
                                      f"{client_y - rect.top - size / 2:.0f}px)")

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
                return parse_cell(data(found, "cell"))
        self.measure()
        return self.view.cell_at(x, y)
