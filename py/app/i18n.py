"""Every text of the app in English and French, and the words for tiles and refused moves.

The engine speaks English and gives each refusal a rule id, a ``reason`` code and ``details``;
this module turns those into a sentence in the chosen language (``explain``)::

    >>> Translator("fr").t("play")
    'Jouer'
    >>> Translator("en").tn("tiles_count", 1)
    '1 tile'
"""

from __future__ import annotations

from typing import Any, Iterable

from .strings_en import EN
from .strings_fr import FR

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"
MESSAGES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}

# Tile words. French colour adjectives agree with the shape noun (gender) and the number.
COLORS = {
    "en": ("red", "orange", "yellow", "green", "blue", "purple"),
    "fr": ("rouge", "orange", "jaune", "vert", "bleu", "violet"),
}
_FR_COLOR_FORMS = {  # masc sg, fem sg, masc pl, fem pl
    "rouge": ("rouge", "rouge", "rouges", "rouges"),
    "orange": ("orange", "orange", "orange", "orange"),
    "jaune": ("jaune", "jaune", "jaunes", "jaunes"),
    "vert": ("vert", "verte", "verts", "vertes"),
    "bleu": ("bleu", "bleue", "bleus", "bleues"),
    "violet": ("violet", "violette", "violets", "violettes"),
}
SHAPES = {
    "en": ("circle", "square", "diamond", "clover", "4-point star", "8-point star"),
    "fr": ("cercle", "carré", "losange", "trèfle", "étoile à 4 branches", "étoile à 8 branches"),
}
_SHAPES_PLURAL = {
    "en": ("circles", "squares", "diamonds", "clovers", "4-point stars", "8-point stars"),
    "fr": ("cercles", "carrés", "losanges", "trèfles", "étoiles à 4 branches", "étoiles à 8 branches"),
}
_FR_FEMININE = (False, False, False, False, True, True)
BACKGROUNDS = {
    "en": ("", "black", "white", "two-tone"),
    "fr": ("", "noir", "blanc", "bicolore"),
}


def normalize_language(value: Any) -> str:
    """A supported language code from a setting or a browser language ('fr-FR' -> 'fr')."""
    if isinstance(value, str):
        code = value.strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Translator:
    """Texts of one language; a key missing in French falls back to English."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = normalize_language(lang)

    def t(self, key: str, /, **values: Any) -> str:
        text = MESSAGES[self.lang].get(key)
        if text is None:
            text = EN.get(key, key)
        return text.format(**values) if values else text

    def tn(self, key: str, count: int, /, **values: Any) -> str:
        """A text with a number: ``key_one`` for 1 (and 0 in French), ``key_other`` otherwise."""
        one = count == 1 or (self.lang == "fr" and count == 0)
        return self.t(f"{key}_{'one' if one else 'other'}", n=count, **values)

    # -- tiles -------------------------------------------------------------------------------
    def color(self, color: int) -> str:
        return COLORS[self.lang][color]

    def shape(self, shape: int, plural: bool = False) -> str:
        return (_SHAPES_PLURAL if plural else SHAPES)[self.lang][shape]

    def tile(self, tile: Any, plural: bool = False, die: bool = False) -> str:
        """'yellow diamond', 'losange jaune', 'black blue square', 'carré bleu sur fond noir'."""
        background = getattr(tile, "background", 0)
        if self.lang == "fr":
            forms = _FR_COLOR_FORMS[COLORS["fr"][tile.color]]
            adjective = forms[(2 if plural else 0) + (1 if _FR_FEMININE[tile.shape] else 0)]
            noun = self.shape(tile.shape, plural)
            text = f"{noun} {adjective}"
            if background:
                text += f" sur fond {BACKGROUNDS['fr'][background]}"
            return f"dé {text}" if die and not plural else text
        text = f"{self.color(tile.color)} {self.shape(tile.shape, plural)}"
        if background:
            text = f"{BACKGROUNDS['en'][background]} {text}"
        return f"{text} die" if die and not plural else text

    def tiles(self, tiles: Iterable[Any]) -> str:
        return ", ".join(self.tile(t) for t in tiles)

    def join_names(self, names: list[str]) -> str:
        """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (et in French)."""
        word = self.t("and")
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {word} {names[-1]}"

    # -- refusals ----------------------------------------------------------------------------
    def explain(self, error: Any) -> str:
        """'C5: this row would hold two yellow diamonds.' from an ``IllegalMoveError`` (or its
        ``to_json()`` dict). Unknown reasons fall back to the engine's English message."""
        get = error.get if isinstance(error, dict) else lambda name, default=None: getattr(error, name, default)
        rule = get("rule", "") or ""
        reason = get("reason", "") or ""
        details = dict(get("details", {}) or {})
        cells = [_cell(c) for c in (get("cells", ()) or ())]
        values: dict[str, Any] = {"rule": rule}
        for key, value in details.items():
            values[key] = value
        if "tile" in details:
            from qwirkle.tiles import Tile  # the engine is loaded by then; keep this module light
            try:
                tile = Tile.from_notation(str(details["tile"]))
                values["tile_name"] = self.tile(tile)
                values["tiles_name"] = self.tile(tile, plural=True)
            except ValueError:
                values["tile_name"] = values["tiles_name"] = str(details["tile"])
        if cells:
            values["cell"] = f"{cells[0][0]},{cells[0][1]}"
            values["line"] = self.t("line_row" if len({y for _, y in cells}) == 1 else "line_column")
        key = f"why_{rule}_{reason}"
        if key not in EN:
            key = f"why_{reason}"
        if key in EN:
            try:
                sentence = self.t(key, **values)
            except (KeyError, IndexError):
                sentence = get("message", "") or reason
        else:
            sentence = get("message", "") or reason
        return f"{rule}: {sentence}" if rule else sentence

    def rule_title(self, rule: str) -> str:
        return self.t(f"rule_{rule}")


def _cell(value: Any) -> tuple[int, int]:
    if isinstance(value, str):
        x, _, y = value.partition(",")
        return int(x), int(y)
    return int(value[0]), int(value[1])
