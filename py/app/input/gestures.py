"""Pointer gestures on the board and the rack, read into named actions (see ``bindings``).

Board: a tap on a cell, a drag of a pending tile to another cell, a drag or wheel to pan, a pinch or ctrl+wheel to
zoom. Rack: a tap selects a tile, a drag carries it onto the board (a ghost follows the pointer) or to another place
in the rack. Panning and zooming only move the viewport; everything else is reported as an action name with its
arguments, whose meaning the input table decides.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from qwirkle.notation import Cell
from ui.cells import parse_cell_text

from ..regions.board_view import BoardView
from ..web.dom import by_id, closest, data, listen

DRAG_DISTANCE = 6  # board: pixels before a press becomes a drag
RACK_DRAG_DISTANCE = 8  # rack: a little more, so that a shaky tap still selects

Act = Callable[..., None]


class BoardGestures:
    """One delegated pointer listener on the board container (cells are redrawn, it stays)."""

    def __init__(self, board: BoardView, act: Act) -> None:
        self.board = board
        self.act = act
        self.pointers: dict[int, tuple[float, float]] = {}
        self.press: dict[str, Any] | None = None
        self.pinch: float | None = None
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            listen(board.root, name, self._pointer)
        listen(board.root, "wheel", self._wheel, passive=False)

    def _pointer(self, event: Any) -> None:
        {"pointerdown": self._down, "pointermove": self._move}.get(event.type, self._up)(event)

    def _down(self, event: Any) -> None:
        if event.button not in (0, -1) and event.pointerType == "mouse":
            return
        self.pointers[int(event.pointerId)] = (event.clientX, event.clientY)
        self.board.touching = True
        try:
            self.board.root.setPointerCapture(event.pointerId)
        except Exception:  # noqa: BLE001 - capture is a nicety
            pass
        if len(self.pointers) == 1:
            target = closest(event, "[data-cell]")
            cell = parse_cell_text(data(target, "cell")) if target is not None else None
            pending = target is not None and target.hasAttribute("data-pending")
            self.press = {
                "x": event.clientX,
                "y": event.clientY,
                "cell": cell,
                "pending": pending,
                "moved": False,
                "last": (event.clientX, event.clientY),
            }
        else:
            self.press = None
            self.pinch = self._spread()

    def _move(self, event: Any) -> None:
        pid = int(event.pointerId)
        if pid not in self.pointers:
            if event.pointerType == "mouse":
                self.board.show_coords(event.clientX, event.clientY)
            return
        self.pointers[pid] = (event.clientX, event.clientY)
        if len(self.pointers) >= 2:
            self._pinch()
            return
        press = self.press
        if press is None:
            return
        if not press["moved"] and math.hypot(event.clientX - press["x"], event.clientY - press["y"]) > DRAG_DISTANCE:
            press["moved"] = True
            if press["pending"] and press["cell"] is not None:
                self.board.show_ghost(data(self.board.elements[press["cell"]], "tile"))
        if press["moved"]:
            if press["pending"]:
                self.board.move_ghost(event.clientX, event.clientY)
            else:
                lx, ly = press["last"]
                self.board.view.pan(event.clientX - lx, event.clientY - ly)
                self.board.apply_view()
            press["last"] = (event.clientX, event.clientY)

    def _pinch(self) -> None:
        spread = self._spread()
        if self.pinch and spread:
            self.board.measure()
            xs = [p[0] for p in self.pointers.values()]
            ys = [p[1] for p in self.pointers.values()]
            x, y = self.board.local(sum(xs) / len(xs), sum(ys) / len(ys))
            self.board.view.zoom_at(spread / self.pinch, x, y)
            self.board.apply_view()
        self.pinch = spread

    def _up(self, event: Any) -> None:
        if int(event.pointerId) not in self.pointers:
            return
        self.pointers.pop(int(event.pointerId), None)
        self.board.touching = bool(self.pointers)
        press, self.press = self.press, None
        if len(self.pointers) < 2:
            self.pinch = None
        if press is None or event.type == "pointercancel":
            self.board.hide_ghost()
            return
        if press["moved"] and press["pending"]:
            self.board.hide_ghost()
            target = self.board.cell_at_point(event.clientX, event.clientY)
            if target is not None and press["cell"] is not None and target != press["cell"]:
                self.act("move-pending", press["cell"], target)
            return
        if not press["moved"] and press["cell"] is not None:
            self.act("tap-cell", press["cell"])

    def _spread(self) -> float | None:
        points = list(self.pointers.values())
        if len(points) < 2:
            return None
        (x1, y1), (x2, y2) = points[:2]
        return math.hypot(x2 - x1, y2 - y1) or None

    def _wheel(self, event: Any) -> None:
        event.preventDefault()
        board = self.board
        board.measure()
        x, y = board.local(event.clientX, event.clientY)
        if event.ctrlKey:
            board.view.zoom_at(math.exp(-event.deltaY / 300), x, y)
        else:
            board.view.pan(-event.deltaX, -event.deltaY)
        board.apply_view()


class RackGestures:
    """Tap or drag a rack tile. ``can_drag`` says whether the rack takes tiles now (placing)."""

    def __init__(self, board: BoardView, act: Act, can_drag: Callable[[], bool]) -> None:
        self.board = board
        self.act = act
        self.can_drag = can_drag
        self.rack = by_id("rack")
        self.press: dict[str, Any] | None = None
        self.suppress_click = False
        listen(self.rack, "click", self._click)
        for name in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            listen(self.rack, name, self._pointer)

    def _click(self, event: Any) -> None:
        """A click that no pointer press has answered: Enter or Space on a tile (``detail`` 0), or a press the
        rack did not take (``can_drag`` false). The click that follows a press the rack took is skipped however
        late it comes: after a touch it is a task of its own, which a busy phone may run after other tasks."""
        if self.suppress_click and event.detail:
            self.suppress_click = False
            return
        button = closest(event, "button[data-index]")
        if button is not None:
            self.act("select-tile", int(data(button, "index") or 0))

    def _pointer(self, event: Any) -> None:
        kind = event.type
        if kind == "pointerdown":
            self.suppress_click = False  # a click still owed to an earlier press never came (a drag's)
            button = closest(event, "button[data-index]")
            if button is None or not self.can_drag():
                self.press = None
                return
            self.press = {
                "index": int(data(button, "index") or 0),
                "code": data(button, "tile"),
                "x": event.clientX,
                "y": event.clientY,
                "dragging": False,
                "id": event.pointerId,
            }
            # capture at once: a drag's first move may already be over the board
            self.rack.setPointerCapture(event.pointerId)
            return
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        if kind == "pointermove":
            if not press["dragging"]:
                if math.hypot(event.clientX - press["x"], event.clientY - press["y"]) <= RACK_DRAG_DISTANCE:
                    return
                press["dragging"] = True
                self.act("drag-tile", press["index"])
                self.board.show_ghost(press["code"])
            self.board.move_ghost(event.clientX, event.clientY)
            return
        self.press = None
        self.suppress_click = True  # a tap selects here, and the click that follows it is skipped
        if not press["dragging"]:
            if kind == "pointerup":
                self.act("select-tile", press["index"])
            return
        self.board.hide_ghost()
        if kind != "pointerup":
            return
        position = self._rack_position(event.clientX, event.clientY, press["index"])
        if position is not None:
            self.act("reorder-tile", press["index"], position)
            return
        cell = self.board.cell_at_point(event.clientX, event.clientY)
        if cell is not None:
            self.act("drop-tile", press["index"], cell)

    def _rack_position(self, x: float, y: float, index: int) -> int | None:
        """Where a tile dropped at (x, y) goes in the rack (reading order), None outside the rack."""
        box = self.rack.getBoundingClientRect()
        if not (box.left <= x <= box.right and box.top - 8 <= y <= box.bottom + 8):
            return None
        others = [b for b in self.rack.querySelectorAll("button[data-index]") if data(b, "index") != str(index)]
        for position, button in enumerate(others):
            r = button.getBoundingClientRect()
            if r.top > y or (r.top <= y <= r.bottom and x < r.left + r.width / 2):
                return position
        return len(others)


__all__ = ["BoardGestures", "Cell", "RackGestures"]
