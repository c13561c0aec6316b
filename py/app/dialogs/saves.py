"""The saved-games dialog: resume, review (a finished game), delete or export a save; import a file
(the engine's record)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..play import panels
from ..shared.notes import Note
from ..web.display import Display
from ..web.dom import by_id, clear, data, el, listen
from ..web.tasks import spawn

if TYPE_CHECKING:
    from qwirkle import Game

    from ..play.session import Session


def setup_key(game: Game) -> str:
    """The rule set of a game as named by the registry: 'classic', 'cubes', 'flex72', 'flex108'."""
    from qwirkle.variants import setup_of

    return setup_of(game.variant.name, game.options.tiles).key


class SavesDialog:
    element_id = "saves-dialog"

    def __init__(
        self,
        session: Session,
        display: Display,
        close: Callable[[str], None],
        changed: Callable[[], None],
        review: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session
        self.display = display
        self.close = close
        self.changed = changed
        self.open_review = review
        self.actions: dict[str, Callable[[Any], None]] = {
            "resume-save": self.resume,
            "export-save": self.export,
            "delete-save": self.delete,
            "review-save": self.review,
            "delete-finished": self.delete_finished,
        }
        listen(by_id("import-file"), "change", self._import)

    def can_open(self) -> bool:
        return True

    def render(self) -> None:
        session = self.session
        tr = self.display.tr
        box = by_id("saves-list")
        clear(box)
        saves = session.store.list()
        session.report_problems()
        if session.notice is not None:
            box.appendChild(el("li", "note note--warn", text=panels.note_text(session.notice, tr)))
        if not saves:
            box.appendChild(el("li", "muted", text=tr.t("saves_empty")))
        finished = sum(1 for saved in saves if saved.game.is_over)
        if finished:  # the way to make room when the browser's storage is full (autosave.py)
            box.appendChild(
                el(
                    "li",
                    "saves__finished",
                    children=[
                        el(
                            "button",
                            "btn btn--small",
                            text=tr.tn("delete_finished", finished),
                            attrs={"type": "button", "data-action": "delete-finished"},
                        )
                    ],
                )
            )
        current = session.controller.game_id if session.has_game() else None
        from pyscript import window

        for saved in saves:
            game = saved.game
            text = tr.t(
                "save_item",
                variant=tr.t(f"variant_{setup_key(game)}"),
                players=tr.join_names(list(game.options.players)),
                n=saved.move_count,
            )
            tags = [tr.t(key) for key, on in (("save_over", game.is_over), ("save_current", saved.id == current)) if on]
            when = str(window.Date.new(saved.updated * 1000).toLocaleString(tr.lang))
            item = el("li", "save", attrs={"data-id": saved.id})
            item.appendChild(el("span", "save__text", text=text + (f" ({', '.join(tags)})" if tags else "")))
            item.appendChild(el("span", "save__when muted", text=when))
            buttons = el("span", "save__buttons")
            actions = [("resume-save", "resume"), ("export-save", "export"), ("delete-save", "delete")]
            if game.is_over and self.open_review is not None:  # never during a game: racks are hidden
                actions.insert(1, ("review-save", "review"))
            for action, key in actions:
                buttons.appendChild(
                    el(
                        "button",
                        "btn btn--small",
                        text=tr.t(key),
                        attrs={
                            "type": "button",
                            "data-action": action,
                            "data-id": saved.id,
                            "aria-label": f"{tr.t(key)}: {text}",
                        },
                    )
                )
            item.appendChild(buttons)
            box.appendChild(item)

    # -- actions ------------------------------------------------------------------------------
    def resume(self, button: Any) -> None:
        saved = self.session.store.load(data(button, "id") or "")
        self.close("saves")
        if saved is not None:
            self.session.resume(saved)
        else:
            self.session.report_problems()
            self.changed()

    def review(self, button: Any) -> None:
        if self.open_review is not None:
            self.close("saves")
            self.open_review(data(button, "id") or "")

    def delete(self, button: Any) -> None:
        game_id = data(button, "id") or ""
        self.session.store.delete(game_id)
        if self.session.has_game() and self.session.controller.game_id == game_id:
            self.session.leave()  # the game in play is gone: it must not be saved back
        self.session.notice = Note("deleted")
        self.render()
        self.changed()

    def delete_finished(self, _button: Any) -> None:
        """Make room: every finished game goes (the player's choice), then the game in play is saved again."""
        count = self.session.store.delete_finished()
        if self.session.has_game():
            self.session.controller.save()
        self.session.notice = Note("deleted_finished", count=count)
        self.render()
        self.changed()

    def export(self, button: Any) -> None:
        from .download import download_game

        refusal = download_game(self.session.store, data(button, "id") or "")
        if refusal is not None:
            self.session.notice = refusal
            self.render()

    def _import(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            spawn(self._read_file(files.item(0)))

    async def _read_file(self, file: Any) -> None:
        from qwirkle.errors import RecordError
        from qwirkle.limits import MAX_RECORD_BYTES
        from ui.problems import problem_of

        from ..store.saves import ImportRefused

        try:
            if int(file.size) > 4 * MAX_RECORD_BYTES:  # no record is that large: not read at all
                raise RecordError(f"file: {int(file.size)} bytes, larger than any game record", reason="too_big")
            self.session.store.import_text(str(await file.text()))
            self.session.notice = Note("import_done")
        except ImportRefused as refused:
            self.session.notice = Note(f"import_{refused.reason}", level="warn" if refused.game_id else "error")
        except ValueError as error:
            self.session.notice = Note("import_failed", {"error": problem_of(error)}, level="error")
        by_id("import-file").value = ""
        self.render()
        self.changed()
