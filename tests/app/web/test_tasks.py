"""``app.web.tasks.spawn``: a task nobody else holds lives until it ends, then is let go."""

import asyncio
import gc
import weakref
from concurrent.futures import ThreadPoolExecutor

from app.web.tasks import spawn


async def _wait_on_own_future(published: list[weakref.ref[asyncio.Future[None]]], log: list[str]) -> None:
    """Waits on a future that only this task holds (as a JavaScript promise's callback may be): the event loop
    itself holds no reference to the task then."""
    future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    published.append(weakref.ref(future))
    await future
    log.append("ended")


def run(start) -> list[str]:  # type: ignore[no-untyped-def]
    """What happens to a task started by ``start`` and dropped at once: collected, or ended and then released."""

    async def scenario() -> list[str]:
        published: list[weakref.ref[asyncio.Future[None]]] = []
        log: list[str] = []
        task = weakref.ref(start(_wait_on_own_future(published, log)))
        await asyncio.sleep(0)
        gc.collect()
        if task() is None:
            return ["collected"]
        future = published[0]()
        assert future is not None
        future.set_result(None)
        for _ in range(3):
            await asyncio.sleep(0)
        gc.collect()
        return log + (["held"] if task() is not None else ["released"])

    with ThreadPoolExecutor(1) as thread:  # a thread of its own: a browser test may hold this one's event loop
        return thread.submit(asyncio.run, scenario()).result()


def test_a_spawned_task_lives_until_it_ends_then_is_released():
    assert run(spawn) == ["ended", "released"]


def test_a_task_nobody_holds_is_collected_before_it_ends():
    """Why ``spawn`` exists: the same work started with ``asyncio.ensure_future`` alone never ends."""
    assert run(asyncio.ensure_future) == ["collected"]
