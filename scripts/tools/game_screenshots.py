#!/usr/bin/env python3
"""Screenshots of the game page to look at: phones, tablets and a desktop, in every language,
light and dark (Debian's Chromium, touch where the device has it).

The positions are made with the engine first (a Flex game a dozen moves in against Hard, a
position where the best play is a Qwirkle, a finished game) and put in the page's storage, so
each picture is the real page resuming a real game. Writes PNGs into screenshots/game/
(git-ignored) and prints their names.

    PYTHONPATH=py:scripts/build .venv/bin/python scripts/tools/game_screenshots.py [--devices phone,tablet]
        [--langs en,fr,de,es,nl] [--schemes light,dark] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from serve import CHROMIUM, CHROMIUM_ARGS, running_server

ROOT = Path(__file__).resolve().parents[2]

DEVICES: dict[str, dict[str, Any]] = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "phone-landscape": {"viewport": {"width": 844, "height": 390}, "has_touch": True, "is_mobile": True},
    "tablet": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "tablet-portrait": {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def storage_for(store_data: dict[str, str], lang: str) -> dict[str, str]:
    data = dict(store_data)
    data["qwirkle.settings"] = json.dumps({"lang": lang, "hint_level": "medium"})
    return data


def positions() -> dict[str, dict[str, str]]:
    """localStorage contents: a game in progress, one where a Qwirkle is to be had, a finished one."""
    from app.store.saves import DictStorage, SaveStore
    from qwirkle import Game
    from qwirkle.record import to_record

    def best(game: Game) -> None:
        moves = game.legal_plays()
        if moves:
            game.apply(max(moves, key=lambda p: (p.points, p.notation())).notation())
        elif game.exchange_limit():
            game.apply("swap " + " ".join(t.notation() for t in game.hands[game.to_move][:2]))
        else:
            game.apply("pass")

    out = {}
    game = Game.new("flex", ["Ann", "Hard 2"], seed=11)
    for _ in range(12):
        best(game)
    while game.to_move != 0:
        best(game)
    store = SaveStore(DictStorage())
    store.save("a1", to_record(game), ["human", "hard"], app={"hints": [2, 0]})
    out["game"] = store.storage.data
    for seed in range(1, 400):  # a classic game where the human's best play is a Qwirkle
        game = Game.new("classic", ["Ann", "Bob"], seed=seed)
        for _ in range(40):
            plays = [] if game.is_over else game.legal_plays()
            if (
                game.to_move == 0
                and plays
                and any(line.qwirkle for line in game.check(max(plays, key=lambda q: q.points).placements).lines)
            ):
                store = SaveStore(DictStorage())
                store.save("q1", to_record(game), ["human", "medium"])
                out["qwirkle"] = store.storage.data
                break
            if game.is_over:
                break
            best(game)
        if "qwirkle" in out:
            break
    game = Game.new("classic", ["Ann", "Bot"], seed=3)
    while not game.is_over:
        best(game)
    store = SaveStore(DictStorage())
    store.save("f1", to_record(game), ["human", "hard"], app={"hints": [3, 0]})
    store.clear_current()
    out["over"] = store.storage.data
    return out


def open_with(context: Any, base: str, data: dict[str, str]) -> Any:
    page = context.new_page()
    page.goto(base + "sw.js")  # same origin, no app: fill the storage before the page starts
    page.evaluate(
        "(data) => { localStorage.clear(); for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
        data,
    )
    page.goto(base)
    page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
    return page


def shoot(page: Any, out: Path, name: str) -> None:
    path = out / f"{name}.png"
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def menu_open(page: Any) -> bool:
    button = page.locator("#menu-button")
    if button.is_visible():
        button.click()
        return True
    return False


def run(context: Any, base: str, states: dict[str, dict[str, str]], lang: str, out: Path, tag: str) -> None:
    page = open_with(context, base, {"qwirkle.settings": json.dumps({"lang": lang})})
    page.wait_for_selector("#home:not([hidden])")
    shoot(page, out, f"{tag}-home")
    page.close()
    page = open_with(context, base, storage_for(states["game"], lang))
    page.wait_for_selector("html[data-turn='0']", state="attached")
    page.wait_for_selector("[data-rack] [data-tile]")
    shoot(page, out, f"{tag}-game")
    page.locator('#actions [data-action="hint"]').click()
    page.wait_for_selector("[data-pending]", timeout=60_000)
    shoot(page, out, f"{tag}-pending")
    page.locator('#actions [data-action="recall"]').click()
    if menu_open(page):
        shoot(page, out, f"{tag}-menu")
        page.keyboard.press("Escape")
    page.evaluate("document.querySelector('[data-action=tracker]').click()")
    page.wait_for_selector("#tracker-dialog[open] table")
    shoot(page, out, f"{tag}-tracker")
    page.keyboard.press("Escape")
    rack = page.locator("[data-rack] [data-tile]")
    for i in range(rack.count()):
        rack.nth(i).click()
        refused = page.locator("[data-cell]:not([data-tile]):not([data-legal])")
        if page.locator("[data-legal]").count() and refused.count():
            refused.first.click()
            break
        rack.nth(i).click()
    if page.locator("#note .rule-ref").count():
        shoot(page, out, f"{tag}-refusal")
        page.locator("#note .rule-ref").first.click()
        page.wait_for_selector("#rules-dialog[open]")
        shoot(page, out, f"{tag}-rule")
        page.keyboard.press("Escape")
    page.close()
    if "qwirkle" in states:
        page = open_with(context, base, storage_for(states["qwirkle"], lang))
        page.wait_for_selector("html[data-turn='0']", state="attached")
        page.locator('#actions [data-action="hint"]').click()
        page.wait_for_selector("[data-pending]")
        shoot(page, out, f"{tag}-qwirkle-pending")
        page.locator('#actions [data-action="play"]').click()
        page.wait_for_selector(".celebration--on", timeout=10_000)
        page.wait_for_timeout(350)  # the burst at its height (a picture, not a test)
        shoot(page, out, f"{tag}-qwirkle")
        page.close()
    page = open_with(context, base, storage_for(states["over"], lang))
    page.evaluate("document.querySelector('[data-action=saves]').click()")
    page.locator("#saves-dialog li.save [data-action=resume-save]").first.click()
    page.wait_for_selector("#result:not([hidden])")
    shoot(page, out, f"{tag}-end")
    page.locator('#result [data-action="review"]').click()
    page.wait_for_selector('#review[data-phase="done"]', timeout=300_000)
    shoot(page, out, f"{tag}-review")
    page.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots" / "game")
    parser.add_argument("--devices", default=",".join(DEVICES))
    parser.add_argument("--langs", default="en,fr")
    parser.add_argument("--schemes", default="light,dark")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    states = positions()
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for device in args.devices.split(","):
            for lang in args.langs.split(","):
                for scheme in args.schemes.split(","):
                    context = browser.new_context(device_scale_factor=1, color_scheme=scheme, **DEVICES[device])
                    run(context, base, states, lang, args.out, f"{device}-{lang}-{scheme}")
                    context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
