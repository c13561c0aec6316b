"""The rule panel: the text of one rule of the rules reference (docs/rules.md, shipped in the
archive as data: ``ui.rules_doc``), in the player's language. A rule id in a refusal or a note
is a button that opens it; the examples' tiles are drawn, not spelt in notation, and each example is drawn as a
small board (``rule_diagrams``) that shows where its tiles go and the cells its text names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ui import rule_examples, rules_doc
from ui.words import Translator

from ..web.display import Display
from ..web.dom import by_id, clear, el, set_text
from ..web.rich_text import mini_tile
from . import rule_diagrams

if TYPE_CHECKING:
    from ..play.session import Session


class RulesDialog:
    element_id = "rules-dialog"

    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.actions: dict[str, Callable[[Any], None]] = {}
        self.rule = "C1"
        self._rules: rules_doc.Rules | None = None

    def can_open(self) -> bool:
        return self.rule in self.rules

    @property
    def rules(self) -> rules_doc.Rules:
        if self._rules is None:
            self._rules = rules_doc.load()
        return self._rules

    def render(self) -> None:
        tr = self.display.tr
        text = self.rules[self.rule].get(tr.lang) or self.rules[self.rule]["en"]
        set_text(by_id("rules-title"), tr.t("rule_heading", rule=self.rule, title=text["title"]))
        body = by_id("rules-body")
        clear(body)
        items: Any = None
        die = self._dice()
        examples = rule_examples.diagrams(text["blocks"])
        for (kind, block), diagrams in zip(text["blocks"], examples, strict=True):
            if kind == "li":
                if items is None:
                    items = el("ul")
                    body.appendChild(items)
                target = el("li")
                items.appendChild(target)
            else:
                items = None
                target = el("p")
                body.appendChild(target)
            self._inline(target, block, tr, die)
            if diagrams:
                drawn = rule_diagrams.draw_all(diagrams, self.display.palette, die)
                (target if kind == "li" else body).appendChild(drawn)

    def _dice(self) -> bool:
        """Whether the examples' tiles are drawn as Cubes dice: a Q rule read during a Cubes game."""
        return bool(
            self.session.has_game() and self.session.controller.current.variant.dice and self.rule.startswith("Q")
        )

    def _inline(self, node: Any, text: str, tr: Translator, die: bool) -> None:
        """Words as text; code spans as tile pictures when they name tiles or placements (their cells in words for
        screen readers only: the example's diagram shows where they go)."""
        from pyscript import document

        for i, part in enumerate(text.split("`")):
            if i % 2 == 0:
                node.appendChild(document.createTextNode(part))
                continue
            for n, token in enumerate(part.split()):
                if n:
                    node.appendChild(document.createTextNode(" "))
                node.appendChild(self._token(token, tr, die))

    def _token(self, token: str, tr: Translator, die: bool) -> Any:
        from qwirkle.tiles import Tile

        code, at, cell = token.partition("@")
        try:
            tile = Tile.from_notation(code)
        except ValueError:
            return el("span", "rule-cell" if "," in token else "rule-code", text=token)
        art = mini_tile(tile, tr, self.display.palette, die, cls="mini-tile mini-tile--inline")
        if not at:
            return art
        wrap = el("span", "rule-placement", children=[art])
        wrap.appendChild(el("span", "visually-hidden", text=" " + tr.t("rule_at", cell=cell)))
        return wrap
