"""The chance that a player wins, from the scores, the tiles left and whose move it is: ``chance`` in a two-player
game, ``chances`` for every seat of two to four, ``win_chance(position)`` for a game or a view.

The chances come from a table built by seeded self-play (``make tables``) and shipped with the engine as
``qwirkle/data/winchance.json``: per rule set, at a grid of tiles-left values (the bag plus the hands), the
coefficients of a logistic curve for two players (``Curve``) and of a softmax for three or four (``Field``),
interpolated linearly between grid points. A shared win counts one half, as in tournaments.

The table is read on first use with ``pkgutil.get_data``, so that it loads the same from a folder (CPython) and from
the page's zip archive (Pyodide); a game that never asks for a chance never reads it. See docs/research/win-chance.md.
"""

from __future__ import annotations

import bisect
import json
import math
import pkgutil
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

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
    """One rule set's coefficients for two players by tiles left (the bag plus both hands): the chance of the player
    on move is a logistic curve::

        chance = 1 / (1 + exp(-(a + b * difference + c * (other hand - own hand))))

    the difference being their score minus the opponent's. Between two grid points the coefficients are interpolated
    linearly; ``b`` is positive everywhere, so the chance grows with the lead, and it shrinks as more tiles are left
    (a lead counts for less with more game to come). The chance of the player *not* on move is one minus the
    opponent's on-move chance."""

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
        return (
            self.a[i - 1] + f * (self.a[i] - self.a[i - 1]),
            self.b[i - 1] + f * (self.b[i] - self.b[i - 1]),
            self.c[i - 1] + f * (self.c[i] - self.c[i - 1]),
        )

    def logit(self, difference: float, left: float, hands: float) -> float:
        """The log-odds that the player on move wins; ``hands`` is the opponent's hand size minus theirs."""
        a, b, c = self.coefficients(left)
        return a + b * difference + c * hands

    def on_move(self, difference: float, left: float, hands: float) -> float:
        """The chance of the player on move."""
        return sigmoid(self.logit(difference, left, hands))


def sigmoid(s: float) -> float:
    """1 / (1 + exp(-s)), precise at both ends."""
    if s >= 0:
        return 1.0 / (1.0 + math.exp(-s))
    e = math.exp(s)
    return e / (1.0 + e)


@dataclass(frozen=True)
class Field:
    """One rule set's coefficients for games of three or four players, by tiles left: ``b`` per point of score,
    ``c`` per tile in hand, ``a[k]`` for the player ``k + 1`` seats after the mover. Each player gets a strength,
    ``b * score - c * hand + a[place]`` (``place``: how many seats after the player on move they sit, 0 for the
    mover), and the chances are the strengths' softmax, ``exp(strength) / sum of all the players' exp(strength)``.
    They add up to one over the players, grow with a player's score and fall with the others' (the leader's most:
    ``b`` is one slope for every score), and a point counts for more as fewer tiles are left."""

    tiles: tuple[float, ...]
    b: tuple[float, ...]
    c: tuple[float, ...]
    a: tuple[tuple[float, ...], ...]

    @classmethod
    def from_json(cls, entry: dict[str, Any]) -> Field:
        return cls(
            tuple(float(x) for x in entry["tiles"]),
            tuple(float(x) for x in entry["b"]),
            tuple(float(x) for x in entry["c"]),
            tuple(tuple(float(x) for x in row) for row in entry["a"]),
        )

    def coefficients(self, left: float) -> tuple[float, float, tuple[float, ...]]:
        """``b``, ``c`` and the places' ``a`` (0 for the mover first) at ``left`` tiles left, linear in between."""
        tiles = self.tiles
        i = min(max(bisect.bisect_right(tiles, left), 1), len(tiles) - 1)
        f = min(1.0, max(0.0, (left - tiles[i - 1]) / (tiles[i] - tiles[i - 1])))

        def at(values: Sequence[float]) -> float:
            return values[i - 1] + f * (values[i] - values[i - 1])

        return at(self.b), at(self.c), (0.0, *(at(row) for row in self.a))

    def chances(self, scores: Sequence[float], hands: Sequence[int], to_move: int, left: float) -> tuple[float, ...]:
        """Every seat's chance (they add up to one)."""
        b, c, a = self.coefficients(left)
        count = len(scores)
        top = max(scores)
        strengths = [b * (scores[seat] - top) - c * hands[seat] + a[(seat - to_move) % count] for seat in range(count)]
        most = max(strengths)
        weights = [math.exp(s - most) for s in strengths]
        total = math.fsum(weights)
        return tuple(w / total for w in weights)


@dataclass(frozen=True)
class Table:
    """The whole table: a curve per rule set, the fields of three and four players (``fields[count][rule set]``) and
    how it was made (``meta``: seed, games, levels, positions...)."""

    curves: dict[str, Curve]
    meta: dict[str, Any]
    fields: dict[int, dict[str, Field]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"win chance table: not a {FORMAT} file")
        curves = {
            name: Curve(*(tuple(float(x) for x in entry[key]) for key in ("tiles", "a", "b", "c")))
            for name, entry in data["variants"].items()
        }
        fields = {
            int(count): {name: Field.from_json(entry) for name, entry in by_variant.items()}
            for count, by_variant in data.get("players", {}).items()
        }
        meta = {key: value for key, value in data.items() if key not in ("variants", "players")}
        return cls(curves, meta, fields)

    def curve(self, variant: Any) -> Curve:
        """The curve of a rule set (a name or a ``Variant``); a rule set the table does not know takes the nearest
        kind: dice as Cubes, diagonals as Flex, else classic."""
        return self.curves[_nearest(variant, self.curves)]

    def field(self, variant: Any, count: int) -> Field:
        """The field of ``count`` (3 or 4) players of a rule set, the nearest kind as ``curve`` takes it."""
        if count not in self.fields:
            raise ValueError(f"win chance: no table for {count} players")
        return self.fields[count][_nearest(variant, self.fields[count])]

    def chances(
        self, variant: Any, scores: Sequence[float], hands: Sequence[int], to_move: int, bag: int
    ) -> tuple[float, ...]:
        """``chances`` (below) by this table."""
        left = bag + sum(hands)
        if len(scores) == 2:
            mover = self.chance(variant, scores[to_move] - scores[1 - to_move], bag, hands[to_move], hands[1 - to_move])
            return (mover, 1.0 - mover) if to_move == 0 else (1.0 - mover, mover)
        return self.field(variant, len(scores)).chances(scores, hands, to_move, left)

    def chance(self, variant: Any, difference: float, bag: int, hand: int, other: int, on_move: bool = True) -> float:
        """``chance`` (below) by this table."""
        curve = self.curve(variant)
        left = bag + hand + other
        if on_move:
            return curve.on_move(difference, left, other - hand)
        return sigmoid(-curve.logit(-difference, left, hand - other))  # one minus the opponent's chance


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
    sizes of their hand and of the opponent's, ``on_move`` whether it is their turn.

    >>> even = chance("classic", difference=0, bag=0, hand=3, other=3)
    >>> even < chance("classic", difference=5, bag=0, hand=3, other=3)
    True
    >>> 0.0 <= chance("flex", difference=-20, bag=60, hand=6, other=6) <= 1.0
    True
    """
    return table().chance(variant, difference, bag, hand, other, on_move)


def chances(variant: Any, scores: Sequence[float], hands: Sequence[int], to_move: int, bag: int) -> tuple[float, ...]:
    """Every seat's chance (0 to 1, adding up to one) in a game of two to four players of ``variant``: their
    ``scores`` and ``hands`` (sizes) in seat order, the seat ``to_move`` and the tiles in the ``bag``.

    >>> chances("classic", scores=(20, 10, 10), hands=(6, 6, 6), to_move=0, bag=60)[0] > 1 / 3
    True
    """
    return table().chances(variant, scores, hands, to_move, bag)


def final_shares(scores: Sequence[float]) -> tuple[float, ...]:
    """A finished game's results: 1 for the winner, shared equally on a tie (one half for two), 0 for the others."""
    best = max(scores)
    winners = sum(1 for score in scores if score == best)
    return tuple(1.0 / winners if score == best else 0.0 for score in scores)


def win_chance(position: Position, seat: int | None = None) -> float:
    """The chance that ``seat`` (default: the player on move) wins this game or view (a ``Game`` or a
    ``PlayerView``) of two to four players; a finished game gives 1, a share on a tie (0.5 for two) or 0.

    >>> from qwirkle import Game
    >>> game = Game.new("classic", ["Ann", "Bob"], seed=1)
    >>> round(win_chance(game) + win_chance(game, 1 - game.to_move), 9)
    1.0
    """
    return all_chances(position)[position.to_move if seat is None else seat]


def all_chances(position: Position) -> tuple[float, ...]:
    """Every seat's chance in this game or view (a finished game: its results, ``final_shares``)."""
    scores = tuple(position.scores)
    if position.is_over:
        return final_shares(scores)
    return chances(position.variant, scores, _hand_sizes(position), position.to_move, position.bag_count)


def _hand_sizes(position: Any) -> tuple[int, ...]:
    sizes = getattr(position, "hand_sizes", None)
    if sizes is None:
        sizes = tuple(len(hand) for hand in position.hands)
    return tuple(sizes)


def _nearest(variant: Any, known: dict[str, Any]) -> str:
    """The name of ``variant`` (a name or a ``Variant``) in ``known``, else the nearest kind's: dice as Cubes,
    diagonals as Flex, else classic."""
    name = variant if isinstance(variant, str) else variant.name
    if name in known:
        return str(name)
    if not isinstance(variant, str):
        if getattr(variant, "dice", False) and "cubes" in known:
            return "cubes"
        if getattr(variant, "diagonals", False) and "flex" in known:
            return "flex"
    return "classic"
