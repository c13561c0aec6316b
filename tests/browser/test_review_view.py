"""The game review through the real page (see conftest.py): a finished computer game (played by the engine here, saved
as the page saves it; tests/browser/test_play.py plays whole games in the page) opens on its end-of-game card, Review
opens from it, the list is checked against the engine's review of the saved record (points, best points, the level's
choices, the chances of winning each move cost), the board steps through the game by buttons, keys, the slider and the
win-chance graph, and an imported record offers the same review from Saved games (its accuracy kept in the
statistics, exported again, in French, and left for a new game), a game of four players too."""

from __future__ import annotations

import json
import re
from itertools import pairwise

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import open_with, storage

from qwirkle import Game, dumps
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.study.review import level_moves, review_moves
from qwirkle.study.win_review import WinReplay

DONE = '#review[data-phase="done"]'
pytestmark = pytest.mark.optimizing_wasm  # each test waits for a whole review


def finished_record(page: Page) -> dict:
    current = page.evaluate("localStorage.getItem('qwirkle.current')")
    save = json.loads(page.evaluate("(id) => localStorage.getItem('qwirkle.save.' + id)", current))
    return save["record"]


def rows(page: Page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('[data-review-move]')].map((li) => ({
        index: +li.dataset.reviewMove, player: +li.dataset.player, points: +li.dataset.points,
        best: +li.dataset.bestPoints, level: li.dataset.levelMove ?? null,
        levelPoints: li.dataset.levelPoints === undefined ? null : +li.dataset.levelPoints,
        missed: li.hasAttribute('data-missed-qwirkle'), winLost: li.dataset.winLost ?? null}))""")


def test_review_a_finished_game_step_through_it_and_check_it_against_the_engine(
    page: Page, site_url: str, wait_ready, axe
) -> None:
    game = Game.new("classic", ["Ann", "Bob"], 21)
    play_out(game, [make_player("greedy", 1), make_player("hard", 2)])
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    # compared with Hard (the level column is the same code for every level; the Expert's answers are
    # tests/app/review/test_review_models.py's, and bench/reviewpage.py times its column in the page)
    open_with(page, site_url, wait_ready, storage(game, ["greedy", "hard"], settings={"review_level": "hard"}))
    page.locator("#menu-button").click()
    page.locator('[data-action="saves"]').click()
    page.locator("#saves-dialog li.save [data-action=resume-save]").first.click()
    expect(page.locator("html")).to_have_attribute("data-over", "")
    result = page.locator("#result")
    result.get_by_role("button", name="Review").click()
    review = page.locator("#review")
    expect(review).to_be_visible()
    expect(page.locator("#game")).to_be_hidden()
    expect(review).to_have_attribute("data-phase", re.compile("win|level|done"))
    page.wait_for_selector(DONE, timeout=180_000)

    record = finished_record(page)
    entries = list(review_moves(record))
    choices = list(level_moves(record, "hard"))
    shown = rows(page)
    assert [r["index"] for r in shown] == list(range(len(record["moves"])))
    assert [(r["player"], r["points"], r["best"]) for r in shown] == [
        (e.seat, e.points, e.best_points) for e in entries
    ]
    assert [r["missed"] for r in shown] == [e.missed_qwirkle is not None for e in entries]
    assert [r["level"] for r in shown] == [c.move for c in choices]
    assert [r["levelPoints"] for r in shown] == [c.points for c in choices]
    assert all(e.lost == 0 for e in entries if e.seat == 0 and e.kind == "play")  # Ann is greedy
    # the chances of winning each move cost: on every row, as the engine gives them (two rows checked: it is slow)
    assert all(re.fullmatch(r"\d+\.\d", r["winLost"]) for r in shown)
    costly = max(shown, key=lambda r: float(r["winLost"]))
    replay = WinReplay(record)
    for index in (costly["index"], 0):
        assert shown[index]["winLost"] == f"{max(replay.at(index).chances.lost * 100, 0):.1f}"
    # each player's accuracy at the top: the engine's, from the chances kept beside the save
    from qwirkle.study.accuracy import accuracy

    current = page.evaluate("localStorage.getItem('qwirkle.current')")
    kept = json.loads(page.evaluate("(id) => localStorage.getItem('qwirkle.review.' + id)", current))["win"]["moves"]
    assert [m["win_lost"] for m in sorted(kept, key=lambda m: m["index"])] == [float(r["winLost"]) for r in shown]
    figures = page.locator("#review-summary [data-accuracy]")
    expect(figures).to_have_count(2)
    for seat in (0, 1):
        figure = accuracy([m["lost"] for m in kept if m["seat"] == seat])
        assert figures.nth(seat).get_attribute("data-accuracy") == f"{round(figure, 1):.1f}"
    summary = page.locator("#review-summary tbody tr")
    expect(summary).to_have_count(2)
    # the review's worker started without PyScript's warning that it cannot reach the page's window or document
    assert not [line for line in console if "Unable to use `window` or `document`" in line]
    expect(summary.first.locator("td").first).to_have_text(str(sum(e.points for e in entries if e.seat == 0)))

    # Stepping: buttons, keys and the slider move the board through the game.
    board = page.locator("#review-board")
    total = len(entries)
    expect(board).to_have_attribute("data-step", "0")
    expect(page.locator("#review-step")).to_have_text(f"Move 1 of {total}")
    page.get_by_role("button", name="Next move").click()
    expect(board).to_have_attribute("data-step", "1")
    page.keyboard.press("ArrowRight")
    expect(board).to_have_attribute("data-step", "2")
    page.keyboard.press("ArrowLeft")
    expect(board).to_have_attribute("data-step", "1")
    page.keyboard.press("End")
    expect(board).to_have_attribute("data-step", str(total - 1))
    page.get_by_role("button", name="First move").click()
    expect(board).to_have_attribute("data-step", "0")
    page.locator("#review-slider").fill(str(total))
    expect(board).to_have_attribute("data-step", str(total - 1))
    expect(page.locator('[data-review-move][aria-current="step"]')).to_have_attribute(
        "data-review-move", str(total - 1)
    )

    # The win-chance graph: a tap on a move's column goes to that move; the move on show is marked.
    graph = page.locator("#review-graph")
    expect(graph.locator("[data-graph-move]")).to_have_count(total)
    graph.locator(f'[data-graph-move="{costly["index"]}"]').click()
    expect(board).to_have_attribute("data-step", str(costly["index"]))
    expect(graph.locator(".review-graph__now")).to_have_attribute("x1", f"{costly['index'] + 0.5:g}")
    expect(page.locator("#review-detail")).to_contain_text("Chance of winning: ")

    # Each step's board: the position before the move, the move's tiles, the best play as ghost tiles.
    worse = next(e for e in entries if e.kind == "play" and e.lost)
    page.locator(f'[data-review-move="{worse.index}"] button').click()
    expect(board).to_have_attribute("data-step", str(worse.index))
    played = {p.split("@")[1]: p.split("@")[0] for p in worse.move.split()}
    best = {p.split("@")[1]: p.split("@")[0] for p in worse.best.split()}
    for cell, code in played.items():
        expect(board.locator(f'[data-cell="{cell}"]')).to_have_attribute("data-tile", code)
    for cell, code in best.items():
        expect(board.locator(f'[data-cell="{cell}"]')).to_have_attribute("data-ghost", code)
    tiles = sum(len(e.move.split()) for e in entries[: worse.index] if e.kind == "play") + len(played)
    expect(board.locator("[data-tile]")).to_have_count(tiles)
    expect(page.locator("#review-detail")).to_contain_text("Best play: ")
    expect(page.locator("[data-review-rack]")).to_have_count(2)  # every rack, the game being over
    assert axe(page, "#review") == []

    # Close: back to the finished game, and no review rack left in the page.
    review.get_by_role("button", name="Close").click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("[data-review-rack], [data-review-move]")).to_have_count(0)
    # the finished game is reviewed from Saved games too
    page.locator('#menu [data-action="saves"]').click()
    expect(page.locator("#saves-list .save")).to_have_count(1)
    expect(page.locator('#saves-list [data-action="review-save"]')).to_have_count(1)


def test_an_imported_record_is_reviewed_from_saved_games(page: Page, open_ready, tmp_path) -> None:
    game = Game.new("cubes", ["Ann", "Bob"], 5)
    play_out(game, [make_player("greedy", 1), make_player("medium", 2)])
    path = tmp_path / "game.json"
    path.write_text(dumps(game), encoding="utf-8")
    open_ready(page)
    page.get_by_role("button", name="Saved games").click()
    page.locator("#import-file").set_input_files(str(path))
    item = page.locator("#saves-list .save").first
    expect(item).to_contain_text("finished")
    item.get_by_role("button", name=re.compile("^Review")).click()
    expect(page.locator("#review")).to_be_visible()
    page.locator("#review-level").select_option("medium")
    page.wait_for_selector(DONE, timeout=180_000)
    entries = list(review_moves(game))
    choices = list(level_moves(game, "medium"))
    assert [(r["player"], r["points"], r["best"], r["level"]) for r in rows(page)] == [
        (e.seat, e.points, e.best_points, c.move) for e, c in zip(entries, choices, strict=True)
    ]
    assert all(r["winLost"] is not None for r in rows(page))  # Cubes has chances of winning too
    # both seats are this device's (a record imported without seats): their accuracy goes to the statistics
    page.locator('#menu [data-action="stats"]').click()
    expect(page.locator('#stats-dialog [data-accuracy-trend="cubes"]')).to_have_attribute("data-games", "1")
    page.locator("#stats-dialog").get_by_role("button", name="Close").click()
    expect(page.locator("#review-title")).to_contain_text("Cubes")
    with page.expect_download() as download:
        page.locator("#review").get_by_role("button", name="Export").click()
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert exported["moves"] == list(game.moves) and exported["seed"] == 5
    page.locator("#lang").select_option("fr")
    expect(page.locator("#review-title")).to_contain_text("Analyse : Cubes")
    expect(page.locator("#review-progress-text")).to_have_text("Analyse terminée.")
    expect(page.locator("[data-review-move]")).to_have_count(len(entries))
    # a new game started from the menu leaves the review for the table
    page.locator('#menu [data-action="new"]').click()
    page.locator('#new-dialog [data-action="start"]').click()
    expect(page.locator("#game")).to_be_visible()
    expect(page.locator("#review")).to_be_hidden()
    expect(page.locator("[data-review-rack], [data-review-move]")).to_have_count(0)
    # no review of a game in progress (it would show the hidden racks)
    page.locator('#menu [data-action="saves"]').click()
    expect(page.locator("#saves-list .save")).to_have_count(2)
    expect(page.locator('#saves-list [data-action="review-save"]')).to_have_count(1)
    # a game of four players (Flex, 72 tiles: a short one) has its chances and accuracy too, no "Played like"
    four = Game.new("flex", ["Ann", "Bob", "Cy", "Di"], 6, tiles=72)
    play_out(four, [make_player("greedy", seat) for seat in range(4)])
    path.write_text(dumps(four), encoding="utf-8")
    page.locator("#import-file").set_input_files(str(path))
    page.locator('#saves-list [data-action="review-save"]').first.click()
    expect(page.locator("#review-title")).to_contain_text("Flex")
    expect(page.locator("[data-accuracy]")).to_have_count(4, timeout=180_000)
    replay, shown = WinReplay(four), rows(page)
    for index in (0, 1, len(shown) - 1):
        assert shown[index]["winLost"] == f"{max(replay.at(index).chances.lost * 100, 0):.1f}"
    expect(page.locator("#review-graph-box")).to_be_visible()
    expect(page.locator("#review-summary thead")).not_to_contain_text("Played like")


# Each part of the list of moves: its text, box and whether its text is cut.
PARTS = """(nodes) => nodes.map((n) => { const r = n.getBoundingClientRect();
  return {text: n.textContent, x: r.x, right: r.right, w: r.width, cut: n.scrollWidth > n.clientWidth + 1,
          shown: getComputedStyle(n).display !== 'none' && r.width > 0}; })"""


@pytest.mark.parametrize(
    "screen",
    [
        {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
        {"viewport": {"width": 768, "height": 1024}, "has_touch": True},
        {"viewport": {"width": 1366, "height": 900}},
    ],
    ids=["phone", "tablet", "desktop"],
)
def test_the_list_of_moves_names_every_column_and_its_players_and_says_what_hands_do(
    new_context, site_url: str, wait_ready, screen: dict
) -> None:
    """Issue 48: every player's whole name; in a narrow list (a phone, a wide screen's side column) the level's move
    named ("Expert") in its row, in a wide one (a tablet upright) its head over its tiles; no head touching the
    next; the help in taps on a touch screen, in keys at a keyboard."""
    page = new_context(**screen).new_page()
    game = Game.new("classic", ["Computer 1", "Computer 2"], 3)
    play_out(game, [make_player("greedy", 1), make_player("greedy", 2)])
    open_with(page, site_url, wait_ready, storage(game, ["greedy", "greedy"], current=False))
    page.locator("#menu-button").click()
    page.locator('[data-action="saves"]').click()
    page.locator("#saves-dialog li.save [data-action=resume-save]").first.click()
    page.locator("#result").get_by_role("button", name="Review").click()
    differs = page.locator("[data-review-move][data-level-move]").filter(has=page.locator(".review-move__level-points"))
    expect(differs.first).to_be_attached(timeout=180_000)
    names = page.locator(".review-move__who").evaluate_all(PARTS)
    assert {n["text"] for n in names} == {"Computer 1", "Computer 2"} and not any(n["cut"] for n in names)
    heads = [h for h in page.locator(".review-moves__head span").evaluate_all(PARTS) if h["shown"]]
    for left, right in pairwise(heads):  # no head runs into the next
        assert left["right"] + 4 <= right["x"], (left, right)
    level = differs.first.locator(".review-move__level")
    label = level.locator(".review-move__level-name")
    first_tile = level.locator(".mini-tile").first.evaluate(PARTS.replace("(nodes) => nodes.map", "(n) => [n].map"))[0]
    if screen["viewport"]["width"] != 768:  # a narrow list (phone, side column): the level's move named in the row
        expect(label).to_have_text("Expert")
        expect(label).to_be_visible()
    else:
        expect(label).to_be_hidden()
        level_head = heads[-1]
        assert level_head["text"] == "Expert" and abs(level_head["x"] - first_tile["x"]) <= 8, (level_head, first_tile)
    touch = "has_touch" in screen
    expect(page.locator("#review-help .help--touch")).to_be_visible(visible=touch)
    expect(page.locator("#review-help .help--keys")).to_be_visible(visible=not touch)
