"""What a screen-reader player hears (no DOM): a move in words, their rack, the scores and whose turn, the bag, and
the lines through a cell. Every text comes from the language catalogs through the ``Translator``; the rules come
from the engine (the lines a move scored are its ``TurnResult``'s)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.cells import cell_text
from ui.words import Translator

from ..play import panels

if TYPE_CHECKING:
    from qwirkle import TurnResult
    from qwirkle.notation import Cell

    from ..play.controller import Controller

# The directions of a line through a cell: row, column, and in Flex the two diagonals.
AXES = (("row", (1, 0)), ("column", (0, 1)))
DIAGONALS = (("diagonal", (1, 1)), ("diagonal", (1, -1)))


def move_words(c: Controller, tr: Translator, result: TurnResult) -> str:
    """'Bot played red circle at 1,0 and red square at 2,0. Red row: 3 points. In all: 3 points.'"""
    if result.kind != "play":
        return panels.log_entries(c, tr, len(c.current.history) - 1)[-1].text
    from qwirkle.notation import parse_placements

    game = c.current
    die = game.variant.dice
    name = panels.player_names(c, tr)[result.seat]
    placed = tr.join_names(
        [tr.t("tile_at", tile=tr.tile(p.tile, die=die), cell=cell_text(p.cell)) for p in parse_placements(result.move)]
    )
    lines = " ".join(f"{row}." for row in tr.breakdown(result.lines, game.board.tiles, result.end_bonus))
    text = tr.t("say_move", name=name, tiles=placed, lines=lines, points=tr.points(result.points))
    if any(line.qwirkle for line in result.lines):
        text += " " + tr.t("qwirkle_shout")
    return text


def rack_words(c: Controller, tr: Translator, order: list[int] | None = None) -> str:
    """The rack this device may see, in the order shown (``order``: hand indexes left to right), without the tiles
    put on the board this turn; or why there is none."""
    seat = c.rack_seat()
    if seat is None:
        return tr.t("say_no_rack")
    hand = c.view(seat).hand
    used = c.turn.indexes() if c.interactive else set()
    shown = [i for i in (order or range(len(hand))) if i < len(hand) and i not in used]
    die = c.current.variant.dice
    words = tr.join_names([tr.tile(hand[i], die=die) for i in shown])
    return tr.tn("say_rack", len(shown), tiles=words) if shown else tr.t("say_rack_empty")


def scores_words(c: Controller, tr: Translator) -> str:
    """'Ann 12, Bot 20. Your turn, Ann.'"""
    game = c.current
    names = panels.player_names(c, tr)
    scores = ", ".join(f"{name} {score}" for name, score in zip(names, game.scores, strict=True))
    return f"{scores}. {panels.status_text(c, tr)}."


def bag_words(c: Controller, tr: Translator) -> str:
    return panels.bag_text(c, tr)


def lines_words(c: Controller, tr: Translator, cell: Cell) -> str:
    """The tiles in line with ``cell`` in each direction (the cell's own tile included), nearest first."""
    game = c.current
    tiles: dict[Any, Any] = {**game.board.tiles, **{k: p.tile for k, p in c.turn.cells().items()}}
    die = game.variant.dice
    axes = AXES + (DIAGONALS if game.variant.name.startswith("flex") else ())
    parts = []
    for kind, (dx, dy) in axes:
        run = [cell] if cell in tiles else []
        for sign in (-1, 1):
            x, y = cell[0] + sign * dx, cell[1] + sign * dy
            while (x, y) in tiles:
                run.append((x, y))
                x, y = x + sign * dx, y + sign * dy
        if len(run) > (1 if cell in tiles else 0):  # the cell's own tile alone is no line
            run.sort()
            words = tr.join_names([tr.tile(tiles[at], die=die) for at in run])
            parts.append(tr.t(f"say_line_{kind}", tiles=words, n=len(run)))
    where = cell_text(cell)
    return tr.t("say_lines", cell=where, lines="; ".join(parts)) if parts else tr.t("say_no_lines", cell=where)
