"""Computes a review in chunks so that the page stays responsive and shows progress.

First the best-by-points pass, then the chosen level's choices (``service``). Each chunk goes to
the worker when it is up (``Host.worker``, the same worker the Expert thinks in); until then, and for
good when there is none or it fails, one move at a time on the page, yielding to the browser between
moves. The best pass is quick (a two-player game is about 50 moves of a few milliseconds each), so it
does not wait for a worker that is still starting; the level pass does, since the Expert thinks for a
while on every move. After each chunk the view is told (``changed``) and draws what arrived.

Timings go to the log (``review-best ...``, ``review-level ...``) for ``bench/reviewpage.py``.
"""

from __future__ import annotations

import asyncio
from importlib import import_module
from typing import TYPE_CHECKING, Any, Callable

from . import service as review_service
from .session import BEST, ReviewSession

if TYPE_CHECKING:
    from ..play.session import AiWorker, Host

WORKER_CHUNK = 8     # best-pass moves per worker call (the worker is not the page: only progress matters)
WARM_UP = ("qwirkle.ai", "qwirkle.study.review")   # imported before the page computes (a human game may not have yet)


def next_to_compute(review: ReviewSession) -> int:
    """The level's next move to compute, in the order the player looks at them: the move on show,
    then the moves after it, then those before."""
    step, total = int(review.step), int(review.total)
    order: list[int] = [*range(step, total), *range(step)]
    return next(index for index in order if index not in review.levels)


class ReviewRunner:
    def __init__(self, host: "Host", changed: Callable[[ReviewSession], None]) -> None:
        self.host = host
        self.changed = changed
        self.broken = False          # the worker failed once: the rest is computed on the page
        self._worker: "asyncio.Future[AiWorker | None] | None" = None

    def start(self, review: ReviewSession) -> None:
        """Compute the whole review (best pass, then the level's choices)."""
        self.host.start_worker()
        self.host.spawn(self._run(review))

    def restart_levels(self, review: ReviewSession) -> None:
        """The level changed: compute its choices (the previous level's pass stops at its next chunk)."""
        self.host.spawn(self._levels(review, review.run))

    # -- the worker ------------------------------------------------------------------------------
    def _waiting(self) -> "asyncio.Future[AiWorker | None]":
        if self._worker is None:
            self._worker = asyncio.ensure_future(self.host.worker())
        return self._worker

    def _ready(self) -> "AiWorker | None":
        """The worker if it is up now (never waits)."""
        waiting = self._waiting()
        return waiting.result() if waiting.done() and not self.broken else None

    async def _call(self, worker: "AiWorker | None", name: str, *args: Any) -> str | None:
        """A chunk from the worker; None when there is no worker or it failed (then the page computes)."""
        if worker is None or self.broken:
            return None
        try:
            return str(await getattr(worker, name)(*args))
        except Exception as error:  # noqa: BLE001 - compute on the page instead
            self.broken = True
            self.host.log(f"review worker failed: {error}", warning=True)
            return None

    # -- the passes ------------------------------------------------------------------------------
    async def _run(self, review: ReviewSession) -> None:
        run = review.run
        started = self.host.now()
        places: set[str] = set()
        self._waiting()
        for module in WARM_UP:   # the engine's review and computer levels, one import per task
            import_module(module)
            await self.host.sleep(0)   # (and a worker already up answers meanwhile)
        while review.phase == BEST and not review.closed:
            start = len(review.entries)
            text = await self._call(self._ready(), "review_best", review.record_json, start, WORKER_CHUNK)
            places.add("page" if text is None else "worker")
            if text is None:
                text = review_service.review_best(review.record_json, start, 1)
                await self.host.sleep(0)   # let the browser draw and take input
            if review.closed:
                return
            if not review.add_best(text) and review.phase == BEST:
                review.error = "review: the engine returned no move"
                self.changed(review)
                return
            self.changed(review)
        self.host.log(f"review-best moves={review.total} ms={(self.host.now() - started) * 1000:.0f}"
                      f" where={'+'.join(sorted(places))}")
        await self._levels(review, run)

    async def _levels(self, review: ReviewSession, run: int) -> None:
        worker = None if self.broken else await self._waiting()
        started = self.host.now()
        level, budget = review.level, review.budget
        places: set[str] = set()
        while run == review.run and len(review.levels) < review.total:
            start = next_to_compute(review)
            args = (review.record_json, level, budget, start, 1)
            text = await self._call(worker, "review_levels", *args)
            places.add("page" if text is None else "worker")
            if text is None:
                text = review_service.review_levels(*args)
                await self.host.sleep(0)
            if run != review.run:
                return
            if not review.add_levels(text):
                review.error = "review: the engine returned no move"
                self.changed(review)
                return
            self.changed(review)
        if run == review.run:
            self.host.log(f"review-level level={level} budget={budget} moves={review.total}"
                          f" ms={(self.host.now() - started) * 1000:.0f} where={'+'.join(sorted(places))}")
