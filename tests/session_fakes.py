"""Stand-ins for the page around ``app.play.session.Session`` under CPython: the host (tasks, clock,
worker), a worker that thinks in-process, and the events the page would redraw on. Shared by the
app's tests (tests is on the path: pytest.ini)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any

from app.play.ai_service import choose_move, hint_move


class FakeWorker:
    """The worker's two functions, computed here (as the real worker does), counting calls."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[str] = []
        self.fail = fail

    async def choose_move(self, record: str, seat: int, kind: str, seed: int, seconds: Any) -> str:
        self.calls.append("choose")
        if self.fail:
            raise RuntimeError("worker died")
        return choose_move(record, seat, kind, seed, 0.05)

    async def hint_move(self, record: str, seat: int, level: str, seed: int, seconds: Any) -> str:
        self.calls.append("hint")
        return hint_move(record, seat, level, seed, 0.05)


class FakeHost:
    def __init__(self, worker: FakeWorker | None = None) -> None:
        self.tasks: list[Coroutine[Any, Any, None]] = []
        self.worker_started = False
        self._worker = worker
        self.logs: list[str] = []
        self.clock = 0.0

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        self.tasks.append(work)

    async def sleep(self, seconds: float) -> None:
        self.clock += seconds

    def now(self) -> float:
        return self.clock

    def start_worker(self) -> None:
        self.worker_started = True

    async def worker(self) -> FakeWorker | None:
        return self._worker

    def log(self, text: str, warning: bool = False) -> None:
        self.logs.append(text)

    def run(self) -> None:
        """Run every spawned task to its end (tasks may spawn more)."""

        async def drain() -> None:
            while self.tasks:
                await self.tasks.pop(0)

        # In a thread of its own: a worker process that ran a browser test before holds Playwright's
        # running event loop in this thread, where asyncio.run refuses to start another.
        failures: list[BaseException] = []

        def drain_all() -> None:
            try:
                asyncio.run(drain())
            except BaseException as error:  # noqa: BLE001 - raised again in the test's thread
                failures.append(error)

        thread = threading.Thread(target=drain_all)
        thread.start()
        thread.join()
        if failures:
            raise failures[0]


class Events:
    def __init__(self) -> None:
        self.seen: list[str] = []

    def changed(self) -> None:
        self.seen.append("changed")

    def entered(self) -> None:
        self.seen.append("entered")

    def moved(self, result: Any, human: bool) -> None:
        self.seen.append(f"moved:{'human' if human else 'computer'}")

    def hint_shown(self) -> None:
        self.seen.append("hint")
