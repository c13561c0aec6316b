"""The shared browser scenarios: each runs in Chromium, WebKit and Firefox (see conftest.py); in Chromium not when
deeper tests of tests/browser take the same steps there (``chromium_covered_by``).

One story per test, through the game's DOM contract only (drivers.py): the start link, a human turn
by clicks, exchange / undo / reload and resume; the hot-seat handover (and what the tile tracker
shows before and after it); the Expert's worker in a classic game and in a Cubes game, and a roll; the analysis
board; a puzzle; the update notice (never on a first visit, only when a new version is really waiting) and then
offline play; the tutorial and an embed.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from drivers import Driver
from sites import serve, site_copies

START = "?variant=classic&seats=human,computer&seed=1&names=Ann,Bot&pace=0"
SW_TIMEOUT_S = 120.0

TURN = 'return document.documentElement.getAttribute("data-turn");'
RACK = "[data-rack] [data-tile]"
BOARD = "[data-cell][data-tile]"
LOG = "#log > li"
PLAY_DISABLED = 'return document.querySelector(\'button[data-action="play"]\').hasAttribute("aria-disabled");'
# The page is controlled by an activated worker, and none is installing or waiting: the first
# install is over, and every event it causes in the page has been dispatched (the controller is
# set by the same task as controllerchange). The timeout lets queued tasks run first.
SETTLED = """
const sw = navigator.serviceWorker;
if (!sw.controller || sw.controller.state !== "activated") return false;
const r = await sw.getRegistration();
if (!r || r.installing || r.waiting || !r.active || r.active.state !== "activated") return false;
await new Promise((resolve) => setTimeout(resolve, 0));
return true;
"""
NOTICE = "[data-sw-update]"
# The service worker's caches of this site: their names and how many files each holds.
CACHE_STATE = """
const names = (await caches.keys()).filter((n) => n.startsWith("qwirkle "));
const sizes = [];
for (const name of names) sizes.push((await (await caches.open(name)).keys()).length);
return {names, sizes};
"""
RULE = r"\b[CQF]\d+: "  # a rule id in a message: "C5: ..."

pytestmark = pytest.mark.browser


def start(d: Driver, query: str) -> None:
    d.goto(query)
    d.wait(r'return /^\d$/.test(document.documentElement.getAttribute("data-turn") || "");', what="data-turn")


def wait_human(d: Driver, seat: int = 0) -> None:
    d.wait(
        f"return document.documentElement.getAttribute('data-turn') === arguments[0]"
        f" && document.querySelectorAll('{RACK}').length > 0;",
        str(seat),
        what=f"seat {seat} to move",
    )


def select_placeable(d: Driver) -> int:
    """Click rack tiles until one lights up legal cells; returns how many cells."""
    for i in range(d.count(RACK)):
        d.click(RACK, i)
        if d.count("[data-legal]"):
            return d.count("[data-legal]")
        d.click(RACK, i)  # unselect
    pytest.fail(f"{d.engine}: no rack tile can be placed")


def place_one(d: Driver) -> str:
    select_placeable(d)
    cell = d.attr("[data-legal]", "data-cell")
    assert cell
    pending = d.count("[data-pending]")
    d.click(f'[data-legal][data-cell="{cell}"]')
    d.wait_for(f'[data-cell="{cell}"][data-pending]', 1)
    d.wait_for("[data-pending]", pending + 1)
    return cell


def log_beyond(d: Driver, entries: int, what: str = "") -> None:
    """Until the log holds more than ``entries`` moves."""
    d.wait(
        f"return document.querySelectorAll('{LOG}').length > arguments[0];",
        entries,
        what=what or f"more than {entries} moves",
    )


def play_any(d: Driver) -> None:
    """Place what can be placed (at least one tile) and press Play."""
    place_one(d)
    while d.js(PLAY_DISABLED):
        place_one(d)
    entries = d.count(LOG)
    d.action("play")
    d.wait_for("[data-pending]", 0)
    log_beyond(d, entries, "the move in the log")


def choose_two(d: Driver, mode: str) -> None:
    """Exchange or Roll: open the mode, choose the first two tiles or dice, confirm; wait for the log."""
    entries = d.count(LOG)
    d.action(mode)
    d.click(RACK, 0)
    d.click(RACK, 1)
    d.action("confirm")
    log_beyond(d, entries, f"the {mode}")


def scores(d: Driver, seats: int = 2) -> list[str]:
    return [d.text(f'[data-score="{seat}"]') for seat in range(seats)]


def wait_controlled(d: Driver) -> None:
    d.wait(SETTLED, timeout=SW_TIMEOUT_S, what="the service worker to control the page")


def test_start_link_a_turn_by_clicks_exchange_undo_reload_and_resume(driver: Driver) -> None:
    start(driver, START)
    assert "variant=" not in driver.url  # the start link is removed: a reload resumes
    wait_human(driver)
    assert "Ann has 2 tiles that share" in driver.text("#opening")  # who starts and why (C2)
    assert driver.count(RACK) == 6
    first = place_one(driver)
    assert driver.count("[data-legal]") == 0  # nothing selected any more
    assert driver.count(RACK) == 5
    assert select_placeable(driver) >= 1
    second = driver.attr("[data-legal]", "data-cell")
    driver.click(f'[data-legal][data-cell="{second}"]')
    driver.wait_for("[data-pending]", 2)
    driver.wait(
        "return /scores 2 points/.test(document.getElementById('preview').textContent);", what="the preview of 2 points"
    )
    line = driver.text(".preview__lines li").strip()
    assert re.fullmatch(r"(\w+ (row|column)|(Row|Column) of \w+): 2 points", line), line
    driver.action("play")
    driver.wait("return document.querySelector('[data-score=\"0\"]').textContent.trim() === '2';", what="score 2")
    assert driver.count("[data-pending]") == 0
    assert driver.count(f'[data-cell="{first}"][data-tile]') == 1
    wait_human(driver)  # the computer replied
    driver.wait_for(LOG, 2)
    assert int(scores(driver)[1]) > 0
    assert driver.count(BOARD) > 2
    assert driver.count("[data-ios-install]") == 0  # neither engine here is iOS
    assert driver.count(NOTICE) == 0
    # refused: an empty cell that is not legal for the selected tile; the note names the rule
    select_placeable(driver)
    driver.click("[data-cell]:not([data-tile]):not([data-legal])")
    driver.wait(f"return /{RULE}/.test(document.getElementById('note').textContent);", what="the rule in the note")
    assert driver.count("[data-pending]") == 0
    # exchange two tiles
    choose_two(driver, "exchange")
    assert "exchanged 2 tiles" in driver.text("#log")
    wait_human(driver)
    assert driver.count(RACK) == 6
    # undo takes back the computer's reply and the exchange
    entries = driver.count(LOG)
    driver.action("undo")
    driver.wait_for(LOG, entries - 2)
    wait_human(driver)
    # play, reload, and the game comes back as it was
    play_any(driver)
    wait_human(driver)
    before, tiles = scores(driver), driver.count(BOARD)
    driver.reload()
    driver.wait_ready()
    wait_human(driver)
    assert scores(driver) == before
    assert driver.count(BOARD) == tiles
    assert "back where you left it" in driver.text("#note")


@pytest.mark.chromium_covered_by(
    "tests/browser/test_analysis_board.py::test_a_link_ranks_every_play_as_the_engine_does",
    "tests/browser/test_analysis_board.py::test_a_tile_that_breaks_a_rule_is_refused_and_a_play_is_scored_by_hand",
)
def test_the_analysis_board_ranks_a_rack_and_refuses_a_broken_board(driver: Driver) -> None:
    driver.goto("?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs+Rd")
    driver.wait_ready()
    driver.wait('return document.documentElement.dataset.screen === "analysis";', what="the analysis board")
    assert driver.wait_for("[data-analysis-play]") == 10  # the first ten, and a button for the others
    driver.click("#analysis-more")
    driver.wait_for("[data-analysis-play]", 16)
    points = [int(p or 0) for p in driver.attrs("[data-analysis-play]", "data-points")]
    assert points == sorted(points, reverse=True) and points[0] == 6
    driver.click("[data-analysis-play] button")
    driver.wait_for("#analysis-board [data-ghost]", 2)
    driver.click('#analysis-palette [data-tile="Gd"]')
    driver.click('#analysis-board [data-cell="2,0"]')  # Ro Rs Gd: a row of neither (C5)
    driver.wait('return document.getElementById("analysis-note").textContent.includes("C5");', what="the refusal")
    assert driver.count("#analysis-board [data-cell][data-tile]") == 2


@pytest.mark.chromium_covered_by(
    "tests/browser/test_puzzles_page.py::"
    "test_a_puzzle_link_solved_on_the_game_board_then_missed_tried_again_solution_and_next"
)
def test_a_puzzle_solved_by_clicks_then_its_solution(driver: Driver) -> None:
    from qwirkle.notation import parse_placements
    from qwirkle.study.puzzles import puzzle_from_id

    puzzle = puzzle_from_id("cm-ouax60-d")
    driver.goto("?puzzle=cm-ouax60-d")
    driver.wait('return document.documentElement.dataset.puzzle === "cm-ouax60-d";', what="the puzzle")
    for placement in parse_placements(puzzle.best):
        cell = f"{placement.cell[0]},{placement.cell[1]}"
        driver.click(f'[data-rack] [data-tile="{placement.tile.notation()}"]')
        driver.click(f'#board [data-cell="{cell}"]')
        driver.wait_for(f'#board [data-cell="{cell}"][data-pending]', 1)
    driver.action("play")
    driver.wait('return document.documentElement.dataset.puzzleResult === "solved";', what="the verdict")
    assert str(puzzle.best_points) in driver.text("[data-puzzle-verdict]")
    driver.click('#puzzle [data-action="puzzle-again"]')
    driver.wait('return !document.documentElement.hasAttribute("data-puzzle-result");', what="a new try")
    driver.click('#puzzle [data-action="puzzle-solution"]')
    driver.wait('return document.documentElement.dataset.puzzleResult === "missed";', what="the solution")
    driver.wait_for("#board .line-score")


TRACKER_CELLS = "#tracker-dialog td.tracker__cell"


def open_tracker(d: Driver) -> None:
    d.action("tracker")
    d.wait("return document.getElementById('tracker-dialog').open;", what="the tile tracker")


def close_tracker(d: Driver) -> None:
    d.click('#tracker-dialog button[data-action="close-dialog"]')
    d.wait("return !document.getElementById('tracker-dialog').open;", what="the tile tracker to close")


@pytest.mark.chromium_covered_by(
    "tests/browser/test_hidden_racks_and_saves.py::test_the_hand_over_screen_holds_no_rack_and_undo_hands_the_device_back"
)
def test_hot_seat_handover(driver: Driver) -> None:
    start(driver, "?variant=classic&seats=human,human&seed=5&names=Ann,Bob&pace=0")
    assert driver.count(RACK) == 0  # hidden until Ann says she holds the device
    assert "Ann" in driver.text("#privacy")
    driver.action("reveal")
    wait_human(driver, 0)
    # the tile tracker counts the tiles Ann has not seen: 36 kinds (colours x shapes), over 60 tiles
    open_tracker(driver)
    assert "Tiles not seen by Ann" in driver.text("#tracker-dialog")
    assert driver.count(TRACKER_CELLS) == 36
    assert sum(int(n or 0) for n in driver.attrs(TRACKER_CELLS, "data-count")) > 60
    close_tracker(driver)
    play_any(driver)
    driver.wait_for(RACK, 0)
    driver.wait("return document.getElementById('privacy').textContent.includes('Bob');", what="the handover to Bob")
    # the tracker would give Ann's rack away to Bob: it waits for the hand-over
    open_tracker(driver)
    assert driver.count(TRACKER_CELLS) == 0 and "Pass the device to Bob" in driver.text("#tracker-dialog")
    close_tracker(driver)
    driver.action("reveal")
    wait_human(driver, 1)
    assert driver.count(RACK) == 6


@pytest.mark.chromium_covered_by(
    "tests/browser/test_ai_play.py::test_the_expert_thinks_in_a_worker_to_its_budget_while_the_page_responds",
    "tests/browser/test_ai_play.py::test_a_human_plays_hard_to_the_end_with_hints",
)
def test_the_expert_thinks_in_a_worker_and_a_cubes_roll(driver: Driver) -> None:
    start(driver, "?variant=cubes&seats=expert,human&seed=5&names=Deep,Ann&pace=0")
    wait_human(driver, 1)
    if driver.count(LOG) == 0:  # Ann opens (C2), and the Expert replies
        play_any(driver)
        wait_human(driver, 1)
    # Ann re-rolls two dice, once a turn (Q3), then places
    choose_two(driver, "roll")
    assert "re-rolled 2 dice" in driver.text("#log")
    assert driver.attr('button[data-action="roll"]', "aria-disabled") == "true"
    entries = driver.count(LOG)
    play_any(driver)
    driver.action("stats")  # the page stays usable while the Expert thinks
    driver.wait("return document.getElementById('stats-dialog').open;", what="the statistics dialog")
    driver.click('#stats-dialog button[data-action="close-dialog"]')
    wait_human(driver, 1)
    log_beyond(driver, entries + 1)  # Ann's play and the Expert's reply


@pytest.mark.chromium_covered_by(
    "tests/browser/test_ai_play.py::test_the_expert_thinks_in_a_worker_to_its_budget_while_the_page_responds"
)
def test_the_expert_replies_in_a_classic_game(driver: Driver) -> None:
    """The Expert's classic look-ahead, which values its candidates as chances to win (the win-chance table, read in
    the worker), answers a play in every lane."""
    start(driver, "?variant=classic&seats=expert,human&seed=5&names=Deep,Ann&pace=0")
    wait_human(driver, 1)
    entries = driver.count(LOG)
    play_any(driver)
    wait_human(driver, 1)
    log_beyond(driver, entries + 1)  # Ann's play and the Expert's reply


def precache_version(site: Path) -> str:
    """The version the site's service-worker list names (it changes with any file)."""
    found = re.search(r'"version": "(\w+)"', (site / "sw-precache.js").read_text(encoding="utf-8"))
    assert found
    return found.group(1)


@pytest.mark.service_worker
def test_an_update_waits_for_the_player_then_the_game_plays_offline(driver: Driver, site_copy: Path) -> None:
    """One visit installs the service worker (not an update); a new deployment is offered, never forced; the player
    reloads into it; then, the server gone, the game, the tutorial and an embed come from the worker's cache."""
    with serve.running_server(site_copy) as url:
        # A first visit installs the service worker: that is not an update.
        driver.goto(START, base=url)
        wait_human(driver)
        wait_controlled(driver)
        assert driver.count(NOTICE) == 0, f"{driver.engine}: an update notice on a first visit"
        # one cache, of this version: every file of the list, plus the list kept for the next update
        state = driver.js(CACHE_STATE)
        files = len(re.findall(r'^  "\./', (site_copy / "sw-precache.js").read_text(encoding="utf-8"), re.M))
        assert state == {"names": [f"qwirkle {url} {precache_version(site_copy)}"], "sizes": [files + 1]}
        # Mid-move: a tile placed, not played yet.
        place_one(driver)
        driver.js("window.__samePage = true;")
        # A new deployment: one file changes, the set-up step regenerates the list.
        index = site_copy / "index.html"
        index.write_text(
            index.read_text(encoding="utf-8").replace("<head>", '<head>\n  <meta name="test-version" content="2">', 1),
            encoding="utf-8",
        )
        site_copies.precache.write(site_copy)
        driver.js("return navigator.serviceWorker.getRegistration().then((r) => r.update());")
        driver.wait_for(NOTICE, 1, timeout=SW_TIMEOUT_S)
        assert "Update available" in driver.text(NOTICE)
        assert driver.attr(NOTICE, "role") == "status"
        # in the top bar: it never covers the game's message line
        assert driver.count(f"#topbar {NOTICE}") == 1
        assert driver.js(f"""const a = document.querySelector('{NOTICE}').getBoundingClientRect();
            const b = document.getElementById('note').getBoundingClientRect();
            return a.bottom <= b.top || b.bottom <= a.top;""")
        # Nothing reloads by itself: the move in progress is still there, the old version runs
        # and the new one waits.
        assert driver.js("return window.__samePage;") is True
        assert driver.count("[data-pending]") == 1
        assert driver.count('meta[name="test-version"]') == 0
        assert driver.js("return navigator.serviceWorker.getRegistration().then((r) => Boolean(r.waiting));")
        # The player chooses to reload: the new version takes over.
        driver.click(f"{NOTICE} button")
        driver.wait(
            "return !window.__samePage && document.documentElement.hasAttribute('data-ready');",
            timeout=SW_TIMEOUT_S,
            what="the reload into the new version",
        )
        assert driver.count('meta[name="test-version"]') == 1
        wait_controlled(driver)
        assert driver.count(NOTICE) == 0
        assert driver.js(CACHE_STATE)["names"] == [f"qwirkle {url} {precache_version(site_copy)}"]  # old ones gone
    with pytest.raises(OSError):  # the server is gone
        urllib.request.urlopen(url, timeout=5)
    # The game comes back from the service worker's cache and plays; the tutorial comes from it too, and an embed
    # (the tutorial's boards are embeds: test_tutorial_and_an_embed renders them all) starts and draws its board.
    driver.reload()
    driver.wait_ready()
    wait_human(driver)
    assert driver.count('meta[name="test-version"]') == 1
    play_any(driver)
    tutorial = driver.js("return fetch('tutorial.html?lang=en').then(async (r) => [r.status, await r.text()]);")
    assert tutorial[0] == 200 and tutorial[1].count("data-qwirkle") >= 20
    driver.goto("embed.html?board=Ro@0,0%20Rd@1,0", base=url)
    driver.wait_for('[data-cell="1,0"] [data-tile="Rd"]', 1)


@pytest.mark.chromium_covered_by(
    "tests/browser/test_tutorial.py::test_every_board_renders_and_every_replay_plays",
    "tests/browser/test_embed.py::test_embed_html_takes_the_board_from_its_url",
)
def test_tutorial_and_an_embed(driver: Driver) -> None:
    driver.goto("tutorial.html?lang=en")
    boards = driver.count("[data-qwirkle]")
    assert boards >= 20
    driver.wait_for("[data-qwirkle][data-state=ready]", boards)
    replay = "[data-qwirkle][data-mode=replay]"
    driver.click(f'{replay} [data-action="next"]')
    driver.wait(
        f"return /Total: \\d+ points?/.test(document.querySelector('{replay}').textContent);",
        what="the first replay's move in words",
    )
    driver.goto("embed.html?board=Ro@0,0%20Rd@1,0")
    driver.wait_for('[data-cell="1,0"] [data-tile="Rd"]', 1)
    assert driver.count('[data-cell="0,0"] [data-tile="Ro"]') == 1


def test_a_phone_at_the_table_is_offered_only_where_the_browser_has_webrtc(driver: Driver) -> None:
    """The seat kind "Phone at this table" needs RTCPeerConnection: WebKitGTK's builds have none, and the new-game
    dialog says why instead of offering it; Chromium and Firefox offer it."""
    driver.goto("")
    driver.wait_ready()
    driver.action("new")
    driver.wait("return document.querySelectorAll('#seat-rows select option').length > 0;", what="the seat rows")
    rtc = driver.js("return typeof RTCPeerConnection === 'function';")
    offered = driver.count('#seat-rows select option[value="phone"]')
    note = "#phone-note"
    if rtc:
        assert offered > 0 and driver.attr(note, "data-live-support") == "ok"
    else:
        assert offered == 0 and driver.attr(note, "data-live-support") == "no-rtc" and driver.visible(note)
        assert "Phones at this table need WebRTC" in driver.text(note)
