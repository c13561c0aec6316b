#!/usr/bin/env python3
"""Time to the first board on tutorial.html against the time a bare PyScript page takes to run Python (issue 51).

Serves the site on a free 127.0.0.1 port and loads, in Debian's Chromium, each in a fresh profile:

* tutorial.html, cold (an empty profile) then warm (a reload in that profile): the first board on screen (the
  later of the first ``.qw-board`` inside a marker and the first contentful paint: js/early.js draws the boards from
  their markup before the first paint), the page ready (``<html data-ready>``: Python has made every board live),
  and the layout shift of the page from its first paint to ready (the Layout Instability API's entries, summed);
* bench/pages/bare.html, cold then warm: ``<html data-ready>``, set as soon as Python runs.

Both at normal speed and with the CPU slowed 4x (CDP ``Emulation.setCPUThrottlingRate``), as on a mid-range phone.
Prints the median (and range) of each and the ratio first board / bare page of the same speed and cache; the goal
is 0.15x. Timings vary between batches on a shared machine: compare pages of the same run, never a fixed number.

    make bench B=firstboard ARGS="[--runs 3] [--rates 1,4]"
"""

from __future__ import annotations

import argparse
import statistics
import sys

from browser import first_page, fresh_context, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 240_000
CLOCK = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value;
}).observe({type: "layout-shift", buffered: true});
new MutationObserver((_, observer) => {
  if (!window.__boardAt && document.querySelector("[data-qwirkle] .qw-board, [data-qwirkle-puzzle] .qw-board")) {
    window.__boardAt = performance.now();
  }
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""
FIRST_BOARD = """() => {
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return Math.max(window.__boardAt, paint ? paint.startTime : 0);
}"""


def load(page, url: str, reload: bool) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """One load (or reload) of ``url``, timed in the page: seconds since navigation start, and the shift."""
    if reload:
        page.reload(timeout=TIMEOUT_MS)
    else:
        page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function("window.__readyAt !== undefined", timeout=TIMEOUT_MS)
    times = {"ready": page.evaluate("window.__readyAt") / 1000}
    if page.evaluate("window.__boardAt !== undefined"):
        times["board"] = page.evaluate(FIRST_BOARD) / 1000
        times["shift"] = page.evaluate("window.__shift")
    return times


def visit(playwright, url: str, rate: float) -> dict[str, dict[str, float]]:  # type: ignore[no-untyped-def]
    """Cold then warm, in a fresh profile, the CPU slowed ``rate`` times."""
    with fresh_context(playwright, "firstboard-") as context:
        context.add_init_script(CLOCK)
        page = first_page(context)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": rate})
        cold = load(page, url, reload=False)
        return {"cold": cold, "warm": load(page, url, reload=True)}


def summary(values: list[float], unit: str = "s") -> str:
    return f"{statistics.median(values):7.3f} {unit} ({min(values):.3f}-{max(values):.3f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rates", default="1,4", help="CPU slow-down factors (1: none)")
    args = parser.parse_args(argv)
    rates = [float(rate) for rate in args.rates.split(",")]
    results: dict[tuple[float, str, str, str], list[float]] = {}
    with running_server() as base, sync_playwright() as playwright:
        for _ in range(args.runs):
            for rate in rates:  # the pages interleaved, so drift hits both alike
                for page, path in (("tutorial", "tutorial.html"), ("bare", "bench/pages/bare.html")):
                    for cache, times in visit(playwright, base + path, rate).items():
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
            print(f"  {cache}: first board / bare   {statistics.median(board) / statistics.median(bare):.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
