"""Pan and zoom of the board as plain arithmetic (no DOM), so it is tested under CPython.

The board's world has one cell every ``CELL`` pixels at zoom 1, cell ``(x, y)`` at
``(x * CELL, y * CELL)``. The viewport shows the world translated by ``(dx, dy)`` then scaled by
``zoom``: a world point ``p`` appears on screen at ``p * zoom + (dx, dy)``.
"""

from __future__ import annotations

CELL = 60
MIN_ZOOM = 0.2  # a finished game of 21 columns, whole on a phone
MAX_ZOOM = 2.5
FIT_MAX_ZOOM = 1.25
TOUCH_MIN_ZOOM = 44 / 56  # a 56 px tile drawn at 44 px: a cell of 47 px, tappable
FIT_MARGIN = 0.5  # cells shown around what a fit shows
COARSE = "(pointer: coarse)"  # a touch screen, whose fits keep cells tappable (TOUCH_MIN_ZOOM)

Cell = tuple[int, int]


class Viewport:
    """Pan, zoom and the board's size in pixels; ``user_moved``: the player panned or zoomed, so
    the view stops following the game. (A plain class: see ui.values.)"""

    __slots__ = ("dx", "dy", "zoom", "width", "height", "user_moved")

    def __init__(
        self,
        dx: float = 0.0,
        dy: float = 0.0,
        zoom: float = 1.0,
        width: float = 600.0,
        height: float = 400.0,
        user_moved: bool = False,
    ) -> None:
        self.dx, self.dy, self.zoom, self.width, self.height, self.user_moved = dx, dy, zoom, width, height, user_moved

    def transform(self) -> str:
        return f"translate({self.dx:.1f}px, {self.dy:.1f}px) scale({self.zoom:.4f})"

    def pan(self, by_x: float, by_y: float) -> None:
        self.dx += by_x
        self.dy += by_y
        self.user_moved = True

    def zoom_at(self, factor: float, screen_x: float, screen_y: float) -> None:
        """Zoom by ``factor`` keeping the world point under (screen_x, screen_y) in place."""
        new = min(MAX_ZOOM, max(MIN_ZOOM, self.zoom * factor))
        ratio = new / self.zoom
        self.dx = screen_x - (screen_x - self.dx) * ratio
        self.dy = screen_y - (screen_y - self.dy) * ratio
        self.zoom = new
        self.user_moved = True

    def zoom_center(self, factor: float) -> None:
        self.zoom_at(factor, self.width / 2, self.height / 2)

    def fit(
        self,
        cells: list[Cell] | set[Cell],
        margin: float = FIT_MARGIN,
        min_zoom: float = MIN_ZOOM,
        focus: list[Cell] | set[Cell] | None = None,
        must: list[Cell] | set[Cell] | None = None,
    ) -> None:
        """Show every cell of ``cells`` (with ``margin`` cells around), centred, not too large.

        With ``min_zoom`` (touch screens keep cells at least 44 px) a board too large to fit is
        shown at that zoom: along each way it does not fit, centred on ``focus`` (the last move) when
        given, then moved back so that the board fills the view (no blank band on one side while the
        board goes on past the other); along a way it fits, centred. ``must`` (the cells the selected
        tile may take) are all shown whatever ``min_zoom`` asks: the zoom goes down to show them, and the
        view is moved the least needed to take them in."""
        left, right, top, bottom, focus_x, focus_y = fit_span(cells, margin, focus or must)
        zoom = max(min_zoom, min(_zoom_to_fit(left, right, top, bottom, self.width, self.height), FIT_MAX_ZOOM))
        if must:
            zoom = min(zoom, _zoom_to_fit(*_span(must, 0.0), self.width, self.height))
        self.zoom = max(MIN_ZOOM, zoom)
        self.dx = _offset(left, right, focus_x, self.zoom, self.width)
        self.dy = _offset(top, bottom, focus_y, self.zoom, self.height)
        if must:
            must_left, must_right, must_top, must_bottom = _span(must, 0.0)
            self.dx = _take_in(self.dx, must_left, must_right, self.zoom, self.width)
            self.dy = _take_in(self.dy, must_top, must_bottom, self.zoom, self.height)
        self.user_moved = False

    def centre(self, cells: list[Cell] | set[Cell], min_zoom: float = MIN_ZOOM) -> None:
        """Centre ``cells`` (the last move) at the current zoom, raised to ``min_zoom`` if lower."""
        if not cells:
            return
        self.zoom = min(MAX_ZOOM, max(self.zoom, min_zoom))
        centre_x = (sum(x for x, _ in cells) / len(cells) + 0.5) * CELL
        centre_y = (sum(y for _, y in cells) / len(cells) + 0.5) * CELL
        self.dx = self.width / 2 - centre_x * self.zoom
        self.dy = self.height / 2 - centre_y * self.zoom

    def cell_at(self, screen_x: float, screen_y: float) -> Cell:
        """The cell under a point of the viewport."""
        wx = (screen_x - self.dx) / self.zoom
        wy = (screen_y - self.dy) / self.zoom
        return int(wx // CELL), int(wy // CELL)

    def is_visible(self, cell: Cell) -> bool:
        x = cell[0] * CELL * self.zoom + self.dx
        y = cell[1] * CELL * self.zoom + self.dy
        size = CELL * self.zoom
        return x >= 0 and y >= 0 and x + size <= self.width and y + size <= self.height

    def reveal(self, cell: Cell) -> None:
        """Pan the least needed so that ``cell`` is in view (keyboard cursor)."""
        size = CELL * self.zoom
        x = cell[0] * size + self.dx
        y = cell[1] * size + self.dy
        if x < 0:
            self.dx -= x
        elif x + size > self.width:
            self.dx -= x + size - self.width
        if y < 0:
            self.dy -= y
        elif y + size > self.height:
            self.dy -= y + size - self.height


def fit_span(
    cells: list[Cell] | set[Cell], margin: float = FIT_MARGIN, focus: list[Cell] | set[Cell] | None = None
) -> tuple[float, float, float, float, float | None, float | None]:
    """What ``Viewport.fit`` fits, in world pixels: the box of ``cells`` with ``margin`` cells around (left, right,
    top, bottom) and the middle of ``focus`` (x, y; None without one). js/early-game.js fits a returning game's board
    from these (``regions.glance``), as ``fit`` does without ``must``."""
    left, right, top, bottom = _span(cells or [(0, 0)], margin)
    if not focus:
        return left, right, top, bottom, None, None
    focus_x = (sum(x for x, _ in focus) / len(focus) + 0.5) * CELL
    focus_y = (sum(y for _, y in focus) / len(focus) + 0.5) * CELL
    return left, right, top, bottom, focus_x, focus_y


def _offset(low: float, high: float, focus: float | None, zoom: float, free: float) -> float:
    """The pan along one way that shows the world span ``low``..``high`` in ``free`` pixels at ``zoom``: centred
    when it fits; else centred on ``focus`` (the span's middle without one), kept within the span's ends."""
    if (high - low) * zoom <= free + 1e-9 or focus is None:
        return free / 2 - (low + high) / 2 * zoom
    offset = free / 2 - focus * zoom
    return min(max(offset, free - high * zoom), -low * zoom)


def _span(cells: list[Cell] | set[Cell], margin: float) -> tuple[float, float, float, float]:
    """The world box of ``cells`` with ``margin`` cells around: left, right, top, bottom."""
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    left, right = (min(xs) - margin) * CELL, (max(xs) + 1 + margin) * CELL
    return left, right, (min(ys) - margin) * CELL, (max(ys) + 1 + margin) * CELL


def _zoom_to_fit(left: float, right: float, top: float, bottom: float, width: float, height: float) -> float:
    return min(width / max(right - left, 1), height / max(bottom - top, 1))


def _take_in(offset: float, low: float, high: float, zoom: float, free: float) -> float:
    """``offset`` moved the least needed to show the world span ``low``..``high`` (it fits at ``zoom``)."""
    return min(max(offset, -low * zoom), free - high * zoom)
