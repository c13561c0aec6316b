"""Words of the game and of embedded boards in every language: one translator for both (``Translator``).

The engine speaks English and gives each refusal a rule id, a ``reason`` code and ``details``;
this module turns those into a sentence in the chosen language (``explain``), names tiles and
describes scored lines.

English is the reference table (``ui.english.CATALOG``); the other languages are gettext catalogs
(``locale/<lang>.po``, compiled to ``ui/locale/<lang>.mo``), read by Python's ``gettext`` the first
time a language is shown. No DOM and no engine import at module level: the page imports this at
start-up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .cells import cell_text, parse_cell_text
from .english import CATALOG
from .english.tiles import BACKGROUND_WORDS, COLOR_WORDS, SHAPE_WORDS

RULE_ID = re.compile(r"\b([CQF](?:10|[1-9]))\b")  # a rule's id in a text ("C5", "Q4", "F3"): a link to its text

# Each language named in itself, in the menu's order.
LANGUAGE_NAMES = {"de": "Deutsch", "en": "English", "es": "Español", "fr": "Français", "nl": "Nederlands"}
LANGUAGES = tuple(LANGUAGE_NAMES)
DEFAULT_LANGUAGE = "en"


def normalize_language(value: Any) -> str:
    """A supported language code from a setting or a browser language ('fr-FR' -> 'fr')."""
    if isinstance(value, str):
        code = value.strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


def first_language(values: Iterable[Any]) -> str:
    """The first supported language of a browser's list (navigator.languages), else English."""
    for value in values:
        if isinstance(value, str) and value.strip().lower()[:2] in LANGUAGES:
            return normalize_language(value)
    return DEFAULT_LANGUAGE


class _English:
    """English is the reference table itself: no catalog to read."""

    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message

    @staticmethod
    def npgettext(context: str, singular: str, plural: str, count: int) -> str:
        return singular if count == 1 else plural


_CATALOGS: dict[str, Any] = {"en": _English}


def catalog(lang: str) -> Any:
    """The compiled gettext catalog of a language (``ui/locale/<lang>.mo``, built from
    ``locale/<lang>.po`` by scripts/build/i18n.py), read by Python's own gettext the first time a page
    shows that language. A missing catalog leaves that language in English."""
    found = _CATALOGS.get(lang)
    if found is None:
        import gettext
        import io
        import pkgutil

        try:
            data = pkgutil.get_data(__name__.rpartition(".")[0], f"locale/{lang}.mo")
        except OSError:
            data = None
        found = gettext.GNUTranslations(io.BytesIO(data)) if data else _English
        _CATALOGS[lang] = found
    return found


# French spacing, (ordinary space + sign) -> (no-break space + sign): translators write plain
# spaces in the catalog and the page typesets them. Plain replacements: they run once per text.
_FR_SPACING = (
    ("« ", "«\u00a0"),
    (" »", "\u00a0»"),
    (" :", "\u00a0:"),
    (" ;", "\u202f;"),
    (" !", "\u202f!"),
    (" ?", "\u202f?"),
)


def typeset(lang: str, text: str) -> str:
    """A language's typography that a catalog leaves to the page: French spacing before : ; ! ?
    and inside « »."""
    if lang == "fr":
        for plain, spaced in _FR_SPACING:
            text = text.replace(plain, spaced)
    return text


_TEXTS: dict[str, dict[str, str]] = {}


def text_of(lang: str, key: str) -> str | None:
    """The text of a key in a language, typeset, or None for an unknown key."""
    texts = _TEXTS.setdefault(lang, {})
    found = texts.get(key)
    if found is None:
        english = CATALOG.get(key)
        if english is None:
            return None
        found = texts[key] = typeset(lang, catalog(lang).pgettext(key, english))
    return found


class Translator:
    """Texts of one language; a key missing in French falls back to English.

    A game of Qwirkle Cubes is played with dice, not tiles: a translator made ``with_dice(True)`` says
    ``key_dice`` wherever the tables have one (``key_dice_one``/``key_dice_other`` for counted texts),
    so that no caller has to know which words change::

        >>> Translator("fr").with_dice(True).t("todo_opening", size=2)
        "ouvrez avec 2 dés en ligne, n'importe où"
        >>> Translator("en").with_dice(True).tn("bag", 3), Translator("en").t("tracker")
        ('Bag: 3 dice', 'Tile tracker')

    Refusals become a sentence (``explain``); tiles are named and scored lines described::

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
    """

    def __init__(self, lang: str = DEFAULT_LANGUAGE, dice: bool = False) -> None:
        self.lang = normalize_language(lang)
        self.dice = dice

    def with_dice(self, dice: bool) -> Translator:
        """This language, speaking of dice (a Cubes game) or of tiles."""
        return self if dice == self.dice else Translator(self.lang, dice)

    def t(self, key: str, /, **values: Any) -> str:
        if self.dice and f"{key}_dice" in CATALOG:
            key = f"{key}_dice"
        text = text_of(self.lang, key)
        if text is None:
            text = key
        return text.format(**values) if values else text

    def tn(self, key: str, count: int, /, **values: Any) -> str:
        """A text with a number, in the plural form the language's catalog gives ``count``
        (1 is singular everywhere, 0 too in French); English keys ``key_one``/``key_other``."""
        if self.dice and f"{key}_dice_one" in CATALOG:
            key = f"{key}_dice"
        singular, plural = CATALOG.get(f"{key}_one"), CATALOG.get(f"{key}_other")
        if singular is None or plural is None:
            return f"{key}_other"
        text = typeset(self.lang, catalog(self.lang).npgettext(key, singular, plural, count))
        return text.format(n=count, **values)

    def points(self, count: int) -> str:
        """'1 point', '0 point' (French), '12 points'."""
        return self.tn("points", count)

    def decimal(self, value: float, digits: int = 1) -> str:
        """'7.5' in English, '7,5' in French, German, Spanish and Dutch."""
        return f"{value:.{digits}f}".replace(".", self.t("decimal_point"))

    # -- tiles -------------------------------------------------------------------------------
    def color(self, color: int) -> str:
        return self.t(f"color_{COLOR_WORDS[color]}")

    def shape(self, shape: int) -> str:
        return self.t(f"shape_{SHAPE_WORDS[shape]}")

    def tile(self, tile: Any, plural: bool = False, die: bool = False) -> str:
        """'yellow diamond', 'losange jaune', 'black blue square', 'carré bleu sur fond noir':
        each language's whole phrase from its catalog (agreement is the translator's)."""
        name = self.tn(f"tile_{COLOR_WORDS[tile.color]}_{SHAPE_WORDS[tile.shape]}", 2 if plural else 1)
        background = getattr(tile, "background", 0)
        if background:
            name = self.t(f"tile_{BACKGROUND_WORDS[background]}", tile=name)
        return self.t("tile_die", tile=name) if die and not plural else name

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
        if line.kind == "diagonal":
            return self.t(f"line_diagonal_{BACKGROUND_WORDS[tiles[0].background]}")
        if len({t.color for t in tiles}) == 1:
            return self.t(f"line_{line.kind}_{COLOR_WORDS[tiles[0].color]}")
        return self.t(f"line_{line.kind}_{SHAPE_WORDS[tiles[0].shape]}")

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
        ``to_json()`` dict). A reason without a sentence is said in general words (``why_unknown``), never in the
        engine's English."""
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
        if key not in CATALOG:
            key = f"why_{reason}"
        try:
            sentence = self.t(key if key in CATALOG else "why_unknown", **values)
        except (KeyError, IndexError):
            sentence = self.t("why_unknown")
        return self.t("refusal", rule=rule, text=sentence) if rule else sentence

    def problem(self, error: Any) -> str:
        """Any error the page shows, in words: an engine refusal, unreadable notation, a bad record, link or file
        (``ui.problems``; ``error`` an exception or its ``problem_of`` dict)."""
        from .problems import describe, problem_of

        return describe(self, error if isinstance(error, dict) else problem_of(error))

    def rule_title(self, rule: str) -> str:
        return self.t(f"rule_{rule}")


def _capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]
