#!/usr/bin/env python3
"""Time to the first board on tutorial.html against the time a bare PyScript page takes to run Python (issue 51).

Serves the site on a free 127.0.0.1 port and loads, in Debian's Chromium, each in a fresh profile:

* tutorial.html, cold (an empty profile) then warm (a reload in that profile, once its service worker has installed
  and taken the page, as a reader's next visit meets it): the first board on screen (the
  later of the first ``.qw-board`` inside a marker and the first contentful paint: js/early.js draws the boards from
  their markup before the first paint), the page ready (``<html data-ready>``: Python has made every board live),
  and the layout shift of the page from its first paint to ready (the Layout Instability API's entries, summed);
* bench/pages/bare.html, cold then warm: ``<html data-ready>``, set as soon as Python runs.

* the floor under any first board: tutorial.html with the script that draws its boards taken out (its text, its
  styles and its service worker alone, served from a copy of the site), cold then warm: its first contentful paint.
  No board can be on screen before the page's first paint.

Both at normal speed and with the CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``), as on a mid-range phone.
Prints the median (and range) of each and the ratios first board / bare page and floor / bare page of the same speed
and cache; the goal is 0.15x for the first board. Timings vary between batches on a shared machine: compare pages
of the same run, never a fixed number.

``--game``: a returning player instead. In a fresh profile the game opens a game by a start link (the computer moves,
then the human's rack is up: bench/pageload.py's), then is reloaded twice (the return visits 2 and 3, the service
worker in control: the first return waits for it to have installed and taken the page): the board on screen (the
later of the first ``#board-world [data-cell]`` and the first contentful paint: js/early-game.js draws the game from
its glance before the first paint), a tap taken (``<html data-ready>``: Python listens from then on; before it the
screen is inert) and the layout shift from the first paint to ready; the bare page's reloads alike. Goals: the
board within 0.5x of the bare page's reload, a tap within 1.10x of where the game was (``--before REF``: the game as
it is at the git commit REF, in the same run), never worse.

``--installing``: the warm load (the first return) at once, while the service worker still installs: it copies and
hashes the site's 15 MB (sw.js) beside the page, as a reader who reloads right after the first visit meets it.

    make bench B=firstboard ARGS="[--runs 3] [--rates 1,4]"
    make bench B=firstboard ARGS="--game [--runs 3] [--rates 1,4] [--before main]"
    make bench B=firstboard ARGS="[--game] --installing"
"""

from __future__ import annotations

import argparse
import contextlib
import re
import statistics
import sys
import tempfile
from pathlib import Path

from browser import ROOT, first_page, fresh_context, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 240_000
LOOK_MS = 1500  # --game: how long a page is looked at before the next visit (the glance is kept 0.5 s after drawing)
CLOCK = """(() => {
window.__shift = 0;
const addShifts = (entries) => {
  for (const entry of entries) if (!entry.hadRecentInput) window.__shift += entry.value;
};
const shifts = new PerformanceObserver((list) => addShifts(list.getEntries()));
shifts.observe({type: "layout-shift", buffered: true});
// the shift once the next frame is painted, with the entries the observer has not delivered yet (they come late)
window.__shifted = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
  addShifts(shifts.takeRecords());
  done(window.__shift);
})));
new MutationObserver((_, observer) => {
  if (!window.__boardAt && document.querySelector(
    "[data-qwirkle] .qw-board, [data-qwirkle-puzzle] .qw-board, #board-world [data-cell]")) {
    window.__boardAt = performance.now();
  }
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
})();
"""
FIRST_BOARD = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return Math.max(window.__boardAt, paint ? paint.startTime : 0);
}"""


def navigate(page, url: str, reload: bool) -> None:  # type: ignore[no-untyped-def]
    """Open ``url`` in ``page``, or reload it."""
    if reload:
        page.reload(timeout=TIMEOUT_MS)
    else:
        page.goto(url, timeout=TIMEOUT_MS)


def load(page, url: str, reload: bool) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """One load (or reload) of ``url``, timed in the page: seconds since navigation start, and the shift."""
    navigate(page, url, reload)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    times = {"ready": page.evaluate("window.__readyAt") / 1000}
    if page.evaluate("window.__boardAt !== undefined"):
        times["board"] = page.evaluate(FIRST_BOARD) / 1000
        times["shift"] = page.evaluate("window.__shifted()")
    return times


def paint(page, url: str, reload: bool) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """One load (or reload) of a page with no Python: seconds to its first contentful paint."""
    navigate(page, url, reload)
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length", timeout=TIMEOUT_MS)
    return {"paint": page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime") / 1000}


# tutorial.html's script that draws its boards (render-blocking), and any module preloaded for it.
BOARD_SCRIPTS = re.compile(
    r'\s*<(script type="module" src="[^"]+" blocking="render"></script|link rel="modulepreload"[^>]*)>'
)


def text_only_site(folder: Path) -> Path:
    """The site in ``folder`` (every entry linked) with tutorial.html's board script taken out."""
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and entry.name not in ("tutorial.html", "sw-precache.js", "node_modules"):
            (folder / entry.name).symlink_to(entry)
    page, taken = BOARD_SCRIPTS.subn("", (ROOT / "tutorial.html").read_text(encoding="utf-8"))
    if not taken or re.search(r'<script[^>]* blocking="render"', page):
        raise SystemExit("bench/firstboard.py: tutorial.html's board script is not where this bench looks")
    (folder / "tutorial.html").write_text(page, encoding="utf-8")
    return folder


def wait_for_worker(page) -> None:  # type: ignore[no-untyped-def]
    """Until the page's service worker has installed (its precache filled) and taken the page."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)


def visit(playwright, url: str, rate: float, worker: bool, python: bool = True) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    """Cold then warm, in a fresh profile, the CPU slowed ``rate`` times (``worker``: the warm load once the page's
    service worker is in control; ``python``: the page sets data-ready, else only its first paint is timed)."""
    measure = load if python else paint
    with fresh_context(playwright, "firstboard-") as context:
        context.add_init_script(CLOCK)
        page = first_page(context)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        cold = measure(page, url, reload=False)
        if worker:
            wait_for_worker(page)
        return {"cold": cold, "warm": measure(page, url, reload=True)}


def returns(playwright, base: str, rate: float, game: bool, installing: bool) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    """A returning player's visits 2 and 3 in a fresh profile (``game``: the game with a game in progress, else the
    bare page), the CPU slowed ``rate`` times from the first return on (``installing``: without waiting for the
    service worker to take the page)."""
    from pageload import PAGES, start_game

    with fresh_context(playwright, "firstboard-") as context:
        context.add_init_script(CLOCK)
        page = first_page(context)
        if game:
            start_game(page, base)
            if not installing:
                wait_for_worker(page)
        else:
            load(page, base + PAGES["bare"], reload=False)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        visits = {}
        for visit in ("visit 2", "visit 3"):
            page.wait_for_timeout(LOOK_MS)  # a player looks at the page before leaving it: the glance is kept
            visits[visit] = load(page, "", reload=True)
        return visits


def run_game(runs: int, rates: list[float], before: str | None, installing: bool) -> int:
    """A returning player's board and first tap against the bare page's reload (``--game``)."""
    from pageload import git_site_at

    names = ["game", "bare"] + ([f"game@{before}"] if before else [])
    results: dict[tuple[float, str, str, str], list[float]] = {}
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        bases = {"game": stack.enter_context(running_server())}
        bases["bare"] = bases["game"]
        if before:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="firstboard-before-")))
            bases[names[2]] = stack.enter_context(running_server(git_site_at(before, folder)))
        for _ in range(runs):
            for rate in rates:
                for name in names:  # interleaved, so drift hits them alike
                    for visit, times in returns(playwright, bases[name], rate, name != "bare", installing).items():
                        for measure, value in times.items():
                            results.setdefault((rate, name, visit, measure), []).append(value)
    for rate in rates:
        print(f"CPU {'x' + format(rate, 'g') if rate != 1 else 'normal'}")
        for visit in ("visit 2", "visit 3"):
            bare = statistics.median(results[(rate, "bare", visit, "ready")])
            print(f"  {visit}: bare page ready      {summary(results[(rate, 'bare', visit, 'ready')])}")
            for name in (n for n in names if n != "bare"):
                board = results.get((rate, name, visit, "board"), [])
                ready = results[(rate, name, visit, "ready")]
                if board:
                    print(f"  {visit}: {name:12} board {summary(board)}  {statistics.median(board) / bare:.2f}x bare")
                    shift = results[(rate, name, visit, "shift")]
                    print(f"  {visit}: {name:12} layout shift {summary(shift, '')}")
                print(f"  {visit}: {name:12} tap   {summary(ready)}  {statistics.median(ready) / bare:.2f}x bare")
            if before:
                taps = [statistics.median(results[(rate, name, visit, "ready")]) for name in (names[0], names[2])]
                print(f"  {visit}: tap, game / game@{before}: {taps[0] / taps[1]:.2f}x")
    return 0


def summary(values: list[float], unit: str = "s") -> str:
    return f"{statistics.median(values):7.3f} {unit} ({min(values):.3f}-{max(values):.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors (1: none)")
    parser.add_argument("--game", action="store_true", help="a returning player's game instead of tutorial.html")
    parser.add_argument("--before", metavar="REF", help="with --game: also the game as it is at this git commit")
    parser.add_argument(
        "--installing", action="store_true", help="the warm load at once, while the service worker still installs"
    )
    args = parser.parse_args(argv)
    rates = [float(rate) for rate in args.rates.split(",")]
    if args.game:
        return run_game(args.runs, rates, args.before, args.installing)
    results: dict[tuple[float, str, str, str], list[float]] = {}
    with contextlib.ExitStack() as stack, sync_playwright() as playwright:
        base = stack.enter_context(running_server())
        text = stack.enter_context(
            running_server(
                text_only_site(Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="firstboard-text-"))))
            )
        )
        pages = (
            ("tutorial", base + "tutorial.html"),
            ("bare", base + "bench/pages/bare.html"),
            ("floor", text + "tutorial.html"),
        )
        for _ in range(args.runs):
            for rate in rates:  # the pages interleaved, so drift hits them alike
                for page, url in pages:
                    worker = page != "bare" and not args.installing  # the bare page has no service worker
                    for cache, times in visit(playwright, url, rate, worker, python=page != "floor").items():
                        for measure, value in times.items():
                            results.setdefault((rate, page, cache, measure), []).append(value)
    for rate in rates:
        print(f"CPU {'x' + format(rate, 'g') if rate != 1 else 'normal'}")
        for cache in ("cold", "warm"):
            board = results[(rate, "tutorial", cache, "board")]
            bare = results[(rate, "bare", cache, "ready")]
            print(f"  {cache}: tutorial first board {summary(board)}")
            print(f"  {cache}: tutorial ready       {summary(results[(rate, 'tutorial', cache, 'ready')])}")
            print(f"  {cache}: bare page ready      {summary(bare)}")
            print(f"  {cache}: layout shift         {summary(results[(rate, 'tutorial', cache, 'shift')], '')}")
            floor = results[(rate, "floor", cache, "paint")]
            print(f"  {cache}: floor (no board script) {summary(floor)}  first paint of the page's text alone")
            print(f"  {cache}: first board / bare   {statistics.median(board) / statistics.median(bare):.2f}x")
            print(f"  {cache}: floor / bare         {statistics.median(floor) / statistics.median(bare):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
