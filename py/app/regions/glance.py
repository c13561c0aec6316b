"""The glance: the game screen as a resume of the current game shows it, kept beside its save (``qwirkle.glance``)
so that the next visit draws it before Python starts (js/early-game.js; docs/architecture.md, "Boards before
Python"). A region of the game screen that draws into the storage instead of the page.

It holds what the screen shows, in words already in the player's language: the board's tiles (the last move marked)
and what a resume fits in the board's box, the scores, the status line, the bag, who started and why and the newest
entries of the move log (split around their rule ids: text, rule, text...), the words of the screen's buttons and
headings, the note a resume shows, what the opening asks above the rack (split the same way), and the rack of the
player to move only when a resume shows it to them: never at a hand-over (the hand-over card's words instead), a
computer's or a friend's turn, or any seat that is not a person at this device. It is written when the save, the
language, the palette or what a resume fits changed, and only while nothing is pending or chosen (what a resume
shows); js/early-game.js draws it only when its game and revision are the saved current game's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.words import RULE_ID

from ..play import panels
from ..play.board_model import last_move_cells
from ..play.session import resumed_note
from ..shared.notes import PLACE
from ..store.beside import save_beside
from ..store.saves import GLANCE

if TYPE_CHECKING:
    from ui.words import Translator

    from ..play.controller import Controller
    from ..play.session import Session
    from ..web.display import Display
    from .board import BoardRegion
    from .rack import RackRegion

# The texts of the game screen that the page's markup names by key (data-i18n, data-i18n-label, data-i18n-title).
WORDED = "#game [data-i18n], #game [data-i18n-label], #game [data-i18n-title]"
KEY_ATTRIBUTES = ("data-i18n", "data-i18n-label", "data-i18n-title")
LATER = 0.5  # seconds after a drawing that the glance is kept
LOG_ENTRIES = 10  # the newest turns of the move log: more than a side panel shows before it scrolls


def handover_on_resume(c: Controller) -> bool:
    """A resume hides the racks until the person to move shows theirs (``Seating.needs_handover`` once the device
    changed hands: nobody has shown their tiles yet)."""
    game = c.current
    return c.human_to_move and len(c.human_seats) > 1 and not game.variant.hands_open


def glance(
    c: Controller,
    tr: Translator,
    palette: str,
    fit: tuple[Any, ...],
    rack: list[tuple[str, bool, bool]] | None,
    texts: dict[str, str],
    actions: list[str],
) -> dict[str, Any]:
    """The glance of ``c``'s game. ``fit``: what a resume fits (``BoardRegion.resumed_fit``); ``rack``: the rack of the
    player to move, only when a resume shows it; ``texts``: the screen's words by key; ``actions``: the buttons
    shown."""
    game = c.current
    names = panels.player_names(c, tr)
    handover = handover_on_resume(c)
    name = names[game.to_move]
    kind, who, todo = (panels.HANDOVER, tr.t("privacy_title", name=name), "") if handover else panels.status(c, tr)
    last = last_move_cells(c)
    headline, lines, is_error = panels.preview_lines(c, tr)  # with nothing pending: what the opening asks, if it does
    value: dict[str, Any] = {
        "id": c.game_id,
        "revision": c.revision,
        "lang": tr.lang,
        "palette": palette,
        "dice": game.variant.dice,
        "board": [[tile.notation(), x, y, (x, y) in last] for (x, y), tile in sorted(game.board.tiles.items())],
        "fit": fit,
        "status": [kind, who, todo],
        "thinking": c.computer_to_move,
        "scores": [[row.name, row.level, row.score, row.turn] for row in panels.score_rows(c, tr)],
        "bag": panels.bag_text(c, tr),
        "opening": RULE_ID.split(panels.opening_text(c, tr) if len(game.history) <= len(c.seats) else ""),
        "log": [
            [
                e.seat,
                e.name,
                [t.notation() for t in e.tiles],
                e.points,
                tr.t("qwirkle_shout") if e.qwirkles else "",
                e.text,
                [RULE_ID.split(line) for line in e.details],
            ]
            for e in reversed(panels.log_entries(c, tr, len(game.history) - LOG_ENTRIES))
        ],
        "texts": texts,
        "actions": actions,
        "note": panels.note_text(resumed_note(len(game.history)), tr),
        "preview": RULE_ID.split(headline) if headline and not (handover or lines or is_error) else [],
        "busy": tr.t("loading_python"),
    }
    if handover:
        value["handover"] = [tr.t("privacy_title", name=name), tr.t("show_tiles", name=name)]
    elif rack is not None:
        value["rack"] = rack
        value["rack_label"] = tr.t("rack_open_label" if game.variant.dice else "rack_label", name=name)
    return value


def rack_on_resume(c: Controller) -> int | None:
    """The seat whose rack a resume shows to the person holding the device: the person to move, unless the device
    must change hands first."""
    if not c.human_to_move or handover_on_resume(c):
        return None
    return c.current.to_move


class GlanceRegion:
    """Keeps the glance of the game at the table in the storage (``region.render`` after every drawing)."""

    def __init__(self, session: Session, display: Display, board: BoardRegion, rack: RackRegion) -> None:
        self.session = session
        self.display = display
        self.board = board
        self.rack = rack
        self.kept: tuple[Any, ...] | None = None
        self.waiting = False  # a keep is on its way

    def forget(self) -> None:
        self.kept = None

    def render(self) -> None:
        """Keep the glance a moment after the page is drawn (``LATER``): off the start-up's path, where the page
        would take a tap; what is kept is what the page shows then (a glance a reload finds stale is not drawn)."""
        if not self.waiting:
            self.waiting = True
            self.session.host.spawn(self._later())

    async def _later(self) -> None:
        await self.session.host.sleep(LATER)
        self.waiting = False
        self.keep()

    def keep(self) -> None:
        c = self.session.controller
        game = c.game
        if game is None or game.is_over or c.puzzle or c.game_id is None or c.turn.pending or c.turn.mode != PLACE:
            return
        fit = self.board.resumed_fit()
        tr = self.display.tr
        key = (c.game_id, c.revision, tr.lang, self.display.palette, fit)
        if key == self.kept:
            return
        self.kept = key
        from pyscript import document

        texts: dict[str, str] = {}
        for node in document.querySelectorAll(WORDED):
            for attribute in KEY_ATTRIBUTES:
                word = node.getAttribute(attribute)
                if isinstance(word, str) and word:
                    texts[word] = tr.t(word)
        actions = [
            str(b.getAttribute("data-action")) for b in document.querySelectorAll("#actions button") if not b.hidden
        ]
        seat = rack_on_resume(c)
        rack = self.rack.resumed(seat) if seat is not None else None
        value = glance(c, tr, self.display.palette, fit, rack, texts, actions)
        save_beside(self.session.store, GLANCE, value)
