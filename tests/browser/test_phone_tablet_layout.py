"""The play surface in Chromium (see conftest.py), at phone and tablet sizes with touch: everything
of a turn on screen without scrolling and big enough to tap, the board following the game and
showing the lines a play scores, the menu, tracker, rule panel, keys and end-of-game card (with
axe-core), the rack, starting in one tap, and the page-side defects of issue 10.

Positions are made with the engine (CPython) and put in the page's storage, so each test is the
real page resuming a real game."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_play import keyboard_place, select_placeable

from app.store.saves import DictStorage, SaveStore
from qwirkle import Game
from qwirkle.record import to_record

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
TABLET = {"viewport": {"width": 1024, "height": 768}, "has_touch": True}
DEVICES = {"phone": PHONE, "tablet": TABLET}
RULE = re.compile(r"\b[CQF]\d+\s?: ")
RECT = "(n) => { const r = n.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"


def best(game: Game) -> None:
    plays = game.legal_plays()
    if plays:
        game.apply(max(plays, key=lambda p: (p.points, p.notation())).notation())
    elif game.exchange_limit():
        game.apply("swap " + game.hands[game.to_move][0].notation())
    else:
        game.apply("pass")


def storage(
    game: Game,
    seats: list[str],
    current: bool = True,
    hints: list[int] | None = None,
    settings: dict[str, str] | None = None,
    pace: int = 1,
    save_id: str = "t1",
) -> dict[str, str]:
    store = SaveStore(DictStorage())
    store.save(save_id, to_record(game), seats, pace=pace, current=current, app={"hints": hints or [0] * len(seats)})
    data = dict(store.storage.data)
    if settings:
        data["qwirkle.settings"] = json.dumps(settings)
    return data


def dozen_moves(variant: str = "flex", seed: int = 11) -> Game:
    """A game a dozen moves in, the human (seat 0) to move."""
    game = Game.new(variant, ["Ann", "Hard 2"], seed=seed)
    while len(game.history) < 12 or game.to_move != 0:
        best(game)
    return game


def open_with(page: Page, site_url: str, wait_ready: Any, data: dict[str, str], query: str = "") -> None:
    page.goto(site_url + "sw.js")  # the site's origin, without the app: fill the storage first
    page.evaluate(
        "(data) => { localStorage.clear(); for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }",
        data,
    )
    page.goto(site_url + query)
    wait_ready(page)


def open_finished(page: Page, site_url: str, wait_ready: Any, seed: int, seats: list[str]) -> Game:
    """A finished classic game (played here by the engine, each side taking its best play) kept in the page's
    Saved games, and opened from there: the page shows its end card, as after the last move."""
    game = Game.new("classic", ["Ann", "Bot"], seed=seed)
    while not game.is_over:
        best(game)
    open_with(page, site_url, wait_ready, storage(game, seats, current=False))
    page.locator("#menu-button").click()
    page.locator('[data-action="saves"]').click()
    page.locator('#saves-dialog li.save[data-id="t1"] [data-action=resume-save]').click()
    expect(page.locator("html[data-over]")).to_be_attached()
    return game


def human_turn(page: Page) -> None:
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()


def box(page: Page, selector: str) -> dict[str, float]:
    return page.locator(selector).first.evaluate(RECT)


def on_screen(page: Page, selector: str) -> None:
    size = page.viewport_size
    for i in range(page.locator(selector).count()):
        r = page.locator(selector).nth(i).evaluate(RECT)
        assert r["w"] > 0 and r["x"] >= 0 and r["y"] >= 0, (selector, r)
        assert r["x"] + r["w"] <= size["width"] + 0.5 and r["y"] + r["h"] <= size["height"] + 0.5, (selector, r)


def last_move_in_view(page: Page) -> None:
    """Every cell of the last move inside the board, at least 40 px: tappable."""
    board = box(page, "#board")
    cells = page.locator("[data-last]")
    assert cells.count() > 0
    for i in range(cells.count()):
        r = cells.nth(i).evaluate(RECT)
        assert r["w"] >= 40 and r["h"] >= 40, r
        assert board["x"] <= r["x"] and r["x"] + r["w"] <= board["x"] + board["w"] + 0.5, (r, board)
        assert board["y"] <= r["y"] and r["y"] + r["h"] <= board["y"] + board["h"] + 0.5, (r, board)


def targets_are_big(page: Page) -> None:
    sizes = page.evaluate("""() => [...document.querySelectorAll(
        '#rack [data-tile], #actions .btn, .zoom .btn, #menu-button, #sort')]
        .filter((n) => n.offsetParent !== null)
        .map((n) => [n.dataset.action || n.dataset.tile || n.id, n.getBoundingClientRect().width,
                     n.getBoundingClientRect().height])""")
    assert sizes and all(w >= 44 and h >= 44 for _, w, h in sizes), sizes


@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_a_turn_fits_the_screen_and_the_board_follows_the_game(
    new_context: Any, site_url: str, wait_ready: Any, size: str
) -> None:
    page = new_context(**DEVICES[size]).new_page()
    open_with(page, site_url, wait_ready, storage(dozen_moves(), ["human", "hard"]))
    human_turn(page)
    # after a dozen moves and a reload: the last move is on screen, tappable
    last_move_in_view(page)
    for selector in (
        "[data-status]",
        "#scores [data-score]",
        "[data-rack] [data-tile]",
        '#actions [data-action="play"]',
        '#actions [data-action="hint"]',
    ):
        on_screen(page, selector)
    assert page.evaluate("window.scrollY") == 0
    if size == "tablet":  # the page never scrolls
        assert page.evaluate("document.scrollingElement.scrollHeight <= innerHeight + 1")
    targets_are_big(page)
    expect(page.locator("[data-status]")).to_have_attribute("data-status", "play")
    # a pending play: its score on screen, its lines marked on the board with their points
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    on_screen(page, ".preview__points")
    scoring = page.locator("[data-scoring]")
    assert scoring.count() >= page.locator("[data-pending]").count()
    badges = page.locator(".line-score")
    assert badges.count() >= 1
    total = sum(int(n) for n in badges.all_inner_texts())
    points = int(re.search(r"(\d+) point", page.locator(".preview__points").inner_text()).group(1))
    assert total == points
    # play it: the computer replies, its move comes into view; a pan does not stop the following
    page.locator('#actions [data-action="play"]').click()
    human_turn(page)
    last_move_in_view(page)
    assert page.locator("#board-world .flash").count() > 0  # the computer's scored lines flashed
    page.locator("#board").evaluate(
        "(b) => b.dispatchEvent(new WheelEvent('wheel', {deltaX: 2000, deltaY: 1500, bubbles: true, cancelable: true}))"
    )
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    page.locator('#actions [data-action="play"]').click()
    human_turn(page)
    last_move_in_view(page)
    # the "last move" control brings it back after the player looked elsewhere
    page.locator("#board").evaluate(
        "(b) => b.dispatchEvent(new WheelEvent('wheel', {deltaX: -3000, deltaY: 0, bubbles: true, cancelable: true}))"
    )
    page.locator('[data-action="last-move"]').click()
    last_move_in_view(page)
    # on a touch screen the fit control never goes below a tappable cell
    page.locator('[data-action="fit"]').click()
    assert box(page, "[data-cell][data-tile]")["w"] >= 40
    # while the player is touching the board, the computer's move does not move the view
    page.keyboard.press("h")
    expect(page.locator("[data-pending]").first).to_be_visible()
    board = box(page, "#board")
    page.mouse.move(board["x"] + 8, board["y"] + 8)
    page.mouse.down()
    before = page.locator("#board-world").get_attribute("style")
    moves = page.locator("#log > li").count()
    page.keyboard.press("p")
    page.wait_for_function("(n) => document.querySelectorAll('#log > li').length >= n + 2", arg=moves)
    human_turn(page)
    assert page.locator("#board-world").get_attribute("style") == before
    page.mouse.up()
    page.reload()
    wait_ready(page)
    human_turn(page)
    last_move_in_view(page)


def test_menu_tracker_rule_keys_and_end_card_in_french_on_a_phone(
    new_context: Any, site_url: str, wait_ready: Any, axe: Any
) -> None:
    page = new_context(**PHONE).new_page()
    open_with(page, site_url, wait_ready, storage(dozen_moves(), ["human", "hard"], settings={"lang": "fr"}))
    human_turn(page)
    # the loading screen spoke French (its last stage before Python took over)
    expect(page.locator("#loader-stage")).to_have_text(re.compile("^(Chargement du jeu…|Démarrage de Python…|Prêt.)$"))
    expect(page.locator("#loader-hint")).to_contain_text("navigateur")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-status]")).to_contain_text("À vous, Ann")
    expect(page.locator("#scores")).to_contain_text("Difficile")  # the saved "Hard 2", an older default name
    expect(page.locator("#scores")).not_to_contain_text("Hard")
    # the log speaks words and shows pictures, never notation
    log = page.locator("#log")
    assert not re.search(r"[ROYGBP][osdcxt][kwm]?@", log.inner_text())
    expect(log.locator(".mini-tile").first).to_be_visible()
    assert axe(page) == []
    # the menu, behind one button
    expect(page.get_by_role("button", name="Nouvelle partie")).to_be_hidden()
    page.locator("#menu-button").click()
    expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
    expect(page.get_by_role("button", name="Nouvelle partie")).to_be_visible()
    assert axe(page) == []
    page.keyboard.press("Escape")
    expect(page.get_by_role("button", name="Nouvelle partie")).to_be_hidden()
    # the tile tracker: a colour x shape grid, with backgrounds in Flex
    page.locator("#menu-button").click()
    page.get_by_role("button", name="Tuiles restantes").click()
    tracker = page.locator("#tracker-dialog")
    expect(tracker.locator("table")).to_be_visible()
    expect(tracker.locator("tbody tr")).to_have_count(6)
    expect(tracker.locator("thead th")).to_have_count(6)
    assert tracker.locator("td .tracker__bg--3").count() == 36  # one two-tone count per tile kind
    assert axe(page) == []
    tracker.get_by_role("button", name="Fermer").click()
    # a refusal cites its rule: the rule id opens that rule, in French
    select_placeable(page)
    page.locator("[data-cell]:not([data-tile]):not([data-legal])").first.click()
    expect(page.locator("#note")).to_have_text(RULE)
    rule = page.locator("#note .rule-ref").first
    rule_id = rule.inner_text()
    rule.click()
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("h2")).to_contain_text(rule_id)
    french = {"C4": "Choix des tuiles", "C5": "Pose des tuiles", "C2": "Ouverture", "F5": "Limite des diagonales"}
    if rule_id in french:
        expect(dialog.locator("h2")).to_contain_text(french[rule_id])
    assert axe(page) == []
    dialog.get_by_role("button", name="Fermer").click()
    # the keys: ? shows them
    page.locator("#board").focus()
    page.keyboard.press("?")
    expect(page.locator("#keys-dialog")).to_be_visible()
    expect(page.locator("#keys-dialog")).to_contain_text("indice")
    assert axe(page) == []
    page.keyboard.press("Escape")
    # the end-of-game card: each player's game, Rematch, New game, Export
    finished = Game.new("classic", ["Ann", "Bot"], seed=3)
    while not finished.is_over:
        best(finished)
    kept = storage(finished, ["human", "hard"], current=False, hints=[3, 0], save_id="t2")
    page.evaluate("(data) => { for (const [k, v] of Object.entries(data)) localStorage.setItem(k, v); }", kept)
    page.locator("#menu-button").click()
    page.get_by_role("button", name="Parties sauvegardées").click()
    page.locator('#saves-dialog li.save[data-id="t2"]').get_by_role(
        "button", name=re.compile("^Reprendre la partie")
    ).click()
    card = page.locator("#result")
    expect(card).to_be_visible()
    on_screen(page, "#result .result__buttons .btn")
    expect(card.locator('tr[data-figure="hints"]')).to_contain_text("3")
    expect(card.locator('tr[data-figure="qwirkles"]')).to_be_visible()
    for name in ("Revanche", "Nouvelle partie", "Exporter"):
        expect(card.get_by_role("button", name=name)).to_be_visible()
    assert axe(page) == []
    with page.expect_download() as download:
        card.get_by_role("button", name="Exporter").click()
    assert json.loads(open(download.value.path(), encoding="utf-8").read())["format"] == "qwirkle-game"
    # Undo does not reopen a finished game
    expect(page.locator('#actions [data-action="undo"]')).to_be_hidden()
    page.locator("body").press("u")
    expect(page.locator("html")).to_have_attribute("data-over", "")


def test_rack_order_marks_and_sort(new_context: Any, site_url: str, wait_ready: Any) -> None:
    page = new_context(**TABLET).new_page()
    open_with(page, site_url, wait_ready, storage(dozen_moves("classic", 4), ["human", "greedy"]))
    human_turn(page)
    rack = page.locator("[data-rack] [data-tile]")
    codes = lambda: [rack.nth(i).get_attribute("data-tile") for i in range(rack.count())]
    colour = "ROYGBP"
    sort = page.locator("#sort")
    expect(sort).to_have_attribute("aria-label", "Sort by colour")
    sort.click()
    page.wait_for_function("() => document.querySelector('#sort').dataset.sort === 'shape'")
    assert [colour.index(c[0]) for c in codes()] == sorted(colour.index(c[0]) for c in codes())
    expect(sort).to_have_attribute("aria-label", "Sort by shape")
    sort.click()
    page.wait_for_function("() => document.querySelector('#sort').dataset.sort === 'colour'")
    shapes = "osdcxt"
    assert [shapes.index(c[1]) for c in codes()] == sorted(shapes.index(c[1]) for c in codes())
    # drag the last tile to the front of the rack
    before = codes()
    last, first = rack.nth(rack.count() - 1), rack.nth(0)
    target = first.bounding_box()
    source = last.bounding_box()
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(target["x"] + 20, target["y"] + 25, steps=8)
    page.mouse.move(target["x"] + 5, target["y"] + 25, steps=2)
    page.mouse.up()
    page.wait_for_function(
        "(code) => document.querySelector('[data-rack] [data-tile]').dataset.tile === code", arg=before[-1]
    )
    assert codes() == [before[-1], *before[:-1]]
    # the keys: H shows a hint, X opens the exchange (Escape leaves it), U says there is nothing to undo
    page.keyboard.press("h")
    expect(page.locator("[data-pending]").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("[data-pending]")).to_have_count(0)
    page.keyboard.press("x")
    expect(page.locator('#actions [data-action="confirm"]')).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator('#actions [data-action="confirm"]')).to_be_hidden()
    # tiles that fit nowhere are the engine's answer; drawn tiles are marked after a move
    stuck = page.locator("[data-rack] [data-stuck]").count()
    assert stuck < rack.count()
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("[data-pending]").first).to_be_visible()
    placed = page.locator("[data-pending]").count()
    page.locator('#actions [data-action="play"]').click()
    human_turn(page)
    expect(page.locator("[data-rack] [data-new]")).to_have_count(placed)
    assert "just drawn" in page.locator("[data-rack] [data-new]").first.get_attribute("aria-label")


def test_play_the_computer_in_one_tap_and_the_dialog_remembers(page: Page, open_ready: Any, wait_ready: Any) -> None:
    open_ready(page)
    expect(page.locator("#home")).to_be_visible()
    page.get_by_role("button", name="Play the computer").click()
    expect(page.locator("html")).to_have_attribute("data-variant", "classic")
    expect(page.locator("#scores li")).to_have_count(2)
    first_seed = page.evaluate(
        "() => JSON.parse(localStorage.getItem('qwirkle.save.' + localStorage.getItem('qwirkle.current'))).record.seed"
    )
    # the dialog: duplicate names refused; the choices remembered across a reload; a seed used once
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-dialog")
    dialog.get_by_label("Flex, 72 tiles").check()
    dialog.locator('[data-seat="0"][data-field="name"]').fill("Zoé")
    dialog.locator('[data-seat="1"][data-field="kind"]').select_option("human")
    dialog.locator('[data-seat="1"][data-field="name"]').fill("zoé")
    page.locator("#seed-input").fill("42")
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("#new-error")).to_contain_text("Two players are called zoé")
    dialog.locator('[data-seat="1"][data-field="kind"]').select_option("hard")
    dialog.locator('[data-seat="1"][data-field="name"]').fill("")
    dialog.get_by_role("button", name="Start").click()
    expect(page.locator("html")).to_have_attribute("data-variant", "flex")
    page.reload()
    wait_ready(page)
    page.get_by_role("button", name="New game").click()
    expect(dialog.get_by_label("Flex, 72 tiles")).to_be_checked()
    expect(dialog.locator('[data-seat="0"][data-field="name"]')).to_have_value("Zoé")
    expect(dialog.locator('[data-seat="1"][data-field="kind"]')).to_have_value("hard")
    expect(page.locator("#seed-input")).to_have_value("")
    dialog.get_by_role("button", name="Cancel").click()
    # "Play the computer" from home now uses those choices (a fresh deal)
    page.evaluate("localStorage.removeItem('qwirkle.current')")
    page.reload()
    wait_ready(page)
    page.get_by_role("button", name="Play the computer").click()
    expect(page.locator("html")).to_have_attribute("data-variant", "flex")
    expect(page.locator("#scores")).to_contain_text("Zoé")
    seed = page.evaluate(
        "() => JSON.parse(localStorage.getItem('qwirkle.save.' + localStorage.getItem('qwirkle.current'))).record.seed"
    )
    assert seed not in (42, first_seed)


def test_the_page_side_defects(page: Page, wait_ready: Any, site_url: str) -> None:
    # a bad start link while a game is in progress (the computer moves first) stays reported
    game = next(
        g for g in (Game.new("classic", ["Bot", "Ann"], seed=n) for n in range(1, 50)) if g.opening.starter == 0
    )
    open_with(page, site_url, wait_ready, storage(game, ["hard", "human"]), "?variant=chess&seats=human,human")
    expect(page.locator("html")).to_have_attribute("data-turn", "1")  # the computer moved
    expect(page.locator("#note")).to_contain_text("The start link was not understood")
    # P with nothing placed says why
    page.locator("#board").focus()
    page.keyboard.press("p")
    expect(page.locator("#note")).to_contain_text("Nothing to play yet")
    # Enter places the selected tile: the screen reader hears the tile, not "Empty cell"
    select_placeable(page)
    rack = page.locator("[data-rack] [data-tile]")
    target = page.locator("[data-legal]").first.get_attribute("data-cell")
    page.locator("#board").focus()
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")
    for i in range(rack.count()):  # select it again by keyboard
        page.keyboard.press(str(i + 1))
        if page.locator(f'[data-cell="{target}"][data-legal]').count():
            break
    keyboard_place(page, target)
    expect(page.locator("#announce")).to_contain_text("placed this turn")
    # a tap on a placed tile takes it back, even with another rack tile selected
    for i in range(rack.count()):
        rack.nth(i).click()
        if rack.nth(i).get_attribute("aria-pressed") == "true":
            break
    page.locator(f'[data-cell="{target}"]').click()
    expect(page.locator("[data-pending]")).to_have_count(0)
    expect(page.locator("#note")).not_to_have_text(RULE)
    # the game in play deleted: it leaves the screen and is not saved back
    page.get_by_role("button", name="Saved games").click()
    saves = page.locator("#saves-dialog")
    current = page.evaluate("localStorage.getItem('qwirkle.current')")
    saves.locator(f'li.save[data-id="{current}"]').get_by_role("button", name=re.compile("^Delete")).click()
    expect(saves.locator(f'li.save[data-id="{current}"]')).to_have_count(0)
    saves.get_by_role("button", name="Close").click()
    expect(page.locator("#home")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('qwirkle.save.{current}')") is None
    # importing the same file twice, and a file that is not JSON: said in words
    game = Game.new("classic", ["Ann", "Bob"], seed=1)
    record = json.dumps(to_record(game)).encode()
    page.get_by_role("button", name="Saved games").click()
    file = {"name": "g.json", "mimeType": "application/json", "buffer": record}
    page.locator("#import-file").set_input_files(files=[file])
    expect(saves.locator("li.save")).to_have_count(1)
    page.locator("#import-file").set_input_files(files=[file])
    expect(saves).to_contain_text("in your saved games already")
    expect(saves.locator("li.save")).to_have_count(1)
    page.locator("#import-file").set_input_files(
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"<html>"}]
    )
    expect(saves).to_contain_text("it is not a JSON file")
    assert "Expecting" not in saves.inner_text()


def test_a_qwirkle_is_celebrated_unless_motion_is_reduced(new_context: Any, site_url: str, wait_ready: Any) -> None:
    game = None
    for seed in range(1, 400):
        candidate = Game.new("classic", ["Ann", "Bob"], seed=seed)
        for _ in range(40):
            plays = [] if candidate.is_over else candidate.legal_plays()
            top = max(plays, key=lambda q: q.points) if plays else None
            if candidate.to_move == 0 and top and any(l.qwirkle for l in candidate.check(top.placements).lines):
                game = candidate
                break
            if candidate.is_over:
                break
            best(candidate)
        if game:
            break
    assert game is not None
    data = storage(game, ["human", "medium"], settings={"hint_level": "medium"})
    for motion in ("no-preference", "reduce"):
        page = new_context(reduced_motion=motion).new_page()
        open_with(page, site_url, wait_ready, data)
        human_turn(page)
        page.locator('#actions [data-action="hint"]').click()
        expect(page.locator(".line-score--qwirkle")).to_have_count(1)
        page.locator('#actions [data-action="play"]').click()
        expect(page.locator("#announce")).to_contain_text("Qwirkle!")
        expect(page.locator("#log .log__qwirkle").first).to_be_visible()
        if motion == "reduce":
            expect(page.locator("#celebration")).to_be_hidden()
        else:
            expect(page.locator("#celebration")).to_have_class(re.compile("celebration--on"))
            expect(page.locator("#celebration")).to_contain_text("Qwirkle!")
        page.close()


def test_no_celebration_stays_over_the_board_at_the_end_for_an_earlier_qwirkle(
    page: Page, site_url: str, wait_ready: Any
) -> None:
    # With pace=0 the moves came faster than the burst faded (1.8 s): a Qwirkle made moves earlier still covered
    # the board on the game-over screen. A Qwirkle's celebration ends with its move.
    game = Game.new("classic", ["Ann", "Bot"], seed=11)
    while len(game.history) < 48:  # Ann to move: Bo@17,-6 is a Qwirkle, and every best reply of Bot goes out
        best(game)
    qwirkle = next(p for p in game.legal_plays() if p.notation() == "Bo@17,-6")
    assert game.to_move == 0 and any(line.qwirkle for line in game.check(qwirkle.placements).lines)
    open_with(page, site_url, wait_ready, storage(game, ["human", "greedy"], pace=0))
    human_turn(page)
    page.locator('[data-rack] [data-tile="Bo"]').click()
    page.locator('#board [data-cell="17,-6"]').click()
    expect(page.locator(".line-score--qwirkle")).to_have_count(1)
    page.locator('#actions [data-action="play"]').click()
    page.wait_for_selector("html[data-over]", state="attached")
    # at the moment the game is over (not once the burst has faded), no banner over the board
    assert page.evaluate("document.querySelector('#celebration').hidden")
    entries = page.locator("#log > li")  # the newest first: Bot went out, after Ann's Qwirkle
    expect(entries.nth(1).locator(".log__qwirkle")).to_be_visible()
    expect(entries.nth(0).locator(".log__qwirkle")).to_have_count(0)
