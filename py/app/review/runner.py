"""Computes a review in chunks so that the page stays responsive and shows progress.

First the best-by-points pass, then the chances of winning, then the chosen level's
choices (``service``). Each chunk goes to
the worker when it is up (``Host.worker``, the same worker the Expert thinks in); until then, and for
good when there is none or it fails, one move at a time on the page, yielding to the browser between
moves. The best pass is quick (a two-player game is about 50 moves of a few milliseconds each), so it
does not wait for a worker that is still starting; the win and level passes do, since each move takes a
look-ahead. Those two go in the order the player looks (``next_to_compute``). Chances of winning kept with the
save from an earlier look (``ReviewSession.win_kept``) are taken first and not computed again; after each chunk
``kept`` is told, to keep them. After each chunk the view is told (``changed``) and draws what arrived.

Timings go to the log (``review-best ...``, ``review-win ...``, ``review-level ...``) for ``bench/reviewpage.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING, Any

from . import service as review_service
from .session import BEST, WIN, ReviewSession

if TYPE_CHECKING:
    from ..play.session import AiWorker, Host

WORKER_CHUNK = 8  # best-pass moves per worker call (the worker is not the page: only progress matters)
WARM_UP = ("qwirkle.ai", "qwirkle.study.review")  # imported before the page computes (a human game may not have yet)


def next_to_compute(review: ReviewSession, done: dict[int, Any] | None = None) -> int:
    """The next move to compute (not in ``done``, by default the level's choices), in the order the player looks at
    them: the move on show, then the moves after it, then those before."""
    step, total = int(review.step), int(review.total)
    done = review.levels if done is None else done
    order: list[int] = [*range(step, total), *range(step)]
    return next(index for index in order if index not in done)


class ReviewRunner:
    def __init__(
        self,
        host: Host,
        changed: Callable[[ReviewSession], None],
        kept: Callable[[ReviewSession], None] = lambda _review: None,
    ) -> None:
        self.host = host
        self.changed = changed
        self.kept = kept
        self.broken = False  # the worker failed once: the rest is computed on the page
        self._worker: asyncio.Future[AiWorker | None] | None = None

    def start(self, review: ReviewSession) -> None:
        """Compute the whole review (best pass, then the level's choices)."""
        self.host.start_worker()
        self.host.spawn(self._run(review))

    def restart_levels(self, review: ReviewSession) -> None:
        """The level changed: compute its choices (the previous level's pass stops at its next chunk). Before the
        level pass has begun, nothing to do: it begins with the level chosen then."""
        if review.phase not in (BEST, WIN):
            self.host.spawn(self._levels(review, review.run))

    # -- the worker ------------------------------------------------------------------------------
    def _waiting(self) -> asyncio.Future[AiWorker | None]:
        if self._worker is None:
            self._worker = asyncio.ensure_future(self.host.worker())
        return self._worker

    def _ready(self) -> AiWorker | None:
        """The worker if it is up now (never waits)."""
        waiting = self._waiting()
        return waiting.result() if waiting.done() and not self.broken else None

    def _ask(self, worker: AiWorker | None, name: str, *args: Any) -> asyncio.Future[Any] | None:
        """A chunk asked of the worker now, its answer awaited later (``_answer``); None without a worker."""
        if worker is None or self.broken:
            return None
        try:
            asked: asyncio.Future[Any] = asyncio.ensure_future(getattr(worker, name)(*args))
            return asked
        except Exception as error:  # noqa: BLE001 - compute on the page instead
            self._failed(error)
            return None

    async def _answer(self, asked: asyncio.Future[Any] | None) -> str | None:
        """The answer to a chunk asked; None when there is no worker or it failed (then the page computes)."""
        if asked is None or self.broken:
            return None
        try:
            return str(await asked)
        except Exception as error:  # noqa: BLE001 - compute on the page instead
            self._failed(error)
            return None

    async def _call(self, worker: AiWorker | None, name: str, *args: Any) -> str | None:
        """A chunk from the worker, asked and awaited."""
        return await self._answer(self._ask(worker, name, *args))

    def _failed(self, error: Exception) -> None:
        self.broken = True
        self.host.log(f"review worker failed: {error}", warning=True)

    # -- the passes ------------------------------------------------------------------------------
    async def _run(self, review: ReviewSession) -> None:
        started = self.host.now()
        places: set[str] = set()
        self._waiting()
        for module in WARM_UP:  # the engine's review and computer levels, one import per task
            import_module(module)
            await self.host.sleep(0)  # (and a worker already up answers meanwhile)
        while review.phase == BEST and not review.closed:
            start = len(review.entries)
            text = await self._call(self._ready(), "review_best", review.record_json, start, WORKER_CHUNK)
            places.add("page" if text is None else "worker")
            if text is None:
                text = review_service.review_best(review.record_json, start, 1)
                await self.host.sleep(0)  # let the browser draw and take input
            if review.closed:
                return
            if not review.add_best(text) and review.phase == BEST:
                review.error = "review: the engine returned no move"
                self.changed(review)
                return
            self.changed(review)
        self.host.log(
            f"review-best moves={review.total} ms={(self.host.now() - started) * 1000:.0f}"
            f" where={'+'.join(sorted(places))}"
        )
        if not await self._wins(review):
            return
        if not review.closed:
            await self._levels(review, review.run)  # the level chosen by now

    async def _wins(self, review: ReviewSession) -> bool:
        """The chances of winning, kept ones first; False when the review closed or failed."""
        from qwirkle.study.win_cost import win_settings

        if review.restore_kept(win_settings()):
            self.changed(review)
        worker = None if self.broken else await self._waiting()
        started = self.host.now()
        places: set[str] = set()
        while review.phase == WIN and not review.closed:
            args = (review.record_json, next_to_compute(review, review.wins), 1)
            text = await self._call(worker, "review_win", *args)
            places.add("page" if text is None else "worker")
            if text is None:
                text = review_service.review_win(*args)
                await self.host.sleep(0)
            if review.closed:
                return False
            if not review.add_win(text):
                review.error = "review: the engine returned no chances"
                self.changed(review)
                return False
            self.kept(review)
            self.changed(review)
        self.host.log(
            f"review-win moves={review.total} ms={(self.host.now() - started) * 1000:.0f}"
            f" where={'+'.join(sorted(places)) or 'kept'}"
        )
        return not review.closed

    async def _levels(self, review: ReviewSession, run: int) -> None:
        """The level's choices, a move per call in the order the player looks; the next move is asked of the worker
        before the last one is drawn, so that the worker thinks while the page draws."""
        worker = None if self.broken else await self._waiting()
        started = self.host.now()
        level, budget = review.level, review.budget
        places: set[str] = set()

        def ask() -> tuple[tuple[Any, ...], asyncio.Future[Any] | None]:
            args = (review.record_json, level, budget, next_to_compute(review), 1)
            return args, self._ask(worker, "review_levels", *args)

        args, asked = ask() if len(review.levels) < review.total else ((), None)
        while len(review.levels) < review.total:
            text = await self._answer(asked)
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
            if len(review.levels) < review.total:
                args, asked = ask()  # asked before drawing: the worker thinks meanwhile
            self.changed(review)
        self.host.log(
            f"review-level level={level} budget={budget} moves={review.total}"
            f" ms={(self.host.now() - started) * 1000:.0f} where={'+'.join(sorted(places))}"
        )
