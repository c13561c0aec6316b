#!/usr/bin/env python3
"""Page memory through a game, its review and a puzzle, on a tablet-sized window, in Debian's Chromium.

The page's renderer process holds the page and its workers (the Expert's worker runs a second Pyodide), so its
memory is what a tablet's browser weighs before it stops a page. Samples every ``--every`` seconds, through:

* ``home``: the home screen, ready (``<html data-ready>``);
* ``game``: a whole seeded game played by the page, ``?variant=V&seats=expert,expert&seed=S&pace=0`` (both seats
  think in the worker on their clock) until ``<html data-over>``;
* ``review``: **Review** pressed on the result, until the level's column is complete (``#review[data-phase=done]``);
* ``puzzle``: the puzzle of the day (``?puzzle=daily``) on the board, then **Show solution**.

Each sample reads, for every renderer process of this browser (``SystemInfo.getProcessInfo`` over CDP), its
resident set (``VmRSS``) and proportional set (``Pss``, shared pages split between the processes that map them) from
``/proc``. The page's renderer is the largest; the sum over renderers includes the service worker's and a spare one.
Prints, per phase, the samples (MB, page renderer's RSS), the peak RSS and PSS of the page's renderer and the peak of
the renderers' summed RSS, then the peak over all phases against the budget (400 MB), and one JSON line.

    make bench B=memory ARGS="[--seats expert,expert] [--seed 1] [--every 0.5]"
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_S = 1200
BUDGET_MB = 400
TABLET = {"width": 1024, "height": 768}


def _kilobytes(path: str, field: str) -> int:
    with open(path) as handle:
        for line in handle:
            if line.startswith(field):
                return int(line.split()[1])
    return 0


class Sampler:
    """Memory of this browser's renderer processes, sample by sample, grouped by phase."""

    def __init__(self, browser: Any) -> None:
        self.session = browser.new_browser_cdp_session()
        self.phases: dict[str, list[dict[str, float]]] = {}

    def sample(self, phase: str) -> None:
        processes = self.session.send("SystemInfo.getProcessInfo")["processInfo"]
        renderers = []
        for process in processes:
            if process["type"] != "renderer":
                continue
            pid = process["id"]
            try:
                rss = _kilobytes(f"/proc/{pid}/status", "VmRSS:")
                pss = _kilobytes(f"/proc/{pid}/smaps_rollup", "Pss:")
            except OSError:  # the process ended between the two reads
                continue
            renderers.append((rss, pss))
        if not renderers:
            return
        rss, pss = max(renderers)
        self.phases.setdefault(phase, []).append(
            {"rss": rss / 1024, "pss": pss / 1024, "all_rss": sum(r for r, _ in renderers) / 1024}
        )

    def until(self, phase: str, done: Callable[[], bool], every: float) -> None:
        """Sample until ``done()`` (checked between samples)."""
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            self.sample(phase)
            if done():
                self.sample(phase)
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"{phase}: not done in {TIMEOUT_S} s")
            time.sleep(every)

    def report(self) -> dict[str, Any]:
        summary: dict[str, Any] = {}
        for phase, samples in self.phases.items():
            peak = {key: round(max(s[key] for s in samples)) for key in ("rss", "pss", "all_rss")}
            summary[phase] = {"samples": len(samples), **peak}
            print(
                f"{phase:>7}: {len(samples)} samples, page renderer peak RSS {peak['rss']} MB, "
                f"PSS {peak['pss']} MB; all renderers {peak['all_rss']} MB"
            )
            print("         RSS MB: " + " ".join(str(round(s["rss"])) for s in samples))
        return summary


def private_footprints(browser: Any) -> dict[int, tuple[float, float]]:
    """Each renderer of ``browser``: (RSS, private footprint) in MB, the footprint from one memory dump of Chromium's
    memory-infra (its task manager's "memory footprint": the process's own pages, without the binary's code and
    other files every renderer maps and RSS counts in full)."""
    session = browser.new_browser_cdp_session()
    events: list[dict[str, Any]] = []
    done: list[bool] = []
    session.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
    session.on("Tracing.tracingComplete", lambda params: done.append(True))
    config = {"includedCategories": ["disabled-by-default-memory-infra"], "memoryDumpConfig": {"triggers": []}}
    session.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
    # Not "deterministic": that collects garbage first, and the game after would be weighed from a collected heap.
    session.send("Tracing.requestMemoryDump", {"deterministic": False, "levelOfDetail": "background"})
    session.send("Tracing.end")
    deadline = time.monotonic() + 30
    while not done and time.monotonic() < deadline:  # Playwright delivers events during its calls, not a sleep
        session.send("Browser.getVersion")
        time.sleep(0.05)
    renderers = [p["id"] for p in session.send("SystemInfo.getProcessInfo")["processInfo"] if p["type"] == "renderer"]
    session.detach()
    footprints: dict[int, tuple[float, float]] = {}
    for event in events:
        totals = event.get("args", {}).get("dumps", {}).get("process_totals", {})
        if event.get("ph") == "v" and event.get("pid") in renderers and "private_footprint_bytes" in totals:
            try:
                rss = _kilobytes(f"/proc/{event['pid']}/status", "VmRSS:") / 1024
            except OSError:
                continue
            footprints[event["pid"]] = (rss, int(totals["private_footprint_bytes"], 16) / 2**20)
    return footprints


def present(page: Any, selector: str) -> Callable[[], bool]:
    return lambda: bool(page.evaluate(f"!!document.querySelector({json.dumps(selector)})"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seats", default="expert,expert")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between samples")
    args = parser.parse_args()
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page(viewport=TABLET, has_touch=True)
        sampler = Sampler(browser)
        page.goto(base)
        sampler.until("home", present(page, "html[data-ready]"), args.every)
        for _ in range(4):
            time.sleep(args.every)
            sampler.sample("home")
        page.goto(f"{base}?variant={args.variant}&seats={args.seats}&seed={args.seed}&pace=0")
        sampler.until("game", present(page, "html[data-over]"), args.every)
        page.evaluate("document.querySelector('#result [data-action=\"review\"]').click()")
        sampler.until("review", present(page, '#review[data-phase="done"]'), args.every)
        page.goto(f"{base}?puzzle=daily")
        sampler.until("puzzle", present(page, "html[data-puzzle]"), args.every)
        page.get_by_role("button", name="Show solution").click()
        for _ in range(4):
            time.sleep(args.every)
            sampler.sample("puzzle")
        browser.close()
    summary = sampler.report()
    peak = max(phase["rss"] for phase in summary.values())
    print(
        f"peak {peak} MB (page renderer RSS) against a budget of {BUDGET_MB} MB: "
        f"{'within' if peak <= BUDGET_MB else 'over'}"
    )
    print(
        json.dumps(
            {
                "variant": args.variant,
                "seats": args.seats,
                "seed": args.seed,
                "peak_mb": peak,
                "budget_mb": BUDGET_MB,
                "phases": summary,
            }
        )
    )


if __name__ == "__main__":
    main()
