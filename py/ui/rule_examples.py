"""The examples of the rules reference (``ui.rules_doc`` blocks) as small board diagrams: the tiles on the
board, the tiles the example plays and the cells its text names, read from the structure of the text, so
that the rule panel can draw each example as the game draws a board (no DOM here).

* a paragraph ending with ":" that holds placements (```Ro@0,0 Rs@1,0``` on the board:) gives the board of
  the list items after it; it has no diagram of its own unless no item follows;
* a block with two or more placement spans: the first is the board (on top of that context), each later
  one a play, drawn on its own diagram (``board `A`, play `B` ... or `C``` gives two);
* a block with one placement span: the play, on the context board (or an empty one);
* every cell span (```3,0```) is a cell the text names: marked and labelled on each of the block's diagrams,
  which reach out to it. A block with no placement and no cell has no diagram.

>>> blocks = [["p", "Examples, with `Ro@0,0` on the board:"], ["li", "`Rd@1,0` is fine: `2,0` stays empty."]]
>>> [[d.notation() for d in found] for found in diagrams(blocks)]
[[], ['board Ro@0,0 play Rd@1,0 names 2,0']]
>>> diagrams(blocks)[1][0].bounds
(0, 0, 3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from qwirkle.notation import Cell, Placement, parse_cell, parse_placements, placements_notation
from qwirkle.tiles import Tile

from .cells import cell_text


@dataclass(frozen=True)
class Diagram:
    """One example's board: ``board`` tiles, ``play`` tiles (marked as played), ``names``: cells the text names."""

    board: tuple[Placement, ...]
    play: tuple[Placement, ...]
    names: tuple[Cell, ...]

    @property
    def bounds(self) -> tuple[int, int, int, int]:
        """Left column, top row, width and height of the smallest box holding every tile and named cell."""
        cells = [p.cell for p in self.board + self.play] + list(self.names)
        xs, ys = [x for x, _ in cells], [y for _, y in cells]
        return min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1

    def tiles(self) -> dict[Cell, tuple[Tile, bool]]:
        """Each cell's tile and whether the example plays it (a play on a board tile's cell shows the play)."""
        found = {p.cell: (p.tile, False) for p in self.board}
        found.update({p.cell: (p.tile, True) for p in self.play})
        return found

    def notation(self) -> str:
        parts = [("board", placements_notation(self.board)), ("play", placements_notation(self.play))]
        parts.append(("names", " ".join(cell_text(cell) for cell in self.names)))
        return " ".join(f"{word} {text}" for word, text in parts if text)


def code_spans(text: str) -> list[str]:
    """The code spans of a block, without their backticks."""
    return text.split("`")[1::2]


def placements_of(span: str) -> tuple[Placement, ...] | None:
    """The placements a code span spells (``Rd@2,0 Rc@4,0``), or None when it spells something else."""
    try:
        found = parse_placements(span)
    except ValueError:
        return None
    return tuple(found) or None


def cell_of(span: str) -> Cell | None:
    """The cell a code span names (``3,0``), or None."""
    try:
        return parse_cell(span) if "," in span and "@" not in span else None
    except ValueError:
        return None


def _parts(text: str) -> tuple[list[tuple[Placement, ...]], tuple[Cell, ...]]:
    spans = code_spans(text)
    placed = [p for p in map(placements_of, spans) if p is not None]
    named = tuple(dict.fromkeys(c for c in map(cell_of, spans) if c is not None))
    return placed, named


def _is_context(blocks: Sequence[Sequence[str]], index: int) -> bool:
    """A paragraph ending with ":" that holds placements and is followed by list items."""
    kind, text = blocks[index]
    following = index + 1 < len(blocks) and blocks[index + 1][0] == "li"
    return kind == "p" and text.rstrip().endswith(":") and following and bool(_parts(text)[0])


def diagrams(blocks: Sequence[Sequence[str]]) -> list[list[Diagram]]:
    """For each block of a rule (``[kind, text]``), the diagrams of its example, in order (often none)."""
    result: list[list[Diagram]] = []
    context: tuple[Placement, ...] = ()
    for index, (kind, text) in enumerate(blocks):
        if kind != "li":
            context = ()
        placed, named = _parts(text)
        if _is_context(blocks, index):
            context = tuple(p for span in placed for p in span)
            result.append([])
            continue
        board, plays = (context + placed[0], placed[1:]) if len(placed) > 1 else (context, placed)
        if plays:
            result.append([Diagram(board, play, named) for play in plays])
        elif named:
            result.append([Diagram(board, (), named)])
        else:
            result.append([])
    return result
