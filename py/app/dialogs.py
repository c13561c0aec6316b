"""The page's dialogs: new game, saved games (resume, delete, export, import), statistics and
the tile tracker. Each dialog has one delegated click listener."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pyscript import document, window

from . import seats as seat_registry
from .controller import Note
from .dom import by_id, clear, closest, data, el, listen, present, set_text
from .startlink import StartLinkError, make_spec
from .stats import load_stats, reset_stats
from .tiles_svg import tile_svg

if TYPE_CHECKING:
    from .page import App

MAX_SEATS = 4


def default_computer() -> str:
    """The seat picker's computer by default: the medium level when the engine has it."""
    choices = seat_registry.seat_choices()
    wanted = seat_registry.engine_player(seat_registry.COMPUTER)
    return wanted if wanted in choices else choices[1]


class Dialogs:
    def __init__(self, app: "App") -> None:
        self.app = app
        self.seat_rows: list[dict[str, str]] = []  # filled when the dialog first opens (imports the AI)
        for dialog_id in ("new-dialog", "saves-dialog", "stats-dialog", "tracker-dialog"):
            listen(by_id(dialog_id), "click", self._click)
        listen(by_id("new-form"), "submit", self._submit)
        listen(by_id("new-form"), "input", self._input)
        listen(by_id("import-file"), "change", self._import)

    @property
    def tr(self) -> Any:
        return self.app.tr

    def _open(self, dialog_id: str) -> None:
        dialog = by_id(dialog_id)
        if not dialog.open:
            dialog.showModal()

    def refresh(self) -> None:
        """Re-render open dialogs after a language or palette change."""
        if by_id("new-dialog").open:
            self._render_seats()
            self._render_ai_options()
        if by_id("saves-dialog").open:
            self._render_saves()
        if by_id("stats-dialog").open:
            self._render_stats()
        if by_id("tracker-dialog").open:
            self._render_tracker()

    # -- new game ----------------------------------------------------------------------------------
    def open_new_game(self) -> None:
        if not self.seat_rows:
            self.seat_rows = [{"kind": "human", "name": "", "age": ""},
                              {"kind": default_computer(), "name": "", "age": ""}]
        set_text(by_id("new-error"), "")
        self._render_seats()
        self._render_ai_options()
        self._open("new-dialog")

    def _render_ai_options(self) -> None:
        """The hint level and the Expert's time budget, as remembered in settings."""
        from .saves import EXPERT_SECONDS
        settings = self.app.store.settings()
        levels = seat_registry.level_names() or ["medium"]
        level = settings.get("hint_level", "hard")
        self._fill(by_id("hint-level"), [(k, seat_registry.display_name(k, self.tr.lang)) for k in levels], level)
        seconds = settings.get("expert_seconds", "1.5")
        self._fill(by_id("expert-seconds"),
                   [(s, self.tr.t("seconds_value", s=s.replace(".", "," if self.tr.lang == "fr" else ".")))
                    for s in EXPERT_SECONDS], seconds)

    @staticmethod
    def _fill(select: Any, options: list[tuple[str, str]], value: str) -> None:
        clear(select)
        for key, text in options:
            option = el("option", text=text, attrs={"value": key})
            if key == value:
                option.setAttribute("selected", "")
            select.appendChild(option)

    def _render_seats(self) -> None:
        box = by_id("seat-rows")
        clear(box)
        choices = seat_registry.seat_choices()
        for index, row in enumerate(self.seat_rows):
            n = index + 1
            group = el("div", "seat-row", attrs={"role": "group", "aria-label": self.tr.t("seat_n", n=n)})
            group.appendChild(el("span", "seat-row__title", text=self.tr.t("seat_n", n=n)))
            kind_label = el("label", "field", children=[el("span", text=self.tr.t("seat_kind"))])
            select = el("select", attrs={"data-seat": index, "data-field": "kind"})
            for kind in choices:
                option = el("option", text=seat_registry.display_name(kind, self.tr.lang), attrs={"value": kind})
                if kind == row["kind"]:
                    option.setAttribute("selected", "")
                select.appendChild(option)
            kind_label.appendChild(select)
            group.appendChild(kind_label)
            name_label = el("label", "field", children=[el("span", text=self.tr.t("name"))])
            name_input = el("input", attrs={"type": "text", "data-seat": index, "data-field": "name",
                                            "maxlength": 40, "autocomplete": "off"})
            name_input.value = row["name"]
            name_label.appendChild(name_input)
            group.appendChild(name_label)
            age_label = el("label", "field field--small", children=[el("span", text=self.tr.t("age"))])
            age_input = el("input", attrs={"type": "text", "inputmode": "numeric", "data-seat": index,
                                           "data-field": "age", "maxlength": 3, "autocomplete": "off"})
            age_input.value = row["age"]
            age_label.appendChild(age_input)
            group.appendChild(age_label)
            if len(self.seat_rows) > 2:
                group.appendChild(el("button", "btn btn--icon", text="×", attrs={
                    "type": "button", "data-action": "remove-seat", "data-seat": index,
                    "aria-label": self.tr.t("remove_player", n=n)}))
            box.appendChild(group)
        add = by_id("new-form").querySelector('[data-action="add-seat"]')
        add.hidden = len(self.seat_rows) >= MAX_SEATS

    def _input(self, event: Any) -> None:
        target = event.target
        index, field = data(target, "seat"), data(target, "field")
        if index is None or field is None:
            return
        self.seat_rows[int(index)][field] = str(target.value)

    def _submit(self, event: Any) -> None:
        event.preventDefault()
        form = by_id("new-form")
        self._sync_rows()
        variant = str(form.querySelector('input[name="variant"]:checked').value)
        tiles = None
        if variant.startswith("flex"):
            variant, tiles = "flex", int(variant[4:])
        error = by_id("new-error")
        ages: list[int | None] = []
        for row in self.seat_rows:
            text = row["age"].strip()
            if text and not text.isdigit():
                set_text(error, self.tr.t("bad_age"))
                return
            ages.append(int(text) if text else None)
        seed_text = str(by_id("seed-input").value).strip()
        if seed_text and not seed_text.lstrip("-").isdigit():
            set_text(error, self.tr.t("bad_seed"))
            return
        try:
            spec = make_spec(variant, [r["kind"] for r in self.seat_rows], [r["name"] for r in self.seat_rows],
                             int(seed_text) if seed_text else None, tiles, ages, 1, self.tr.lang)
        except StartLinkError as exc:
            set_text(error, str(exc))
            return
        self.app.store.save_settings(hint_level=str(by_id("hint-level").value),
                                     expert_seconds=str(by_id("expert-seconds").value))
        by_id("new-dialog").close()
        self.app.start_game(spec)

    # -- saved games -------------------------------------------------------------------------------
    def open_saves(self) -> None:
        self._render_saves()
        self._open("saves-dialog")

    def _render_saves(self) -> None:
        box = by_id("saves-list")
        clear(box)
        saves = self.app.store.list()
        self.app._report_problems()
        if self.app.notice is not None:
            box.appendChild(el("li", "note note--warn", text=self._notice_text()))
        if not saves:
            box.appendChild(el("li", "muted", text=self.tr.t("saves_empty")))
        current = self.app.controller.game_id
        for saved in saves:
            game = saved.game
            text = self.tr.t("save_item", variant=self.app.variant_title(game),
                             players=self.tr.join_names(list(game.options.players)), n=saved.move_count)
            tags = []
            if game.is_over:
                tags.append(self.tr.t("save_over"))
            if saved.id == current:
                tags.append(self.tr.t("save_current"))
            when = str(window.Date.new(saved.updated * 1000).toLocaleString(self.tr.lang))
            item = el("li", "save", attrs={"data-id": saved.id})
            item.appendChild(el("span", "save__text", text=text + (f" ({', '.join(tags)})" if tags else "")))
            item.appendChild(el("span", "save__when muted", text=when))
            buttons = el("span", "save__buttons")
            for action, key in (("resume-save", "resume"), ("export-save", "export"), ("delete-save", "delete")):
                buttons.appendChild(el("button", "btn btn--small", text=self.tr.t(key), attrs={
                    "type": "button", "data-action": action, "data-id": saved.id,
                    "aria-label": f"{self.tr.t(key)}: {text}"}))
            item.appendChild(buttons)
            box.appendChild(item)

    def _notice_text(self) -> str:
        from .panels import note_text
        return note_text(self.app.notice, self.tr)

    async def _read_file(self, file: Any) -> None:
        text = str(await file.text())
        try:
            self.app.store.import_text(text)
            self.app.notice = Note("import_done")
        except ValueError as error:
            self.app.notice = Note("import_failed", {"error": str(error)}, level="error")
        by_id("import-file").value = ""
        self._render_saves()
        self.app.render()

    def _import(self, event: Any) -> None:
        files = event.target.files
        if files.length:
            asyncio.ensure_future(self._read_file(files.item(0)))

    def _export(self, game_id: str) -> None:
        text = self.app.store.export_text(game_id)
        if text is None:
            return
        from pyodide.ffi import to_js
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = el("a", attrs={"href": url, "download": f"qwirkle-{game_id}.json"})
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(_revoke(url), 1000)

    # -- statistics --------------------------------------------------------------------------------
    def open_stats(self) -> None:
        self._render_stats()
        self._open("stats-dialog")

    def _render_stats(self) -> None:
        box = by_id("stats-body")
        clear(box)
        stats = load_stats(self.app.store)
        if not stats.played:
            box.appendChild(el("p", "muted", text=self.tr.t("stats_empty")))
            return
        table = el("table", "stats-table")
        head = el("tr", children=[el("th", text=self.tr.t(k), attrs={"scope": "col"})
                                  for k in ("variant", "stats_opponent", "stats_played", "stats_won")])
        table.appendChild(el("thead", children=[head]))
        body = el("tbody")
        for variant, by_opponent in sorted(stats.games.items()):
            for opponent, counts in sorted(by_opponent.items()):
                who = (self.tr.t("opponent_humans") if opponent == "humans" else
                       ", ".join(seat_registry.display_name(k, self.tr.lang) for k in opponent.split("+")))
                body.appendChild(el("tr", children=[
                    el("th", text=self.tr.t(f"variant_{variant}"), attrs={"scope": "row"}), el("td", text=who),
                    el("td", text=str(counts["played"])), el("td", text=str(counts["won"]))]))
        table.appendChild(body)
        box.appendChild(table)
        if stats.best:
            box.appendChild(el("p", text=self.tr.t("stats_best", points=self.tr.tn("points", stats.best["points"]),
                                                   name=str(stats.best.get("name", "")),
                                                   variant=self.tr.t(f"variant_{stats.best.get('variant', 'classic')}"))))
        box.appendChild(el("p", text=self.tr.t("stats_qwirkles", n=stats.qwirkles)))
        box.appendChild(el("button", "btn btn--small", text=self.tr.t("stats_reset"),
                           attrs={"type": "button", "data-action": "reset-stats"}))

    # -- tile tracker ------------------------------------------------------------------------------
    def open_tracker(self) -> None:
        if self.app.controller.game is None:
            return
        self._render_tracker()
        self._open("tracker-dialog")

    def _render_tracker(self) -> None:
        c = self.app.controller
        game = c.game
        # Only the player whose rack is on screen: the unseen tiles of anyone else would give
        # their hidden rack away (full set - board - unseen).
        seat = c.rack_seat()
        box = by_id("tracker-body")
        clear(box)
        if seat is None:
            waiting = game.options.players[game.to_move]
            set_text(by_id("tracker-title"), self.tr.t("tracker"))
            set_text(by_id("tracker-help"), self.tr.t("privacy_title", name=waiting)
                     if c.needs_handover else self.tr.t("privacy_text"))
            return
        name = game.options.players[seat]
        set_text(by_id("tracker-title"), self.tr.t("tracker_title", name=name))
        die = game.variant.can_roll
        set_text(by_id("tracker-help"), self.tr.t("tracker_dice" if die else "tracker_help"))
        unseen = game.view(seat).unseen()
        for tile in sorted(unseen, key=lambda t: (t.background, t.color, t.shape)):
            count = unseen[tile]
            label = self.tr.t("tracker_count", tile=self.tr.t(f"dice_{tile.color}") if die else self.tr.tile(tile), n=count)
            item = el("div", "tracker__item", attrs={"role": "img", "aria-label": label})
            art = el("span", "mini-tile")
            art.innerHTML = tile_svg(tile, self.app.palette, die=die)
            item.appendChild(art)
            item.appendChild(el("span", "tracker__count", text=f"×{count}", attrs={"aria-hidden": "true"}))
            box.appendChild(item)

    # -- clicks ------------------------------------------------------------------------------------
    def _click(self, event: Any) -> None:
        dialog = event.currentTarget
        if event.target == dialog:  # a click on the backdrop closes the dialog
            dialog.close()
            return
        button = closest(event, "[data-action]")
        if button is None:
            return
        action = data(button, "action")
        game_id = data(button, "id")
        if action == "close-dialog":
            dialog.close()
        elif action == "add-seat" and len(self.seat_rows) < MAX_SEATS:
            self._sync_rows()
            self.seat_rows.append({"kind": default_computer(), "name": "", "age": ""})
            self._render_seats()
        elif action == "remove-seat" and len(self.seat_rows) > 2:
            self._sync_rows()
            del self.seat_rows[int(data(button, "seat") or 0)]
            self._render_seats()
        elif action == "resume-save" and game_id:
            saved = self.app.store.load(game_id)
            dialog.close()
            if saved is not None:
                self.app.resume_game(saved)
            else:
                self.app._report_problems()
                self.app.render()
        elif action == "delete-save" and game_id:
            self.app.store.delete(game_id)
            self.app.notice = Note("deleted")
            self._render_saves()
        elif action == "export-save" and game_id:
            self._export(game_id)
        elif action == "reset-stats":
            reset_stats(self.app.store)
            self._render_stats()

    def _sync_rows(self) -> None:
        """Copy what was typed in the seat rows into ``seat_rows``."""
        for node in by_id("new-form").querySelectorAll("[data-field]"):
            seat, field = data(node, "seat"), data(node, "field")
            if seat is not None and field is not None:
                self.seat_rows[int(seat)][field] = str(node.value)


def _revoke(url: str) -> Any:
    from pyodide.ffi import create_once_callable

    def revoke() -> None:
        window.URL.revokeObjectURL(url)

    return create_once_callable(revoke)
