"""Work that runs on its own while the page goes on (a copy to the clipboard, a QR code, a file being read):
``spawn`` starts it and keeps a reference until it ends.

The event loop keeps only a weak reference to a task (Python's documentation of ``asyncio.create_task``), so a
task that nobody holds may be collected before it finishes. Nothing awaits these: the set below holds each one,
and each one leaves it when done.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

_RUNNING: set[asyncio.Future[Any]] = set()


def spawn(work: Coroutine[Any, Any, Any]) -> asyncio.Future[Any]:
    """Run ``work`` as a task of the running loop, held until it ends."""
    task = asyncio.ensure_future(work)
    _RUNNING.add(task)
    task.add_done_callback(_RUNNING.discard)
    return task
