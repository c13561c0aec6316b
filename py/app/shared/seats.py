"""Who sits in a seat: a human, a friend playing on another device (``friend``: their moves come by
turn links, ``app.links.friend``), a phone at this table (``phone``: its player's rack is on their own phone, their
moves come live over a data channel, ``app.phones``), or a computer player of the engine's registry
(``qwirkle.ai.registry``).

Everything about a computer player (its name, whether it thinks in the worker, its options in
the page) is read from the registry; its name in words is the string ``level_<name>`` of the
string tables. ``computer`` means the registry's alias (the medium level).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from qwirkle.ai.registry import Level, Player
    from ui.words import Translator

HUMAN = "human"
FRIEND = "friend"
PHONE = "phone"  # a phone at this table (app.phones): this device never shows its rack
COMPUTER = "computer"
PUZZLE = "puzzle"  # the other side of a puzzle (app.puzzles): nobody plays it, the puzzle ends with the player's play


def _find(kind: str) -> Level | None:
    from qwirkle.ai.registry import find_level

    try:
        return find_level(kind)
    except ValueError:
        return None


def level_names() -> list[str]:
    """The difficulty levels, easiest first (the hint level's choices)."""
    from qwirkle.ai.registry import LEVELS

    return [level.name for level in LEVELS]


def seat_choices(phones: bool = True) -> list[str]:
    """What the seat picker offers: human, a friend by link, a phone at this table (where the browser can connect
    to one: ``phones``), the levels, then the reference players."""
    from qwirkle.ai.registry import TABLE

    people = [HUMAN, FRIEND, PHONE] if phones else [HUMAN, FRIEND]
    return people + level_names() + [level.name for level in TABLE if not level.difficulty]


def default_computer() -> str:
    """The seat picker's computer by default (the registry's ``computer``)."""
    return engine_player(COMPUTER)


def hint_level(value: object, default: str = "hard") -> str:
    """The hint level from the settings: a difficulty level of the registry, else ``default``."""
    return value if isinstance(value, str) and value in level_names() else default


def display_name(kind: str, tr: Translator) -> str:
    """'Hard', 'Difficile', 'Human', 'Friend (by link)', 'Phone at this table'... from the string tables;
    ``computer`` (a start link's seat) is named by the level it stands for ('Medium')."""
    if kind in (HUMAN, FRIEND, PHONE):
        return tr.t(kind)
    level = _find(kind)
    return tr.t(f"level_{level.name}") if level is not None else kind.capitalize()


def seat_label(kind: str, tr: Translator) -> str:
    """What follows a player's name in the scores: the computer level, 'by link' for a friend, 'phone' for a phone."""
    if kind in (FRIEND, PHONE):
        return tr.t(f"{kind}_label")
    return display_name(kind, tr)


def is_known(kind: str) -> bool:
    return kind in (HUMAN, FRIEND, PHONE) or _find(kind) is not None


def is_computer(kind: str) -> bool:
    """A seat whose moves this page chooses (not a person here, not a friend elsewhere, not a phone)."""
    return kind not in (HUMAN, FRIEND, PHONE, PUZZLE)


def friend_problem(kinds: tuple[str, ...] | list[str]) -> str | None:
    """Why these seats cannot play a game by turn links, None when they can (or have no friend):
    one human on this device (``friend_one_human``), every other seat a friend on their own device
    (``friend_people``); the page says it with ``problem_link_<reason>``."""
    if FRIEND not in kinds:
        return None
    if list(kinds).count(HUMAN) != 1:
        return "friend_one_human"
    if any(is_computer(kind) or kind == PHONE for kind in kinds):
        return "friend_people"
    return None


def engine_player(kind: str) -> str:
    """The registry name of a computer seat ('computer' -> 'medium')."""
    level = _find(kind)
    if level is None:
        raise ValueError(f"seats: unknown player {kind!r}")
    return level.name


def in_worker(kind: str) -> bool:
    """Whether this seat's player thinks in the browser worker (the page stays responsive)."""
    level = _find(kind) if is_computer(kind) else None
    return level is not None and level.in_worker


def page_options(kind: str) -> dict[str, Any]:
    """The level's options when it plays in the page (time caps fitted to Pyodide's speed)."""
    level = _find(kind)
    return dict(level.page_options) if level is not None else {}


def make_ai(kind: str, seed: int) -> Player:
    level = _find(kind)
    if level is None:
        raise ValueError(f"seats: unknown player {kind!r}")
    return level.make(seed, **level.page_options)
