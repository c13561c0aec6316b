"""How the page is shown: the language (one ``ui.words.Translator``) and the tile palette.

One object shared by every renderer and dialog, so a change of language or palette reaches all
of them; the page saves it in the settings.
"""

from __future__ import annotations

from dataclasses import dataclass

from ui.tiles_svg import PALETTES
from ui.words import Translator


@dataclass
class Display:
    tr: Translator
    palette: str = "standard"

    def set_language(self, lang: str) -> None:
        self.tr = Translator(lang)

    def set_palette(self, name: str) -> None:
        self.palette = name if name in PALETTES else "standard"
