"""Text with the game's pictures and rule links, drawn into a node (no HTML from strings).

* a rule id ("C5", "Q4", "F3") becomes a button that opens that rule's text (``data-rule``);
* tiles are drawn as small pictures, each named in words for screen readers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ui.tiles_svg import tile_svg
from ui.words import RULE_ID, Translator

from .dom import clear, el


def fill(
    node: Any, text: str, tr: Translator, tiles: Iterable[Any] = (), palette: str = "standard", die: bool = False
) -> None:
    """Replace ``node``'s content by ``tiles`` as pictures, then ``text`` with its rule ids as buttons."""
    clear(node)
    for tile in tiles:
        node.appendChild(mini_tile(tile, tr, palette, die))
    append_text(node, text, tr)


def append_text(node: Any, text: str, tr: Translator) -> None:
    """Append ``text`` to ``node``, each rule id in it as a button opening that rule."""
    from pyscript import document

    position = 0
    for match in RULE_ID.finditer(text):
        if match.start() > position:
            node.appendChild(document.createTextNode(text[position : match.start()]))
        rule = match.group(1)
        node.appendChild(
            el(
                "button",
                "rule-ref",
                text=rule,
                attrs={
                    "type": "button",
                    "data-rule": rule,
                    "aria-label": tr.t("rule_open", rule=rule, title=tr.rule_title(rule)),
                },
            )
        )
        position = match.end()
    if position < len(text):
        node.appendChild(document.createTextNode(text[position:]))


def mini_tile(tile: Any, tr: Translator, palette: str = "standard", die: bool = False, cls: str = "mini-tile") -> Any:
    """A small tile picture named in words."""
    item = el("span", cls, attrs={"role": "img", "aria-label": tr.tile(tile, die=die)})
    item.innerHTML = tile_svg(tile, palette, die=die)
    return item
