#!/usr/bin/env python3
"""Game review times in the browser: a two-player game played by the page, then reviewed, in Debian's Chromium.

For each game, opens ``?variant=V&seats=greedy,medium&seed=S&pace=0`` (both seats deterministic, so CPython
reviews the same games: ``bench/review.py``), waits for the end, presses **Review** and records, from the click:

* ``best_ms``: until the best-by-points column is complete (``#review[data-phase]`` leaves ``best``); the worker
  is not running yet (no seat used it), so this pass runs on the page while the worker starts. Target: 2 s;
* ``win_ms``: from the click until every move's chances of winning are in (``data-phase`` leaves ``win``: the
  whole win-chance review, the worker's start included). Target: 10 s for a two-player classic game of about 50
  moves (issue 25); ``win_pass_ms``: the win pass alone, as the page logs it (``review-win ... ms=``);
* ``done_ms``: until the level's choices are all in (the worker's start included);
* ``level_ms``: the level pass alone, as the page logs it (``review-level ... ms=``, from the worker being up);
* ``long_tasks``, ``longest_ms``: main-thread tasks over 50 ms between the click and the end (``longtask``
  entries), the page's responsiveness.

Then closes the review and opens it again (``warm``): the worker is up, so the best pass runs there
(``warm_best_ms``; the level pass is then cached in the worker and not timed again), and the chances of winning come
from the save (``warm_win_ms``: from the click until they are all shown again, the second look). Prints medians and one
JSON line.

    make bench B=reviewpage ARGS="[--games 3] [--variant classic] [--level expert]"
"""

from __future__ import annotations

import argparse
import json
import re
import statistics

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 600_000
# Recorded before the page's own scripts: main-thread tasks over 50 ms.
RECORDER = """
window.__long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""
# Press Review, noting the time, and note when #review's phase changes (best, win, level, done).
CLICK = """() => {
  const review = document.getElementById("review");
  window.__phases = [];
  window.__watch = window.__watch || new MutationObserver(() => {
    const last = window.__phases[window.__phases.length - 1];
    const phase = review.dataset.phase;
    if (phase && (!last || last[0] !== phase)) window.__phases.push([phase, performance.now()]);
  });
  window.__watch.observe(review, {attributes: true, attributeFilter: ["data-phase"]});
  window.__click = performance.now();
  document.querySelector('#result [data-action="review"]').click();
}"""
LEVEL = re.compile(r"review-level level=\w+ budget=\S+ moves=\d+ ms=(\d+)")
WIN = re.compile(r"review-win moves=\d+ ms=(\d+)")


def left(phases: dict, phase: str, after: tuple[str, ...]) -> float:
    """When the review left ``phase``: the first later phase seen (a phase may be too short to be seen)."""
    return min(phases[p] for p in after if p in phases)


def review_game(browser, base: str, variant: str, seed: int, level: str) -> dict:
    context = browser.new_context(viewport={"width": 1366, "height": 800})
    context.add_init_script(RECORDER)
    page = context.new_page()
    logs: list[str] = []
    page.on("console", lambda msg: logs.append(msg.text))
    page.goto(f"{base}?variant={variant}&seats=greedy,medium&seed={seed}&pace=0")
    page.wait_for_selector("html[data-over]", state="attached", timeout=TIMEOUT_MS)
    moves = len(
        json.loads(page.evaluate("localStorage.getItem('qwirkle.save.' + localStorage.getItem('qwirkle.current'))"))[
            "record"
        ]["moves"]
    )
    page.evaluate(CLICK)
    if level != "expert":
        page.locator("#review-level").select_option(level)
    page.wait_for_selector('#review[data-phase="done"]', state="attached", timeout=TIMEOUT_MS)
    click = page.evaluate("window.__click")
    phases = dict(page.evaluate("window.__phases"))
    long_tasks = [d for start, d in page.evaluate("window.__long") if start >= click - 1]
    level_ms = [float(m.group(1)) for line in logs if (m := LEVEL.search(line))]
    win_ms = [float(m.group(1)) for line in logs if (m := WIN.search(line))]
    page.locator("#review").get_by_role("button", name="Close").click()
    page.evaluate(CLICK)
    page.wait_for_selector('#review[data-phase="done"]', state="attached", timeout=TIMEOUT_MS)
    warm = dict(page.evaluate("window.__phases"))
    warm_click = page.evaluate("window.__click")
    context.close()
    return {
        "moves": moves,
        "best_ms": round(left(phases, "best", ("win", "level", "done")) - click),
        "win_ms": round(left(phases, "win", ("level", "done")) - click),
        "win_pass_ms": win_ms[0] if win_ms else None,
        "done_ms": round(phases["done"] - click),
        "level_ms": level_ms[-1] if level_ms else None,
        "long_tasks": len(long_tasks),
        "longest_ms": round(max(long_tasks, default=0)),
        "warm_best_ms": round(left(warm, "best", ("win", "level", "done")) - warm_click),
        "warm_win_ms": round(left(warm, "win", ("level", "done")) - warm_click),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--variant", default="classic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    results = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        for index in range(args.games):
            result = review_game(browser, base, args.variant, args.seed + index, args.level)
            print(json.dumps({"seed": args.seed + index, **result}), flush=True)
            results.append(result)
        browser.close()
    keys = (
        "moves",
        "best_ms",
        "win_ms",
        "win_pass_ms",
        "warm_best_ms",
        "warm_win_ms",
        "level_ms",
        "done_ms",
        "long_tasks",
        "longest_ms",
    )
    medians = {key: statistics.median(r[key] for r in results if r[key] is not None) for key in keys}
    print(
        f"{args.variant}, {args.level}: median of {args.games} games: "
        + ", ".join(f"{key} {value:g}" for key, value in medians.items())
    )
    print(json.dumps({"variant": args.variant, "level": args.level, "games": args.games, **medians}))


if __name__ == "__main__":
    main()
