"""A cell's text form, ``"x,y"``, as written in ``data-cell`` attributes and in refusals.

>>> cell_text((3, -1))
'3,-1'
>>> parse_cell_text("3,-1"), parse_cell_text([0, 2]), parse_cell_text("3;1")
((3, -1), (0, 2), None)
"""

from __future__ import annotations

from typing import Any

Cell = tuple[int, int]
MAX_TEXT = 24  # two coordinates of a sane size: longer text is not a cell


def cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def parse_cell_text(value: Any) -> Cell | None:
    """``"x,y"`` (or a pair of whole numbers) as a cell; None for anything else."""
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            return None
        x, comma, y = value.partition(",")
        if not comma:
            return None
        try:
            return int(x), int(y)
        except ValueError:
            return None
    if (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return int(value[0]), int(value[1])
    return None
