"""The page's camera scanner (``qwirkleLive.scan``, js/live-scan.js) behind one Scan button and its ``<video>``: the
video shown and the button saying Stop while it runs, both put back when it stops. Used by the table's phone seats
(a phone's answer code) and by "Join a table" on a phone (the table's join link)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from ..web.display import Display
from ..web.dom import set_text
from ..web.tasks import spawn


class CameraScan:
    """A scan running from now on: ``found`` gets each code read; ``failed`` is told once when the camera cannot start
    (denied, or none), unless the scan was stopped first. ``stop()`` may be called any number of times."""

    def __init__(
        self, display: Display, video: Any, button: Any, found: Callable[[str], None], failed: Callable[[], None]
    ) -> None:
        self.display = display
        self.video = video
        self.button = button
        self.stopped = False
        video.hidden = False
        set_text(button, display.tr.t("live_scan_stop"))
        self.scan = window.qwirkleLive.scan(video, create_proxy(lambda text: found(str(text))))
        spawn(self._started(failed))

    async def _started(self, failed: Callable[[], None]) -> None:
        try:
            await self.scan.ready
        except Exception:  # noqa: BLE001 - denied or no camera: the code can be typed or pasted
            if not self.stopped:
                failed()

    def stop(self) -> None:
        if self.stopped:
            return
        self.stopped = True
        self.scan.stop()
        self.video.hidden = True
        set_text(self.button, self.display.tr.t("live_scan"))
