"""The browser side of ``session.Host``: asyncio tasks and timers, the clock, the console, and
the PyScript worker where slow computer levels think (started on first need, never at load)."""

from __future__ import annotations

import asyncio
from typing import Any, Coroutine

from pyscript import window

from .session import AiWorker


class PageHost:
    def __init__(self) -> None:
        self._task: Any = None

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        asyncio.ensure_future(work)

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
        self.start_worker()
        return await self._task  # type: ignore[no-any-return]

    async def _start(self) -> AiWorker | None:
        try:
            from pyscript import PyWorker
            base = str(window.location.href)
            interpreter = str(window.URL.new("./assets/vendor/pyodide/pyodide.mjs", base).href)
            bundle = str(window.URL.new("./assets/app/app.zip", base).href)
            config = {"interpreter": interpreter, "files": {bundle: "./*"}}  # as pyscript.toml's
            worker = PyWorker(str(window.URL.new("./py/ai_worker.py", base).href), type="pyodide",
                              config=config, version=interpreter)
            await worker.ready
            return worker.sync  # type: ignore[no-any-return]
        except Exception as error:  # noqa: BLE001 - no worker: slow players think on the page
            self.log(f"AI worker unavailable: {error}", warning=True)
            return None
