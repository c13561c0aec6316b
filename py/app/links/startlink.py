"""Start links: ``?variant=classic|cubes|flex[&tiles=72]&seats=human,computer[,...]&seed=N
[&names=Ann,Bob][&ages=40,9][&pace=0]`` opens a new game directly.

Seats are ``human``, ``computer`` or any computer player or level of ``qwirkle.ai``
(``seats=human,hard,expert``), ``friend``: a person playing on their own device by turn links
(``seats=human,friend``: one human here, every other seat a friend; ``app.links.friend``), or ``phone``: a person
at this table playing on their own phone, live (``seats=phone,phone,hard``; ``app.phones``). The result is
a ``GameSpec``, the same thing the new-game dialog produces::

    >>> spec = parse_start_link("?variant=flex&tiles=72&seats=human,computer&seed=7&pace=0")
    >>> spec.variant, spec.tiles, spec.seats, spec.seed, spec.pace
    ('flex', 72, ('human', 'computer'), 7, 0)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from ui.words import Translator

from ..shared import seats as seat_registry

LINK_KEYS = ("variant", "tiles", "seats", "seed", "names", "ages", "pace")
MAX_NAME = 40


class StartLinkError(ValueError):
    """A start link that cannot open a game; the message says which parameter is wrong, ``reason`` and ``details``
    say it in the player's words (``problem_<reason>``, ``ui.problems``)."""

    def __init__(self, message: str, reason: str, **details: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details


class DuplicateNameError(StartLinkError):
    """Two players with the same name (whatever the case): nobody could tell them apart."""

    def __init__(self, name: str) -> None:
        super().__init__(
            f"names: {name!r} is given twice; each player needs a different name", "link_duplicate", name=name
        )
        self.name = name


@dataclass(frozen=True)
class GameSpec:
    """Everything needed to start a game: rules, seats, names, ages, seed and pace."""

    variant: str
    seats: tuple[str, ...]
    names: tuple[str, ...]
    seed: int
    tiles: int | None = None
    ages: tuple[int | None, ...] | None = None
    pace: int = 1  # 0: computer moves without animation delays
    extra: dict[str, str] = field(default_factory=dict)


def unquote(text: str) -> str:
    """Percent-decoding of a query value ('+' is a space); invalid escapes stay as they are.

    Written here because importing ``urllib.parse`` costs 70-400 ms at page start in Pyodide."""
    raw = text.replace("+", " ").encode("utf-8")
    if b"%" not in raw:
        return raw.decode("utf-8")
    out = bytearray()
    i = 0
    while i < len(raw):
        chunk = raw[i + 1 : i + 3]
        if raw[i] == 0x25 and len(chunk) == 2 and all(c in b"0123456789abcdefABCDEF" for c in chunk):
            out.append(int(chunk, 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", "replace")


def parse_query(query: str) -> dict[str, list[str]]:
    """``?a=1&b=x%20y&a=2`` -> ``{"a": ["1", "2"], "b": ["x y"]}`` (blank values kept)."""
    params: dict[str, list[str]] = {}
    for part in query.lstrip("?").split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        params.setdefault(unquote(key), []).append(unquote(value))
    return params


def is_start_link(query: str) -> bool:
    params = parse_query(query)
    return "variant" in params or "seats" in params


def clean_name(name: str) -> str:
    """A player name as typed, trimmed and bounded; it is always shown as text, never HTML."""
    return " ".join(name.split())[:MAX_NAME]


def default_names(seats: tuple[str, ...], lang: str = "en", numbered: bool = False) -> tuple[str, ...]:
    """Names for the seats left unnamed: 'Player 1', 'Friend 2'; a computer is named by its level ('Medium'), with
    its seat number only when another seat plays the same level ('Hard 2', 'Hard 3'), or always if ``numbered``
    (as games saved before 2026-12 named them).

    >>> default_names(("human", "computer")), default_names(("human", "hard", "hard"), "fr")
    (('Player 1', 'Medium'), ('Joueur 1', 'Difficile 2', 'Difficile 3'))
    """
    tr = Translator(lang)
    levels = [seat_registry.display_name(kind, tr) for kind in seats]
    computers = [level for kind, level in zip(seats, levels, strict=True) if seat_registry.is_computer(kind)]
    names = []
    for index, kind in enumerate(seats):
        if kind in (seat_registry.HUMAN, seat_registry.PHONE):
            names.append(tr.t("default_human", n=index + 1))
        elif kind == seat_registry.FRIEND:
            names.append(tr.t("default_friend", n=index + 1))
        elif computers.count(levels[index]) == 1 and not numbered:
            names.append(levels[index])
        else:
            names.append(tr.t("default_computer", level=levels[index], n=index + 1))
    return tuple(names)


def make_spec(
    variant: str,
    seats: list[str],
    names: list[str] | None = None,
    seed: int | None = None,
    tiles: int | None = None,
    ages: list[int | None] | None = None,
    pace: int = 1,
    lang: str = "en",
) -> GameSpec:
    """Check and complete a game's settings (dialog or link) against the engine's setups;
    ``StartLinkError`` names the parameter when they are wrong."""
    from qwirkle.variants import VARIANTS, setup_of

    variant = variant.strip().lower()
    if variant not in VARIANTS:
        raise StartLinkError(
            f"variant: expected one of {', '.join(VARIANTS)}, got {variant!r}",
            "link_variant",
            got=variant[:MAX_NAME],
            choices=list(VARIANTS),
        )
    rules = VARIANTS[variant]
    kinds = tuple(kind.strip().lower() for kind in seats)
    if not rules.min_players <= len(kinds) <= rules.max_players:
        raise StartLinkError(
            f"seats: {rules.min_players} to {rules.max_players} players, got {len(kinds)}",
            "link_players",
            low=rules.min_players,
            high=rules.max_players,
            got=len(kinds),
        )
    for kind in kinds:
        if not seat_registry.is_known(kind):
            choices = [seat_registry.HUMAN, seat_registry.COMPUTER, *seat_registry.seat_choices()[1:]]
            raise StartLinkError(
                f"seats: unknown player {kind!r}; use " + ", ".join(choices),
                "link_seat",
                got=kind[:MAX_NAME],
                choices=choices,
            )
    problem = seat_registry.friend_problem(kinds)
    if problem:
        raise StartLinkError(f"seats: a game with friends by link ({problem})", f"link_{problem}")
    if tiles is not None and tiles not in rules.tile_sets:
        sizes = " or ".join(str(size) for size in rules.tile_sets)
        raise StartLinkError(
            f"tiles: {rules.title} is played with {sizes} tiles, got {tiles}",
            "link_tiles",
            choices=list(rules.tile_sets),
            got=tiles,
        )
    tiles = setup_of(variant, tiles).tiles if len(rules.tile_sets) > 1 else None
    defaults = default_names(kinds, lang)
    given = [clean_name(n) for n in (names or [])]
    if len(given) > len(kinds):
        raise StartLinkError(
            f"names: {len(given)} names for {len(kinds)} seats", "link_names", got=len(given), seats=len(kinds)
        )
    final = tuple(given[i] if i < len(given) and given[i] else defaults[i] for i in range(len(kinds)))
    seen: set[str] = set()
    for name in final:
        if name.casefold() in seen:
            raise DuplicateNameError(name)
        seen.add(name.casefold())
    if ages is not None:
        if len(ages) != len(kinds):
            raise StartLinkError(
                f"ages: {len(ages)} ages for {len(kinds)} seats", "link_ages", got=len(ages), seats=len(kinds)
            )
        age_tuple: tuple[int | None, ...] | None = tuple(ages) if any(a is not None for a in ages) else None
    else:
        age_tuple = None
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    if pace not in (0, 1):
        raise StartLinkError(f"pace: 0 or 1, got {pace}", "link_pace", got=pace)
    return GameSpec(variant, kinds, final, seed, tiles, age_tuple, pace)


def _int(params: dict[str, list[str]], key: str) -> int | None:
    values = params.get(key)
    if not values or values[-1].strip() == "":
        return None
    try:
        return int(values[-1])
    except ValueError:
        raise StartLinkError(
            f"{key}: expected a whole number, got {values[-1]!r}", "link_number", key=key, got=values[-1][:MAX_NAME]
        ) from None


def parse_start_link(query: str, lang: str = "en") -> GameSpec | None:
    """The game a start link asks for, None when the address has no start link."""
    if not is_start_link(query):
        return None
    params = parse_query(query)
    variant = (params.get("variant") or ["classic"])[-1]
    seat_text = (params.get("seats") or ["human,computer"])[-1]
    seats = [s for s in seat_text.split(",") if s.strip()]
    names = (params.get("names") or [""])[-1]
    name_list = names.split(",") if names else None
    ages_text = (params.get("ages") or [""])[-1]
    ages: list[int | None] | None = None
    if ages_text:
        ages = []
        for item in ages_text.split(","):
            try:
                ages.append(int(item) if item.strip() else None)
            except ValueError:
                raise StartLinkError(
                    f"ages: expected whole numbers, got {item!r}", "link_number", key="ages", got=item[:MAX_NAME]
                ) from None
    pace = _int(params, "pace")
    return make_spec(
        variant,
        seats,
        name_list,
        _int(params, "seed"),
        _int(params, "tiles"),
        ages,
        1 if pace is None else (0 if pace == 0 else 1),
        lang,
    )
