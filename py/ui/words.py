"""Words of the game and of embedded boards in English and French: one translator for both.

The engine speaks English and gives each refusal a rule id, a ``reason`` code and ``details``;
this module turns those into a sentence in the chosen language (``explain``), names tiles and
describes scored lines::

    >>> Translator("fr").t("play")
    'Jouer'
    >>> Translator("en").tn("bag", 1), Translator("fr").points(0)
    ('Bag: 1 tile', '0 point')
    >>> from qwirkle import Board, find_variant, score_play
    >>> from qwirkle.notation import parse_placements
    >>> board = Board.from_notation("Ro@0,0 Rs@1,0")
    >>> play = parse_placements("Rd@2,0")
    >>> score = score_play(board, play, find_variant("classic"))
    >>> after = {**board.tiles, **{p.cell: p.tile for p in play}}
    >>> Translator("en").breakdown(score.lines, after)
    ['Red row: 3 points']
    >>> Translator("fr").breakdown(score.lines, after)   # French spacing: a no-break space before ':'
    ['Ligne rouge\xa0: 3 points']

No DOM and no engine import at module level: the page imports this at start-up.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .cells import cell_text, parse_cell_text
from .strings_en import EN

LANGUAGES = ("en", "fr")
DEFAULT_LANGUAGE = "en"


def messages(lang: str) -> dict[str, str]:
    """The string table of a language: French is imported only when a page shows French (start-up)."""
    if lang == "fr":
        from .strings_fr import FR
        return FR
    return EN


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
# French adjectives agreeing with ligne / colonne / diagonale (all feminine).
_FR_COLORS_FEMININE = ("rouge", "orange", "jaune", "verte", "bleue", "violette")
_FR_BACKGROUNDS_FEMININE = ("", "noire", "blanche", "bicolore")


def is_singular(lang: str, count: int) -> bool:
    """The one plural rule: 1 is singular, and 0 too in French."""
    return count == 1 or (lang == "fr" and count == 0)


def normalize_language(value: Any) -> str:
    """A supported language code from a setting or a browser language ('fr-FR' -> 'fr')."""
    if isinstance(value, str):
        code = value.strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Translator:
    """Texts of one language; a key missing in French falls back to English.

    A game of Qwirkle Cubes is played with dice, not tiles: a translator made ``with_dice(True)`` says
    ``key_dice`` wherever the tables have one (``key_dice_one``/``key_dice_other`` for counted texts),
    so that no caller has to know which words change::

        >>> Translator("fr").with_dice(True).t("todo_opening", size=2)
        "ouvrez avec 2 dés en ligne, n'importe où"
        >>> Translator("en").with_dice(True).tn("bag", 3), Translator("en").t("tracker")
        ('Bag: 3 dice', 'Tile tracker')
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, dice: bool = False) -> None:
        self.lang = normalize_language(lang)
        self.dice = dice

    def with_dice(self, dice: bool) -> "Translator":
        """This language, speaking of dice (a Cubes game) or of tiles."""
        return self if dice == self.dice else Translator(self.lang, dice)

    def t(self, key: str, /, **values: Any) -> str:
        if self.dice and f"{key}_dice" in EN:
            key = f"{key}_dice"
        text = messages(self.lang).get(key)
        if text is None:
            text = EN.get(key, key)
        return text.format(**values) if values else text

    def tn(self, key: str, count: int, /, **values: Any) -> str:
        """A text with a number: ``key_one`` for 1 (and 0 in French), ``key_other`` otherwise."""
        form = "one" if is_singular(self.lang, count) else "other"
        if self.dice and f"{key}_dice_{form}" in EN:
            key = f"{key}_dice"
        return self.t(f"{key}_{form}", n=count, **values)

    def points(self, count: int) -> str:
        """'1 point', '0 point' (French), '12 points'."""
        return self.tn("points", count)

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

    def join_names(self, names: list[str], word: str | None = None) -> str:
        """'Ann', 'Ann and Bob', 'Ann, Bob and Cy' (et in French); ``word`` instead of 'and'."""
        word = word or self.t("and")
        if len(names) <= 1:
            return "".join(names)
        return f"{', '.join(names[:-1])} {word} {names[-1]}"

    # -- scored lines ------------------------------------------------------------------------
    def line_name(self, line: Any, tiles: Sequence[Any]) -> str:
        """'red row', 'column of squares', 'black diagonal', 'single tile' (a line scores one point
        per tile, so its length is in its points)."""
        if len(line.cells) < 2:
            return self.t("line_single")
        kind = self.t(f"line_{line.kind}")
        if line.kind == "diagonal":
            background = tiles[0].background
            name = (_FR_BACKGROUNDS_FEMININE if self.lang == "fr" else BACKGROUNDS["en"])[background]
            return self.t("line_background", kind=kind, background=name)
        if len({t.color for t in tiles}) == 1:
            color = _FR_COLORS_FEMININE[tiles[0].color] if self.lang == "fr" else self.color(tiles[0].color)
            return self.t("line_color", kind=kind, color=color)
        shapes = self.shape(tiles[0].shape, plural=True)
        text = self.t("line_shape", kind=kind, shapes=shapes)
        if self.lang == "fr" and shapes[:1] in "aeéiouy":
            text = text.replace(f" de {shapes}", f" d'{shapes}")  # colonne d'étoiles
        return text

    def line(self, line: Any, tiles: Sequence[Any]) -> str:
        """One scored line: 'red row: 3 points', 'column of squares: Qwirkle, 12 points'."""
        name = self.line_name(line, tiles)
        if line.qwirkle:
            word = self.t("flex_qwirkle" if line.kind == "diagonal" else "qwirkle")
            return self.t("line_qwirkle", line=name, qwirkle=word, points=self.points(line.points))
        return self.t("line_points", line=name, points=self.points(line.points))

    def breakdown(self, lines: Iterable[Any], tiles: Mapping[Any, Any], end_bonus: int = 0) -> list[str]:
        """Every scored line in words, one sentence each; ``tiles`` maps each cell to its tile after the play."""
        rows = [_capitalized(self.line(line, [tiles[cell] for cell in line.cells])) for line in lines]
        if end_bonus:
            rows.append(self.t("end_bonus"))
        return rows

    # -- refusals ----------------------------------------------------------------------------
    def explain(self, error: Any) -> str:
        """'C5: this row would hold two yellow diamonds.' from an ``IllegalMoveError`` (or its
        ``to_json()`` dict). Unknown reasons fall back to the engine's English message."""
        get = error.get if isinstance(error, dict) else lambda name, default=None: getattr(error, name, default)
        rule = get("rule", "") or ""
        reason = get("reason", "") or ""
        details = dict(get("details", {}) or {})
        cells = [cell for cell in map(parse_cell_text, get("cells", ()) or ()) if cell is not None]
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
            values["cell"] = cell_text(cells[0])
        if "line" in details:
            values["line"] = self.t(f"line_{details['line']}")
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
        return self.t("refusal", rule=rule, text=sentence) if rule else sentence

    def rule_title(self, rule: str) -> str:
        return self.t(f"rule_{rule}")


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
