"""The menu's settings: language, tile colours, the Qwirkle celebration and its sound, and the STUN servers of
phones at the table (empty by default: the page contacts nothing outside the site unless the player sets one). Each
control carries ``data-setting``; a change is saved at once (``SaveStore.save_settings``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ui.words import LANGUAGE_NAMES

from ..store.saves import SaveStore
from ..web.display import Display
from ..web.dom import by_id, el, listen
from ..web.live_support import MAX_STUN, STUN_SETTING

SWITCHES = {"celebrate": "on", "sound": "off"}  # switch -> its value by default


class Settings:
    def __init__(self, store: SaveStore, display: Display, changed: Callable[[bool], None]) -> None:
        self.store = store
        self.display = display
        self.changed = changed

    def listen(self) -> None:
        listen(by_id("menu"), "change", self._change)

    def render(self) -> None:
        """Show the current values in the controls."""
        choose = by_id("lang")
        if choose.options.length != len(LANGUAGE_NAMES):  # each language named in itself
            choose.replaceChildren(
                *[el("option", text=name, attrs={"value": code, "lang": code}) for code, name in LANGUAGE_NAMES.items()]
            )
        choose.value = self.display.tr.lang
        by_id("palette").value = self.display.palette
        stored = self.store.settings()
        for switch, default in SWITCHES.items():
            by_id(f"setting-{switch}").checked = stored.get(switch, default) == "on"
        by_id("setting-stun").value = stored.get(STUN_SETTING, "")

    def _change(self, event: Any) -> None:
        target = event.target
        setting = target.getAttribute("data-setting")
        if setting == "lang":
            self.display.set_language(str(target.value))
            self.store.save_settings(lang=self.display.tr.lang)
        elif setting == "palette":
            self.display.set_palette(str(target.value))
            self.store.save_settings(palette=self.display.palette)
        elif setting == STUN_SETTING:  # read when a phone's link is made (web.live_support.ice_servers)
            self.store.save_settings(stun=" ".join(str(target.value).split())[:MAX_STUN])
            return
        elif setting in SWITCHES:
            self.store.save_settings(**{setting: "on" if target.checked else "off"})
            self.changed(False)
            return
        else:
            return
        self.changed(True)
