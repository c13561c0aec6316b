#!/usr/bin/env python3
"""Page-load time of the game (index.html) against a bare PyScript page (bench/bare.html).

Serves the site on a free 127.0.0.1 port and loads each page in Debian's Chromium:

* cold: a new browser with a fresh, empty user-data folder (no HTTP cache, no compiled-code
  cache, no IndexedDB), first load;
* warm: a reload in that same browser.

The time is measured inside the page: ``performance.now()`` (milliseconds since navigation
start) at the moment ``<html data-ready>`` appears. Both pages set that marker: the bare page
as soon as Python runs, index.html when py/main.py has loaded the engine and the shell.
Prints the median of N loads (and the range) per page, and the ratio game / bare. It only
prints numbers: timings vary +-1.5 s between batches on 2 CPUs, so compare pages of the same
run, never against a fixed number.

    .venv/bin/python bench/pageload.py [--runs 5]        (after `make test` or `make play`)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from serve import running_server  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [  # as in tests/browser/conftest.py: quiet, and no host but 127.0.0.1
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
PAGES = {"bare": "bench/bare.html", "game": "index.html"}
TIMEOUT_MS = 120_000

READY_CLOCK = """
new MutationObserver((_, observer) => {
  if (document.documentElement && document.documentElement.hasAttribute("data-ready")) {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ready"]});
"""


def time_to_ready(page) -> float:
    """Seconds from navigation start to ``<html data-ready>``; exits on a start-up error."""
    page.wait_for_selector(
        "html[data-ready], html[data-load-error], .py-error", state="attached", timeout=TIMEOUT_MS
    )
    if page.locator("html[data-ready]").count() == 0:
        errors = page.locator(".py-error").all_inner_texts() or ["js/loading.js reported a start-up error"]
        raise SystemExit(f"{page.url} did not start:\n" + "\n".join(errors))
    return page.evaluate("window.__readyAt") / 1000


def measure(playwright, url: str, remote: list[str]) -> tuple[float, float]:
    """One cold load in a fresh browser profile, then one warm reload. Seconds."""
    with tempfile.TemporaryDirectory(prefix="pageload-") as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            context.add_init_script(READY_CLOCK)
            context.on("request", lambda r: remote.append(r.url) if urlsplit(r.url).hostname not in (None, "127.0.0.1") else None)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(url, timeout=TIMEOUT_MS)
            cold = time_to_ready(page)
            page.reload(timeout=TIMEOUT_MS)
            warm = time_to_ready(page)
        finally:
            context.close()
    return cold, warm


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} s  ({min(values):.2f}-{max(values):.2f})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to html[data-ready]: game vs bare PyScript page.")
    parser.add_argument("--runs", type=int, default=5, help="loads per page and state (default 5)")
    args = parser.parse_args(argv)
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file():
        print("assets/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 1

    results: dict[str, dict[str, list[float]]] = {name: {"cold": [], "warm": []} for name in PAGES}
    remote: list[str] = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        for run in range(1, args.runs + 1):
            for name, path in PAGES.items():  # interleaved, so drift hits both pages alike
                cold, warm = measure(playwright, base + path, remote)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                print(f"run {run}/{args.runs} {name:5} cold {cold:5.2f} s  warm {warm:5.2f} s", file=sys.stderr)

    print(f"\nTime to html[data-ready], median of {args.runs} (range), headless Chromium")
    print(f"{'page':28} {'cold':24} {'warm (reload)':24}")
    for name, path in PAGES.items():
        print(f"{name + ' (' + path + ')':28} {summary(results[name]['cold']):24} {summary(results[name]['warm']):24}")
    for state in ("cold", "warm"):
        ratio = statistics.median(results["game"][state]) / statistics.median(results["bare"][state])
        print(f"ratio game / bare, {state}: {ratio:.2f}")
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests (blocked): {sorted(set(remote))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
