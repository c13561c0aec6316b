"""The last new-game choices, remembered across reloads (``qwirkle.newgame`` in the store): the
rule set and each seat's kind, typed name and age. Never the seed: every game is dealt afresh
unless the player types one. "Play the computer" on the home screen starts from them in one tap.

An unreadable value is moved aside and reported, as every stored value is (``SaveStore``)::

    >>> from app.store.saves import DictStorage, SaveStore
    >>> store = SaveStore(DictStorage())
    >>> remember(store, Setup("cubes", [Seat("human", "Zoé", "9"), Seat("hard")]))
    >>> recall(store).seats[0].name, quick_spec(store).variant
    ('Zoé', 'cubes')
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from ..links.startlink import MAX_NAME, GameSpec, make_spec
from ..shared import seats as seat_registry
from ..store.saves import PREFIX, SaveStore

KEY = PREFIX + "newgame"


@dataclass
class Seat:
    kind: str
    name: str = ""
    age: str = ""


@dataclass
class Setup:
    setup: str = "classic"
    seats: list[Seat] = field(default_factory=list)


def default() -> Setup:
    return Setup("classic", [Seat(seat_registry.HUMAN), Seat(seat_registry.default_computer())])


def remember(store: SaveStore, setup: Setup) -> None:
    try:
        store.storage.set(KEY, json.dumps(asdict(setup), ensure_ascii=False))
    except Exception:  # noqa: BLE001 - a convenience: a full store must not stop a game
        pass


def recall(store: SaveStore) -> Setup | None:
    """The last choices, or None (none yet; an unreadable value is moved aside)."""
    try:
        text = store.storage.get(KEY)
    except Exception:  # noqa: BLE001
        return None
    if not isinstance(text, str):
        return None
    try:
        return _parse(json.loads(text))
    except ValueError as error:
        store.move_aside(KEY, str(error))
        return None


def _parse(value: Any) -> Setup:
    from qwirkle.variants import setups

    if not isinstance(value, dict) or value.get("setup") not in {s.key for s in setups()}:
        raise ValueError("new game: unknown rule set")
    seats = value.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4:
        raise ValueError("new game: expected 2 to 4 seats")
    parsed = []
    for seat in seats:
        if not isinstance(seat, dict) or not seat_registry.is_known(str(seat.get("kind"))):
            raise ValueError("new game: unknown player kind")
        name, age = seat.get("name", ""), seat.get("age", "")
        if not isinstance(name, str) or len(name) > MAX_NAME or not isinstance(age, str) or len(age) > 3:
            raise ValueError("new game: bad name or age")
        parsed.append(Seat(str(seat["kind"]), name, age))
    return Setup(str(value["setup"]), parsed)


def quick_spec(store: SaveStore, lang: str = "en") -> GameSpec:
    """ "Play the computer": the last rule set, names and levels, with one human and at least one
    computer (the default computer joins when the last game had none); a fresh seed."""
    from qwirkle.variants import find_setup

    last = recall(store) or default()
    computer = seat_registry.default_computer()  # a phone at the table is not the computer: the default plays it
    seats = [Seat(computer) if s.kind == seat_registry.PHONE else s for s in last.seats]
    if not any(s.kind == seat_registry.HUMAN for s in seats):
        seats[0] = Seat(seat_registry.HUMAN)
    if all(s.kind == seat_registry.HUMAN for s in seats):
        humans = [s for s in seats if s.kind == seat_registry.HUMAN]
        seats = [humans[0], Seat(seat_registry.default_computer())]
    setup = find_setup(last.setup)
    ages = [int(s.age) if s.age.isdigit() else None for s in seats]
    try:
        return make_spec(
            setup.variant.name, [s.kind for s in seats], [s.name for s in seats], None, setup.tiles, ages, 1, lang
        )
    except ValueError:  # remembered choices that do not make a game now (duplicate names...)
        return make_spec(setup.variant.name, [s.kind for s in seats], None, None, setup.tiles, None, 1, lang)
