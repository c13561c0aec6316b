#!/usr/bin/env python3
"""What a language costs at start-up in the browser: Pyodide in Debian's Chromium, each load a new page.

Opens ``bench/pages/catalogs.html?lang=L`` (the game's Pyodide, CSP and archive; run ``make vendor`` first), which times
in Python the translator's import, reading the language's gettext catalog (``ui.words.catalog``: for any language
but English, Python's ``gettext`` and the compiled ``ui/locale/<lang>.mo``), and 200 texts of a first screen. The
languages are interleaved, each load in a new browser context; prints the medians per language and each language's
difference from English, in milliseconds.

    make bench B=catalogs ARGS="[--runs 7] [--langs en,fr,de,es,nl]"
"""

from __future__ import annotations

import argparse
import json
import statistics

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

TIMEOUT_MS = 120_000
FIGURES = ("import_words_ms", "import_gettext_ms", "catalog_ms", "texts_ms", "total_ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--langs", default="en,fr,de,es,nl")
    args = parser.parse_args()
    langs = args.langs.split(",")
    results: dict[str, list[dict]] = {lang: [] for lang in langs}
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        for _ in range(args.runs):
            for lang in langs:
                context = browser.new_context()
                page = context.new_page()
                page.goto(f"{base}bench/pages/catalogs.html?lang={lang}")
                page.wait_for_selector("html[data-timings]", state="attached", timeout=TIMEOUT_MS)
                results[lang].append(json.loads(page.evaluate("document.documentElement.dataset.timings")))
                context.close()
        browser.close()
    print(f"Pyodide in Chromium, median of {args.runs} new pages, ms")
    print(f"{'language':10}" + "".join(f"{name:>18}" for name in FIGURES))
    medians = {
        lang: {name: statistics.median(r.get(name, 0.0) for r in results[lang]) for name in FIGURES} for lang in langs
    }
    for lang in langs:
        print(f"{lang:10}" + "".join(f"{medians[lang][name]:18.1f}" for name in FIGURES))
    for lang in langs[1:]:
        print(f"{lang} - {langs[0]}: {medians[lang]['total_ms'] - medians[langs[0]]['total_ms']:+.1f} ms")


if __name__ == "__main__":
    main()
