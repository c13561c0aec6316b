#!/usr/bin/env python3
"""Whole games played through the real page by tapping, at each screen size: a hot-seat game, a
game against Hard in each rule set and a game in French. Every human turn takes the hint (Hint,
then Play; the marked tiles or dice confirmed; Pass when it says so), checks that the status,
the scores, the rack, Play and Hint are on screen, and the end-of-game card is photographed.

    PYTHONPATH=py:scripts/build .venv/bin/python scripts/tools/playthrough.py [--sizes phone,tablet]
        [--games classic,fr] [--out DIR]

Prints one line per game (moves, final scores, seconds) and exits 1 if any game went wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from game_screenshots import DEVICES
from playwright.sync_api import sync_playwright
from serve import CHROMIUM, CHROMIUM_ARGS, running_server

ROOT = Path(__file__).resolve().parents[2]

GAMES = {  # name -> (start link, language)
    "hotseat": ("?variant=classic&seats=human,human&names=Ann,Bob&seed=21&pace=0", "en"),
    "classic": ("?variant=classic&seats=human,hard&seed=22&pace=0", "en"),
    "cubes": ("?variant=cubes&seats=human,hard&seed=23&pace=0", "en"),
    "flex": ("?variant=flex&seats=human,hard&seed=24&pace=0", "en"),
    "fr": ("?variant=flex&tiles=72&seats=human,hard&seed=25&pace=0", "fr"),
}
IN_VIEW = """(selectors) => selectors.every((s) => {
    const nodes = [...document.querySelectorAll(s)]; if (!nodes.length) return false;
    return nodes.every((n) => { const r = n.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 1 && r.right <= innerWidth + 1; });
})"""
REACH = ["[data-status]", "#scores [data-score]", '#actions [data-action="hint"]', '#actions [data-action="play"]']
# (the rack's tiles, every one of them, are checked too)
READY = (
    "html[data-over], html:not([data-thinking]) #privacy:not([hidden]), "
    "html:not([data-thinking]) [data-rack] [data-tile]"
)


def turn(page: Any) -> None:
    """One human turn by the hint; the hand-over screen first when there is one."""
    if page.locator("#privacy:not([hidden])").count():
        page.locator("#reveal").click()
        page.wait_for_selector("[data-rack] [data-tile]")
    if not page.evaluate(IN_VIEW, [*REACH, "[data-rack] [data-tile]"]):
        raise AssertionError("the turn is not all on screen")
    size = page.locator("#log > li").count()
    page.locator('#actions [data-action="hint"]').click()
    page.wait_for_function(
        "() => document.querySelector('[data-pending]') || "
        "!document.querySelector('#confirm').hidden || "
        "!document.querySelector('#actions [data-action=pass]').hidden"
    )
    if page.locator("[data-pending]").count():
        page.locator('#actions [data-action="play"]').click()
    elif not page.locator("#confirm").is_hidden():
        page.locator("#confirm").click()
    else:
        page.locator('#actions [data-action="pass"]').click()
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length > n", arg=size)


def play(browser: Any, base: str, size: str, name: str, out: Path) -> str:
    query, lang = GAMES[name]
    context = browser.new_context(device_scale_factor=1, **DEVICES[size])
    settings = json.dumps({"lang": lang, "hint_level": "medium"})
    context.add_init_script(f"localStorage.setItem('qwirkle.settings', JSON.stringify({settings}))")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    page.goto(base + query)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    turns = 0
    while True:
        page.wait_for_selector(READY, state="attached", timeout=180_000)
        if page.locator("html[data-over]").count():
            break
        turn(page)
        turns += 1
    page.wait_for_selector("#result:not([hidden])")
    if not page.evaluate(IN_VIEW, ["#result .result__buttons .btn"]):
        errors.append("the end-of-game card's buttons are off screen")
    page.screenshot(path=str(out / f"play-{size}-{name}.png"))
    scores = page.locator("#scores [data-score]").all_inner_texts()
    context.close()
    if errors:
        raise AssertionError("; ".join(errors))
    return f"{size:16} {name:8} {turns:3} human turns, scores {'-'.join(scores)}, {time.monotonic() - started:.0f} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "play")
    parser.add_argument("--sizes", default=",".join(DEVICES))
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    failed = 0
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for size in args.sizes.split(","):
            for name in args.games.split(","):
                try:
                    print(play(browser, base, size, name, args.out), flush=True)
                except Exception as error:  # noqa: BLE001 - report and go on with the next game
                    failed += 1
                    print(f"{size:16} {name:8} FAILED: {error}", flush=True)
        browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
