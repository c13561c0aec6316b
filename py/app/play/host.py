"""The browser side of ``session.Host``: asyncio tasks and timers, the clock, the console, and
the PyScript worker where slow computer levels think (started on first need, never at load), on the page's own
runtime configuration (pyscript.toml, as PyScript read it)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from pyscript import config, window

from ..web.tasks import spawn
from .session import AiWorker

START_SECONDS = 60.0  # a second Pyodide starting cold on a loaded machine takes 10-20 s


class PageHost:
    def __init__(self) -> None:
        self._task: Any = None

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        spawn(work)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)

    def now(self) -> float:
        return float(window.performance.now()) / 1000

    def log(self, text: str, warning: bool = False) -> None:
        (window.console.warn if warning else window.console.debug)(text)

    # -- the worker ------------------------------------------------------------------------------
    def start_worker(self) -> None:
        if self._task is None:
            self._task = asyncio.ensure_future(self._start())

    async def worker(self) -> AiWorker | None:
        """The worker once it has started; None (think on the page) when it failed, or is still not ready after
        START_SECONDS (a worker start that never ends must not stop the game; it may still come up later)."""
        self.start_worker()
        try:
            return await asyncio.wait_for(asyncio.shield(self._task), START_SECONDS)
        except TimeoutError:
            self.log("AI worker not ready: thinking on the page", warning=True)
            return None

    async def _start(self) -> AiWorker | None:
        try:
            from pyscript import PyWorker

            base = str(window.location.href)  # the page's folder, pyscript.toml's too: its paths resolve here
            interpreter = str(window.URL.new(config["interpreter"], base).href)
            files = {str(window.URL.new(source, base).href): target for source, target in config["files"].items()}
            worker = PyWorker(
                str(window.URL.new("./py/ai_worker.py", base).href),
                type="pyodide",
                # sync_main_only: the worker only answers the page's calls and never reaches for the page's window
                # or document (PyScript would warn, on every start, that it cannot give them without SharedArrayBuffer).
                config={"interpreter": interpreter, "files": files, "sync_main_only": True},
                version=interpreter,
            )
            await worker.ready
            return worker.sync  # type: ignore[no-any-return]
        except Exception as error:  # noqa: BLE001 - no worker: slow players think on the page
            self.log(f"AI worker unavailable: {error}", warning=True)
            return None
