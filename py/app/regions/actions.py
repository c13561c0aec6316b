"""The action buttons under the rack (their names are a fixed contract) and the message line.

A button that cannot be used now stays visible with ``aria-disabled`` (pressing it says why);
buttons that make no sense now are hidden. The message line shows the session's notice, else
the controller's note, else why Exchange or Roll is unavailable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..play import panels
from ..shared.notes import EXCHANGE, PLACE, ROLL
from ..web.display import Display
from ..web.dom import by_id, data, set_attr, set_text
from ..web.rich_text import fill

if TYPE_CHECKING:
    from ..play.session import Session


def enable(button: Any, enabled: bool, visible: bool = True) -> None:
    button.hidden = not visible
    set_attr(button, "aria-disabled", None if enabled else "true")


class ActionsRegion:
    def __init__(self, session: Session, display: Display) -> None:
        self.session = session
        self.display = display
        self.buttons = {data(b, "action"): b for b in by_id("actions").querySelectorAll("button")}
        self.note = by_id("note")
        self.drawn: Any = None

    def forget(self) -> None:
        self.drawn = None

    def render(self) -> None:
        session = self.session
        c = session.controller
        game = c.current
        buttons = self.buttons
        interactive = c.interactive
        mode = c.turn.mode
        placing = interactive and mode == PLACE
        exchange = c.exchange_availability()
        roll = c.roll_availability()
        enable(buttons["play"], placing and c.can_play(), visible=mode == PLACE)
        enable(buttons["recall"], placing and bool(c.turn.pending), visible=mode == PLACE)
        turn = mode == PLACE and not c.puzzle  # a puzzle asks for one play: no other kind of turn, no help
        enable(buttons["hint"], placing and not session.hinting, visible=turn and bool(c.human_seats))
        enable(buttons["exchange"], placing and exchange.enabled, visible=turn and game.variant.can_exchange)
        enable(buttons["roll"], placing and roll.enabled, visible=turn and game.variant.dice)
        enable(buttons["pass"], placing and c.can_pass(), visible=placing and c.can_pass())
        enable(
            buttons["undo"],
            c.can_undo() and not c.computer_to_move and not session.running,
            visible=not game.is_over and not c.puzzle,
        )
        done = game.is_over or (c.puzzle and not c.human_to_move)
        if done:
            for name in ("play", "recall", "hint", "exchange", "roll"):
                buttons[name].hidden = True
        by_id("actions").hidden = done
        in_mode = interactive and mode in (EXCHANGE, ROLL)
        buttons["confirm"].hidden = not in_mode
        buttons["cancel-mode"].hidden = not in_mode
        if in_mode:
            key = "confirm_exchange" if mode == EXCHANGE else "confirm_roll"
            set_text(buttons["confirm"], f"{self.display.tr.t(key)} ({len(c.turn.marked)})")
            enable(buttons["confirm"], bool(c.turn.marked))
        self._render_note(placing)

    def _render_note(self, placing: bool) -> None:
        c = self.session.controller
        game = c.current
        tr = self.display.tr
        note = c.note if c.interactive or c.note is None or c.note.level != "info" else None
        shown = self.session.notice or note
        text = panels.note_text(shown, tr)
        if not text and placing:
            why = c.exchange_availability().why or c.roll_availability().why
            if why is not None and not game.is_opening:
                text = panels.note_text(why, tr)
        tiles = panels.tiles_of(shown) if text else []
        signature = (text, tuple(tiles), self.display.palette)
        if signature != self.drawn:
            self.drawn = signature
            fill(self.note, text, tr, tiles, self.display.palette, game.variant.dice)
        self.note.className = f"note note--{shown.level if shown is not None else 'info'}"
