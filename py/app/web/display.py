"""How the page is shown: the language (one ``ui.words.Translator``, speaking of dice in a Cubes game)
and the tile palette.

One object shared by every renderer and dialog, so a change of language or palette reaches all
of them; the page saves it in the settings.
"""

from __future__ import annotations

from ui.tiles_svg import PALETTES
from ui.words import Translator


class Display:
    """The translator and the palette's name (a plain class: the page makes it while it starts,
    see ui.values)."""

    __slots__ = ("tr", "palette")

    def __init__(self, tr: Translator, palette: str = "standard") -> None:
        self.tr = tr
        self.palette = palette

    def set_language(self, lang: str) -> None:
        self.tr = Translator(lang, self.tr.dice)

    def set_dice(self, dice: bool) -> bool:
        """Speak of dice (a Qwirkle Cubes game is on) or of tiles; whether that changed."""
        changed = dice != self.tr.dice
        self.tr = self.tr.with_dice(dice)
        return changed

    def set_palette(self, name: str) -> None:
        self.palette = name if name in PALETTES else "standard"
