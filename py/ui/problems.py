"""Any error the page shows, as plain data and in words: the engine's refusals, unreadable notation, records and
limits, and the page's own unreadable links, all in the player's language.

Every such error carries a machine code (``reason``) and its parameters (``details``), as the engine's
``IllegalMoveError`` does; a wrapped error (a record's bad move) is its ``__cause__``. ``problem_of`` turns the
error into a dict a ``Note`` can keep (the language may change before it is shown); ``describe`` says it with the
catalog's ``problem_<reason>`` sentence. A reason without a sentence is said in the catalog's general words, never in
the English of the error's message. No engine import: the page imports this at start-up.
"""

from __future__ import annotations

from typing import Any, Protocol

from .english import CATALOG


class Translator(Protocol):
    """What ``describe`` asks of ``ui.words.Translator`` (which calls it: no import back)."""

    def t(self, key: str, /, **values: Any) -> str: ...
    def explain(self, error: Any) -> str: ...
    def join_names(self, names: list[str], word: str | None = None) -> str: ...


UNKNOWN = "unknown"


def problem_of(error: BaseException) -> dict[str, Any]:
    """The error as data: an engine refusal's own ``to_json()`` (it has a rule id), else its ``reason``, ``details``
    (with the unreadable ``text`` of a notation error) and its ``cause``; an error without a reason of its own that
    wraps another is that other.

    >>> from qwirkle.errors import NotationError
    >>> problem_of(NotationError("tile", "Zz", "...", "tile_format"))
    {'reason': 'tile_format', 'details': {'text': 'Zz'}}
    """
    if getattr(error, "rule", None) is not None and hasattr(error, "to_json"):
        return dict(error.to_json())
    kind = getattr(error, "kind", None)
    reason = f"limit_{kind}" if isinstance(kind, str) else getattr(error, "reason", "")
    if not reason and error.__cause__ is not None:  # a wrapper (a link's field) of the engine's own error
        return problem_of(error.__cause__)
    details = {key: value for key, value in (getattr(error, "details", None) or {}).items() if _plain(value)}
    text = getattr(error, "text", None)
    if isinstance(text, str):
        details.setdefault("text", text)
    problem: dict[str, Any] = {"reason": reason if isinstance(reason, str) and reason else UNKNOWN, "details": details}
    if error.__cause__ is not None:
        problem["cause"] = problem_of(error.__cause__)
    return problem


def _plain(value: Any) -> bool:
    return isinstance(value, (str, int, float)) or (
        isinstance(value, (list, tuple)) and all(isinstance(v, (str, int)) for v in value)
    )


def is_problem(value: Any) -> bool:
    """Whether a note's value is a problem to say in words (``problem_of``'s dict or a refusal's)."""
    return isinstance(value, dict) and ("reason" in value or "rule" in value)


def describe(tr: Translator, problem: dict[str, Any]) -> str:
    """The problem in the translator's language: a refusal as ``explain`` says it, anything else by its reason.

    >>> from ui.words import Translator
    >>> describe(Translator("de"), {"reason": "bad_move", "details": {"n": 3, "move": "Ro@0,0"},
    ...                             "cause": {"reason": "tile_format", "details": {"text": "Ro"}}})[:24]
    'Zug 3 (Ro@0,0): „Ro“ ist'
    """
    if problem.get("rule") is not None:
        return tr.explain(problem)
    values: dict[str, Any] = {key: _value(tr, value) for key, value in dict(problem.get("details") or {}).items()}
    cause = problem.get("cause")
    values["why"] = describe(tr, cause) if isinstance(cause, dict) else tr.t(f"problem_{UNKNOWN}")
    key = f"problem_{problem.get('reason')}"
    if key not in CATALOG:
        return tr.t(f"problem_{UNKNOWN}")
    try:
        return tr.t(key, **values)
    except (KeyError, IndexError, ValueError):
        return tr.t(f"problem_{UNKNOWN}")


def _value(tr: Translator, value: Any) -> Any:
    """A list of choices joined in the language's words ('108 or 72', '108 oder 72')."""
    if isinstance(value, (list, tuple)):
        return tr.join_names([str(item) for item in value], tr.t("or"))
    return value
