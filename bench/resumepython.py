#!/usr/bin/env python3
"""Where the game's own Python goes when a returning player resumes a game (issue 22).

``bench/pageload.py --visits`` splits a resume at PyScript's "Loaded interpreter": the runtime's
start, then the page's own Python until the rack is drawn. This bench splits that second part. It
serves a copy of the site whose py/main.py is the real one with timers around each of its steps
(nothing else differs: the same archive, the same service worker), opens a game by its start link
in a fresh Chromium profile (the service worker takes control), then reloads it ``--reloads``
times, and prints the medians over the reloads, in milliseconds measured inside Pyodide
(``time.perf_counter``):

* the archive's setup (py/main.py until ``read_once``), the import of ``app.page``, ``Page()``,
  ``boot()`` (of which ``Session.open``: reading the save and restoring the game, the first render);
* every module imported from the archive: how many, the sum of their own time (reading, unmarshalling,
  running their top level, without the modules they import), and the slowest of them;
* of that time, making the engine's dataclasses and NamedTuples (``dataclasses`` generates and
  compiles each class's methods at import time, in the page);
* how many times the page renders during ``boot()``, and the whole ``main.py``;
* the wall clock from "Loaded interpreter" until the rack is drawn (what pageload.py calls the
  page's Python: it also holds PyScript's own start of Python, which a bare page has too).

``--before REF`` also times the game as it is at the git commit REF, in its own profile, the reloads
interleaved. Timings vary a lot on a shared 2-core machine: compare sites timed in the same run.

    make bench B=resumepython ARGS="[--reloads 7] [--top 15] [--before REF]"
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import tempfile
from pathlib import Path

import precache  # (scripts/build/precache.py)
from browser import ROOT, running_server
from pageload import START_LINK, TIMEOUT_MS, fresh_browser, git_site_at, time_to_rack
from playwright.sync_api import sync_playwright

MARK = "RESUME-PYTHON "
# Put after py/main.py's ``read_once(ARCHIVE)``: timers on the import of each module of the archive
# (zipimport's exec_module: read, unmarshal, run), on dataclasses and NamedTuples being made, on
# Session.open and Page.render.
PROBE = """
import collections as _collections
import dataclasses as _dataclasses
import time as _time
import zipimport as _zipimport

_PROBE = {"modules": {}, "dataclass": [0.0, 0], "namedtuple": [0.0, 0], "open": 0.0, "renders": [],
          "setup": _time.perf_counter() - _PROBE_START}
_STACK = [0.0]


def _timed(kind, function):
    def run(*args, **kwargs):
        start = _time.perf_counter()
        try:
            return function(*args, **kwargs)
        finally:
            _PROBE[kind][0] += _time.perf_counter() - start
            _PROBE[kind][1] += 1
    return run


def _exec_module(self, module, _exec=_zipimport.zipimporter.exec_module):
    start = _time.perf_counter()
    _STACK.append(0.0)
    try:
        return _exec(self, module)
    finally:
        total = _time.perf_counter() - start
        children = _STACK.pop()
        _STACK[-1] += total
        _PROBE["modules"][module.__name__] = total - children


_zipimport.zipimporter.exec_module = _exec_module
_dataclasses._process_class = _timed("dataclass", _dataclasses._process_class)
_collections.namedtuple = _timed("namedtuple", _collections.namedtuple)
"""
# Replaces py/main.py's last line, ``Page().boot()``.
BOOT = (
    """
_PROBE["import_page"] = _time.perf_counter() - _PROBE_START - _PROBE["setup"]
import app.page as _page
import app.play.session as _session


def _session_open(self, *args, _open=_session.Session.open):
    start = _time.perf_counter()
    try:
        return _open(self, *args)
    finally:
        _PROBE["open"] += _time.perf_counter() - start


def _render(self, _render=_page.Page.render):
    start = _time.perf_counter()
    try:
        return _render(self)
    finally:
        _PROBE["renders"].append(_time.perf_counter() - start)


_session.Session.open = _session_open
_page.Page.render = _render
_start = _time.perf_counter()
_the_page = Page()
_PROBE["page"] = _time.perf_counter() - _start
_start = _time.perf_counter()
_the_page.boot()
_PROBE["boot"] = _time.perf_counter() - _start
_PROBE["main"] = _time.perf_counter() - _PROBE_START
import js as _js
_js.console.log("%s" + __import__("json").dumps(_PROBE))
"""
).replace("%s", MARK)


def probed_main(source: str) -> str:
    """py/main.py with the timers (exits when it no longer has the lines they hook onto)."""
    hooks = ("read_once(ARCHIVE)\n", "Page().boot()\n")
    if any(source.count(hook) != 1 for hook in hooks):
        raise SystemExit(f"py/main.py no longer has exactly one of each of {hooks}: update bench/resumepython.py")
    source = "import time\n_PROBE_START = time.perf_counter()\n" + source
    return source.replace(hooks[0], hooks[0] + PROBE).replace(hooks[1], BOOT)


def probed_site(folder: Path, before: str | None = None) -> Path:
    """A copy of the site (links to the working tree) whose py/main.py is ``probed_main``'s; ``before``: the
    site as it is at that git commit (``pageload.git_site_at``), with the same timers."""
    if before is not None:
        git_site_at(before, folder)
        main = folder / "py" / "main.py"
        if (folder / "py").is_symlink():
            raise SystemExit(f"py/ is the same at {before}: nothing to compare")
        main.write_text(probed_main(main.read_text(encoding="utf-8")), encoding="utf-8")
        precache.write(folder)
        return folder
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and entry.name not in ("sw-precache.js", "node_modules", "py"):
            (folder / entry.name).symlink_to(entry)
    (folder / "py").mkdir()
    for entry in (ROOT / "py").iterdir():
        if entry.name != "main.py":
            (folder / "py" / entry.name).symlink_to(entry)
    (folder / "py" / "main.py").write_text(
        probed_main((ROOT / "py" / "main.py").read_text(encoding="utf-8")), encoding="utf-8"
    )
    precache.write(folder)
    return folder


def resumes(reloads: int, sites: dict[str, Path]) -> dict[str, list[dict]]:
    """Each site's probe figures of each reload (seconds), and ``wall``: "Loaded interpreter" until the rack.
    Each site in its own fresh profile, their reloads interleaved (so that the machine's load hits them alike)."""
    found: dict[str, list[dict]] = {name: [] for name in sites}
    with contextlib.ExitStack() as stack:
        playwright = stack.enter_context(sync_playwright())
        pages = {}
        for name, site in sites.items():
            base = stack.enter_context(running_server(site))
            page = pages[name] = stack.enter_context(fresh_browser(playwright, []))
            page.goto(base + START_LINK, timeout=TIMEOUT_MS)
            time_to_rack(page)
            page.wait_for_selector('html[data-turn="1"] #log li', state="attached", timeout=TIMEOUT_MS)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        for i in range(reloads):
            for name, page in pages.items():
                with page.expect_console_message(
                    lambda message: message.text.startswith(MARK), timeout=TIMEOUT_MS
                ) as logged:
                    page.reload(timeout=TIMEOUT_MS)
                rack = time_to_rack(page)
                figures = json.loads(logged.value.text[len(MARK) :])
                figures["wall"] = rack - page.evaluate("window.__interpreterAt") / 1000
                found[name].append(figures)
                print(
                    f"reload {i + 1}/{reloads} {name}: main.py {1000 * figures['main']:.0f} ms, "
                    f"interpreter to rack {1000 * figures['wall']:.0f} ms",
                    file=sys.stderr,
                )
    return found


def ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):7.1f} ms  ({1000 * min(values):.1f}-{1000 * max(values):.1f})"


def report(found: dict[str, list[dict]], top: int) -> None:
    names = list(found)

    def row(label: str, measure) -> None:  # type: ignore[no-untyped-def]
        print(f"{label:60} " + " ".join(f"{ms([measure(f) for f in found[name]]):30}" for name in names))

    runs = len(found[names[0]])
    print(
        f"\nThe game's own Python on a resume (a reload with a game on, the page controlled by the service "
        f"worker), median of {runs} reloads (range), measured in Pyodide"
    )
    print(f"{'':60} " + " ".join(f"{name:30}" for name in names))
    row('from "Loaded interpreter" until the rack is drawn (wall)', lambda f: f["wall"])
    row("py/main.py, whole", lambda f: f["main"])
    row("  the archive's setup (until read_once)", lambda f: f["setup"])
    row("  import app.page", lambda f: f["import_page"])
    row("  Page()", lambda f: f["page"])
    row("  boot()", lambda f: f["boot"])
    row("    of which Session.open (the save, the game, 1st render)", lambda f: f["open"])
    row("    of which renders (all)", lambda f: sum(f["renders"]))
    row("modules of the archive, their own time (all)", lambda f: sum(f["modules"].values()))
    row("  of which making dataclasses", lambda f: f["dataclass"][0])
    row("  of which making NamedTuples", lambda f: f["namedtuple"][0])
    for name in names:
        figures = found[name]
        print(
            f"{name}: modules imported: {statistics.median(len(f['modules']) for f in figures):.0f}; dataclasses "
            f"made: {statistics.median(f['dataclass'][1] for f in figures):.0f}; NamedTuples: "
            f"{statistics.median(f['namedtuple'][1] for f in figures):.0f}; renders in boot(): "
            f"{statistics.median(len(f['renders']) for f in figures):.0f}"
        )
    for name in names:
        figures = found[name]
        modules = sorted(
            {m for f in figures for m in f["modules"]},
            key=lambda m: -statistics.median(f["modules"].get(m, 0.0) for f in figures),
        )
        print(f"\n{name}: slowest modules, their own time (median)")
        for module in modules[:top]:
            print(f"  {module:40} {1000 * statistics.median(f['modules'].get(module, 0.0) for f in figures):6.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The game's own Python on a resume, step by step.")
    parser.add_argument("--reloads", type=int, default=7, help="resumes to time (default 7)")
    parser.add_argument("--top", type=int, default=15, help="slowest modules to list (default 15)")
    parser.add_argument("--before", metavar="REF", help="also the game as it is at this git commit, interleaved")
    args = parser.parse_args(argv)
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file():
        print("assets/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 1
    with contextlib.ExitStack() as stack:
        sites = {"now": probed_site(Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="resumepython-"))))}
        if args.before:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="resumepython-before-")))
            sites[args.before] = probed_site(folder, args.before)
        report(resumes(args.reloads, sites), args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
