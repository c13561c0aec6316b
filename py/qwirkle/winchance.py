"""The chance that a player wins a two-player game, from the score difference, the tiles left and whose move it is.

The chances come from a table built by seeded self-play (``bench/winchance.py build``) and shipped with the engine as
``qwirkle/data/winchance.json``. For each rule set it holds, at a grid of tiles-left values (the bag plus both hands),
the three coefficients of a logistic curve::

    chance = 1 / (1 + exp(-(a + b * difference + c * (other hand - own hand))))

for the player on move, the difference being their score minus the opponent's. Between two grid points the
coefficients are interpolated linearly; ``b`` is positive everywhere, so the chance grows with the lead, and it
shrinks as more tiles are left (a lead counts for less with more game to come). The chance of the player *not* on
move is one minus the opponent's on-move chance. A shared win counts one half, as in tournaments.

>>> chance("classic", difference=0, bag=0, hand=3, other=3) < chance("classic", difference=5, bag=0, hand=3, other=3)
True
>>> 0.0 <= chance("flex", difference=-20, bag=60, hand=6, other=6) <= 1.0
True

The table is read on first use with ``pkgutil.get_data``, so that it loads the same from a folder (CPython) and from
the page's zip archive (Pyodide); a game that never asks for a chance never reads it.
"""
from __future__ import annotations

import bisect
import json
import math
import pkgutil
from dataclasses import dataclass
from typing import Any, Protocol, Sequence

DATA_NAME = "data/winchance.json"
FORMAT = "qwirkle-winchance"


class Position(Protocol):
    """What a chance needs of a game or a player's view (``Game`` and ``PlayerView`` both have it)."""

    @property
    def variant(self) -> Any: ...
    @property
    def scores(self) -> Sequence[int]: ...
    @property
    def bag_count(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def is_over(self) -> bool: ...


@dataclass(frozen=True)
class Curve:
    """One rule set's coefficients by tiles left (see the module docstring)."""

    tiles: tuple[float, ...]
    a: tuple[float, ...]
    b: tuple[float, ...]
    c: tuple[float, ...]

    def coefficients(self, left: float) -> tuple[float, float, float]:
        """``a``, ``b`` and ``c`` at ``left`` tiles left: linear between grid points, the nearest end outside them."""
        tiles = self.tiles
        if left <= tiles[0]:
            return self.a[0], self.b[0], self.c[0]
        if left >= tiles[-1]:
            return self.a[-1], self.b[-1], self.c[-1]
        i = bisect.bisect_right(tiles, left)
        f = (left - tiles[i - 1]) / (tiles[i] - tiles[i - 1])
        return (self.a[i - 1] + f * (self.a[i] - self.a[i - 1]), self.b[i - 1] + f * (self.b[i] - self.b[i - 1]),
                self.c[i - 1] + f * (self.c[i] - self.c[i - 1]))

    def logit(self, difference: float, left: float, hands: float) -> float:
        """The log-odds that the player on move wins; ``hands`` is the opponent's hand size minus theirs."""
        a, b, c = self.coefficients(left)
        return a + b * difference + c * hands

    def on_move(self, difference: float, left: float, hands: float) -> float:
        """The chance of the player on move."""
        return _sigmoid(self.logit(difference, left, hands))


def _sigmoid(s: float) -> float:
    """1 / (1 + exp(-s)), precise at both ends."""
    if s >= 0:
        return 1.0 / (1.0 + math.exp(-s))
    e = math.exp(s)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Table:
    """The whole table: a curve per rule set and how it was made (``meta``: seed, games, levels, positions...)."""

    curves: dict[str, Curve]
    meta: dict[str, Any]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Table":
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"win chance table: not a {FORMAT} file")
        curves = {name: Curve(*(tuple(float(x) for x in entry[key]) for key in ("tiles", "a", "b", "c")))
                  for name, entry in data["variants"].items()}
        meta = {key: value for key, value in data.items() if key != "variants"}
        return cls(curves, meta)

    def curve(self, variant: Any) -> Curve:
        """The curve of a rule set (a name or a ``Variant``); a rule set the table does not know takes the nearest
        kind: dice as Cubes, diagonals as Flex, else classic."""
        name = variant if isinstance(variant, str) else variant.name
        if name in self.curves:
            return self.curves[name]
        if not isinstance(variant, str):
            if getattr(variant, "dice", False) and "cubes" in self.curves:
                return self.curves["cubes"]
            if getattr(variant, "diagonals", False) and "flex" in self.curves:
                return self.curves["flex"]
        return self.curves["classic"]

    def chance(self, variant: Any, difference: float, bag: int, hand: int, other: int, on_move: bool = True) -> float:
        """``chance`` (below) by this table."""
        curve = self.curve(variant)
        left = bag + hand + other
        if on_move:
            return curve.on_move(difference, left, other - hand)
        return _sigmoid(-curve.logit(-difference, left, hand - other))   # one minus the opponent's chance


_TABLE: list[Table] = []


def table() -> Table:
    """The shipped table, read once on first use."""
    if not _TABLE:
        raw = pkgutil.get_data(__name__.rpartition(".")[0] or "qwirkle", DATA_NAME)
        if raw is None:
            raise OSError(f"win chance table: {DATA_NAME} not found beside the engine")
        _TABLE.append(Table.from_json(json.loads(raw.decode("utf-8"))))
    return _TABLE[0]


def chance(variant: Any, difference: float, bag: int, hand: int, other: int, on_move: bool = True) -> float:
    """The chance (0 to 1) that a player wins a two-player game of ``variant`` (a name or a ``Variant``):
    ``difference`` is their score minus the opponent's, ``bag`` the tiles in the bag, ``hand`` and ``other`` the
    sizes of their hand and of the opponent's, ``on_move`` whether it is their turn."""
    return table().chance(variant, difference, bag, hand, other, on_move)


def win_chance(position: Position, seat: int | None = None) -> float:
    """The chance that ``seat`` (default: the player on move) wins this two-player game or view (a ``Game`` or a
    ``PlayerView``); a finished game gives 1, 0.5 (a shared win) or 0.

    >>> from qwirkle import Game
    >>> game = Game.new("classic", ["Ann", "Bob"], seed=1)
    >>> round(win_chance(game) + win_chance(game, 1 - game.to_move), 9)
    1.0
    """
    scores = tuple(position.scores)
    if len(scores) != 2:
        raise ValueError(f"win chance: two players only, this game has {len(scores)}")
    seat = position.to_move if seat is None else seat
    other = 1 - seat
    difference = scores[seat] - scores[other]
    if position.is_over:
        return 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    sizes = _hand_sizes(position)
    return chance(position.variant, difference, position.bag_count, sizes[seat], sizes[other], seat == position.to_move)


def _hand_sizes(position: Any) -> tuple[int, ...]:
    sizes = getattr(position, "hand_sizes", None)
    if sizes is None:
        sizes = tuple(len(hand) for hand in position.hands)
    return tuple(sizes)
