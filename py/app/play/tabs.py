"""Two tabs on one game: a tab never overwrites a newer state of the game, and a stale tab catches up.

Every tab of a browser shares its localStorage. Each save carries a revision (``saves``); a tab remembers the
revision it last read or wrote (``Controller.revision``), and autosave refuses to write over a newer one
(``autosave``). A tab learns that another one moved in two ways:

* the browser's ``storage`` event, sent to the other tabs when a save changes (``storage_changed``): the game is
  reloaded from the save before this tab can move again;
* a refused autosave (``Controller.stale``), when both moved at once: the save is not touched, this tab's move is
  dropped and the game reloaded as the other tab left it.

Either way the player is told (``other_tab``). A tab that caught up by the event follows the other one: its
computer players wait (``session.FOLLOW_SECONDS``) for the other tab's moves instead of computing them twice, and
take over when that tab goes quiet (closed) or when a human moves here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..shared.notes import Note
from ..store.saves import SAVE_PREFIX

if TYPE_CHECKING:
    from ..store.save_format import SavedGame
    from ..store.saves import SaveStore
    from .controller import Controller


class Tab(Protocol):
    """What this module needs from the page's session (``session.Session`` is one)."""

    store: SaveStore
    notice: Note | None
    following: bool

    @property
    def controller(self) -> Controller: ...
    def has_game(self) -> bool: ...
    def resume(self, saved: SavedGame) -> None: ...
    def report_problems(self) -> None: ...


def catch_up(session: Tab) -> bool:
    """Reload the game in play from its save (another tab moved on); True when it was reloaded."""
    c = session.controller
    game_id = c.game_id
    if not session.has_game() or game_id is None:
        return False
    saved = session.store.load(game_id)
    if saved is None:  # deleted, or unreadable (then moved aside and reported): this tab goes on as it is
        c.stale = False
        session.report_problems()
        return False
    session.resume(saved)
    session.notice = Note("other_tab", level="warn")
    return True


def storage_changed(session: Tab, key: str | None) -> bool:
    """The ``storage`` event: ``key`` changed in another tab (None: the storage was cleared). Catch up when it is
    a newer state of the game in play; True when the game was reloaded."""
    if not session.has_game():
        return False
    c = session.controller
    if c.game_id is None or (key is not None and key != SAVE_PREFIX + c.game_id):
        return False
    if session.store.revision(c.game_id) <= (c.revision or 0):
        return False
    reloaded = catch_up(session)
    session.following = reloaded  # the other tab runs the computers; this one waits for its saves
    return reloaded
