"""The rack as the player arranges it, without the DOM: the order they chose (drag, sort), the
tiles drawn since their last move (the tiles that fit nowhere are ``app.shared.placeable``'s).

The engine keeps each hand in its own order and names a tile by its index there (a hand may hold
two identical tiles); the player's arrangement (``RackOrders``) is a display order over those indexes,
one per seat, kept when the hand changes: the tiles still held stay where they were, the tiles drawn
come last and are marked until that player's next move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qwirkle import Game
    from qwirkle.tiles import Tile

SORTS = ("colour", "shape")


class _Rack:
    """``order``: hand indexes, left to right; ``fresh``: hand indexes drawn since the last move;
    ``moves``: the history's length when ``hand`` was seen. (A plain class: see ui.values.)"""

    __slots__ = ("hand", "order", "fresh", "moves")

    def __init__(self, hand: tuple[Any, ...] = (), order: list[int] | None = None) -> None:
        self.hand = hand
        self.order: list[int] = [] if order is None else order
        self.fresh: set[int] = set()
        self.moves = -1


class RackOrders:
    """The arrangement of each seat's rack (the page keeps one for the game in play).

    >>> from qwirkle import Tile
    >>> t = lambda codes: tuple(Tile.from_notation(c) for c in codes.split())
    >>> racks = RackOrders()
    >>> hand = t("Rs Bo Ro")
    >>> racks.order(0, hand, moves=0)
    [0, 1, 2]
    >>> racks.sort(0, hand, "colour")
    'colour'
    >>> racks.order(0, hand, moves=0)
    [2, 0, 1]
    >>> racks.order(0, t("Rs Ro Gc"), moves=1, gone=t("Bo"))   # played Bo, drew Gc
    [1, 0, 2]
    >>> racks.fresh(0)
    {2}
    """

    def __init__(self) -> None:
        self.racks: dict[int, _Rack] = {}
        self.next_sort: dict[int, str] = {}

    def clear(self) -> None:
        self.racks.clear()
        self.next_sort.clear()

    def order(self, seat: int, hand: Sequence[Tile], moves: int, gone: Sequence[Tile] = ()) -> list[int]:
        """The display order of ``hand``. ``moves`` is the game's history length; ``gone`` the
        tiles this seat's last move took from its hand, when the hand changed by that move."""
        rack = self.racks.setdefault(seat, _Rack())
        hand = tuple(hand)
        if hand == rack.hand and len(rack.order) == len(hand):
            rack.moves = moves
            return list(rack.order)
        moved = moves > rack.moves >= 0
        kept = [rack.hand[i] for i in rack.order]
        if moved:
            for tile in gone:
                if tile in kept:
                    kept.remove(tile)
        used: set[int] = set()
        order = []
        for tile in kept:
            index = next((i for i, held in enumerate(hand) if held == tile and i not in used), None)
            if index is not None:
                used.add(index)
                order.append(index)
        drawn = [i for i in range(len(hand)) if i not in used]
        rack.hand, rack.order, rack.moves = hand, order + drawn, moves
        rack.fresh = set(drawn) if moved else set()
        return list(rack.order)

    def to_json(self) -> dict[str, Any]:
        """What to keep between visits (``store.rack_memory``): each seat's hand as it was last drawn,
        its order, the tiles drawn since that seat's last move, and the next sort."""
        return {
            "seats": {
                str(seat): {
                    "hand": [tile.notation() for tile in rack.hand],
                    "order": list(rack.order),
                    "fresh": sorted(rack.fresh),
                    "moves": rack.moves,
                }
                for seat, rack in sorted(self.racks.items())
                if rack.hand
            },
            "sort": {str(seat): by for seat, by in sorted(self.next_sort.items())},
        }

    def load(self, data: Any) -> None:
        """Take back what ``to_json`` kept; a seat whose entry does not read as one (an older or a
        damaged value) starts in the dealt order, and nothing raises::

            >>> racks = RackOrders()
            >>> racks.load({"seats": {"0": {"hand": ["Rs", "Bo"], "order": [1, 0], "fresh": [1], "moves": 4},
            ...                       "1": {"hand": ["Rs"], "order": [3]}, "x": 1}, "sort": {"0": "shape"}})
            >>> racks.order(0, racks.racks[0].hand, moves=4), racks.fresh(0), sorted(racks.racks)
            ([1, 0], {1}, [0])
        """
        from qwirkle.tiles import Tile

        self.clear()
        if not isinstance(data, dict):
            return
        seats, sorts = data.get("seats"), data.get("sort")
        for key, entry in seats.items() if isinstance(seats, dict) else ():
            try:
                seat, hand = int(key), tuple(Tile.from_notation(code) for code in entry["hand"])
                order, fresh, moves = list(entry["order"]), set(entry.get("fresh", ())), entry.get("moves", -1)
            except (TypeError, ValueError, KeyError, AttributeError):
                continue
            if (
                0 <= seat < 8
                and sorted(order) == list(range(len(hand)))
                and fresh <= set(order)
                and isinstance(moves, int)
                and not isinstance(moves, bool)
                and moves >= -1
            ):
                rack = self.racks[seat] = _Rack(hand, order)
                rack.fresh, rack.moves = fresh, moves
        for key, by in sorts.items() if isinstance(sorts, dict) else ():
            if by in SORTS and isinstance(key, str) and key.isdigit():
                self.next_sort[int(key)] = by

    def fresh(self, seat: int) -> set[int]:
        rack = self.racks.get(seat)
        return set(rack.fresh) if rack else set()

    def move(self, seat: int, index: int, before: int | None) -> None:
        """Put the tile of hand index ``index`` just before hand index ``before`` (None: last)."""
        rack = self.racks.get(seat)
        if rack is None or index not in rack.order or index == before:
            return
        rack.order.remove(index)
        rack.order.insert(rack.order.index(before) if before in rack.order else len(rack.order), index)

    def sort(self, seat: int, hand: Sequence[Tile], by: str | None = None) -> str:
        """Sort by colour or by shape (``None``: the other one than last time); returns the sort done."""
        by = by or self.next_sort.get(seat, SORTS[0])
        rack = self.racks.setdefault(seat, _Rack(tuple(hand), list(range(len(hand)))))
        if rack.hand != tuple(hand):
            rack.hand, rack.order = tuple(hand), list(range(len(hand)))

        def key(index: int) -> tuple[int, int, int]:
            tile = rack.hand[index]
            first, second = (tile.color, tile.shape) if by == "colour" else (tile.shape, tile.color)
            return first, second, getattr(tile, "background", 0)

        rack.order.sort(key=key)
        self.next_sort[seat] = SORTS[(SORTS.index(by) + 1) % len(SORTS)] if by in SORTS else SORTS[0]
        return by


def gone_tiles(game: Game, seat: int) -> tuple[Tile, ...]:
    """The tiles ``seat``'s last move took from its hand (played, exchanged or re-rolled)."""
    from qwirkle.notation import Exchange, Play, Roll, parse_move

    for turn in reversed(game.history):
        if turn.seat != seat:
            continue
        move = parse_move(turn.move)
        if isinstance(move, Play):
            return tuple(p.tile for p in move.placements)
        if isinstance(move, (Exchange, Roll)):
            return tuple(move.tiles)
        return ()
    return ()
