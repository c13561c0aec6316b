"""Who sits in a seat: a human, or a computer player from the engine's registry (``qwirkle.ai``).

The choices are read from ``qwirkle.ai`` at run time, so levels added there (``LEVELS``, with
display names in English and French) appear in the seat picker without a change here.
``computer`` means the medium level, or greedy while there is no medium level.
"""

from __future__ import annotations

from typing import Any

HUMAN = "human"
COMPUTER = "computer"
_FALLBACK_NAMES = {
    "human": {"en": "Human", "fr": "Humain"},
    "computer": {"en": "Computer", "fr": "Ordinateur"},
    "random": {"en": "Random", "fr": "Au hasard"},
    "greedy": {"en": "Greedy", "fr": "Glouton"},
    "beginner": {"en": "Beginner", "fr": "Débutant"},
    "easy": {"en": "Easy", "fr": "Facile"},
    "medium": {"en": "Medium", "fr": "Moyen"},
    "hard": {"en": "Hard", "fr": "Difficile"},
    "expert": {"en": "Expert", "fr": "Expert"},
}


def _ai() -> Any:
    import qwirkle.ai as ai
    return ai


def available_players() -> list[str]:
    """Computer player names the engine can build now (``qwirkle.ai.PLAYERS``)."""
    return list(getattr(_ai(), "PLAYERS", {}))


def _levels() -> dict[str, Any]:
    levels = getattr(_ai(), "LEVELS", None)
    if isinstance(levels, dict):
        return levels
    if isinstance(levels, (list, tuple)):  # a sequence of entries with a ``name``
        table = {}
        for entry in levels:
            name = entry.get("name") if isinstance(entry, dict) else getattr(entry, "name", entry)
            if isinstance(name, str):
                table[name] = entry
        return table
    return {}


def level_names() -> list[str]:
    """The AI levels in their table's order (easiest first), as far as the engine has them."""
    players = set(available_players())
    return [name for name in _levels() if name in players]


def seat_choices() -> list[str]:
    """What the seat picker offers: human, the levels (or 'computer'), then the other players."""
    levels = level_names()
    choices = [HUMAN] + (levels or [COMPUTER])
    for name in available_players():
        if name not in choices and name != COMPUTER:
            choices.append(name)
    return choices


def display_name(kind: str, lang: str = "en") -> str:
    """'Hard', 'Difficile', 'Human'... from ``LEVELS`` when it names the kind."""
    entry = _levels().get(kind)
    text = _entry_name(entry, lang) if entry is not None else None
    if text:
        return text
    names = _FALLBACK_NAMES.get(kind)
    return names.get(lang, names["en"]) if names else kind.capitalize()


def _entry_name(entry: Any, lang: str) -> str | None:
    if isinstance(entry, str):
        return entry
    if isinstance(entry, dict):
        value = entry.get(lang) or entry.get("en")
        if value is None and isinstance(entry.get("names"), dict):
            value = entry["names"].get(lang) or entry["names"].get("en")
        if value is None:
            value = entry.get(f"name_{lang}") or entry.get("name_en") or entry.get("title")
        return value if isinstance(value, str) else None
    for attribute in (lang, f"name_{lang}", "en", "name_en", "title"):
        value = getattr(entry, attribute, None)
        if isinstance(value, str):
            return value
    names = getattr(entry, "names", None)
    if isinstance(names, dict):
        value = names.get(lang) or names.get("en")
        return value if isinstance(value, str) else None
    return None


def is_known(kind: str) -> bool:
    return kind in (HUMAN, COMPUTER) or kind in available_players()


def engine_player(kind: str) -> str:
    """The ``make_player`` name for a computer seat ('computer' -> 'medium' or 'greedy')."""
    players = available_players()
    if kind == COMPUTER or kind not in players:
        return "medium" if "medium" in players else "greedy"
    return kind


# Options for players on the page (Pyodide runs about 2-3x slower than CPython): Hard's exact end-game
# search gets a time cap so that a move stays within 300 ms (past the cap it plays its one-ply choice).
PAGE_OPTIONS: dict[str, dict[str, Any]] = {"hard": {"endgame_seconds": 0.1}}


def page_options(kind: str) -> dict[str, Any]:
    return dict(PAGE_OPTIONS.get(engine_player(kind), {}))


def make_ai(kind: str, seed: int) -> Any:
    name = engine_player(kind)
    options = page_options(kind)
    if options:
        try:
            return _ai().make_player(name, seed, **options)
        except TypeError:  # an engine without these options
            pass
    return _ai().make_player(name, seed)
