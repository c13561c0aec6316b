"""What every page bench shares: Debian's Chromium started quiet (no host but 127.0.0.1), the site served
on localhost, and a fresh profile for a cold load.

    from browser import ROOT, fresh_page, launch, running_server
"""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import serve
from serve import CHROMIUM, CHROMIUM_ARGS

ROOT = Path(__file__).resolve().parents[1]


def running_server(root: Path | str = ROOT) -> contextlib.AbstractContextManager[str]:
    """``root`` served as a static host serves it, on a free port: its archive and its pages' script files as
    ``make bench`` built them, never rebuilt on request (the local server's check for edits took 4-5 ms on each such
    request, on the way of the pages timed and not on the bare page's)."""
    return serve.running_server(root, rebuild=False)


def launch(playwright: Any) -> Any:
    """One Chromium for many pages (each ``new_page`` is its own context's)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)


@contextlib.contextmanager
def fresh_context(playwright: Any, prefix: str = "bench-", locale: str | None = None) -> Iterator[Any]:
    """A new Chromium with an empty profile (cold caches, no service worker yet); closed on exit.
    ``locale``: the browser's language (``de-DE``), else Chromium's default."""
    with tempfile.TemporaryDirectory(prefix=prefix) as profile:
        options = {"locale": locale} if locale else {}
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **options
        )
        context.bench_profile = profile  # its folder: bench/pageload.py finds the browser's processes by it
        try:
            yield context
        finally:
            context.close()


def first_page(context: Any) -> Any:
    """The page a persistent context opens with (or a new one)."""
    return context.pages[0] if context.pages else context.new_page()
