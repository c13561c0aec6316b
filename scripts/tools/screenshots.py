#!/usr/bin/env python3
"""Screenshots of the tutorial and embed.html to look at, desktop and phone (Debian's Chromium).

Writes PNGs into screenshots/ (git-ignored; pytest-playwright empties test-results/), each page
cut into viewport-sized pieces so they can be read one by one. A few interactions are done first
so that replays, exercise feedback and errors are in the pictures.

    PYTHONPATH=py:scripts/build .venv/bin/python scripts/tools/screenshots.py [--lang fr] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from serve import CHROMIUM, CHROMIUM_ARGS, running_server

ROOT = Path(__file__).resolve().parents[2]

DEVICES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
EMBEDS = {
    "embed-static": "embed.html?variant=classic&board=Ro@0,0%20Rd@1,0",
    "embed-flex-exercise": "embed.html?variant=flex&board=Rok@0,0%20Rsk@1,0%20Bow@0,1&hand=Gok%20Rdw%20Bsk&task=best",
    "embed-error": "embed.html?variant=classic&board=Ro@0,0%20Qq@1,0",
}


def interact(page) -> None:  # type: ignore[no-untyped-def]
    """Advance the first replays and answer the first exercises, so feedback shows."""
    replays = page.locator("[data-mode=replay]")
    for i in range(min(replays.count(), 6)):
        button = replays.nth(i).locator('[data-action="next"]')
        if button.is_enabled():
            button.click()
    illegal = page.locator("[data-task=illegal]")
    if illegal.count():
        illegal.first.locator("[data-choice]").first.click()
    best = page.locator("[data-task=best]")
    if best.count():
        best.first.locator('[data-action="answer"]').click()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for device, viewport in DEVICES.items():
            context = browser.new_context(
                viewport=viewport, device_scale_factor=1, is_mobile=device == "phone", has_touch=device == "phone"
            )
            page = context.new_page()
            page.goto(f"{base}tutorial.html?lang={args.lang}")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            interact(page)
            height = page.evaluate("document.documentElement.scrollHeight")
            for n, top in enumerate(range(0, height, viewport["height"])):
                page.evaluate(f"window.scrollTo(0, {top})")
                path = args.out / f"tutorial-{args.lang}-{device}-{n:02d}.png"
                page.screenshot(path=str(path))
                print(path.relative_to(ROOT))
            for name, url in EMBEDS.items():
                page.set_viewport_size({"width": min(viewport["width"], 480), "height": 420})
                page.goto(base + url + f"&lang={args.lang}")
                page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
                path = args.out / f"{name}-{args.lang}-{device}.png"
                page.screenshot(path=str(path), full_page=True)
                print(path.relative_to(ROOT))
                page.set_viewport_size(viewport)
            context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
