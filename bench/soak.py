#!/usr/bin/env python3
"""Soak test: N cold loads of the game page in Chromium, each playing a computer game to its end; crashes counted.

A "Page crashed" of Chromium's renderer was seen twice in about 60 cold loads on a loaded machine. Each run here is
a new Chromium with an empty profile (cold: no HTTP cache, no compiled-code cache), serving the site on 127.0.0.1:

1. open a start link of a computer game (pace 0), rotating through the rule sets and levels in ``GAMES``; every
   third game seats the Expert, which thinks in a worker started as the page starts;
2. reload the page as soon as the first computer move is on the board (the worker start then races a reload), and
   once more half-way through for games with many moves;
3. wait for the end of the game (``<html data-over>``), and record what the page did: the renderer crashing
   (Playwright's ``crash`` event), uncaught errors, a start-up error, a timeout (with the page's last console
   warnings and errors); and the JavaScript heap in use at the end (Chromium's ``performance.memory``).

Prints one JSON line per run, then a summary: crashes, errors, timeouts, and the medians.

    make bench B=soak ARGS="[--runs 50] [--game-timeout 300]"

``--loads N`` (issue 23) compares the game with a bare PyScript page on the same runtime (bench/pages/bare.html): N cold
loads of each, interleaved in one run, each in a new Chromium with an empty profile. A game load opens a computer
game's start link and waits for its first move (every third seats the Expert, whose worker starts with the page); a
bare load waits for Python to run. Renderer crashes are counted per page, with the Chromium version::

    make bench B=soak ARGS="--loads 300"
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from browser import ROOT, first_page, fresh_context, running_server
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

GAMES = (  # start links: a rule set and its seats, all computers
    "variant=classic&seats=medium,hard",
    "variant=cubes&seats=greedy,medium,easy",
    "variant=flex&tiles=72&seats=expert,greedy",
    "variant=flex&seats=hard,beginner",
    "variant=classic&seats=random,greedy,medium,easy",
    "variant=cubes&seats=expert,medium",
)
SETTINGS = '{"expert_seconds": "1"}'  # the Expert's shortest clock, so that a soak run stays short
READY_MS = 120_000

HEAP = "performance.memory ? performance.memory.usedJSHeapSize : null"  # Chromium's JavaScript heap in use
# The game is over: shown (data-over), or finished while the page reloaded (a finished game is not resumed: the
# home screen shows, and the save says it is over).
OVER = """() => document.documentElement.hasAttribute("data-over") || (!document.getElementById("home").hidden &&
  JSON.parse(localStorage.getItem("qwirkle.save." + localStorage.getItem("qwirkle.current")) || "{}").over === true)"""


def play_one(playwright: Any, base: str, run: int, game_timeout: float) -> dict[str, Any]:
    """One cold load and one whole computer game; what happened."""
    link = f"?{GAMES[run % len(GAMES)]}&seed={1000 + run}&pace=0"
    result: dict[str, Any] = {"run": run, "link": link, "crashed": False, "errors": [], "reloads": 0}
    console: list[str] = []  # the page's warnings and errors, kept for a run that does not finish
    with fresh_context(playwright, "soak-") as context:
        try:
            page = first_page(context)
            page.on("crash", lambda _page: result.update(crashed=True))
            page.on("pageerror", lambda error: result["errors"].append(str(error)[:300]))
            page.on(
                "console",
                lambda m: console.append(f"{m.type}: {m.text}"[:300]) if m.type in ("warning", "error") else None,
            )
            context.add_init_script(f"localStorage.setItem('qwirkle.settings', {json.dumps(SETTINGS)})")
            started = time.monotonic()
            page.goto(base + link, timeout=READY_MS)
            ready(page)
            result["load_s"] = round(time.monotonic() - started, 2)
            page.wait_for_selector("#log li", state="attached", timeout=READY_MS)
            if not page.evaluate(OVER):
                reload(page, result)  # the worker (if any) starts again, racing the reload
            deadline = time.monotonic() + game_timeout
            halfway = False
            while not page.evaluate(OVER):
                if result["crashed"] or time.monotonic() > deadline:
                    break
                if not halfway and page.locator("#log li.log__entry").count() >= 30:
                    halfway = True
                    reload(page, result)
                page.wait_for_timeout(250)
            result["over"] = bool(page.evaluate(OVER))
            result["moves"] = len(
                json.loads(
                    page.evaluate("localStorage.getItem('qwirkle.save.' + localStorage.getItem('qwirkle.current'))")
                )["record"]["moves"]
            )
            result["game_s"] = round(time.monotonic() - started, 2)
            result["heap"] = page.evaluate(HEAP)
        except PlaywrightError as error:  # the page or the browser went away (a crash), or a wait ran out
            result["errors"].append(f"playwright: {str(error).splitlines()[0][:200]}")
            result.setdefault("over", False)
    result["timeout"] = not result.get("over") and not result["crashed"] and not result["errors"]
    if not result.get("over"):
        result["console"] = console[-12:]
    return result


def ready(page: Any) -> None:
    page.wait_for_selector("html[data-ready], html[data-load-error], .py-error", state="attached", timeout=READY_MS)
    if not page.locator("html[data-ready]").count():
        raise PlaywrightError("the page did not start: " + " ".join(page.locator(".py-error").all_inner_texts()))


def reload(page: Any, result: dict[str, Any]) -> None:
    page.reload(timeout=READY_MS)
    ready(page)
    result["reloads"] += 1


def summary(results: list[dict[str, Any]]) -> str:
    runs = len(results)
    crashed = sum(r["crashed"] for r in results)
    errored = sum(bool(r["errors"]) for r in results)
    timeouts = sum(r["timeout"] for r in results)
    finished = sum(bool(r.get("over")) for r in results)

    def median(key: str, scale: float = 1.0) -> str:
        values = [r[key] / scale for r in results if isinstance(r.get(key), (int, float))]
        return f"{statistics.median(values):.1f}" if values else "-"

    return (
        f"{runs} cold loads, {sum(r['reloads'] for r in results)} reloads: {crashed} renderer crashes, "
        f"{errored} with errors, {timeouts} timeouts, {finished} games finished\n"
        f"median load {median('load_s')} s, game {median('game_s')} s, {median('moves')} moves, "
        f"JS heap {median('heap', 2**20)} MiB at the end"
    )


def load_one(playwright: Any, base: str, run: int, kind: str) -> dict[str, Any]:
    """One cold load of the game (until its first computer move) or of the bare page (until Python runs)."""
    result: dict[str, Any] = {"run": run, "page": kind, "crashed": False, "errors": []}
    with fresh_context(playwright, "soak-") as context:
        try:
            page = first_page(context)
            page.on("crash", lambda _page: result.update(crashed=True))
            page.on("pageerror", lambda error: result["errors"].append(str(error)[:300]))
            result["chromium"] = context.browser.version if context.browser else ""
            started = time.monotonic()
            if kind == "bare":
                page.goto(base + "bench/pages/bare.html", timeout=READY_MS)
                page.wait_for_selector("html[data-ready]", state="attached", timeout=READY_MS)
            else:
                seats = "expert,greedy" if run % 3 == 0 else "medium,hard"
                context.add_init_script(f"localStorage.setItem('qwirkle.settings', {json.dumps(SETTINGS)})")
                page.goto(f"{base}?variant=classic&seats={seats}&seed={2000 + run}&pace=0", timeout=READY_MS)
                ready(page)
                page.wait_for_selector("#log li", state="attached", timeout=READY_MS)
            result["load_s"] = round(time.monotonic() - started, 2)
            result["heap"] = page.evaluate(HEAP)
        except PlaywrightError as error:
            result["errors"].append(f"playwright: {str(error).splitlines()[0][:200]}")
    return result


def loads(count: int) -> int:
    """``count`` cold loads each of the game and of the bare page, interleaved; crashes per page."""
    results: list[dict[str, Any]] = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        for run in range(count):
            for kind in ("game", "bare") if run % 2 == 0 else ("bare", "game"):
                result = load_one(playwright, base, run, kind)
                results.append(result)
                print(json.dumps(result), flush=True)
    versions = sorted({r.get("chromium", "") for r in results} - {""})
    for kind in ("game", "bare"):
        mine = [r for r in results if r["page"] == kind]
        times = [r["load_s"] for r in mine if "load_s" in r]
        print(
            f"{kind}: {len(mine)} cold loads, {sum(r['crashed'] for r in mine)} renderer crashes, "
            f"{sum(bool(r['errors']) and not r['crashed'] for r in mine)} other errors, "
            f"median {round(statistics.median(times), 2) if times else '-'} s"
        )
    print(f"Chromium {', '.join(versions)}")
    return 1 if any(r["crashed"] for r in results) else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--game-timeout", type=float, default=300, help="seconds a game may take (default 300)")
    parser.add_argument("--loads", type=int, default=0, help="cold loads each of the game and the bare page")
    args = parser.parse_args(argv)
    if args.loads:
        return loads(args.loads)
    results = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        for run in range(args.runs):
            result = play_one(playwright, base, run, args.game_timeout)
            results.append(result)
            print(json.dumps(result), flush=True)
    print(summary(results))
    return 1 if any(r["crashed"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
