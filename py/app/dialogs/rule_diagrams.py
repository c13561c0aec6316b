"""The rule panel's example diagrams (``ui.rule_examples``) drawn as small boards: the game's tile pictures on the
table's colour, the tiles an example plays ringed as the game rings a pending play, and each cell the text names
outlined and labelled with the name the sentence uses. A diagram repeats what its sentence says, so it is hidden
from screen readers. Its width (css/game.css, from ``--cols``) gives each cell 44 px on a wide card and shrinks to the
width of a narrow one."""

from __future__ import annotations

from typing import Any

from ui.cells import cell_text
from ui.rule_examples import Diagram
from ui.tiles_svg import tile_svg

from ..web.dom import el


def draw_all(diagrams: list[Diagram], palette: Any, die: bool) -> Any:
    """A block's diagrams side by side (wrapping on a narrow card)."""
    return el("div", "rule-diagrams", attrs={"aria-hidden": "true"}, children=[draw(d, palette, die) for d in diagrams])


def draw(diagram: Diagram, palette: Any, die: bool) -> Any:
    left, top, width, height = diagram.bounds
    board = el("div", "rule-diagram", attrs={"data-diagram": diagram.notation()})
    board.style.gridTemplateColumns = f"repeat({width}, minmax(0, 1fr))"
    board.style.gridTemplateRows = f"repeat({height}, auto auto)"  # each row of cells, then its labels' line
    board.style.setProperty("--cols", str(width))
    tiles = diagram.tiles()
    for y in range(top, top + height):
        for x in range(left, left + width):
            cell = (x, y)
            name = cell_text(cell) if cell in diagram.names else None
            node = el("div", "rule-diagram__cell", attrs={"data-diagram-cell": cell_text(cell), "data-cell-name": name})
            node.style.gridColumn = str(x - left + 1)
            node.style.gridRow = str(2 * (y - top) + 1)
            board.appendChild(node)
            if cell in tiles:
                tile, played = tiles[cell]
                node.classList.add("rule-diagram__cell--tile")
                if played:
                    node.classList.add("rule-diagram__cell--played")
                    node.setAttribute("data-played", "")
                node.setAttribute("data-tile", tile.notation())
                node.innerHTML = tile_svg(tile, palette, die=die)
            if name is None:
                continue
            node.classList.add("rule-diagram__cell--named")
            label = el("span", "rule-diagram__name", text=name)
            if cell in tiles:  # under the tile, on the labels' line: never over its colours
                label.style.gridColumn = str(x - left + 1)
                label.style.gridRow = str(2 * (y - top) + 2)
                board.appendChild(label)
            else:
                node.appendChild(label)
    return board
