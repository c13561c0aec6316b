#!/usr/bin/env python3
"""Page-load time of the game (index.html) against a bare PyScript page (bench/pages/bare.html).

Serves the site on a free 127.0.0.1 port and loads each page in Debian's Chromium:

* cold: a new browser with a fresh, empty user-data folder (no HTTP cache, no compiled-code
  cache, no IndexedDB), first load;
* warm: a reload in that same browser, once the game's service worker (js/sw-register.js,
  registered when the game is ready) controls the page, as it does on every later visit. Reloading
  before would time the worker's one-time download of the whole site (15 MB) along with the page,
  which a returning player never waits for; the bare page has no service worker;
* resume (game only): in that same browser, a start link opens a game
  (``?variant=classic&seats=computer,human&seed=5&pace=0``: the computer opens, then it is the
  human's turn), and a reload resumes it. Timed until the human's rack is drawn (``#rack
  [data-tile]``) and ``<html data-ready>`` is set. Its reference is the bare page's warm reload.

The time is measured inside the page: ``performance.now()`` (milliseconds since navigation
start) at the moment ``<html data-ready>`` appears (and, for resume, the rack has tiles). Both
pages set that marker: the bare page as soon as Python runs, index.html when py/main.py has
loaded the engine and the shell. Both pages read a TOML config file (pyscript.toml and
bench/pages/bare.toml), so both pay for PyScript's TOML reader. Prints the median of N loads (and the
range) per page, and the ratios game / bare: cold, warm, and resume / bare warm. It only prints
numbers: timings vary +-1.5 s between batches on 2 CPUs, so compare pages of the same run,
never against a fixed number.

``--visits 4`` (issue 22) times a returning player's visits, as a player meets them: the first visit
(cold, a fresh profile) opens a game by its start link and plays the computer's move; the service
worker takes control; each later visit is a reload with that game on, timed until the rack is drawn.
The bare page is loaded and reloaded the same number of times in its own fresh profile (it has no
service worker: its reloads use the HTTP cache, as "a bare PyScript page's reload" does). Each
trial runs every page in a new profile, one after the other (game, bare, game, bare...), so that
the machine's load hits them alike. Prints each visit's medians and the ratio game / bare of the
same visit number (visit 2 is a player's first return), for three measures: wall clock (ms since
navigation start; also split at PyScript's "Loaded interpreter": the runtime's start, then the
page's own Python and first render), the CPU time of the whole browser (every process of the profile, from
/proc: user + system, from the reload until the rack is drawn; it includes the compiler threads,
the service worker and the network service) and the page's main-thread task time (Chromium's
``Performance.getMetrics`` TaskDuration). CPU time is far less noisy than the wall clock on a
shared machine.

``--visits 4 --before REF`` also times the game as it is at the git commit REF (a copy of the
site whose changed files come from REF: sw.js, the pages, js/, css/, and py/ with the archive
rebuilt), in the same trials: before and after in one run.

``--langs en,fr,de`` instead times the game page in each language, the browser set to it (a new
player's first visit picks it): cold, warm and resume as above, the languages interleaved, and
prints each language's medians and its difference from English: what reading a catalog costs.

``--config-ab`` instead times cold loads of the game page with its config file pyscript.toml
against the same page with the config inline as JSON (how index.html was before), interleaved,
and prints the difference of the medians: what reading TOML costs at start-up.

    make bench B=pageload ARGS="[--runs 5]"
    make bench B=pageload ARGS="--visits 4 [--runs 5] [--before main]"
    make bench B=pageload ARGS="--langs en,fr,de [--runs 5]"
    make bench B=pageload ARGS="--config-ab [--runs 5]"
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

from browser import ROOT, first_page, fresh_context, running_server
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

PAGES = {"bare": "bench/pages/bare.html", "game": "index.html"}
# A game in progress: the computer (seat 0, the starter with seed 5) moves at once (pace 0),
# then the human's rack is up. The page drops the link from the address: a reload resumes.
START_LINK = "?variant=classic&seats=computer,human&seed=5&pace=0"
RACK = "#rack [data-tile]"
TIMEOUT_MS = 120_000

# Times, in ms since navigation start, of <html data-ready> and of the first moment the page is
# ready with a rack drawn, and of PyScript's "Loaded interpreter" (the runtime has started, before
# any of the page's Python). Observing the whole document costs both pages the same.
READY_CLOCK = (
    """
addEventListener("py:progress", (event) => {
  if (event.detail === "Loaded interpreter") window.__interpreterAt ??= performance.now();
});
new MutationObserver((_, observer) => {
  const root = document.documentElement;
  if (!root || !root.hasAttribute("data-ready")) return;
  window.__readyAt ??= performance.now();
  if (document.querySelector("%s")) {
    window.__rackAt = performance.now();
    observer.disconnect();
  }
}).observe(document, {subtree: true, childList: true, attributes: true, attributeFilter: ["data-ready"]});
"""
).replace("%s", RACK)


def wait_started(page) -> None:  # type: ignore[no-untyped-def]
    """Wait for ``<html data-ready>``; exits on a start-up error."""
    page.wait_for_selector("html[data-ready], html[data-load-error], .py-error", state="attached", timeout=TIMEOUT_MS)
    if page.locator("html[data-ready]").count() == 0:
        errors = page.locator(".py-error").all_inner_texts() or ["js/loading.js reported a start-up error"]
        raise SystemExit(f"{page.url} did not start:\n" + "\n".join(errors))


def time_to_ready(page) -> float:  # type: ignore[no-untyped-def]
    """Seconds from navigation start to ``<html data-ready>``."""
    wait_started(page)
    return page.evaluate("window.__readyAt") / 1000


def time_to_rack(page) -> float:  # type: ignore[no-untyped-def]
    """Seconds from navigation start until the page is ready with a rack drawn."""
    wait_started(page)
    page.wait_for_function("window.__rackAt !== undefined", timeout=TIMEOUT_MS)
    return page.evaluate("window.__rackAt") / 1000


def start_game(page, base: str) -> None:  # type: ignore[no-untyped-def]
    """Open a game by its start link and wait for the human's turn after the computer's move."""
    page.goto(base + START_LINK, timeout=TIMEOUT_MS)
    wait_started(page)
    page.wait_for_selector('html[data-turn="1"] #log li', state="attached", timeout=TIMEOUT_MS)
    page.wait_for_selector("[data-rack] [data-tile]", timeout=TIMEOUT_MS)
    if "variant=" in page.url:
        raise SystemExit("the start link stayed in the address: a reload would not resume")


@contextlib.contextmanager
def fresh_browser(playwright, remote: list[str], locale: str | None = None) -> Iterator:  # type: ignore[no-untyped-def]
    """A new Chromium with an empty profile (cold caches); yields its page."""
    with fresh_context(playwright, "pageload-", locale) as context:
        context.add_init_script(READY_CLOCK)
        context.on(
            "request", lambda r: remote.append(r.url) if urlsplit(r.url).hostname not in (None, "127.0.0.1") else None
        )
        yield first_page(context)


def measure(
    playwright,
    base: str,
    path: str,
    remote: list[str],
    resume: bool,  # type: ignore[no-untyped-def]
    locale: str | None = None,
) -> dict[str, float]:
    """One cold load in a fresh browser profile, then one warm reload, then (resume) a reload
    of a game in progress. Seconds."""
    with fresh_browser(playwright, remote, locale) as page:
        page.goto(base + path, timeout=TIMEOUT_MS)
        times = {"cold": time_to_ready(page)}
        if resume:  # the game page: its service worker has installed and taken the page
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        page.reload(timeout=TIMEOUT_MS)
        times["warm"] = time_to_ready(page)
        if resume:
            start_game(page, base)
            page.reload(timeout=TIMEOUT_MS)
            times["resume"] = time_to_rack(page)
    return times


# When the page asks for Pyodide (pyodide.mjs), in ms since navigation start (Resource Timing):
# PyScript reads its config first, so a config file that arrives late delays everything after.
INTERPRETER_START = """(() => {
  const entry = performance.getEntriesByType("resource").find((e) => e.name.endsWith("/pyodide.mjs"));
  return entry ? entry.startTime : NaN;
})()"""


def cold_only(playwright, url: str, remote: list[str]) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Seconds to html[data-ready] on a cold load, and to the request of pyodide.mjs."""
    with fresh_browser(playwright, remote) as page:
        page.goto(url, timeout=TIMEOUT_MS)
        return time_to_ready(page), page.evaluate(INTERPRETER_START) / 1000


def summary(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} s  ({min(values):.2f}-{max(values):.2f})"


def run_pages(runs: int) -> int:
    states = {"bare": ("cold", "warm"), "game": ("cold", "warm", "resume")}
    results = {name: {state: [] for state in states[name]} for name in PAGES}
    remote: list[str] = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        for run in range(1, runs + 1):
            for name, path in PAGES.items():  # interleaved, so drift hits both pages alike
                times = measure(playwright, base, path, remote, resume=name == "game")
                for state, value in times.items():
                    results[name][state].append(value)
                line = "  ".join(f"{state} {value:5.2f} s" for state, value in times.items())
                print(f"run {run}/{runs} {name:5} {line}", file=sys.stderr)

    print(f"\nTime to html[data-ready] (resume: and the rack drawn), median of {runs} (range), headless Chromium")
    print(f"{'page':28} {'cold':24} {'warm (reload)':24} {'resume (reload, game on)':24}")
    for name, path in PAGES.items():
        cells = [summary(results[name][state]) for state in states[name]]
        print(f"{name + ' (' + path + ')':28} " + " ".join(f"{cell:24}" for cell in cells))
    median = {(name, state): statistics.median(values) for name in results for state, values in results[name].items()}
    print(f"ratio game / bare, cold:             {median['game', 'cold'] / median['bare', 'cold']:.2f}")
    print(f"ratio game / bare, warm:             {median['game', 'warm'] / median['bare', 'warm']:.2f}")
    print(f"ratio game resume / bare warm:       {median['game', 'resume'] / median['bare', 'warm']:.2f}")
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests (blocked): {sorted(set(remote))}")
    return 0


def browser_cpu(profile: str) -> float:
    """CPU seconds (user + system) used so far by the processes of the Chromium run on ``profile``."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if f"--user-data-dir={profile}".encode() not in (entry / "cmdline").read_bytes():
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


class Visit:
    """Times of one visit, in seconds: wall (since navigation start), runtime (since navigation start until
    the interpreter is loaded), python (the rest), cpu (whole browser), main (the page's main thread)."""

    def __init__(self, wall: float, runtime: float, cpu: float, main: float) -> None:
        self.wall, self.runtime, self.python, self.cpu, self.main = wall, runtime, wall - runtime, cpu, main


def timed_visit(page, profile: str, go, until) -> Visit:  # type: ignore[no-untyped-def]
    """Run ``go()`` (a navigation) and wait with ``until(page)``; the three measures of that visit."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    cpu = browser_cpu(profile)
    go()
    wall = until(page)
    cpu = browser_cpu(profile) - cpu
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    cdp.detach()
    runtime = page.evaluate("window.__interpreterAt ?? NaN") / 1000
    return Visit(wall, runtime, cpu, metrics.get("TaskDuration", float("nan")))


def visits_of(playwright, base: str, kind: str, visits: int, remote: list[str]) -> list[Visit]:  # type: ignore[no-untyped-def]
    """Each visit of one fresh profile: the game's first visit opens a game, later ones resume it."""
    with fresh_browser(playwright, remote) as page:
        profile = page.context.bench_profile
        if kind == "game":
            times = [timed_visit(page, profile, lambda: page.goto(base + START_LINK, timeout=TIMEOUT_MS), time_to_rack)]
            page.wait_for_selector('html[data-turn="1"] #log li', state="attached", timeout=TIMEOUT_MS)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
        else:
            times = [
                timed_visit(page, profile, lambda: page.goto(base + PAGES["bare"], timeout=TIMEOUT_MS), time_to_ready)
            ]
        for _ in range(visits - 1):
            times.append(
                timed_visit(
                    page,
                    profile,
                    lambda: page.reload(timeout=TIMEOUT_MS),
                    time_to_rack if kind == "game" else time_to_ready,
                )
            )
    return times


def git_site_at(ref: str, folder: Path) -> Path:
    """A copy of the site in ``folder`` as it was at the commit ``ref``: the files that differ come from
    ``ref`` (whole folders js/, css/, py/ when one of their files does), the archive of py/ is rebuilt,
    everything else (the vendored runtime) is linked from the working tree, and the scripts generated into
    assets/app/ (words, facts, drawing) are copied from it; with its own precache list."""
    import bundle  # (scripts/build/bundle.py, precache.py)
    import precache

    changed = subprocess.run(
        ["git", "diff", "--name-only", ref, "--", "sw.js", "*.html", "pyscript.toml", "js", "css", "py", "docs"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    tops = sorted({name.split("/")[0] for name in changed})
    for entry in ROOT.iterdir():
        if not entry.name.startswith(".") and entry.name not in ("sw-precache.js", "node_modules", "assets", *tops):
            (folder / entry.name).symlink_to(entry)
    if tops:
        archive = subprocess.run(["git", "archive", ref, "--", *tops], cwd=ROOT, capture_output=True, check=True).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
    (folder / "assets").mkdir()
    for entry in (ROOT / "assets").iterdir():
        if entry.name != "app":
            (folder / "assets" / entry.name).symlink_to(entry)
    (folder / "assets" / "app").mkdir()
    for generated in ("words.js", "facts.js", "drawing.js"):  # a commit after issue 51 imports drawing.js
        shutil.copy2(ROOT / "assets" / "app" / generated, folder / "assets" / "app" / generated)
    if (folder / "js" / "embed.js").exists():  # the pages' first scripts in one file, from that commit's js/
        import pagejs

        pagejs.write(quiet=True, root=folder)
    if "py" in tops and (ROOT / "py" / "ui" / "locale").is_dir():  # compiled catalogs are not in git
        shutil.copytree(ROOT / "py" / "ui" / "locale", folder / "py" / "ui" / "locale", dirs_exist_ok=True)
    (folder / bundle.ARCHIVE).write_bytes(
        bundle.archive_bytes(folder) if {"py", "docs"} & set(tops) else (ROOT / bundle.ARCHIVE).read_bytes()
    )
    precache.write(folder)
    print(f"site at {ref}: {', '.join(changed) or 'no changed file'} from {ref}", file=sys.stderr)
    return folder


def visits_retried(playwright, base: str, kind: str, visits: int, remote: list[str]) -> list[Visit]:  # type: ignore[no-untyped-def]
    """``visits_of``, once again in a new profile if Chromium's renderer crashed (now and then, on this machine, the
    bare page's as well as the game's): a crash is not a load time."""
    try:
        return visits_of(playwright, base, kind, visits, remote)
    except PlaywrightError as error:
        if "crashed" not in str(error):
            raise
        print(f"{kind}: the renderer crashed ({str(error).splitlines()[0]}): this trial again", file=sys.stderr)
        return visits_of(playwright, base, kind, visits, remote)


def run_visits(runs: int, visits: int, before: str | None = None) -> int:
    names = ["game", "bare"] + ([f"game@{before}"] if before else [])
    results: dict[str, list[list[Visit]]] = {name: [[] for _ in range(visits)] for name in names}
    remote: list[str] = []
    load_at_start = os.getloadavg()[0]
    with contextlib.ExitStack() as stack:
        playwright = stack.enter_context(sync_playwright())
        bases = {"game": stack.enter_context(running_server(ROOT))}
        bases["bare"] = bases["game"]
        if before:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pageload-before-")))
            bases[f"game@{before}"] = stack.enter_context(running_server(git_site_at(before, folder)))
        for run in range(1, runs + 1):
            for name in names:  # interleaved, each in a fresh profile
                times = visits_retried(playwright, bases[name], "bare" if name == "bare" else "game", visits, remote)
                for i, value in enumerate(times):
                    results[name][i].append(value)
                print(
                    f"run {run}/{runs} {name:12} "
                    + "  ".join(f"visit {i + 1} {t.wall:5.2f} s (cpu {t.cpu:5.2f})" for i, t in enumerate(times)),
                    file=sys.stderr,
                )
    print(
        f"\nVisits of a returning player, median of {runs} trials (range), headless Chromium; "
        f"game: until the rack is drawn; load average {load_at_start:.1f} at the start, "
        f"{os.getloadavg()[0]:.1f} at the end"
    )
    for measure, title in (
        ("wall", "wall clock"),
        ("runtime", 'of which until the interpreter is loaded (PyScript\'s "Loaded interpreter")'),
        ("python", "of which after it: the page's Python, until ready (game: and the rack drawn)"),
        ("cpu", "CPU time of the whole browser"),
        ("main", "main-thread task time (TaskDuration)"),
    ):
        print(f"\n{title}")
        print(
            f"{'visit':6} "
            + " ".join(f"{name:22}" for name in names)
            + "  ratio game / bare"
            + (f"   {names[2]} / bare" if before else "")
        )
        for i in range(visits):
            values = {name: [getattr(t, measure) for t in results[name][i]] for name in names}
            median = {name: statistics.median(v) for name, v in values.items()}
            ratios = f"  {median['game'] / median['bare']:.2f}" + (
                f"{'':18}{median[names[2]] / median['bare']:.2f}" if before else ""
            )
            print(f"{i + 1:<6} " + " ".join(f"{summary(values[name]):22}" for name in names) + ratios)
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests (blocked): {sorted(set(remote))}")
    return 0


LOCALES = {"de": "de-DE", "en": "en-US", "es": "es-ES", "fr": "fr-FR", "nl": "nl-NL"}


def run_languages(runs: int, langs: list[str]) -> int:
    states = ("cold", "warm", "resume")
    results = {lang: {state: [] for state in states} for lang in langs}
    remote: list[str] = []
    with running_server(ROOT) as base, sync_playwright() as playwright:
        for run in range(1, runs + 1):
            for lang in langs:  # interleaved, so drift hits every language alike
                times = measure(playwright, base, PAGES["game"], remote, resume=True, locale=LOCALES[lang])
                for state, value in times.items():
                    results[lang][state].append(value)
                line = "  ".join(f"{state} {value:5.2f} s" for state, value in times.items())
                print(f"run {run}/{runs} {lang}  {line}", file=sys.stderr)
    print(f"\nGame page by language (browser locale), time to html[data-ready], median of {runs} (range)")
    print(f"{'language':10} {'cold':24} {'warm (reload)':24} {'resume (reload, game on)':24}")
    for lang in langs:
        print(f"{lang:10} " + " ".join(f"{summary(results[lang][state]):24}" for state in states))
    reference = langs[0]
    for lang in langs[1:]:
        median = {
            name: {state: statistics.median(results[name][state]) for state in states} for name in (lang, reference)
        }
        diffs = "  ".join(
            f"{state} {1000 * (median[lang][state] - median[reference][state]):+5.0f} ms" for state in states
        )
        print(f"{lang} - {reference}: {diffs}")
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests (blocked): {sorted(set(remote))}")
    return 0


def inline_json_page() -> str:
    """index.html with pyscript.toml's content inline as JSON (the page before the TOML file)."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    config = json.dumps(tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8")))
    attribute = 'config="./pyscript.toml"'
    if html.count(attribute) != 1:
        raise SystemExit(f"index.html has no {attribute}: nothing to compare")
    return html.replace(attribute, f"config='{config}'")


def run_config_ab(runs: int) -> int:
    pages = {"toml": "index.html", "inline json": "index-inline-json.html"}
    results: dict[str, list[float]] = {name: [] for name in pages}
    starts: dict[str, list[float]] = {name: [] for name in pages}
    remote: list[str] = []
    with tempfile.TemporaryDirectory(prefix="pageload-site-") as folder:
        site = Path(folder)
        for entry in ROOT.iterdir():  # the site as it is, plus one page
            if not entry.name.startswith(".") and entry.name not in ("sw-precache.js", "node_modules"):
                (site / entry.name).symlink_to(entry)
        (site / pages["inline json"]).write_text(inline_json_page(), encoding="utf-8")
        with running_server(site) as base, sync_playwright() as playwright:
            for run in range(1, runs + 1):
                for name, path in pages.items():
                    ready, start = cold_only(playwright, base + path, remote)
                    results[name].append(ready)
                    starts[name].append(start)
                    print(
                        f"run {run}/{runs} {name:11} cold {ready:5.2f} s  pyodide.mjs asked at {1000 * start:4.0f} ms",
                        file=sys.stderr,
                    )
    print(f"\nGame page, cold time to html[data-ready], median of {runs} (range), headless Chromium")
    for name, path in pages.items():
        print(f"{name + ' (' + path + ')':40} {summary(results[name])}")
    toml, inline = (statistics.median(results[name]) for name in pages)
    print(f"TOML file - inline JSON: {1000 * (toml - inline):+.0f} ms ({toml / inline:.3f}x)")
    for name in pages:
        print(
            f"{name}: pyodide.mjs requested at {1000 * statistics.median(starts[name]):.0f} ms (median; "
            f"{1000 * min(starts[name]):.0f}-{1000 * max(starts[name]):.0f})"
        )
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests (blocked): {sorted(set(remote))}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time to html[data-ready]: game vs bare PyScript page.")
    parser.add_argument("--runs", type=int, default=5, help="loads per page and state (default 5)")
    parser.add_argument(
        "--config-ab",
        action="store_true",
        help="game page only, cold: pyscript.toml against the same config inline as JSON",
    )
    parser.add_argument("--visits", type=int, help="a returning player's visits, game vs bare, per visit number")
    parser.add_argument("--before", metavar="REF", help="with --visits: also the game as it is at this git commit")
    parser.add_argument("--langs", help="game page only: these languages (the first is the reference), e.g. en,fr,de")
    args = parser.parse_args(argv)
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file():
        print("assets/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 1
    if args.visits:
        return run_visits(args.runs, args.visits, args.before)
    if args.langs:
        return run_languages(args.runs, args.langs.split(","))
    return run_config_ab(args.runs) if args.config_ab else run_pages(args.runs)


if __name__ == "__main__":
    sys.exit(main())
