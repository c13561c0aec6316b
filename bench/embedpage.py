#!/usr/bin/env python3
"""Time to ready of an author's page with 10 embedded boards against the same page with one.

All boards of a page share one Python runtime, so ten boards should cost little more than one:
the goal is a ratio of at most 1.2. The ten boards are the tutorial's kinds: replays (the
rulebook's 11-turn game among them), "best move" exercises (which run the move generator while
the page loads), "why is this illegal?" exercises, static positions, in all three variants.

Both pages are written into a temporary folder next to links to the site's files and served on
127.0.0.1; each load is measured inside the page: ``performance.now()`` when
``<html data-ready>`` appears (set once every board is drawn).

* cold: a new browser with a fresh profile (no HTTP cache, no compiled-code cache);
* warm: a reload in that browser.

Prints the median (and range) of N loads per page and state, the ratios, and how long Python
took to draw the boards (``html[data-embed-ms]``, the only part that grows with the number of
boards). Only numbers: no pass/fail, timings vary between batches on 2 CPUs; compare the two
pages of one run.

    make bench B=embedpage ARGS="[--runs 5]"
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from browser import ROOT, first_page, fresh_context, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 120_000
READY_CLOCK = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""

GAME = (
    "Rc@0,0 Rd@1,0 Ro@2,0; Rs@3,0 Bs@3,1 Ys@3,2; Bo@2,1; Gc@0,-1 Gd@1,-1; Gt@-1,-1 Go@2,-1; "
    "Ps@2,3 Gs@3,3; Bt@-1,-2 Ot@-1,-3; Oc@0,-3 Od@1,-3; Yd@1,-2 Yo@2,-2; Rt@-1,0; Ox@4,-1 Rx@4,0 Bx@4,1"
)
AFTER_TEN = (
    "Ot@-1,-3 Oc@0,-3 Od@1,-3 Bt@-1,-2 Yd@1,-2 Yo@2,-2 Gt@-1,-1 Gc@0,-1 Gd@1,-1 Go@2,-1 Rt@-1,0 "
    "Rc@0,0 Rd@1,0 Ro@2,0 Rs@3,0 Bo@2,1 Bs@3,1 Ys@3,2 Ps@2,3 Gs@3,3"
)
FLEX = (
    "Rok@-1,0 Rtw@0,0 Rsk@1,0; Btk@0,-1 Bsm@1,-1; Gsk@1,-2 Ysm@2,-2 Psw@3,-2; Bsk@2,-3 Gsw@3,-3 Rsw@4,-3; "
    "Ysk@3,-4; Gok@-2,1 Pow@-1,1; Odw@2,-5 Osw@3,-5"
)
FLEX_BEFORE_SIX = (
    "Ysk@3,-4 Bsk@2,-3 Gsw@3,-3 Rsw@4,-3 Gsk@1,-2 Ysm@2,-2 Psw@3,-2 Btk@0,-1 Bsm@1,-1 Rok@-1,0 Rtw@0,0 Rsk@1,0"
)
BOARDS = [
    f'<div data-qwirkle data-moves="{GAME}"></div>',
    '<div data-qwirkle data-board="Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0 Oo@0,1 Yo@0,2 Go@0,3"></div>',
    f'<div data-qwirkle data-task="best" data-hand="Ox Rx Bx Gd Pc Ys" data-board="{AFTER_TEN}"></div>',
    '<div data-qwirkle data-task="illegal" data-board="Yo@0,0 Ys@1,0 Yd@2,0" data-play="Ys@3,0"></div>',
    f'<div data-qwirkle data-variant="flex" data-moves="{FLEX}"></div>',
    f'<div data-qwirkle data-variant="flex" data-task="best" data-hand="Gok Pow Rxw Ydm Bcw Osk" '
    f'data-board="{FLEX_BEFORE_SIX}"></div>',
    '<div data-qwirkle data-variant="cubes" data-board="Gs@0,0 Bs@0,1 Bo@1,1" data-moves="Go@1,0"></div>',
    '<div data-qwirkle data-variant="cubes" data-task="illegal" data-board="Yo@0,0 Ys@1,0 Yd@2,0 Yc@3,0 Yx@4,0 '
    'Yt@5,0" data-play="Yo@6,0"></div>',
    '<div data-qwirkle data-moves="Yd@0,0 Bd@1,0 Rd@2,0; Bs@1,1 Bx@1,2; Bo@1,3 Ro@2,3 Go@3,3; '
    'Yo@4,3 Oo@5,3 Po@6,3" data-step="end"></div>',
    '<div data-qwirkle data-task="best" data-board="Ro@0,0 Rs@1,0" data-hand="Rd Bo Gx Rc" data-lang="fr"></div>',
]


CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'"
)


def page_html(boards: list[str]) -> str:
    body = "\n".join(f"<h2>Board {i + 1}</h2>\n<p>Some text about this board.</p>\n{b}" for i, b in enumerate(boards))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{CSP}">
<title>{len(boards)} boards</title>
<link rel="stylesheet" href="../css/embed.css">
<script type="module" src="../js/embed.js"></script>
</head><body><main><h1>{len(boards)} boards</h1>
{body}
</main></body></html>
"""


def make_site(folder: Path) -> dict[str, str]:
    for name in ("js", "css", "py", "assets"):
        (folder / name).symlink_to(ROOT / name)
    (folder / "bench").mkdir()
    pages = {"1 board": "bench/one.html", "10 boards": "bench/ten.html"}
    (folder / pages["1 board"]).write_text(page_html(BOARDS[:1]), encoding="utf-8")
    (folder / pages["10 boards"]).write_text(page_html(BOARDS), encoding="utf-8")
    return pages


def measure(playwright, url: str, boards: int) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """One cold load in a fresh profile, then one warm reload: seconds to html[data-ready], and
    the milliseconds Python spent drawing the boards (html[data-embed-ms]) on the warm load."""
    with fresh_context(playwright, "embedpage-") as context:
        context.add_init_script(READY_CLOCK)
        page = first_page(context)
        times = []
        for load in (page.goto, page.reload):
            load(url, timeout=TIMEOUT_MS) if load == page.goto else load(timeout=TIMEOUT_MS)
            page.wait_for_selector("html[data-ready]", state="attached", timeout=TIMEOUT_MS)
            ready = page.locator("[data-qwirkle][data-state=ready]").count()
            if ready != boards:
                raise SystemExit(f"{url}: {ready} of {boards} boards ready")
            times.append(page.evaluate("window.__readyAt") / 1000)
        drawing = float(page.evaluate("document.documentElement.dataset.embedMs"))
    return times[0], times[1], drawing


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} s  ({min(values):.2f}-{max(values):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to ready: 10 embedded boards vs 1.")
    parser.add_argument("--runs", type=int, default=5, help="loads per page and state (default 5)")
    args = parser.parse_args(argv)
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file() or not (ROOT / "assets/app/app.zip").is_file():
        print("assets/vendor or assets/app/app.zip is missing: run `make play` or `make test` first", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="embedsite-") as folder:
        pages = make_site(Path(folder))
        counts = {"1 board": 1, "10 boards": len(BOARDS)}
        results: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": [], "draw": []} for name in pages}
        with running_server(folder) as base, sync_playwright() as playwright:
            for run in range(1, args.runs + 1):
                for name, path in pages.items():  # interleaved, so drift hits both pages alike
                    cold, warm, draw = measure(playwright, base + path, counts[name])
                    results[name]["cold"].append(cold)
                    results[name]["warm"].append(warm)
                    results[name]["draw"].append(draw)
                    print(
                        f"run {run}/{args.runs} {name:9} cold {cold:5.2f} s  warm {warm:5.2f} s  "
                        f"drawing {draw:4.0f} ms",
                        file=sys.stderr,
                    )

    print(f"\nTime to html[data-ready], median of {args.runs} (range), headless Chromium")
    print(f"{'page':12} {'cold':24} {'warm (reload)':24} {'Python drawing the boards'}")
    for name in pages:
        draw = statistics.median(results[name]["draw"])
        print(f"{name:12} {summary(results[name]['cold']):24} {summary(results[name]['warm']):24} {draw:5.0f} ms")
    for state in ("cold", "warm"):
        ratio = statistics.median(results["10 boards"][state]) / statistics.median(results["1 board"][state])
        print(f"ratio 10 boards / 1 board, {state}: {ratio:.2f} (goal: at most 1.20)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
