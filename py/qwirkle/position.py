"""A position: everything a game needs to go on from a moment of play, and its one-line text form (as FEN is chess's).

``Position.parse`` reads the text, ``str(position)`` writes it back; ``Game.from_position`` plays on from it and
``Game.position`` gives the position of a game. The text is a setup key (``classic``, ``cubes``, ``flex72``,
``flex108``) and fields ``name=value``, separated by spaces, in this order:

- ``board=`` the placements, joined with ``+`` (``Ro@0,0+Rs@1,0``); ``-`` for an empty board.
- ``hands=`` each seat's hand, in seat order, joined with ``/``: tiles joined with ``+``, ``-`` for an empty hand,
  or a number for a hand not shown (that many tiles, dealt by the game's seed from the pieces not shown).
- ``bag=`` the bag in drawing order (the next tile drawn first), or its count (dealt as hidden hands are).
- ``scores=`` each seat's score joined with ``/``; ``turn=`` the seat to move (0 is the first seat).
- ``passes=`` (written when not 0): the passes in a row just made (C10); ``rolled`` (Cubes, written when so): the
  player to move has used their re-roll (Q3).

Only ``hands`` is needed: an empty board, scores of 0, seat 0 to move and a bag of every piece not shown are the
defaults. The pieces of the set not in the position are out of play (a study position may leave them out). A
position no game could show is refused with a ``NotationError`` naming its field.

>>> position = Position.parse("classic board=Ro@0,0+Rs@1,0 hands=Bo+Bs/5 bag=3 scores=2/0 turn=0")
>>> position.board
(Placement(tile=Tile.from_notation('Ro'), cell=(0, 0)), Placement(tile=Tile.from_notation('Rs'), cell=(1, 0)))
>>> position.hands, position.bag
(((Tile.from_notation('Bo'), Tile.from_notation('Bs')), 5), 3)
>>> str(position)
'classic board=Ro@0,0+Rs@1,0 hands=Bo+Bs/5 bag=3 scores=2/0 turn=0'
>>> Position.parse("classic hands=Ro+Ro+Ro+Ro/6")
Traceback (most recent call last):
    ...
qwirkle.errors.NotationError: bad hands 'Ro+Ro+Ro+Ro/6': 4 × Ro, but Qwirkle has 3
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from .board import DIAGONALS, HORIZONTAL, VERTICAL, Board
from .chance import Chance
from .errors import IllegalMoveError, NotationError
from .limits import LimitError, check_extent, check_tiles
from .notation import Cell, Placement, canonical, parse_placements
from .rules import line_problem
from .scoring import QWIRKLE
from .tiles import HAND_SIZE, Tile, largest_combination, parse_tiles
from .variants import Variant, find_setup, setup_of

Hand = tuple[Tile, ...] | int  # the tiles of a hand, or the count of a hand not shown
MAX_TEXT = 4000  # characters of a position's text: a full board of 108 Flex placements takes about 1,100
FIELDS = ("board", "hands", "bag", "scores", "turn", "passes", "rolled")
EMPTY = "-"


class Position(NamedTuple):
    """A moment of play: the rule set and its tile count, the board (in reading order), each seat's hand, the bag (the
    next draw first), the scores, the seat to move, the passes in a row (C10) and whether the player to move has
    re-rolled (Q3). Make one with ``Position.of`` or ``Position.parse``: they check it."""

    variant: str
    tiles: int
    board: tuple[Placement, ...]
    hands: tuple[Hand, ...]
    bag: tuple[Tile, ...] | int
    scores: tuple[int, ...]
    to_move: int = 0
    passes: int = 0
    rolled: bool = False

    @classmethod
    def of(
        cls,
        variant: str = "classic",
        *,
        hands: Sequence[str | Iterable[Tile] | int],
        board: str | Board | Iterable[Placement] = "",
        bag: str | Iterable[Tile] | int | None = None,
        scores: Sequence[int] | None = None,
        to_move: int = 0,
        passes: int = 0,
        rolled: bool = False,
        tiles: int | None = None,
    ) -> Position:
        """A checked position from notation (space-separated, as a board or hand is written) or values; ``bag`` None
        is every piece not shown, ``scores`` None is 0 each.

        >>> Position.of("cubes", hands=["Ro Rs", 6], board="Yo@0,0").bag
        81
        """
        try:
            setup = setup_of(variant, tiles)
        except ValueError as error:
            raise NotationError("setup", variant, str(error)) from None
        if isinstance(board, Board):
            placed: Iterable[Placement] = (Placement(t, c) for c, t in board.tiles.items())
        else:
            placed = _placements(board) if isinstance(board, str) else board
        held = tuple(h if isinstance(h, int) else tuple(_tiles(h, "hands") if isinstance(h, str) else h) for h in hands)
        left: tuple[Tile, ...] | int | None = (
            tuple(_tiles(bag, "bag") if isinstance(bag, str) else bag)
            if bag is not None and not isinstance(bag, int)
            else bag
        )
        on_board = canonical(placed)
        if left is None:
            shown = len(on_board) + sum(h if isinstance(h, int) else len(h) for h in held)
            left = max(0, setup.tiles - shown)
        return _checked(
            cls(
                setup.variant.name,
                setup.tiles,
                on_board,
                tuple(() if h == 0 else h for h in held),
                () if left == 0 else left,
                tuple(scores) if scores is not None else (0,) * len(held),
                to_move,
                passes,
                rolled,
            )
        )

    @classmethod
    def parse(cls, text: str) -> Position:
        """A position from its text; ``NotationError`` naming the field at fault."""
        if len(text) > MAX_TEXT:
            raise NotationError("position", text[:40], f"at most {MAX_TEXT} characters, got {len(text)}")
        words = text.split()
        if not words:
            raise NotationError("position", text, "empty; start with a setup, e.g. 'classic hands=Ro+Rs/6'")
        try:
            setup = find_setup(words[0])
        except ValueError as error:
            raise NotationError("setup", words[0], str(error)) from None
        values: dict[str, str] = {}
        for word in words[1:]:
            name, equals, value = word.partition("=")
            if name not in FIELDS or (name == "rolled") == bool(equals):
                raise NotationError("position", word[:40], f"expected one of {', '.join(FIELDS)} (e.g. 'turn=1')")
            if name in values:
                raise NotationError(name, word[:40], "given twice")
            values[name] = value
        if "hands" not in values:
            raise NotationError("hands", text[:40], "missing: give each seat's hand, e.g. 'hands=Ro+Rs/6'")
        hands = [_hand(item, values["hands"]) for item in values["hands"].split("/")]
        bag_text = values.get("bag")
        bag = None if bag_text is None else _count(bag_text, "bag") if bag_text.isdigit() else _tiles(bag_text, "bag")
        return cls.of(
            setup.variant.name,
            tiles=setup.tiles,
            board=_placements(values.get("board", EMPTY)),
            hands=hands,
            bag=bag,
            scores=[_count(s, "scores") for s in values["scores"].split("/")] if "scores" in values else None,
            to_move=_count(values.get("turn", "0"), "turn"),
            passes=_count(values.get("passes", "0"), "passes"),
            rolled="rolled" in values,
        )

    def __str__(self) -> str:
        words = [
            setup_of(self.variant, self.tiles).key,
            "board=" + _joined(p.notation() for p in self.board),
            "hands=" + "/".join(str(h) if isinstance(h, int) else _joined(t.notation() for t in h) for h in self.hands),
            "bag=" + (str(self.bag) if isinstance(self.bag, int) else _joined(t.notation() for t in self.bag)),
            "scores=" + "/".join(map(str, self.scores)),
            f"turn={self.to_move}",
        ]
        if self.passes:
            words.append(f"passes={self.passes}")
        if self.rolled:
            words.append("rolled")
        return " ".join(words)

    def dealt(self, chance: Chance) -> tuple[list[list[Tile]], list[Tile]]:
        """The hands and the bag as a game holds them (the next draw last): the hands not shown and a bag given by
        its count are dealt by ``chance`` from the pieces of the set not shown."""
        variant = setup_of(self.variant, self.tiles).variant
        identity = variant.identity
        shown = Counter(identity(p.tile) for p in self.board)
        shown.update(identity(t) for h in self.hands if not isinstance(h, int) for t in h)
        if not isinstance(self.bag, int):
            shown.update(identity(t) for t in self.bag)
        pool = []
        for piece in map(identity, variant.tiles(self.tiles)):
            if shown[piece]:
                shown[piece] -= 1
            else:
                pool.append(piece)
        chance.shuffle(pool)
        hands = [
            [variant.drawn(pool.pop(), chance) for _ in range(h)] if isinstance(h, int) else list(h) for h in self.hands
        ]
        bag = [pool.pop() for _ in range(self.bag)] if isinstance(self.bag, int) else list(reversed(self.bag))
        return hands, bag

    def hidden(self, seat: int) -> Position:
        """The position as ``seat`` sees it: the other hands (unless the rule set shows them, Q1) and the bag by count.

        >>> str(Position.parse("classic board=Ro@0,0 hands=Rs/Bs+Gd bag=Yc").hidden(0))
        'classic board=Ro@0,0 hands=Rs/2 bag=1 scores=0/0 turn=0'
        """
        open_hands = setup_of(self.variant, self.tiles).variant.hands_open
        hands = tuple(h if s == seat or open_hands or isinstance(h, int) else len(h) for s, h in enumerate(self.hands))
        bag = self.bag if isinstance(self.bag, int) else len(self.bag)
        return self._replace(hands=tuple(() if h == 0 else h for h in hands), bag=() if bag == 0 else bag)


def _joined(items: Iterable[str]) -> str:
    return "+".join(items) or EMPTY


def _placements(text: str) -> list[Placement]:
    """The placements of the ``board`` field (joined with ``+`` or spaces, ``-`` for none)."""
    if text == EMPTY:
        return []
    try:
        return parse_placements(text.replace("+", " "))
    except NotationError as error:
        raise NotationError("board", text[:40], str(error)) from None


def _tiles(text: str, name: str) -> list[Tile]:
    """The tiles of a hand or the bag (joined with ``+`` or spaces, ``-`` for none)."""
    if text == EMPTY:
        return []
    try:
        return parse_tiles(text.replace("+", " "))
    except NotationError as error:
        raise NotationError(name, text[:40], str(error)) from None


def _hand(text: str, whole: str) -> tuple[Tile, ...] | int:
    if text.isdigit():
        return _count(text, "hands")
    if not text:
        raise NotationError("hands", whole[:40], "a hand is tiles joined with '+', '-' when empty, or a count")
    return tuple(_tiles(text, "hands"))


def _count(text: str, name: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise NotationError(name, text[:40], "expected a whole number (at most 4 digits)")
    return int(text)


def _checked(position: Position) -> Position:
    """``position`` when a game could show it; else ``NotationError`` naming the field at fault."""
    setup = setup_of(position.variant, position.tiles)
    variant = setup.variant
    seats = len(position.hands)
    text = str(position)
    if not variant.min_players <= seats <= variant.max_players:
        raise NotationError(
            "hands", text[:40], f"{variant.title} is played by {variant.min_players} to {variant.max_players} (C1)"
        )
    shown: list[Tile] = []
    for name, tiles in (
        ("board", [p.tile for p in position.board]),
        ("hands", [t for h in position.hands if not isinstance(h, int) for t in h]),
        ("bag", [] if isinstance(position.bag, int) else list(position.bag)),
    ):
        shown += tiles
        try:
            check_accepted(variant, tiles, name)
            check_tiles(variant, shown, name)
        except (IllegalMoveError, LimitError) as error:
            raise NotationError(name, _value(text, name), _why(error, name)) from None
    sizes = [h if isinstance(h, int) else len(h) for h in position.hands]
    if max(sizes) > HAND_SIZE:
        raise NotationError("hands", _value(text, "hands"), f"a hand holds at most {HAND_SIZE} tiles (C7)")
    left = position.bag if isinstance(position.bag, int) else len(position.bag)
    if len(position.board) + sum(sizes) + left > setup.tiles:
        field = "bag" if isinstance(position.bag, int) else "hands"
        raise NotationError(field, _value(text, field), f"more pieces than the {setup.tiles} of the set")
    board = Board.from_placements(position.board)
    try:
        check_extent(variant, board, "board")
        check_position(variant, board)
    except (IllegalMoveError, LimitError) as error:
        raise NotationError("board", _value(text, "board"), _why(error, "board")) from None
    if len(position.scores) != seats or any(s < 0 for s in position.scores):
        raise NotationError("scores", _value(text, "scores"), f"one score of 0 or more for each of the {seats} seats")
    if not 0 <= position.to_move < seats:
        raise NotationError("turn", str(position.to_move), f"a seat from 0 to {seats - 1}")
    if not 0 <= position.passes <= seats:
        raise NotationError("passes", str(position.passes), f"from 0 to the {seats} seats")
    if position.rolled and (not variant.allows("roll") or not position.board):
        raise NotationError("rolled", "rolled", "only in Cubes, after the opening (Q3)")
    if not position.board and all(not isinstance(h, int) for h in position.hands):
        biggest = max(largest_combination(h) for h in position.hands if not isinstance(h, int))
        starter = position.hands[position.to_move]
        if not isinstance(starter, int) and largest_combination(starter) < biggest:
            raise NotationError(
                "turn", str(position.to_move), f"{variant.opening_rule}: the opening is the largest combination's"
            )
    return position


def _why(error: IllegalMoveError | LimitError, name: str) -> str:
    """The message of a refusal, without the field it already names (the rule id kept)."""
    if isinstance(error, LimitError):
        return str(error).removeprefix(f"{name}: ")
    return f"{error.rule}: {error.message.removeprefix(f'{name}: ')}"


def _value(text: str, name: str) -> str:
    """The value of field ``name`` in a position's text (for an error)."""
    for word in text.split():
        if word.startswith(name + "="):
            return word[len(name) + 1 :][:40]
    return ""


# -- what a board of a game can be -----------------------------------------------------------------------------
def check_accepted(variant: Variant, tiles: Sequence[Tile], field: str) -> None:
    """Every tile of ``tiles`` belongs to the rule set (C1, F1); ``IllegalMoveError`` ``wrong_set`` otherwise."""
    for tile in tiles:
        if not variant.accepts(tile):
            need = "needs a background (k, w or m)" if variant.backgrounds else "takes no background"
            raise IllegalMoveError(
                variant.rule(1),
                f"{field}: {tile.notation()} is not a {variant.title} tile: the variant {need}",
                (),
                "wrong_set",
                {"tile": tile.notation()},
            )


def check_position(variant: Variant, board: Board) -> None:
    """Refuse a board no game can show, naming the rule: C1 (copies), C5 (lines, one group), F5 (diagonals)."""
    tiles = board.tiles
    check_accepted(variant, list(tiles.values()), "board")
    try:
        check_tiles(variant, tiles.values(), "board")
    except LimitError as error:
        raise IllegalMoveError(variant.rule(1), str(error), (), "copies", dict(error.details)) from None
    check_extent(variant, board, "board")
    seen: set[tuple[Cell, ...]] = set()
    for cell in sorted(tiles):
        for step, kind in ((HORIZONTAL, "row"), (VERTICAL, "column")):
            run = tuple(board.run(cell, step))
            if len(run) < 2 or run in seen:
                continue
            seen.add(run)
            problem = line_problem([tiles[c] for c in run])
            if problem is not None:
                reason, details = problem
                why = {
                    "too_long": f"holds {details.get('length')} tiles; a line holds at most 6",
                    "duplicate": f"holds two {details.get('tile')}",
                    "mixed": "mixes colors and shapes",
                }[reason]
                raise IllegalMoveError(
                    "C5", f"the {kind} at ({run[0][0]}, {run[0][1]}) {why}", run, reason, {**details, "line": kind}
                )
        if variant.backgrounds:
            for step in DIAGONALS:
                run = tuple(board.run(cell, step, same_background=True))
                if len(run) > QWIRKLE:
                    raise IllegalMoveError(
                        "F5",
                        f"the diagonal through ({cell[0]}, {cell[1]}) holds {len(run)} tiles "
                        "of one background; at most 6",
                        run,
                        "diagonal_too_long",
                        {"length": len(run), "line": "diagonal"},
                    )
    _check_connected(board)


def _check_connected(board: Board) -> None:
    """C5: every play touches the board, so a game's tiles are one group."""
    cells = set(board.tiles)
    if not cells:
        return
    start = min(cells)
    reached = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in cells and near not in reached:
                reached.add(near)
                todo.append(near)
    apart = sorted(cells - reached)
    if apart:
        raise IllegalMoveError(
            "C5",
            f"the tile at ({apart[0][0]}, {apart[0][1]}) does not touch the others; every play touches the board",
            apart[:1],
            "no_contact",
        )
