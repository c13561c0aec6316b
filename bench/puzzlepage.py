#!/usr/bin/env python3
"""Time of the puzzle of the day in the browser: ``qwirkle.study.puzzles.daily`` run in Pyodide, in Debian's Chromium.

Opens ``bench/pages/puzzle.html`` (the game's Pyodide, CSP and archive ``assets/app/app.zip``; ``make bench`` builds
them), which imports the puzzle module from the archive and makes the puzzle of the day of ten dates for each variant,
timing each in Python (``time.perf_counter``), and prints the import time and, per variant, the median and the
slowest. The target is under 1 s for one puzzle in the page. The same dates in CPython are printed beside them
(``--no-cpython`` skips that), so the ratio Pyodide / CPython shows too, and whether both Pythons made the same
puzzles (their ids), a check that generation is the same on every Python.

    make bench B=puzzlepage
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 300_000


def in_page() -> dict:
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        page = browser.new_page()
        page.goto(f"{base}bench/pages/puzzle.html")
        page.wait_for_selector("html[data-timings]", state="attached", timeout=TIMEOUT_MS)
        timings = json.loads(page.evaluate("document.documentElement.dataset.timings"))
        browser.close()
    return timings


def in_game_page(rounds: int = 3) -> dict:
    """The real page, as a player meets it: from the click on a Puzzles choice (the day's puzzle of each rule set,
    then Next) until the puzzle is on the board (``<html data-puzzle>`` changed), in milliseconds."""
    waits: dict[str, list[float]] = {"daily": [], "next": []}
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        for _ in range(rounds):
            page = browser.new_context().new_page()
            page.goto(f"{base}index.html")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
            for variant in ("classic", "cubes", "flex"):
                page.locator('[data-action="puzzles"]').first.click()
                waits["daily"].append(
                    _click_until_new_puzzle(
                        page, f'#puzzles-dialog [data-action="puzzle-daily"][data-variant="{variant}"]'
                    )
                )
                waits["next"].append(_click_until_new_puzzle(page, '#puzzle [data-action="puzzle-next"]'))
            page.context.close()
        browser.close()
    return {
        kind: {"median_ms": round(sorted(runs)[len(runs) // 2]), "max_ms": round(max(runs))}
        for kind, runs in waits.items()
    }


def _click_until_new_puzzle(page, selector: str) -> float:
    """Time from a click on ``selector`` until the puzzle shown changes, measured in the page (the click's handler
    may run within the click itself, so the clock starts before it)."""
    return float(
        page.evaluate(
            """(selector) => new Promise((done) => {
        const start = performance.now(), before = document.documentElement.dataset.puzzle;
        document.querySelector(selector).click();
        const check = () => (document.documentElement.dataset.puzzle !== before
            ? done(performance.now() - start) : requestAnimationFrame(check));
        check(); })""",
            selector,
        )
    )


def in_cpython() -> dict:
    from qwirkle.study.puzzles import daily

    timings = {}
    for variant in ("classic", "cubes", "flex"):
        runs, ids = [], []
        for day in range(1, 11):
            start = time.perf_counter()
            ids.append(daily(f"2026-12-{day:02d}", variant).id)
            runs.append((time.perf_counter() - start) * 1000)
        timings[variant] = {
            "max_ms": round(max(runs), 1),
            "median_ms": round(sorted(runs)[len(runs) // 2], 1),
            "ids": ids,
        }
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-cpython", action="store_true")
    parser.add_argument("--no-game-page", action="store_true", help="skip the timing in the game's own page")
    args = parser.parse_args()
    page = in_page()
    print(f"Pyodide (Python {page['python']}): import {page['import_ms']} ms")
    for variant in ("classic", "cubes", "flex"):
        print(
            f"Pyodide {variant}: median {page[variant]['median_ms']} ms, slowest {page[variant]['max_ms']} ms "
            f"({page[variant]['days']} days)"
        )
    result = {"pyodide": page}
    if not args.no_game_page:
        game = in_game_page()
        for kind in ("daily", "next"):
            print(
                f"game page, {kind} puzzle from the click: median {game[kind]['median_ms']} ms, "
                f"slowest {game[kind]['max_ms']} ms"
            )
        result["game_page"] = game
    if not args.no_cpython:
        cpython = in_cpython()
        for variant in ("classic", "cubes", "flex"):
            print(
                f"CPython {variant}: median {cpython[variant]['median_ms']} ms, slowest {cpython[variant]['max_ms']} ms"
            )
        result["cpython"] = cpython
        same = all(page[v]["ids"] == cpython[v]["ids"] for v in ("classic", "cubes", "flex"))
        print(f"same puzzles in Pyodide and CPython {sys.version.split()[0]}: {same}")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
