"""The rule sets and their registry: the one place that knows what a rule set is.

As in python-chess's ``chess/variant.py``, the base class ``Variant`` is classic Qwirkle: its class attributes
describe the rule set (read by the UI) and its hooks, called by the game, the rules, move generation and the computer
players, have classic's neutral behaviour. ``CubesVariant`` and ``FlexVariant`` override a few of them. Nothing
outside this module branches on which rule set is played: a new one is one subclass passed to ``register_variant``.

>>> find_variant("Cubes").title
'Qwirkle Cubes'
>>> [setup.key for setup in setups()]
['classic', 'cubes', 'flex72', 'flex108']
>>> setup_of("flex", None)
Setup(key='flex108', variant=<FlexVariant 'flex'>, tiles=108)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar

from .board import Board
from .chance import Roller
from .errors import IllegalMoveError
from .notation import Cell, OtherMove
from .scoring import DiagonalPoints, ScoredLine, diagonal_lines
from .tiles import NO_BACKGROUND, Tile, classic_set, flex_set

# Extra points a tile of a background scores on an empty cell by a rule set's extra lines, None where it may not go.
ExtraPoints = Callable[[Cell, int], int | None]


class Variant:
    """Classic Qwirkle, and the neutral defaults of every rule set.

    Metadata (class attributes, read by the UI): ``name`` (used in records and options), ``title``, ``aliases``
    (other names ``find_variant`` accepts), ``rule_prefix`` (the letter of this rule set's own rules in RULES.md:
    the ids its hooks raise), ``hands_open`` (Q1), ``dice`` (the pieces are dice, re-rolled with ``Roll``),
    ``can_exchange`` (C8), ``diagonals`` (F3-F5), ``backgrounds`` (F1), ``oldest_starts`` (C2; Q2: the youngest),
    ``tile_sets`` (the allowed tile counts, the default last), ``min_players`` and ``max_players``.
    """

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Qwirkle"
    aliases: ClassVar[tuple[str, ...]] = ("qwirkle", "standard")
    rule_prefix: ClassVar[str] = "C"
    hands_open: ClassVar[bool] = False
    dice: ClassVar[bool] = False
    can_exchange: ClassVar[bool] = True
    diagonals: ClassVar[bool] = False
    backgrounds: ClassVar[bool] = False
    oldest_starts: ClassVar[bool] = True
    opening_rule: ClassVar[str] = "C2"
    tile_sets: ClassVar[tuple[int, ...]] = (108,)
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4

    def __init__(self) -> None:
        self._allowed: dict[OtherMove, bool] = {}  # allows(), asked on every turn

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"

    def rule(self, number: int) -> str:
        """The id of this rule set's rule ``number`` (``"C1"``, ``"Q3"``, ``"F5"``...)."""
        return f"{self.rule_prefix}{number}"

    # -- the pieces --------------------------------------------------------------------------------------------
    @property
    def default_tiles(self) -> int:
        return self.tile_sets[-1]

    def tiles(self, size: int | None = None) -> list[Tile]:
        """The full set of ``size`` pieces (default: the largest set); ValueError for a size not played."""
        size = size or self.default_tiles
        if size not in self.tile_sets:
            sizes = " or ".join(str(s) for s in self.tile_sets)
            raise ValueError(f"tiles: {self.title} is played with {sizes} tiles")
        return self.tile_set(size)

    def tile_set(self, size: int) -> list[Tile]:
        """Hook: the full set of a size of ``tile_sets`` (C1: 6 colors x 6 shapes x 3 copies)."""
        return classic_set()

    def accepts(self, tile: Tile) -> bool:
        """Hook: whether a tile code belongs to this rule set (``rule(1)`` refuses the others)."""
        return tile.background == NO_BACKGROUND

    def drawn(self, tile: Tile, rng: Roller) -> Tile:
        """Hook: the piece as it enters a hand, drawn from the bag or re-rolled (Cubes: a die is rolled)."""
        return tile

    def identity(self, tile: Tile) -> Tile:
        """Hook: what an unseen piece is known as (Cubes: a die by its color only, its face is rolled when drawn)."""
        return tile

    def faces(self, piece: Tile) -> tuple[Tile, ...]:
        """Hook: every tile an unplayed piece (as ``identity`` knows it) may yet be placed as (Cubes: any face of
        the die). The game ends when none of them fits anywhere (C10)."""
        return (piece,)

    # -- scoring -----------------------------------------------------------------------------------------------
    def extra_lines(self, board: Board, placed: dict[Cell, Tile]) -> list[ScoredLine]:
        """Hook: lines a play scores besides its rows and columns (Flex: diagonals), raising ``IllegalMoveError``
        when one breaks a rule. ``placed`` holds the play's tiles, not yet on ``board``."""
        return []

    def extra_points(self, tiles: dict[Cell, Tile]) -> ExtraPoints | None:
        """Hook for move generation: for the board ``tiles``, a function giving the points a tile of a background
        scores by ``extra_lines`` on an empty cell (None where they refuse it); None when there are no such lines.
        It must agree with ``extra_lines`` for every single tile."""
        return None

    # -- turns ---------------------------------------------------------------------------------------------------
    def move_refusal(self, kind: OtherMove) -> IllegalMoveError | None:
        """Hook: the refusal of a kind of move (``"exchange"``, ``"roll"``, ``"pass"``) this rule set does not
        have, or None when it has it (its other conditions are the game's)."""
        if kind == "roll":
            return IllegalMoveError("C3", f"{self.title} has no dice to re-roll", reason="no_roll")
        return None

    def allows(self, kind: OtherMove) -> bool:
        """Whether this rule set has the kind of move (``"exchange"``, ``"roll"``, ``"pass"``) at all."""
        allowed = self._allowed.get(kind)
        if allowed is None:
            allowed = self._allowed[kind] = self.move_refusal(kind) is None
        return allowed

    def break_tie(self, ages: Sequence[int]) -> int:
        """Hook: the age that starts among tied players of known ages (C2: the oldest; Q2: the youngest)."""
        return max(ages) if self.oldest_starts else min(ages)


class CubesVariant(Variant):
    """Qwirkle Cubes (Q1-Q5): 90 open dice, re-rolled instead of exchanged; the youngest breaks a tie."""

    name = "cubes"
    title = "Qwirkle Cubes"
    aliases = ("qwirkle cubes",)
    rule_prefix = "Q"
    hands_open = True
    dice = True
    can_exchange = False
    oldest_starts = False
    opening_rule = "Q2"
    tile_sets = (90,)

    def tile_set(self, size: int) -> list[Tile]:
        """Q1: 15 dice of each color, each showing its first face until rolled."""
        return [Tile(color, 0) for color in range(6) for _ in range(size // 6)]

    def drawn(self, tile: Tile, rng: Roller) -> Tile:
        return Tile(tile.color, rng.randrange(6))

    def identity(self, tile: Tile) -> Tile:
        return Tile(tile.color, 0)

    def faces(self, piece: Tile) -> tuple[Tile, ...]:
        return tuple(Tile(piece.color, shape) for shape in range(6))

    def move_refusal(self, kind: OtherMove) -> IllegalMoveError | None:
        if kind == "exchange":
            return IllegalMoveError(
                self.rule(3), f"{self.title} has no exchange; re-roll dice instead", reason="no_exchange"
            )
        if kind == "pass":
            return IllegalMoveError(
                self.rule(4), "a player who cannot place re-rolls their dice", reason="roll_instead"
            )
        return None


class FlexVariant(Variant):
    """Qwirkle Flex (F1-F6): tiles on backgrounds, same-background diagonals scored too; 72 or 108 tiles."""

    name = "flex"
    title = "Qwirkle Flex"
    aliases = ("qwirkle flex",)
    rule_prefix = "F"
    diagonals = True
    backgrounds = True
    tile_sets = (72, 108)

    def tile_set(self, size: int) -> list[Tile]:
        return flex_set(size)

    def accepts(self, tile: Tile) -> bool:
        return tile.background != NO_BACKGROUND

    def extra_lines(self, board: Board, placed: dict[Cell, Tile]) -> list[ScoredLine]:
        return diagonal_lines(board, placed, self.rule(5))

    def extra_points(self, tiles: dict[Cell, Tile]) -> ExtraPoints | None:
        return DiagonalPoints(tiles).points


# -- the registry -------------------------------------------------------------------------------------------------
VARIANTS: dict[str, Variant] = {}
V = TypeVar("V", bound=Variant)


class Setup(NamedTuple):
    """A choice of the new-game dialog: a rule set with a tile count. ``key`` names it in links and statistics."""

    key: str
    variant: Variant
    tiles: int

    @property
    def min_players(self) -> int:
        return self.variant.min_players

    @property
    def max_players(self) -> int:
        return self.variant.max_players

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "variant": self.variant.name,
            "tiles": self.tiles,
            "min_players": self.min_players,
            "max_players": self.max_players,
        }


def setups() -> tuple[Setup, ...]:
    """The choices of the new-game dialog: each registered rule set with each of its tile counts, in order of
    registration (read when asked: a rule set registered later is there)."""
    return tuple(
        Setup(v.name if len(v.tile_sets) == 1 else f"{v.name}{size}", v, size)
        for v in VARIANTS.values()
        for size in sorted(v.tile_sets)
    )


def register_variant(cls: type[V]) -> type[V]:
    """Add a rule set (a ``Variant`` subclass) to the registry (its setups to ``setups()``); usable as a decorator."""
    taken = {n for v in VARIANTS.values() for n in (v.name, *v.aliases)}
    if cls.name in taken or taken & set(cls.aliases):
        raise ValueError(f"variant: {cls.name!r} or one of its aliases is already registered")
    VARIANTS[cls.name] = cls()
    return cls


def unregister_variant(name: str) -> None:
    """Remove a rule set added by ``register_variant`` (tests)."""
    del VARIANTS[name]


for _cls in (Variant, CubesVariant, FlexVariant):
    register_variant(_cls)


def _choices(names: Sequence[str]) -> str:
    return ", ".join(names)


def find_variant(name: str) -> Variant:
    """A rule set by name or alias, case-insensitive; ValueError naming the field ``variant`` otherwise."""
    key = name.lower()
    for variant in VARIANTS.values():
        if key == variant.name or key in variant.aliases:
            return variant
    raise ValueError(f"variant: unknown {name!r}; choose one of {_choices(list(VARIANTS))}")


def find_setup(key: str) -> Setup:
    """A setup by key (``"classic"``, ``"cubes"``, ``"flex72"``, ``"flex108"``), case-insensitive."""
    every = setups()
    for setup in every:
        if setup.key == key.lower():
            return setup
    raise ValueError(f"setup: unknown {key!r}; choose one of {_choices([s.key for s in every])}")


def setup_of(variant_name: str, tiles: int | None) -> Setup:
    """The setup of a rule set (by name) with ``tiles`` pieces (None: its default size)."""
    variant = find_variant(variant_name)
    size = tiles or variant.default_tiles
    for setup in setups():
        if setup.variant is variant and setup.tiles == size:
            return setup
    variant.tiles(size)  # raises the "tiles:" error
    raise ValueError(f"setup: no setup of {variant.title} with {size} tiles")  # pragma: no cover
