"""The new-game dialog: the rule set, 2 to 4 seats (human, a friend by link, a phone at this table where the browser
has WebRTC, or a computer level),
names, ages, the hint level, the Expert's time, an optional seed.

The rule sets are the engine's setups (``qwirkle.variants.setups()``) and the seat kinds its AI
registry (via ``seats``): nothing about them is written here. The choices are checked by
``startlink.make_spec``, as a start link's are (two players may not share a name). They are
remembered across reloads (``setup_memory``), the seed never: it is used for one game only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..links.startlink import DuplicateNameError, StartLinkError, make_spec
from ..shared import seats as seat_registry
from ..store.saves import EXPERT_SECONDS
from ..web.display import Display
from ..web.dom import by_id, clear, data, el, listen, set_text
from . import setup_memory

if TYPE_CHECKING:
    from ..play.session import Session


class NewGameDialog:
    element_id = "new-dialog"

    def __init__(self, session: Session, display: Display, close: Callable[[str], None]) -> None:
        self.session = session
        self.display = display
        self.close = close
        self.setup = "classic"
        self.seat_rows: list[dict[str, str]] = []  # filled when the dialog first opens (imports the AI)
        self.actions: dict[str, Callable[[Any], None]] = {"add-seat": self.add_seat, "remove-seat": self.remove_seat}
        from pyscript import window

        from ..web.live_support import phones_supported

        self.phones = phones_supported(window)  # a phone at this table needs WebRTC (not in WebKitGTK)
        form = by_id("new-form")
        listen(form, "submit", self._submit)
        listen(form, "input", self._input)

    def can_open(self) -> bool:
        return True

    def render(self) -> None:
        if not self.seat_rows:
            last = setup_memory.recall(self.session.store) or setup_memory.default()
            self.setup = last.setup
            self.seat_rows = [{"kind": s.kind, "name": s.name, "age": s.age} for s in last.seats]
        if not self.phones:  # remembered from a browser that could seat phones: a human here instead
            for row in self.seat_rows:
                row["kind"] = seat_registry.HUMAN if row["kind"] == seat_registry.PHONE else row["kind"]
        set_text(by_id("new-error"), "")
        self._render_setups()
        self._render_seats()
        self._render_ai_options()

    @staticmethod
    def _row(kind: str) -> dict[str, str]:
        return {"kind": kind, "name": "", "age": ""}

    def _max_seats(self) -> int:
        from qwirkle.variants import find_setup

        return find_setup(self.setup).max_players

    # -- drawing ------------------------------------------------------------------------------
    def _render_setups(self) -> None:
        from qwirkle.variants import setups

        box = by_id("variant-choices")
        clear(box)
        tr = self.display.tr
        for setup in setups():
            radio = el(
                "input",
                attrs={"type": "radio", "name": "variant", "value": setup.key, "checked": setup.key == self.setup},
            )
            box.appendChild(
                el("label", "choice", children=[radio, el("span", text=f" {tr.t(f'variant_{setup.key}')}")])
            )

    def _render_ai_options(self) -> None:
        """The hint level and the Expert's time budget, as remembered in settings."""
        settings = self.session.store.settings()
        tr = self.display.tr
        levels = seat_registry.level_names()
        _fill(
            by_id("hint-level"),
            [(k, seat_registry.display_name(k, tr)) for k in levels],
            seat_registry.hint_level(settings.get("hint_level")),
        )
        _fill(
            by_id("expert-seconds"),
            [(s, tr.t("seconds_value", s=s.replace(".", tr.t("decimal_point")))) for s in EXPERT_SECONDS],
            settings.get("expert_seconds", "1.5"),
        )

    def _render_seats(self) -> None:
        tr = self.display.tr
        box = by_id("seat-rows")
        clear(box)
        choices = seat_registry.seat_choices(self.phones)
        for index, row in enumerate(self.seat_rows):
            n = index + 1
            group = el("div", "seat-row", attrs={"role": "group", "aria-label": tr.t("seat_n", n=n)})
            group.appendChild(el("span", "seat-row__title", text=tr.t("seat_n", n=n)))
            select = el("select", attrs={"data-seat": index, "data-field": "kind"})
            _fill(select, [(kind, seat_registry.display_name(kind, tr)) for kind in choices], row["kind"])
            group.appendChild(el("label", "field", children=[el("span", text=tr.t("seat_kind")), select]))
            group.appendChild(self._text_field(index, "name", tr.t("name"), row["name"], 40))
            group.appendChild(self._text_field(index, "age", tr.t("age"), row["age"], 3))
            if len(self.seat_rows) > 2:
                group.appendChild(
                    el(
                        "button",
                        "btn btn--icon",
                        text="×",
                        attrs={
                            "type": "button",
                            "data-action": "remove-seat",
                            "data-seat": index,
                            "aria-label": tr.t("remove_player", n=n),
                        },
                    )
                )
            box.appendChild(group)
        by_id("new-form").querySelector('[data-action="add-seat"]').hidden = len(self.seat_rows) >= self._max_seats()
        self._friend_note()

    def _friend_note(self) -> None:
        """What playing a friend by link means, and what the link gives away, while one is seated; what a phone at
        this table needs while one is seated, or why this browser cannot seat one."""
        kinds = {row["kind"] for row in self.seat_rows}
        by_id("friend-note").hidden = seat_registry.FRIEND not in kinds
        note = by_id("phone-note")
        note.hidden = self.phones and seat_registry.PHONE not in kinds
        note.setAttribute("data-live-support", "ok" if self.phones else "no-rtc")
        set_text(note, self.display.tr.t("phone_note" if self.phones else "phone_unsupported"))

    @staticmethod
    def _text_field(index: int, name: str, label: str, value: str, size: int) -> Any:
        small = name == "age"
        attrs = {
            "type": "text",
            "data-seat": index,
            "data-field": name,
            "maxlength": size,
            "autocomplete": "off",
            "inputmode": "numeric" if small else None,
        }
        field = el("input", attrs=attrs)
        field.value = value
        return el("label", "field field--small" if small else "field", children=[el("span", text=label), field])

    # -- input --------------------------------------------------------------------------------
    def add_seat(self, _button: Any) -> None:
        if len(self.seat_rows) < self._max_seats():
            self._sync_rows()
            self.seat_rows.append(self._row(seat_registry.default_computer()))
            self._render_seats()

    def remove_seat(self, button: Any) -> None:
        if len(self.seat_rows) > 2:
            self._sync_rows()
            del self.seat_rows[int(data(button, "seat") or 0)]
            self._render_seats()

    def _input(self, event: Any) -> None:
        target = event.target
        if target.getAttribute("name") == "variant":
            self.setup = str(target.value)
            self._sync_rows()
            del self.seat_rows[self._max_seats() :]
            self._render_seats()
            return
        index, field = data(target, "seat"), data(target, "field")
        if index is not None and field is not None:
            self.seat_rows[int(index)][field] = str(target.value)
            if field == "kind":
                self._friend_note()

    def _sync_rows(self) -> None:
        """Copy what was typed in the seat rows into ``seat_rows``."""
        for node in by_id("new-form").querySelectorAll("[data-field]"):
            seat, field = data(node, "seat"), data(node, "field")
            if seat is not None and field is not None:
                self.seat_rows[int(seat)][field] = str(node.value)

    def _submit(self, event: Any) -> None:
        from qwirkle.variants import find_setup

        event.preventDefault()
        self._sync_rows()
        tr = self.display.tr
        error = by_id("new-error")
        chosen = by_id("new-form").querySelector('input[name="variant"]:checked')
        setup = find_setup(str(chosen.value) if chosen is not None else self.setup)
        ages: list[int | None] = []
        for row in self.seat_rows:
            text = row["age"].strip()
            if text and not text.isdigit():
                set_text(error, tr.t("bad_age"))
                return
            ages.append(int(text) if text else None)
        seed_text = str(by_id("seed-input").value).strip()
        if seed_text and not (seed_text.lstrip("-").isdigit() and len(seed_text) <= 30):
            set_text(error, tr.t("bad_seed"))
            return
        try:
            spec = make_spec(
                setup.variant.name,
                [r["kind"] for r in self.seat_rows],
                [r["name"] for r in self.seat_rows],
                int(seed_text) if seed_text else None,
                setup.tiles,
                ages,
                1,
                tr.lang,
            )
        except DuplicateNameError as exc:
            set_text(error, tr.t("bad_duplicate", name=exc.name))
            return
        except StartLinkError as exc:
            set_text(error, str(exc))
            return
        self.session.store.save_settings(
            hint_level=str(by_id("hint-level").value), expert_seconds=str(by_id("expert-seconds").value)
        )
        setup_memory.remember(
            self.session.store,
            setup_memory.Setup(
                setup.key, [setup_memory.Seat(r["kind"], r["name"].strip(), r["age"].strip()) for r in self.seat_rows]
            ),
        )
        by_id("seed-input").value = ""  # a typed seed deals one game; the next is fresh
        self.close("new")
        self.session.start(spec)


def _fill(select: Any, options: list[tuple[str, str]], value: str) -> None:
    clear(select)
    for key, text in options:
        select.appendChild(el("option", text=text, attrs={"value": key, "selected": key == value}))
