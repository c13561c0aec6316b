#!/usr/bin/env python3
"""The live table in the game's page (issue 49, "Measured"): a phone's join, a move's way from a phone to every
screen, and the memory of the phone's page and of a table with four phones, in Debian's Chromium on loopback.

* **join**: a phone that opened the site once before (its service worker in control, as ``pageload`` defines a
  returning visit) opens a seat's join link; timed in the phone's page from the navigation's start until its rack is
  on screen (``<html data-live="connected">`` and ``#rack [data-tile]``: drawn before Python from the table's first
  state, js/phone-early.js, or by Python), and until it is playable (``<html data-ready>``, nothing drawn early left:
  Python's rack). The joins alternate between a phone whose player waits (``?seats=human,phone``: the table's player
  opens) and one whose player opens (``?seats=phone,human``: its turn drawn with what the table's engine says of it).
  Between, the phone builds its answer code and this script types it into the table's "Phone's answer code" and
  presses Connect at once, as a player passes it by QR code with no wait; the time the code spent in this script once
  the phone's page was ready (from the answer on its screen, or from the page ready if that came later, to Connect's
  click on the table, both clocks ``performance.timeOrigin + now()``) is printed and taken off too: a phone shows its
  answer while its Python starts (js/live-answer.js), and only the carrying that outlasts the start-up delays the
  rack. Each join is a new table (its seats as above) and a new phone (its first visit, then the join link),
  interleaved with a bare PyScript page's cold start (``bench/pages/bare.html`` in a fresh profile, as ``pageload``
  times it): the goal is a join within 1.2x that cold start.
* **move**: a classic game of four phone seats (``?seats=phone,phone,phone,phone``) played to the end by taps on the
  phones (each the greedy play of a CPython copy of the game; exchanges and passes when there is none), each move
  after its player has looked at the board for ``--think`` seconds (5: a quick player; ``--think 0`` plays the moves
  back to back, as no table of people can: the pages are then weighed with garbage that Chromium collects, and pages
  of Blink's heap that it gives back, only once a page idles; docs/research/live.md). For each
  play: from the click on Play on the phone to the frame after the new tiles are on the board (``#board [data-tile]``
  without ``data-pending``) on the table and on each other phone, the latest of them. The table logs the time of the
  engine's check and apply of each phone move (``live-move ... engine=``: ``LivePlay.phone_move``, which includes
  the table's autosave) and of the page following it (``page=``): the goal is a median under 100 ms beyond the
  engine's time.
* **memory**: sampled after each move of that game (``memory.Sampler``: the largest renderer's RSS and PSS from
  /proc): the table's browser (its page and service worker) and the phones' browser (four phone contexts, a renderer
  each: its largest is the heaviest phone); with the JS heap of each page at the end (CDP ``Performance``). Budgets:
  the phone's page 300 MB, the table with four phones 400 MB, in RSS as ``bench/memory.py`` weighs every page. Beside
  it, the heaviest phone's private footprint at the end, after the last sample (``memory.private_footprints``:
  Chromium's own measure of a process's memory, without the pages of its code that every renderer maps and RSS
  counts).

Prints the medians and ranges, the goals met or not, and one JSON line.

    make bench B=live_table ARGS="[--joins 5] [--seed 3] [--moves 400] [--think 5]"
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
from typing import Any

from browser import ROOT, launch, running_server
from memory import Sampler, private_footprints
from pageload import cold_only
from playwright.sync_api import Page, sync_playwright

from qwirkle import Game, Play
from qwirkle.notation import cell_notation

TIMEOUT_MS = 120_000
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
JOIN_GOAL, MOVE_GOAL_MS, PHONE_BUDGET_MB, TABLE_BUDGET_MB = 1.2, 100.0, 300, 400
NAMES = ["Ann", "Bob", "Cy", "Di"]
ENGINE = re.compile(r"live-move seat=(\d+) engine=([\d.]+)ms page=([\d.]+)ms")

# Every page: when its answer code, its rack and each new count of board tiles came (ms on the shared clock,
# performance.timeOrigin + now), the frame after each change; and the click on Play or Connect.
CLOCK = r"""
(() => {
  const now = () => performance.timeOrigin + performance.now();
  window.__boards = [];
  let count = -1;
  const look = () => {
    const root = document.documentElement;
    if (!root) return;
    if (window.__readyAt === undefined && root.hasAttribute("data-ready")) window.__readyAt = performance.now();
    const live = root.hasAttribute("data-ready") && !root.hasAttribute("data-early")
      && root.dataset.live === "connected" && document.querySelector("#rack [data-tile]");
    if (window.__playableAt === undefined && live) {
      requestAnimationFrame(() => { window.__playableAt ??= performance.now(); });
    }
    if (window.__answerAt === undefined && document.querySelector("[data-live-answer]")) window.__answerAt = now();
    const rack = root.dataset.live === "connected" && document.querySelector("#rack [data-tile]");
    if (window.__rackAt === undefined && rack) requestAnimationFrame(() => { window.__rackAt ??= performance.now(); });
    const board = document.querySelectorAll("#board [data-tile]:not([data-pending])").length;
    if (board !== count) {
      count = board;
      requestAnimationFrame(() => window.__boards.push([board, now()]));
    }
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true,
    attributeFilter: ["data-tile", "data-pending", "data-live", "data-ready", "data-early"],
  });
  window.__wire = [];  // [sent or received, kind, time] of every message on a data channel
  const kind = (text) => (/"kind":"(\w+)"/.exec(String(text)) || [])[1];
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = create.apply(this, args);
    const send = channel.send.bind(channel);
    channel.send = (text) => { send(text); window.__wire.push(["sent", kind(text), now()]); };
    channel.addEventListener("message", (event) => window.__wire.push(["received", kind(event.data), now()]));
    return channel;
  };
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-action="play"]')) window.__playAt = now();
    if (target?.closest("button") && target.closest("[data-live-seat]")) window.__connectAt = now();
  }, true);
})();
"""


def ready(page: Page) -> None:
    page.wait_for_selector("html[data-ready], html[data-load-error]", state="attached", timeout=TIMEOUT_MS)
    if page.locator("html[data-ready]").count() == 0:
        raise SystemExit(f"{page.url} did not start")


def seat(table: Page, number: int) -> Any:
    return table.locator(f'[data-live-seat="{number}"]')


def returning_phone(browser: Any, base: str) -> Page:
    """A phone that opened the site once, some time ago (its service worker controls the site, and has since been
    stopped as an idle worker is, its tab closed), with a new tab for the join link (as the camera app opens it)."""
    context = browser.new_context(**PHONE)
    context.add_init_script(CLOCK)
    page = context.new_page()
    page.goto(base, timeout=TIMEOUT_MS)
    ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TIMEOUT_MS)
    # A worker left running would keep that first tab's renderer alive beside the join's (Chromium gives it back
    # about a minute later), and the memory sampled would be that visit's, not the joined page's.
    cdp = context.new_cdp_session(page)
    cdp.send("ServiceWorker.enable")
    cdp.send("ServiceWorker.stopAllWorkers")
    cdp.detach()
    page.close()
    return context.new_page()


def join(table: Page, phone: Page, number: int) -> dict[str, float]:
    """The phone opens the seat's join link; its answer is typed on the table at once. Seconds since navigation."""
    node = seat(table, number)
    table.wait_for_function(
        '(n) => document.querySelector(`[data-live-seat="${n}"]`)?.dataset.liveOffer', arg=number, timeout=TIMEOUT_MS
    )
    url = node.get_attribute("data-live-offer")
    assert url is not None
    phone.goto(url, timeout=TIMEOUT_MS)
    answer = phone.locator("[data-live-answer]")
    answer.wait_for(timeout=TIMEOUT_MS)
    node.get_by_label("Phone's answer code").fill(answer.text_content() or "")
    node.get_by_role("button", name="Connect").click()
    phone.wait_for_function("window.__rackAt !== undefined && window.__playableAt !== undefined", timeout=TIMEOUT_MS)
    shown, clicked = phone.evaluate("window.__answerAt"), table.evaluate("window.__connectAt")
    origin = phone.evaluate("performance.timeOrigin")
    rack = phone.evaluate("window.__rackAt") / 1000
    playable = phone.evaluate("window.__playableAt") / 1000
    started = phone.evaluate("window.__readyAt") / 1000
    carried = max(0.0, (clicked - max(shown, origin + 1000 * started)) / 1000)
    return {
        "rack": rack,
        "playable": playable,
        "ready": started,
        "answer": (shown - origin) / 1000,
        "carried": carried,
        "join": rack - carried,
        "join_playable": playable - carried,
    }


def joins(playwright: Any, base: str, runs: int) -> dict[str, list[float]]:
    """``runs`` joins, each a new table and a new returning phone, interleaved with a bare page's cold start; the odd
    ones a phone whose player waits, the even ones one whose player opens (``kind``: "waits" or "opens")."""
    keys = ("bare", "rack", "playable", "ready", "answer", "carried", "join", "join_playable")
    results: dict[str, list[Any]] = {key: [] for key in (*keys, "kind")}
    remote: list[str] = []
    browser = launch(playwright)
    for run in range(1, runs + 1):
        results["bare"].append(cold_only(playwright, base + "bench/pages/bare.html", remote)[0])
        table_context = browser.new_context(**TABLET)
        table_context.grant_permissions(["camera"])  # as the table asks, to scan: it offers its real addresses
        table_context.add_init_script(CLOCK)
        table = table_context.new_page()
        waits = run % 2 == 1  # seed 7: the first seat opens
        seats = "human,phone" if waits else "phone,human"
        table.goto(base + f"?seats={seats}&names=Ann,Bob&seed=7&pace=0", timeout=TIMEOUT_MS)
        ready(table)
        phone = returning_phone(browser, base)
        times = join(table, phone, 1 if waits else 0)
        for key, value in times.items():
            results[key].append(value)
        results["kind"].append("waits" if waits else "opens")
        print(
            f"join {run}/{runs} (the phone's player {results['kind'][-1]}): bare cold {results['bare'][-1]:.2f} s, "
            f"phone's rack on screen {times['rack']:.2f} s, playable {times['playable']:.2f} s "
            f"(ready {times['ready']:.2f} s, answer shown {times['answer']:.2f} s, "
            f"carried {1000 * times['carried']:.0f} ms)",
            file=sys.stderr,
        )
        phone.context.close()
        table_context.close()
    browser.close()
    if remote:
        print(f"WARNING: {len(remote)} non-localhost requests: {sorted(set(remote))}", file=sys.stderr)
    return results


def greedy(phone: Page, game: Game) -> int:
    """The greedy move of the phone to move, by taps; the number of tiles it put on the board."""
    plays = game.legal_plays()
    if plays:
        best = max(plays, key=lambda p: (p.points, len(p.placements)))
        for placement in best.placements:
            phone.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
            phone.locator(f'[data-cell="{cell_notation(placement.cell)}"]').click()
            phone.wait_for_selector(f'[data-cell="{cell_notation(placement.cell)}"][data-pending]')
        phone.get_by_role("button", name="Play", exact=True).click()
        game.apply(Play(best.placements))
        return len(best.placements)
    limit = game.exchange_limit()
    if limit:
        phone.get_by_role("button", name="Exchange", exact=True).click()
        tiles = phone.locator("[data-rack] [data-tile]")
        chosen = [tiles.nth(i).get_attribute("data-tile") for i in range(limit)]
        for i in range(limit):
            tiles.nth(i).click()
        phone.get_by_role("button", name=f"Exchange selected ({limit})").click()
        game.apply(f"swap {' '.join(str(c) for c in chosen)}")
        return 0
    phone.get_by_role("button", name="Pass").click()
    game.apply("pass")
    return 0


def shown(page: Page, game: Game) -> None:
    marker = "html[data-over]" if game.is_over else f'html[data-turn="{game.to_move}"]'
    page.wait_for_selector(marker, state="attached", timeout=TIMEOUT_MS)


def marks(pages: list[Page]) -> list[tuple[int, int]]:
    """How many wire messages and board changes each page has recorded so far."""
    return [page.evaluate("[window.__wire.length, window.__boards.length]") for page in pages]


def timed_play(
    mover: Page, table: Page, others: list[Page], tiles: int, before: list[tuple[int, int]]
) -> dict[str, float]:
    """The way of the last play, in ms on the shared clock: from the click on Play to the move sent by the phone, to
    the table, to the table's last state sent, to the other phones, to the board drawn on each page; ``total`` is the
    click to the last board drawn (the table's or another phone's). ``before``: ``marks`` of mover, table, others
    before the play (each page's records are read from there on: the pages' clocks may differ by a millisecond)."""
    pages = [mover, table, *others]
    wires = {id(page): page.evaluate("window.__wire")[mark[0] :] for page, mark in zip(pages, before, strict=True)}
    boards = {id(page): page.evaluate("window.__boards")[mark[1] :] for page, mark in zip(pages, before, strict=True)}

    def first(page: Page, way: str, kind: str) -> float:
        return min(at for w, k, at in wires[id(page)] if (w, k) == (way, kind))

    def drawn(page: Page) -> float:
        return min(at for count, at in boards[id(page)] if count == tiles)

    clicked = mover.evaluate("window.__playAt")
    sent, taken = first(mover, "sent", "move"), first(table, "received", "move")
    states = [at for w, k, at in wires[id(table)] if (w, k) == ("sent", "state")]
    heard = [first(page, "received", "state") for page in others]
    shown_at = [drawn(page) for page in others]
    table_board = drawn(table)
    return {
        "total": max([table_board, *shown_at]) - clicked,
        "phone_sends": sent - clicked,
        "to_table": taken - sent,
        "table_states": max(states) - taken,
        "table_board": table_board - taken,
        "to_phones": statistics.median(h - min(states) for h in heard),
        "phones_draw": max(b - h for b, h in zip(shown_at, heard, strict=True)),
    }


def heap_mb(page: Page) -> float:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    metrics = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
    cdp.detach()
    return float(metrics.get("JSHeapUsedSize", 0)) / 2**20


def game_of_phones(playwright: Any, base: str, seed: int, moves: int, think: float) -> dict[str, Any]:
    """Four phones join a table and play, each move ``think`` seconds after the one before it is on every screen;
    each play's time to every other screen, the memory after each move."""
    tables, phones_browser = launch(playwright), launch(playwright)
    table_sampler, phone_sampler = Sampler(tables), Sampler(phones_browser)
    table_context = tables.new_context(**TABLET)
    table_context.grant_permissions(["camera"])
    table_context.add_init_script(CLOCK)
    table = table_context.new_page()
    engine: list[tuple[float, float]] = []

    def logged(text: str) -> None:
        match = ENGINE.search(text)
        if match:
            engine.append((float(match[2]), float(match[3])))

    table.on("console", lambda message: logged(message.text))
    table.goto(base + f"?seats=phone,phone,phone,phone&names={','.join(NAMES)}&seed={seed}&pace=0", timeout=TIMEOUT_MS)
    ready(table)
    phones = [returning_phone(phones_browser, base) for _ in NAMES]
    for number, phone in enumerate(phones):
        join(table, phone, number)
    game = Game.new("classic", NAMES, seed)
    pages = [table, *phones]
    for page in pages:
        shown(page, game)
    table_sampler.sample("connected")
    phone_sampler.sample("connected")
    plays: list[float] = []
    parts: dict[str, list[float]] = {}
    engine_at_play: list[float] = []
    for _ in range(moves):
        if game.is_over:
            break
        mover = phones[game.to_move]
        before = len(game.board.tiles)
        logged_before = len(engine)
        others = [p for p in phones if p is not mover]
        mover.wait_for_timeout(think * 1000)  # its player looks at the board: every page idles meanwhile
        before_play = marks([mover, table, *others])
        placed = greedy(mover, game)
        for page in pages:
            shown(page, game)
        if placed:
            steps = timed_play(mover, table, others, before + placed, before_play)
            plays.append(steps["total"])
            for key, value in steps.items():
                parts.setdefault(key, []).append(value)
            if len(engine) > logged_before:
                engine_at_play.append(engine[-1][0])
        table_sampler.sample("game")
        phone_sampler.sample("game")
        print(f"move {len(game.history)}: {f'{plays[-1]:.0f} ms' if placed else 'no play'}", file=sys.stderr)
    heaps = {"table": heap_mb(table), "phones": [heap_mb(p) for p in phones]}
    table_sampler.sample("game")
    phone_sampler.sample("game")
    # After the last sample: a memory dump is not meant to change what it weighs, and then it cannot.
    footprint = max(private_footprints(phones_browser).values(), default=None)
    tables.close()
    phones_browser.close()
    return {
        "plays": plays,
        "parts": parts,
        "engine": engine_at_play,
        "page": [page for _, page in engine],
        "over": game.is_over,
        "moves": len(game.history),
        "table": table_sampler.report(),
        "phones": phone_sampler.report(),
        "heaps": heaps,
        "footprint": footprint,
    }


def spread(values: list[float], unit: str = "ms", scale: float = 1.0) -> str:
    if not values:
        return "none"
    median, low, high = (scale * statistics.median(values), scale * min(values), scale * max(values))
    return f"median {median:.0f} {unit} (range {low:.0f}-{high:.0f}, {len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--joins", type=int, default=5, help="joins, each against a bare page's cold start")
    parser.add_argument("--seed", type=int, default=3, help="the seed of the four phones' game")
    parser.add_argument("--moves", type=int, default=400, help="moves of that game at most")
    parser.add_argument(
        "--think", type=float, default=5.0, help="seconds each player looks at the board before a move (0: none)"
    )
    args = parser.parse_args()
    if not (ROOT / "assets/vendor/pyodide/pyodide.mjs").is_file():
        print("assets/vendor is missing: run `make play` or `make test` first", file=sys.stderr)
        return 1
    with running_server(ROOT) as base, sync_playwright() as playwright:
        joined = joins(playwright, base, args.joins) if args.joins else {}
        played = game_of_phones(playwright, base, args.seed, args.moves, args.think)
    figures: dict[str, Any] = {"joins": joined, **{k: v for k, v in played.items() if k not in ("table", "phones")}}
    if joined:
        bare, rack, join_s, playable = (
            statistics.median(joined[key]) for key in ("bare", "rack", "join", "join_playable")
        )
        ratio = join_s / bare
        print(f"\nJoin, {len(joined['join'])} phones each on its second visit, headless Chromium on loopback")
        print(f"  a bare PyScript page, cold:          {spread([1000 * v for v in joined['bare']])}")
        print(f"  the join link to the phone's rack:   {spread([1000 * v for v in joined['rack']])}")
        print(f"    the page ready (html[data-ready]): {spread([1000 * v for v in joined['ready']])}")
        print(f"    its answer code on screen:         {spread([1000 * v for v in joined['answer']])}")
        print(f"    its carrying after the page ready: {spread([1000 * v for v in joined['carried']])}")
        print(f"  the join without that carrying:      {spread([1000 * v for v in joined['join']])}")
        print(f"  ... to the rack playable (Python's): {spread([1000 * v for v in joined['join_playable']])}")
        for kind in ("waits", "opens"):
            ratios = [
                j / b for j, b, k in zip(joined["join"], joined["bare"], joined["kind"], strict=True) if k == kind
            ]
            live = [
                j / b
                for j, b, k in zip(joined["join_playable"], joined["bare"], joined["kind"], strict=True)
                if k == kind
            ]
            if ratios:
                print(
                    f"    the phone's player {kind}: rack on screen / bare {min(ratios):.2f}-{max(ratios):.2f}x, "
                    f"playable / bare {min(live):.2f}-{max(live):.2f}x"
                )
        print(
            f"  join / bare cold: {ratio:.2f}x (goal {JOIN_GOAL}x: {'met' if ratio <= JOIN_GOAL else 'missed'}; "
            f"with the carrying {rack / bare:.2f}x; playable {playable / bare:.2f}x)"
        )
        figures["join_ratio"] = round(ratio, 3)
        figures["playable_ratio"] = round(playable / bare, 3)
    plays, engine = played["plays"], played["engine"]
    beyond = statistics.median(plays) - statistics.median(engine) if plays and engine else float("nan")
    print(
        f"\nA move: {len(plays)} plays of a four-phone classic game ({played['moves']} moves, over: {played['over']}; "
        f"each player thinks {args.think:g} s)"
    )
    print(f"  Play on a phone to the new board on the table and the other three phones: {spread(plays)}")
    parts = played["parts"]
    for key, words in (
        ("phone_sends", "the phone: from the click to the move sent"),
        ("to_table", "the move on the wire to the table"),
        ("table_states", "the table: from the move received to its last state sent"),
        ("table_board", "the table: from the move received to its board drawn"),
        ("to_phones", "the states on the wire to the other phones, from the first one sent"),
        ("phones_draw", "the slowest other phone: from its state received to its board drawn"),
    ):
        print(f"    {words}: {spread(parts.get(key, []))}")
    print(f"  the table's engine check and apply (phone_move, with its autosave): {spread(engine)}")
    print(f"  the table's page following the move: {spread(played['page'])}")
    print(
        f"  beyond the engine: {beyond:.0f} ms (goal under {MOVE_GOAL_MS:.0f} ms: "
        f"{'met' if beyond < MOVE_GOAL_MS else 'missed'})"
    )
    table_peak = max(phase["rss"] for phase in played["table"].values())
    phone_peak = max(phase["rss"] for phase in played["phones"].values())
    heaps = played["heaps"]
    print(
        f"\nMemory: the table with four phones, renderer peak RSS {table_peak} MB (budget {TABLE_BUDGET_MB}: "
        f"{'within' if table_peak <= TABLE_BUDGET_MB else 'over'}), JS heap {heaps['table']:.0f} MB at the end"
    )
    print(
        f"  the heaviest phone's renderer peak RSS {phone_peak} MB (budget {PHONE_BUDGET_MB}: "
        f"{'within' if phone_peak <= PHONE_BUDGET_MB else 'over'}), JS heaps "
        + ", ".join(f"{h:.0f}" for h in heaps["phones"])
        + " MB at the end"
    )
    if played["footprint"]:
        rss, footprint = played["footprint"]
        print(
            f"  the heaviest phone at the end by Chromium's own measure, its private footprint: {footprint:.0f} MB of "
            f"its {rss:.0f} MB RSS (the rest: pages of Chromium's code and files that every renderer maps)"
        )
    figures |= {
        "think_s": args.think,
        "beyond_engine_ms": round(beyond, 1),
        "table_rss_mb": table_peak,
        "phone_rss_mb": phone_peak,
    }
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
