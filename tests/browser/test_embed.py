"""Embedded boards in Chromium: an author's page, replays, exercises, bad markup, embed.html.

The author's page lives one folder down in a separate copy of the site (linked, not copied),
including js/embed.js and css/embed.css exactly as docs/embedding.md says.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect
from site_copies import author_page, link_site, serve

STRIP = "Yd@0,0 Bd@1,0 Rd@2,0; Bs@1,1 Bx@1,2; Bo@1,3 Ro@2,3 Go@3,3; Yo@4,3 Oo@5,3 Po@6,3"

BOARDS = f"""
<p>Intro text that must stay.</p>
<div id="static" data-qwirkle data-board="Ro@0,0 Rd@1,0" data-hand="Bs Gs" data-label="A static board"></div>
<div id="bad-variant" data-qwirkle data-variant="chess" data-board="Ro@0,0"></div>
<div id="replay" data-qwirkle data-moves="{STRIP}"></div>
<div id="bad-notation" data-qwirkle data-board="Ro@0,0 Zz@1,0"></div>
<div id="best" data-qwirkle data-mode="exercise" data-task="best"
     data-board="Ro@0,0 Rs@1,0" data-hand="Rd Bo Gx Rc"></div>
<div id="bad-replay" data-qwirkle data-board="Yd@0,0 Bd@1,0" data-moves="Rd@2,0; Bd@3,0"></div>
<div id="illegal" data-qwirkle data-task="illegal" data-board="Yo@0,0 Ys@1,0 Yd@2,0" data-play="Ys@3,0"></div>
<div id="flex" data-qwirkle data-variant="flex" data-board="Rok@0,0 Rtw@1,0" data-lang="fr"></div>
<div id="puzzle" data-qwirkle-puzzle="cm-ouax60-d"></div>
<div id="daily" data-qwirkle-puzzle="daily" data-variant="cubes"></div>
<div id="bad-puzzle" data-qwirkle-puzzle="cm-nothing"></div>
<p id="after">Text after the boards.</p>
"""


@pytest.fixture(scope="module")
def author_url(tmp_path_factory: pytest.TempPathFactory) -> Any:
    root = link_site(tmp_path_factory.mktemp("author"))
    (root / "rules").mkdir()
    (root / "rules" / "page.html").write_text(author_page(BOARDS), encoding="utf-8")
    (root / "rules" / "one.html").write_text(author_page('<div data-qwirkle data-board="Ro@0,0"></div>'), "utf-8")
    with serve.running_server(root) as url:
        yield url + "rules/"


@pytest.fixture(scope="module")
def author(author_url: str, shared_page: Any) -> Any:
    """The author's page with every kind of board, opened once for the tests below: each looks at its own boards
    and leaves them as it found them (one Python start instead of six)."""
    with shared_page(author_url + "page.html") as (page, requests):
        yield page, requests


def test_author_page_boards_share_one_runtime_and_errors_stay_in_their_board(
    author: Any, csp_violations: Any, axe: Any
) -> None:
    page, requests = author
    # One Python runtime for eight boards.
    assert page.locator('script[type="py"]').count() == 1
    assert sum(u.endswith("/pyodide.asm.wasm") for u in requests) == 1
    # Our Python arrives as the one archive (no generated config, no module fetched on its own).
    assert sum(u.endswith("/assets/app/app.zip") for u in requests) == 1
    assert not [u for u in requests if u.endswith(("embed.json", "pyscript.json", ".toml")) or "/py/embed/" in u]
    expect(page.locator("[data-qwirkle][data-state=ready]")).to_have_count(5)
    expect(page.locator("[data-qwirkle][data-state=error]")).to_have_count(3)
    # Each bad board says what is wrong, in place.
    expect(page.locator("#bad-variant .qw-error")).to_contain_text(
        "Unknown variant “chess”: use classic, cubes or flex."
    )
    expect(page.locator("#bad-notation .qw-error")).to_contain_text("Unreadable data-board: “Zz”.")
    expect(page.locator("#bad-replay .qw-error")).to_contain_text(
        "Move 2 (Bd@3,0) is illegal. C5: this row would hold two blue diamonds."
    )
    for bad in ("#bad-variant", "#bad-notation", "#bad-replay"):
        expect(page.locator(f"{bad} .qw-error")).to_contain_text("This board cannot be shown")
        assert page.locator(f"{bad} [data-cell]").count() == 0
    # The rest of the page works: text, the static board (DOM contract), the French board.
    expect(page.locator("#after")).to_have_text("Text after the boards.")
    expect(page.locator('#static [data-cell="0,0"] [data-tile="Ro"]')).to_be_visible()
    expect(page.locator('#static [data-cell="1,0"] [data-tile="Rd"]')).to_be_visible()
    expect(page.locator("#static [data-rack] [data-tile]")).to_have_count(2)
    expect(page.locator("#static .qw-board")).to_have_attribute("aria-label", "A static board")
    expect(page.locator("#flex")).to_have_attribute("lang", "fr")
    expect(page.locator('#flex [data-tile="Rtw"]')).to_have_attribute(
        "aria-label", "étoile à 8 branches rouge sur fond blanc en 1,0"
    )
    # ... and the replay next to the broken boards still plays.
    page.locator("#replay").get_by_role("button", name="Next").click()
    expect(page.locator("#replay .qw-message")).to_contain_text("Total: 3 points.")
    assert csp_violations(page) == []
    assert axe(page) == []
    page.locator("#replay").get_by_role("button", name="Previous").click()
    expect(page.locator("#replay .qw-counter")).to_have_text("Start position")


def test_replay_steps_through_the_rulebook_strip(author: Any) -> None:
    page, _ = author
    replay = page.locator("#replay")
    previous = replay.get_by_role("button", name="Previous")
    next_ = replay.get_by_role("button", name="Next")
    expect(replay.locator(".qw-counter")).to_have_text("Start position")
    expect(previous).to_be_disabled()
    assert replay.locator("[data-tile]").count() == 0
    # The grid is the size of the whole game from the start: it never jumps.
    assert replay.locator("[data-cell]").count() == 7 * 4
    expected = [
        ("Move 1 of 4", "Row of diamonds: 3 points. Total: 3 points.", 3),
        ("Move 2 of 4", "Blue column: 3 points. Total: 3 points.", 5),
        ("Move 3 of 4", "Row of circles: 3 points; blue column: 4 points. Total: 7 points.", 8),
        ("Move 4 of 4", "Row of circles: Qwirkle, 12 points. Total: 12 points.", 11),
    ]
    for counter, text, tiles in expected:
        next_.click()
        expect(replay.locator(".qw-counter")).to_have_text(counter)
        expect(replay.locator(".qw-message")).to_contain_text(text)
        expect(replay.locator("[data-tile]")).to_have_count(tiles)
    expect(next_).to_be_disabled()
    expect(replay.locator("[data-last] [data-tile]")).to_have_count(3)
    previous.click()
    expect(replay.locator(".qw-counter")).to_have_text("Move 3 of 4")
    expect(replay.locator("[data-tile]")).to_have_count(8)
    # The focus stays on the replay's buttons (keyboard users keep their place).
    assert page.evaluate("document.activeElement.dataset.action") == "previous"
    for _ in range(3):
        previous.click()
    expect(replay.locator(".qw-counter")).to_have_text("Start position")


def test_best_move_exercise_by_clicks(author: Any) -> None:
    page, _ = author
    ex = page.locator("#best")
    expect(ex.locator(".qw-task")).to_have_text("Play the best move with this hand: pick a tile, then an empty cell.")
    ex.get_by_role("button", name="Check").click()
    expect(ex.locator(".qw-message")).to_have_text("Place tiles from the hand on the board first.")
    # An illegal placement: the engine names the rule and the cells.
    ex.locator('[data-rack] [data-tile="Bo"]').click()
    expect(ex.locator('[data-rack] [data-tile="Bo"]')).to_have_attribute("aria-pressed", "true")
    ex.locator('[data-cell="2,0"]').click()
    expect(ex.locator('[data-cell="2,0"][data-pending] [data-tile="Bo"]')).to_be_visible()
    ex.get_by_role("button", name="Check").click()
    expect(ex.locator(".qw-message")).to_contain_text("Not allowed. C5: this row would mix colours and shapes.")
    expect(ex.locator("[data-error]")).to_have_count(3)
    # Take the tile back by clicking it, then play a legal but weaker move.
    ex.locator('[data-cell="2,0"][data-pending]').click()
    expect(ex.locator("[data-pending]")).to_have_count(0)
    ex.locator('[data-rack] [data-tile="Rd"]').click()
    ex.locator('[data-cell="2,0"]').click()
    ex.get_by_role("button", name="Check").click()
    expect(ex.locator(".qw-message")).to_have_text(
        "Legal. Red row: 3 points. Total: 3 points. The best play scores 6 points: try again, or show the answer."
    )
    # Then the best one.
    ex.get_by_role("button", name="Take back").click()
    ex.locator('[data-rack] [data-tile="Rd"]').click()
    ex.locator('[data-cell="0,1"]').click()
    ex.locator('[data-rack] [data-tile="Rc"]').click()
    ex.locator('[data-cell="1,1"]').click()
    ex.get_by_role("button", name="Check").click()
    expect(ex.locator(".qw-message")).to_contain_text("Well done, that is the best play! ")
    expect(ex.locator(".qw-message")).to_contain_text("Total: 6 points.")
    # The answer on request.
    ex.get_by_role("button", name="Show the answer").click()
    expect(ex.locator("[data-answer] [data-tile]")).to_have_count(2)
    expect(ex.locator(".qw-message")).to_contain_text("Here is the best play. ")
    expect(ex.get_by_role("button", name="Check")).to_be_disabled()


def test_puzzle_markers(author: Any) -> None:
    """``data-qwirkle-puzzle``: a puzzle of the game by id (or the day's) as a best-play exercise; a bad id named."""
    from qwirkle.notation import parse_placements
    from qwirkle.study.puzzles import daily, puzzle_from_id

    page, _ = author
    puzzle = puzzle_from_id("cm-ouax60-d")
    ex = page.locator("#puzzle")
    expect(ex).to_have_attribute("data-state", "ready")
    expect(ex.locator("[data-rack] [data-tile]")).to_have_count(len(puzzle.hand.split()))
    expect(ex.locator(".qw-board")).to_have_attribute("aria-label", "Puzzle cm-ouax60-d")
    for placement in parse_placements(puzzle.best):
        ex.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
        ex.locator(f'[data-cell="{placement.cell[0]},{placement.cell[1]}"]').click()
    ex.get_by_role("button", name="Check").click()
    expect(ex.locator(".qw-message")).to_contain_text("Well done, that is the best play! ")
    expect(ex.locator(".qw-message")).to_contain_text(f"Total: {puzzle.best_points} points.")
    today = page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() + '-' + "
        "String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0'); })()"
    )
    expect(page.locator("#daily .qw-board")).to_have_attribute("aria-label", f"Puzzle {daily(today, 'cubes').id}")
    expect(page.locator("#bad-puzzle")).to_have_attribute("data-state", "error")
    expect(page.locator("#bad-puzzle")).to_contain_text("This puzzle cannot be shown")


def test_why_is_this_illegal_exercise(author: Any) -> None:
    page, _ = author
    ex = page.locator("#illegal")
    expect(ex.locator(".qw-task")).to_have_text("Why is this play illegal?")
    expect(ex.locator('[data-cell="3,0"][data-proposed] [data-tile="Ys"]')).to_be_visible()
    expect(ex.locator("[data-choice]")).to_have_count(3)  # no diagonal rule in classic
    ex.locator('[data-choice="place"]').click()
    expect(ex.locator(".qw-message")).to_have_text("Not this one. Try another answer, or show the answer.")
    ex.locator('[data-choice="line"]').click()
    expect(ex.locator(".qw-message")).to_have_text("Right! C5: this row would hold two yellow squares.")
    expect(ex.locator("[data-error]")).to_have_count(4)
    expect(ex.locator('[data-choice="choice"]')).to_be_disabled()


@pytest.mark.parametrize(
    "query, check",
    [
        ("variant=classic&board=Ro@0,0%20Rd@1,0", "static"),
        (f"variant=classic&moves={quote(STRIP)}&step=end", "replay"),
        ("variant=flex&board=Rok@0,0&hand=Rsk&task=best&lang=fr", "exercise"),
        ("variant=classic&board=Ro@0,0%20Xx@1,0", "error"),
        ("puzzle=cm-ouax60-d", "puzzle"),
    ],
)
def test_embed_html_takes_the_board_from_its_url(
    page: Page, site_url: str, wait_ready: Any, query: str, check: str, csp_violations: Any
) -> None:
    page.goto(site_url + "embed.html?" + query)
    wait_ready(page)
    board = page.locator("[data-qwirkle]")
    if check == "static":
        expect(board.locator('[data-cell="0,0"] [data-tile="Ro"]')).to_be_visible()
        expect(board.locator('[data-cell="1,0"] [data-tile="Rd"]')).to_be_visible()
    elif check == "replay":
        expect(board.locator(".qw-counter")).to_have_text("Move 4 of 4")
        expect(board.locator(".qw-message")).to_contain_text("Qwirkle, 12 points")
    elif check == "exercise":
        expect(board.get_by_role("button", name="Vérifier")).to_be_visible()
        board.locator('[data-rack] [data-tile="Rsk"]').click()
        board.locator('[data-cell="1,0"]').click()
        board.get_by_role("button", name="Vérifier").click()
        expect(board.locator(".qw-message")).to_contain_text("Bravo")
    elif check == "puzzle":
        expect(board.locator(".qw-board")).to_have_attribute("aria-label", "Puzzle cm-ouax60-d")
        expect(board.locator("[data-rack] [data-tile]")).to_have_count(6)
    else:
        expect(board).to_have_attribute("data-state", "error")
        expect(board.locator(".qw-error")).to_contain_text("Unreadable board: “Xx”.")
    assert csp_violations(page) == []


@pytest.mark.parametrize(("lang", "words"), [("en", "has none"), ("de", "hat keine")])
def test_embed_html_without_settings_says_what_it_needs(
    page: Page, site_url: str, wait_ready: Any, lang: str, words: str
) -> None:
    """No settings in the address: the page names the settings it takes, in the reader's language, and links the
    authors' guide (which the site serves beside it)."""
    page.goto(site_url + "embed.html" + ("" if lang == "en" else f"?lang={lang}"))
    wait_ready(page)
    board = page.locator("[data-qwirkle]")
    expect(board).to_have_attribute("data-state", "error")
    error = board.locator(".qw-error")
    expect(error).to_contain_text(words)
    if lang != "en":
        expect(board).to_have_attribute("lang", lang)
    expect(error).to_contain_text("variant, board, hand, moves")
    guide = error.get_by_role("link")
    expect(guide).to_have_attribute("href", "./docs/embedding.md")
    assert page.request.get(site_url + "docs/embedding.md").ok


def test_embed_html_fits_a_small_frame(page: Page, site_url: str, wait_ready: Any) -> None:
    page.set_viewport_size({"width": 320, "height": 400})
    page.goto(site_url + "embed.html?board=" + quote("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0 Bo@0,1"))
    wait_ready(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320, f"embed.html scrolls sideways at 320 px ({width} px)"


def test_markers_without_python_are_drawn_from_their_markup(page: Page, author_url: str) -> None:
    """Before Python runs each marker is drawn from its attributes (js/early.js) and busy, in an author's page too
    (tests/browser/test_early_boards.py: what only Python can draw says it is loading)."""
    page.route(re.compile(r".*/py/embed_main\.py$"), lambda route: None)  # hold Python back
    page.goto(author_url + "one.html")
    marker = page.locator("[data-qwirkle]")
    expect(marker.locator("[data-cell='0,0'] [data-tile='Ro']")).to_be_visible()
    expect(marker).to_have_attribute("data-state", "early")
    expect(marker).to_have_attribute("aria-busy", "true")


def test_every_language_of_an_embed_follows_the_page_s_lang_attribute(author: Any) -> None:
    """One page, its ``lang`` changed by the author's script: the boards follow, in each language."""
    from ui.words import Translator

    page, _ = author
    page.locator("#replay").get_by_role("button", name="Next").click()
    replay = page.locator("#replay")
    for lang in ("de", "es", "nl", "fr", "en"):
        tr = Translator(lang)
        page.evaluate("(lang) => { document.documentElement.lang = lang; }", lang)
        expect(replay.locator(".qw-counter")).to_have_text(tr.t("step_of", i=1, n=4))
        expect(replay.get_by_role("button", name=tr.t("next"))).to_be_visible()
        expect(page.locator("#best").get_by_role("button", name=tr.t("check"))).to_be_visible()
        unknown = tr.t("error_variant", name="chess", choices="\0").split("\0")[0]
        expect(page.locator("#bad-variant .qw-error")).to_contain_text(unknown)
        if lang == "fr":  # the replay's words too, and French quotation marks
            expect(replay.locator(".qw-message")).to_contain_text("Ligne de losanges : 3 points. Total : 3 points.")
            expect(page.locator("#bad-variant .qw-error")).to_contain_text("Variante inconnue « chess »")
    replay.get_by_role("button", name="Previous").click()
    expect(replay.locator(".qw-counter")).to_have_text("Start position")


def test_embed_html_starts_again_after_a_crash_of_the_runtime(
    page: Page, site_url: str, wait_ready: Any, boot_crash: Any
) -> None:
    """The site's own embed page reloads itself after a crash of WebAssembly while Python boots (js/restart.js)."""
    loads = boot_crash(page, crashes=1)
    page.goto(site_url + "embed.html?board=Ro@0,0", wait_until="domcontentloaded")
    page.wait_for_function("Number(sessionStorage.getItem('test.loads')) >= 2", timeout=120_000)
    wait_ready(page)
    assert loads() == 2
    expect(page.locator('[data-qwirkle] [data-cell="0,0"] [data-tile="Ro"]')).to_be_visible()


def test_an_author_s_page_is_never_reloaded_after_a_crash(
    page: Page, author_url: str, wait_ready: Any, boot_crash: Any
) -> None:
    loads = boot_crash(page, crashes=1)
    page.goto(author_url + "one.html")
    wait_ready(page)
    assert loads() == 1
