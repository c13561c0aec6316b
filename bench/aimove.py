#!/usr/bin/env python3
"""Computer move times in the browser: whole games played by the page itself, in Debian's Chromium.

For each level, opens ``?variant=V&seats=LEVEL,LEVEL&seed=S&pace=0`` (the two seats play each
other to the end) and reads the line the page logs after every computer move::

    ai-move hard think=41.2ms total=47.9ms

``think`` is the time to choose the move (``Player.choose`` in Pyodide on the page; for the
Expert, the round trip to the worker); ``total`` adds applying it, saving and the yield to the
page. Prints, per level, the number of moves and the median, 90th percentile and maximum of
``think`` in milliseconds, plus one JSON line per level for scripts. For the Expert it also prints
how many look-aheads it made on its clock (the median over its moves that looked ahead; the worker
logs ``ai-lookaheads expert N``), the number to compare with its fixed tournament budget of 160.
The issue's target: Hard at most 300 ms a move. The Expert thinks to the budget set in settings (``--expert-seconds``),
in a worker, so the page stays responsive; its first move includes the worker's start.

    make bench B=aimove ARGS="[--levels hard,medium] [--games 2] [--variant classic]"
"""

from __future__ import annotations

import argparse
import json
import re
import statistics

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

LINE = re.compile(r"ai-move (\w+) think=([\d.]+)ms total=([\d.]+)ms")
LOOKED = re.compile(r"ai-lookaheads (\w+) (\d+)")
GAME_TIMEOUT_MS = 600_000


def play_game(
    browser, base: str, level: str, variant: str, seed: int, expert_seconds: str, looked: list[int]
) -> list[float]:
    context = browser.new_context()
    context.add_init_script(
        f"localStorage.setItem('qwirkle.settings', JSON.stringify({{expert_seconds: '{expert_seconds}'}}))"
    )
    page = context.new_page()
    times: list[float] = []
    from_page: list[int] = []
    from_worker: list[int] = []
    page.on("console", lambda msg: _record(msg.text, level, times, from_page))
    # the worker's lines: some Playwright versions pass them to the page's console event, others to the worker's
    page.on("worker", lambda worker: worker.on("console", lambda msg: _record(msg.text, level, [], from_worker)))
    page.goto(f"{base}?variant={variant}&seats={level},{level}&seed={seed}&pace=0")
    page.wait_for_selector("html[data-over]", state="attached", timeout=GAME_TIMEOUT_MS)
    context.close()
    looked += from_page or from_worker
    return times


def _record(text: str, level: str, times: list[float], looked: list[int]) -> None:
    match = LINE.search(text)
    if match and match.group(1) == level:
        times.append(float(match.group(2)))
    match = LOOKED.search(text)
    if match and match.group(1) == level:
        looked.append(int(match.group(2)))


def summary(level: str, times: list[float], looked: list[int]) -> dict:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    row = {
        "level": level,
        "moves": len(times),
        "median_ms": round(statistics.median(times), 1),
        "p90_ms": round(p90, 1),
        "max_ms": round(max(times), 1),
        "mean_ms": round(statistics.mean(times), 1),
    }
    if looked:
        row["lookaheads_median"] = statistics.median(looked)
        row["lookaheads_moves"] = len(looked)
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default="hard,medium")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert-seconds", default="1")
    args = parser.parse_args()
    results = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        for level in args.levels.split(","):
            times: list[float] = []
            looked: list[int] = []
            for game in range(args.games):
                times += play_game(browser, base, level, args.variant, args.seed + game, args.expert_seconds, looked)
            results.append(summary(level, times, looked))
        browser.close()
    print(f"{'level':8} {'moves':>5} {'median':>8} {'p90':>8} {'max':>8}   (ms to choose a move, in the page)")
    for row in results:
        print(f"{row['level']:8} {row['moves']:5} {row['median_ms']:8.1f} {row['p90_ms']:8.1f} {row['max_ms']:8.1f}")
    for row in results:
        if "lookaheads_median" in row:
            print(
                f"{row['level']}: {row['lookaheads_median']:.0f} look-aheads a move on its clock (median of "
                f"{row['lookaheads_moves']} moves that looked ahead; the tournaments' fixed budget is 160)"
            )
    for row in results:
        print(json.dumps(row))


if __name__ == "__main__":
    main()
