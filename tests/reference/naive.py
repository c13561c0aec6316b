"""A deliberately naive reference implementation of the Qwirkle placement rules.

It exists only to check the real engine (``py/qwirkle``) from the outside, so it
imports nothing from it and uses the standard library only. Every function is
written to be *obviously* right rather than fast: boards are plain dicts, lines
are found by walking cell by cell, and the move generator tries every ordered
selection of hand tiles on every straight run of cells near the board.

Rule ids are the ones of ``shared/RULES.md``:

* ``C4`` - the placed tiles do not all share a color or all share a shape, or two
  of them are duplicates (same color and shape; a Flex background is ignored).
* ``C5`` - not in one row/column, a gap in the run, a cell already occupied,
  two placements on one cell, no contact with the board (except on an empty
  board), or a row/column containing a placed tile that is not a valid line
  (mixed, duplicate, or longer than 6).
* ``F5`` - (Flex only) a diagonal run of more than 6 same-background tiles.

Notation (fixed by the project): tile = color ``R O Y G B P`` + shape
``o s d c x t`` (+ background ``k w m`` for Flex), cell ``X,Y`` with y growing
downwards, placement ``CODE@X,Y``; boards, plays and hands are space-separated.

Public API:

* ``parse_tile``, ``parse_placements``, ``parse_board``, ``parse_hand``
* ``violations(board, play, variant)`` -> every rule the play breaks
* ``check(board, play, variant)`` -> ``None`` or the first ``(rule, message)``
* ``score(board, play, variant)`` -> ``(points, breakdown)`` (play must be legal)
* ``evaluate(...)`` -> the JSON-like result the engine CLI prints for ``score``
* ``legal_plays(board, hand, variant, opening_rule=True)`` -> every distinct legal play
* ``largest_combination(hand)`` -> size of the hand's largest combination (C2)

A small command line mirrors the engine's one for debugging:
``python3 tests/reference/naive.py score --variant classic --board "..." --play "..."``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections import namedtuple

COLORS = "ROYGBP"
SHAPES = "osdcxt"
BACKGROUNDS = "kwm"
VARIANTS = ("classic", "cubes", "flex")

# Orthogonal directions: a row is horizontal (same y), a column vertical (same x).
ROW = (1, 0)
COLUMN = (0, 1)
# The two diagonal directions (y grows downwards): "\" and "/".
DIAGONALS = ((1, 1), (1, -1))


class NotationError(ValueError):
    """Malformed notation (the engine answers these with exit code 2)."""


Tile = namedtuple("Tile", "color shape background")  # background is None outside Flex


def tile_code(tile):
    return tile.color + tile.shape + (tile.background or "")


def parse_tile(text, variant="classic"):
    """``'Rd'`` -> Tile('R', 'd', None); ``'Bsk'`` -> Tile('B', 's', 'k') (Flex only)."""
    if variant not in VARIANTS:
        raise NotationError(f"unknown variant {variant!r}")
    flex = variant == "flex"
    if len(text) != (3 if flex else 2):
        raise NotationError(f"bad tile {text!r} for {variant}")
    color, shape = text[0], text[1]
    background = text[2] if flex else None
    if color not in COLORS or shape not in SHAPES or (flex and background not in BACKGROUNDS):
        raise NotationError(f"bad tile {text!r} for {variant}")
    return Tile(color, shape, background)


def parse_cell(text):
    """``'3,-1'`` -> (3, -1)."""
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(f"bad cell {text!r}")
    try:
        return int(parts[0]), int(parts[1])
    except ValueError:
        raise NotationError(f"bad cell {text!r}") from None


def cell_text(cell):
    return f"{cell[0]},{cell[1]}"


def parse_placements(text, variant="classic"):
    """``'Rd@0,0 Rs@1,0'`` -> [((0, 0), Tile), ((1, 0), Tile)] in the given order."""
    placements = []
    for word in text.split():
        if word.count("@") != 1:
            raise NotationError(f"bad placement {word!r}")
        code, where = word.split("@")
        placements.append((parse_cell(where), parse_tile(code, variant)))
    return placements


def parse_board(text, variant="classic"):
    """A board is a dict {cell: Tile}; two tiles on one cell is malformed."""
    board = {}
    for cell, tile in parse_placements(text, variant):
        if cell in board:
            raise NotationError(f"two tiles on the board at {cell_text(cell)}")
        board[cell] = tile
    return board


def parse_hand(text, variant="classic"):
    return [parse_tile(word, variant) for word in text.split()]


def format_placements(placements):
    """Canonical text: placements sorted by (y, x)."""
    ordered = sorted(placements, key=lambda p: (p[0][1], p[0][0]))
    return " ".join(f"{tile_code(t)}@{cell_text(c)}" for c, t in ordered)


def play_key(placements):
    """A play's identity: the set of (cell, tile code) pairs (order does not matter)."""
    return frozenset((cell, tile_code(tile)) for cell, tile in placements)


# ---------------------------------------------------------------------------
# Lines and diagonals


def run_through(tiles, cell, step, same=lambda a, b: True):
    """The maximal run of occupied cells through ``cell`` along ``step`` (both ways),
    where consecutive tiles must satisfy ``same`` (used for diagonal backgrounds).
    Returns the cells in order; a lone tile gives a run of length 1."""
    dx, dy = step
    cells = [cell]
    x, y = cell
    while (x - dx, y - dy) in tiles and same(tiles[(x - dx, y - dy)], tiles[(x, y)]):
        x, y = x - dx, y - dy
        cells.insert(0, (x, y))
    x, y = cell
    while (x + dx, y + dy) in tiles and same(tiles[(x + dx, y + dy)], tiles[(x, y)]):
        x, y = x + dx, y + dy
        cells.append((x, y))
    return cells


def same_background(a, b):
    return a.background == b.background


def is_valid_line(line_tiles):
    """All one color with distinct shapes, or all one shape with distinct colors; at most 6."""
    if len(line_tiles) > 6:
        return False
    colors = [t.color for t in line_tiles]
    shapes = [t.shape for t in line_tiles]
    one_color_distinct_shapes = len(set(colors)) == 1 and len(set(shapes)) == len(shapes)
    one_shape_distinct_colors = len(set(shapes)) == 1 and len(set(colors)) == len(colors)
    return one_color_distinct_shapes or one_shape_distinct_colors


def shares_color_or_shape(tiles):
    return len({t.color for t in tiles}) == 1 or len({t.shape for t in tiles}) == 1


def has_duplicates(tiles):
    """Duplicates: same color and same shape (a Flex background is ignored)."""
    pairs = [(t.color, t.shape) for t in tiles]
    return len(set(pairs)) != len(pairs)


def neighbours(cell):
    x, y = cell
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


# ---------------------------------------------------------------------------
# Validation


def violations(board, play, variant="classic"):
    """Every rule the play breaks, as a list of (rule, message), in priority order
    C4, then C5, then F5 (the same rule may appear more than once). Empty = legal.

    ``board`` is a dict {cell: Tile}; ``play`` a list of (cell, Tile)."""
    found = []
    if not play:
        return [("C5", "the play places no tile")]
    tiles = [tile for _, tile in play]
    cells = [cell for cell, _ in play]

    # C4: choosing the tiles.
    if len(tiles) > 1 and not shares_color_or_shape(tiles):
        found.append(("C4", "the placed tiles share neither a color nor a shape"))
    if has_duplicates(tiles):
        found.append(("C4", "two placed tiles are duplicates (same color and shape)"))

    # C5: placing them.
    if len(set(cells)) != len(cells):
        found.append(("C5", "two tiles are placed on the same cell"))
    for cell in cells:
        if cell in board:
            found.append(("C5", f"the cell {cell_text(cell)} is already occupied"))
    same_row = len({y for _, y in cells}) == 1
    same_column = len({x for x, _ in cells}) == 1
    if not (same_row or same_column):
        found.append(("C5", "the placed tiles are not all in one row or one column"))
    merged = dict(board)
    merged.update(dict(play))
    if same_row or same_column:
        # Every cell between the first and the last placed tile must be occupied.
        if same_row:
            y = cells[0][1]
            span = [(x, y) for x in range(min(c[0] for c in cells), max(c[0] for c in cells) + 1)]
        else:
            x = cells[0][0]
            span = [(x, y) for y in range(min(c[1] for c in cells), max(c[1] for c in cells) + 1)]
        holes = [c for c in span if c not in merged]
        if holes:
            found.append(("C5", f"gap at {cell_text(holes[0])} between the placed tiles"))
    if board and not any(n in board for cell in cells for n in neighbours(cell)):
        found.append(("C5", "no placed tile touches a tile already on the board"))
    for cell in cells:
        for step, name in ((ROW, "row"), (COLUMN, "column")):
            line = run_through(merged, cell, step)
            if len(line) >= 2 and not is_valid_line([merged[c] for c in line]):
                codes = " ".join(tile_code(merged[c]) for c in line)
                found.append(("C5", f"the {name} through {cell_text(cell)} would be invalid: {codes}"))

    # F5: no diagonal run of more than 6 same-background tiles.
    if variant == "flex":
        for cell in cells:
            for step in DIAGONALS:
                run = run_through(merged, cell, step, same_background)
                if len(run) > 6:
                    found.append(
                        ("F5", f"the diagonal through {cell_text(cell)} would hold {len(run)} tiles of one background")
                    )
    return found


def check(board, play, variant="classic"):
    """``None`` when the play is legal, else the first (rule, message)."""
    found = violations(board, play, variant)
    return found[0] if found else None


# ---------------------------------------------------------------------------
# Scoring


def score(board, play, variant="classic"):
    """Points and breakdown of a LEGAL play (C6, F3, F4).

    The breakdown is a list of dicts {kind, cells, points, qwirkle}: every row and
    column (2+ tiles) containing a placed tile, and in Flex every same-background
    diagonal (2+ tiles) through a placed tile. A run of exactly 6 scores 12.
    A play forming no line at all (a single opening tile) scores 1 with an empty
    breakdown."""
    merged = dict(board)
    merged.update(dict(play))
    scored = {}  # (kind, tuple of sorted cells) -> length
    for cell, _ in play:
        for step, kind in ((ROW, "row"), (COLUMN, "column")):
            line = run_through(merged, cell, step)
            if len(line) >= 2:
                scored[(kind, tuple(sorted(line)))] = len(line)
        if variant == "flex":
            for step in DIAGONALS:
                run = run_through(merged, cell, step, same_background)
                if len(run) >= 2:
                    scored[("diagonal", tuple(sorted(run)))] = len(run)
    breakdown = []
    for (kind, cells), length in sorted(scored.items()):
        breakdown.append(
            {
                "kind": kind,
                "cells": [cell_text(c) for c in cells],
                "points": length + (6 if length == 6 else 0),
                "qwirkle": length == 6,
            }
        )
    points = sum(entry["points"] for entry in breakdown) if breakdown else 1
    return points, breakdown


def evaluate(variant, board_text, play_text):
    """Same shape as the engine's ``score`` output."""
    board = parse_board(board_text, variant)
    play = parse_placements(play_text, variant)
    if not play:
        raise NotationError("empty play")
    problem = check(board, play, variant)
    if problem:
        return {"legal": False, "rule": problem[0], "message": problem[1]}
    points, breakdown = score(board, play, variant)
    return {"legal": True, "points": points, "breakdown": breakdown}


# ---------------------------------------------------------------------------
# Move generation


def largest_combination(hand):
    """C2: the largest number of hand tiles sharing a color or sharing a shape,
    duplicates (same color and shape, background ignored) counted once."""
    kinds = {(t.color, t.shape) for t in hand}
    best = 0
    for color in COLORS:
        best = max(best, sum(1 for c, _ in kinds if c == color))
    for shape in SHAPES:
        best = max(best, sum(1 for _, s in kinds if s == shape))
    return best


def choosable_sets(hand):
    """Every set of distinct hand tile codes that C4 allows (1 tile, or 2+ tiles sharing
    a color or a shape without duplicates). Identical copies count once. This is just
    a pre-filter: ``violations`` checks C4 again anyway."""
    unique = sorted({tile_code(t): t for t in hand}.items())
    result = []
    for size in range(1, min(6, len(unique)) + 1):
        for combo in itertools.combinations(unique, size):
            tiles = [t for _, t in combo]
            if size == 1 or (shares_color_or_shape(tiles) and not has_duplicates(tiles)):
                result.append(tiles)
    return result


def candidate_runs(board, size):
    """Every list of ``size`` empty cells in one row or column whose span has no empty
    cell other than themselves (existing tiles may fill the gaps).

    Empty board: only (0,0),(1,0),... and (0,0),(0,1),... (the opening is placed at
    the origin, running right or down). Otherwise every row/column and start within
    reach of the board: a run must touch the board, so it lies in rows/columns at
    most 1 away from the bounding box and starts at most 6 cells outside it. Runs
    that cannot touch the board are still generated near the edges; the validator
    rejects them."""
    if not board:
        runs = [[(i, 0) for i in range(size)]]
        if size > 1:
            runs.append([(0, i) for i in range(size)])
        return runs
    xs = [x for x, _ in board]
    ys = [y for _, y in board]
    runs = []
    for step in (ROW, COLUMN):
        dx, dy = step
        if step == ROW:
            lanes = [(x0, y) for y in range(min(ys) - 1, max(ys) + 2) for x0 in range(min(xs) - 6, max(xs) + 7)]
        else:
            lanes = [(x, y0) for x in range(min(xs) - 1, max(xs) + 2) for y0 in range(min(ys) - 6, max(ys) + 7)]
        for start in lanes:
            if start in board:
                continue
            cells, (x, y) = [], start
            while len(cells) < size:
                if (x, y) not in board:
                    cells.append((x, y))
                x, y = x + dx, y + dy
            runs.append(cells)
    return runs


def legal_plays(board, hand, variant="classic", opening_rule=True):
    """Every distinct legal play of ``hand`` (a list of Tiles) on ``board``.

    Brute force: for each set of tiles C4 allows, each run of empty cells of that
    size (``candidate_runs``) and each ordering of the tiles over the cells, keep
    the play when ``violations`` finds nothing. Plays are identified by their set
    of (cell, tile code), so identical copies in hand and symmetric orderings give
    one play.

    ``opening_rule`` (C2, on by default): on an empty board the player must place
    the hand's largest combination, so only plays of that many tiles are listed.
    With ``opening_rule=False`` every opening size from 1 up is listed (still at
    (0,0) running right or down).

    Returns a list of dicts {"play": text, "points": n, "key": frozenset} sorted by
    points descending, then play text."""
    found = {}
    sizes = None
    if not board and opening_rule:
        sizes = {largest_combination(hand)}
    runs_by_size = {}
    for tiles in choosable_sets(hand):
        size = len(tiles)
        if sizes is not None and size not in sizes:
            continue
        if size not in runs_by_size:
            runs_by_size[size] = candidate_runs(board, size)
        for cells in runs_by_size[size]:
            # Cheap necessary condition, checked again by violations(): contact.
            if board and not any(n in board for c in cells for n in neighbours(c)):
                continue
            for order in itertools.permutations(tiles):
                play = list(zip(cells, order, strict=True))
                key = play_key(play)
                if key in found:
                    continue
                if not violations(board, play, variant):
                    points, _ = score(board, play, variant)
                    found[key] = {"play": format_placements(play), "points": points, "key": key}
    return sorted(found.values(), key=lambda p: (-p["points"], p["play"]))


# ---------------------------------------------------------------------------
# Command line (debugging aid, mirrors the engine's)


def _main(argv=None):
    parser = argparse.ArgumentParser(description="naive reference Qwirkle rules")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, field in (("score", "play"), ("moves", "hand")):
        p = sub.add_parser(name)
        p.add_argument("--variant", choices=VARIANTS, default="classic")
        p.add_argument("--board", default="")
        p.add_argument("--" + field)
        p.add_argument("--batch")
        p.add_argument("--no-opening-rule", action="store_true")
    args = parser.parse_args(argv)

    def one(variant, board_text, text):
        if args.command == "score":
            return evaluate(variant, board_text, text)
        board = parse_board(board_text, variant)
        plays = legal_plays(board, parse_hand(text, variant), variant, not args.no_opening_rule)
        return [{"play": p["play"], "points": p["points"]} for p in plays]

    try:
        if args.batch:
            field = "play" if args.command == "score" else "hand"
            with open(args.batch, encoding="utf-8") as lines:
                for line in lines:
                    if line.strip():
                        item = json.loads(line)
                        print(json.dumps(one(item["variant"], item.get("board", ""), item[field])))
            return 0
        result = one(args.variant, args.board, args.play if args.command == "score" else args.hand)
    except NotationError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result))
    return 1 if args.command == "score" and not result["legal"] else 0


if __name__ == "__main__":
    sys.exit(_main())
