"""The board: an unbounded grid of cells holding tiles."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any, NoReturn, Self

from .errors import NotationError
from .notation import Cell, Placement, canonical, parse_placements, placements_notation
from .tiles import Tile

HORIZONTAL = (1, 0)
VERTICAL = (0, 1)
DIAGONALS = ((1, 1), (1, -1))


class Board:
    """Tiles by cell. ``Board.from_notation("Ro@0,0 Rd@1,0")``; ``str(board)`` gives it back."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: Mapping[Cell, Tile] | None = None) -> None:
        self.tiles: dict[Cell, Tile] = dict(tiles or {})

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> Self:
        board = cls()
        tiles = board.tiles
        for placement in placements:
            if placement.cell in tiles:
                raise NotationError(
                    "board",
                    placement.notation(),
                    f"cell {placement.cell[0]},{placement.cell[1]} is listed twice",
                    "cell_twice",
                    {"cell": f"{placement.cell[0]},{placement.cell[1]}"},
                )
            tiles[placement.cell] = placement.tile
        return board

    @classmethod
    def from_notation(cls, text: str) -> Self:
        return cls.from_placements(parse_placements(text))

    def notation(self) -> str:
        return placements_notation(canonical(Placement(t, c) for c, t in self.tiles.items()))

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Board.from_notation({self.notation()!r})"

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, cell: object) -> bool:
        return cell in self.tiles

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.tiles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.tiles == other.tiles

    def get(self, cell: Cell) -> Tile | None:
        return self.tiles.get(cell)

    def copy(self) -> Board:
        return Board(self.tiles)

    def bounds(self) -> tuple[int, int, int, int] | None:
        """(min_x, min_y, max_x, max_y), or None when empty."""
        if not self.tiles:
            return None
        xs = [x for x, _ in self.tiles]
        ys = [y for _, y in self.tiles]
        return min(xs), min(ys), max(xs), max(ys)

    def run(
        self, cell: Cell, step: tuple[int, int], extra: dict[Cell, Tile] | None = None, same_background: bool = False
    ) -> list[Cell]:
        """The maximal run of occupied cells through ``cell`` along ``step`` (both ways).

        ``extra`` holds tiles being placed; with ``same_background`` the run stops at a tile of
        another background (a Flex diagonal, F3).
        """

        def tile_at(c: Cell) -> Tile | None:
            return self.tiles.get(c) or (extra.get(c) if extra else None)

        origin = tile_at(cell)
        dx, dy = step
        cells = [cell]
        for sign in (-1, 1):
            x, y = cell[0] + sign * dx, cell[1] + sign * dy
            while True:
                tile = tile_at((x, y))
                if tile is None or (same_background and origin is not None and tile.background != origin.background):
                    break
                cells.append((x, y))
                x, y = x + sign * dx, y + sign * dy
        cells.sort()
        return cells


class _FixedTiles(dict[Cell, Tile]):
    """A ``FrozenBoard``'s tiles: a plain dict to read (the rules read it as fast as any board's), that refuses
    every change."""

    __slots__ = ()

    def _refuse(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError("this board is read-only (a game's board): change a copy, board.copy()")

    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[dict[Cell, Tile]], tuple[dict[Cell, Tile]]]:
        return dict, (dict(self),)


class FrozenBoard(Board):
    """A board that cannot change: what ``Game.board`` shows, a snapshot of the game's board. Reading it is reading
    a ``Board``; ``copy()`` gives a board to change. Any change raises ``TypeError`` or ``AttributeError``.

    >>> board = FrozenBoard.from_notation("Ro@0,0")
    >>> board.tiles[(1, 0)] = board.tiles[(0, 0)]
    Traceback (most recent call last):
    ...
    TypeError: this board is read-only (a game's board): change a copy, board.copy()
    >>> edited = board.copy()
    >>> edited.tiles[(1, 0)] = edited.tiles[(0, 0)]
    >>> edited == board, len(board)
    (False, 1)
    """

    __slots__ = ()

    def __init__(self, tiles: Mapping[Cell, Tile] | None = None) -> None:
        object.__setattr__(self, "tiles", _FixedTiles(tiles or {}))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"this board is read-only (a game's board): cannot set {name!r}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"this board is read-only (a game's board): cannot delete {name!r}")

    @classmethod
    def from_placements(cls, placements: Iterable[Placement]) -> Self:
        return cls(Board.from_placements(placements).tiles)
