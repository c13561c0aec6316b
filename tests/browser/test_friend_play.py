"""Playing a friend on another device by turn links, in Chromium, offline: two browser contexts
(two profiles: each its own storage) pass the links to each other. Each side's page replays and
checks every move of each link it opens.

The test keeps a copy of the game in the engine (CPython) to choose each move (the greedy play)
and to check what the pages show; the moves are made by clicks on the page, as a player would.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, expect
from site_copies import copy_site, serve

from app.links.friend import new_game_id
from app.links.turn_link import TurnLink, from_fragment, to_fragment
from qwirkle import Game, Play
from qwirkle.notation import cell_notation
from qwirkle.record import to_record

SHARE_RECORDER = """
navigator.share = (data) => { window.__shared = data; return Promise.resolve(); };
"""


class Side:
    """One player's browser profile: its page and the seat it plays."""

    def __init__(self, context: BrowserContext, seat: int) -> None:
        self.context = context
        self.page = context.new_page()
        self.seat = seat
        self.loaded = False

    def open(self, url: str, wait_ready: Any) -> None:
        """Open a link: the first one loads the page, later ones change the fragment of the open page."""
        self.page.goto(url)
        if not self.loaded:
            wait_ready(self.page)
            self.loaded = True

    def shows(self, game: Game) -> None:
        """The page shows the game from this seat: the moves, the scores, and only this seat's rack."""
        page = self.page
        html = page.locator("html")
        if game.is_over:
            expect(html).to_have_attribute("data-over", "")
        else:
            expect(html).to_have_attribute("data-turn", str(game.to_move))
        expect(page.locator("#log li.log__entry")).to_have_count(len(game.history))
        for seat, score in enumerate(game.scores):
            expect(page.locator(f'[data-score="{seat}"]')).to_have_text(str(score))
        if not game.is_over:
            rack = sorted(t.notation() for t in game.hands[self.seat])
            tiles = page.locator("#rack [data-tile]")
            expect(tiles).to_have_count(len(rack))
            assert sorted(tiles.evaluate_all("ts => ts.map(t => t.dataset.tile)")) == rack  # only this seat's
            expect(page.locator("#rack[data-rack]")).to_have_count(1 if game.to_move == self.seat else 0)

    def move(self, game: Game) -> None:
        """The greedy move for the player to move, by clicks (tile, cell... Play; or exchange, roll, pass)."""
        page = self.page
        expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
        plays = game.legal_plays()
        if plays:
            best = max(plays, key=lambda p: (p.points, len(p.placements)))
            for placement in best.placements:
                page.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
                cell = page.locator(f'[data-cell="{cell_notation(placement.cell)}"]')
                expect(cell).to_have_attribute("data-legal", "")
                cell.click()
                expect(cell).to_have_attribute("data-pending", "")
            page.get_by_role("button", name="Play").click()
            game.apply(Play(best.placements))
            return
        limit = game.exchange_limit()
        button, confirm = ("Roll", "Roll selected") if game.can_roll() else ("Exchange", "Exchange selected")
        if game.can_roll() or limit:
            count = len(game.hands[game.to_move]) if game.can_roll() else limit
            page.get_by_role("button", name=button, exact=True).click()
            tiles = page.locator("[data-rack] [data-tile]")
            chosen = [tiles.nth(i).get_attribute("data-tile") for i in range(count)]
            for i in range(count):
                tiles.nth(i).click()
            page.get_by_role("button", name=f"{confirm} ({count})").click()
            game.apply(f"{'roll' if game.can_roll() else 'swap'} {' '.join(chosen)}")
            return
        page.get_by_role("button", name="Pass").click()
        game.apply("pass")

    def link(self, game: Game) -> str:
        """The turn link this page shows for the friend to move (the last move just made)."""
        anchor = self.page.locator("[data-turn-link]")
        expect(anchor).to_have_count(1 if not game.is_over else len(game.options.players) - 1)
        href = anchor.first.get_attribute("href")
        assert href and href.startswith("http://127.0.0.1:") and "/index.html#turn=" in href
        assert from_fragment(href.partition("#")[2]).record["moves"] == list(game.moves)
        return href


def play_turns(sides: dict[int, Side], game: Game, turns: int, wait_ready: Any, links: list[str] | None = None) -> None:
    """Moves by clicks, each link opened by the next player's browser, which shows the same game."""
    made = 0
    checked = None  # the side last checked against this very position
    while made < turns and not game.is_over:
        side = sides[game.to_move]
        if side is not checked:
            side.shows(game)
        mover = game.to_move
        side.move(game)
        made += 1
        checked = None
        if not game.is_over and game.to_move == mover:
            continue  # a Cubes re-roll: still their turn
        href = side.link(game)
        if links is not None:
            links.append(href)
        receiver = sides[game.to_move if not game.is_over else 1 - mover]
        receiver.open(href, wait_ready)
        receiver.shows(game)
        checked = receiver


def first_link(side: Side, game: Game) -> None:
    """The starting page: a link at once when the friend starts, else the starter's rack."""
    if game.to_move == side.seat:
        expect(side.page.locator("[data-turn-link]")).to_have_count(0)
    else:
        side.link(game)


def test_a_classic_game_to_the_end_by_links_between_two_browsers(
    new_context: Any, open_ready: Any, wait_ready: Any, csp_violations: Any, axe: Any
) -> None:
    ann, bob = (Side(new_context(permissions=["clipboard-read", "clipboard-write"]), seat) for seat in (0, 1))
    for side in (ann, bob):
        side.context.add_init_script(SHARE_RECORDER)
    open_ready(ann.page, "?variant=classic&seats=human,friend&names=Ann,Bob&seed=16&pace=0")
    assert "seats=" not in ann.page.url
    game = Game.new("classic", ["Ann", "Bob"], 16)
    ann.loaded = True
    sides = {0: ann, 1: bob}
    expect(ann.page.locator('[data-score="1"]').locator("..")).to_contain_text("Bob (by link)")
    first_link(ann, game)
    if game.to_move == 1:
        bob.open(ann.link(game), wait_ready)
        bob.shows(game)
    links: list[str] = []
    play_turns(sides, game, 8, wait_ready, links)

    # Copy, Share and the QR code on the sending page; nothing to send on the receiving one
    sender, receiver = sides[1 - game.to_move], sides[game.to_move]
    href = sender.link(game)
    sender.page.get_by_role("button", name="Copy link").click()
    expect(sender.page.locator("[data-link-status]")).to_contain_text("Link copied")
    assert sender.page.evaluate("navigator.clipboard.readText()") == href
    sender.page.get_by_role("button", name="Share link").click()
    sender.page.wait_for_function("window.__shared && window.__shared.url")
    assert sender.page.evaluate("window.__shared.url") == href
    expect(sender.page.locator("[data-turn-qr] svg path")).to_have_count(1)
    modules = int(sender.page.locator("[data-turn-qr]").get_attribute("data-modules"))
    assert 21 <= modules <= 177 and (modules - 17) % 4 == 0  # a QR code of version 1 to 40
    expect(receiver.page.locator("[data-turn-link]")).to_have_count(0)
    assert axe(sender.page) == [] and axe(receiver.page) == []

    # An old link, the same link again, a tampered one: the receiver's game does not move
    older = next(link for link in reversed(links[:-1]) if from_fragment(link.partition("#")[2]).to == receiver.seat)
    receiver.open(older, wait_ready)
    expect(receiver.page.locator("#note")).to_contain_text("a newer turn exists")
    receiver.shows(game)
    receiver.open(links[-1], wait_ready)
    expect(receiver.page.locator("#note")).to_contain_text("already open")
    receiver.shows(game)
    decoded = from_fragment(links[-1].partition("#")[2])
    record = json.loads(json.dumps(decoded.record))
    index = max(i for i, m in enumerate(record["moves"]) if "@" in m)
    record["moves"][index] = " ".join(
        re.sub(r"@(-?\d+),", lambda m: f"@{int(m.group(1)) + 40},", p) for p in record["moves"][index].split()
    )
    tampered = links[-1].partition("#")[0] + "#" + to_fragment(TurnLink(decoded.game, decoded.to, record))
    receiver.open(tampered, wait_ready)
    note = receiver.page.locator("#note")
    expect(note).to_contain_text(f"refused: move {index + 1} (")
    expect(note).to_contain_text("breaks a rule. C5: ")
    expect(note).to_contain_text("Nothing was changed.")
    receiver.shows(game)
    receiver.open(links[-1].partition("#")[0] + "#turn=" + "x" * 40, wait_ready)
    expect(note).to_contain_text("cannot be read")
    receiver.shows(game)

    # A game that comes by link near its end (a link opened on a device that does not have the game yet, as on a
    # new phone): both pages take it up and play it to its end, each checking every link. A whole game by links,
    # every move, is tests/app/links/test_friend.py's; in the page, its end is what differs from the turns above.
    late = Game.new("classic", ["Ann", "Bob"], 17)
    while late.bag_count > 4 or late.to_move != 0:
        late.apply(max(late.legal_plays(), key=lambda p: (p.points, len(p.placements))).notation())
    name = new_game_id(1_700_000_000.0, random.Random(1))
    ann.open(f"{ann.page.url.partition('#')[0]}#{to_fragment(TurnLink(name, 0, to_record(late)))}", wait_ready)
    expect(ann.page.locator("#note")).to_contain_text(f"{len(late.history)} move")
    ann.shows(late)
    joined = len(late.history)
    play_turns(sides, late, 500, wait_ready)
    assert late.is_over and len(late.history) > 30
    for side in (ann, bob):
        side.shows(late)
        expect(side.page.locator("#result")).to_be_visible()
        assert csp_violations(side.page) == []
    print(f"classic game by links: its last {len(late.history) - joined} of {len(late.history)} moves")


def test_cubes_and_flex_by_links_for_several_turns(new_context: Any, open_ready: Any, wait_ready: Any) -> None:
    for query, game in (
        ("variant=cubes&seats=friend,human&names=Bob,Ann&seed=4&pace=0", Game.new("cubes", ["Bob", "Ann"], 4)),
        (
            "variant=flex&tiles=72&seats=human,friend&names=Ann,Bob&seed=9&pace=0",
            Game.new("flex", ["Ann", "Bob"], 9, tiles=72),
        ),
    ):
        here = 1 if query.startswith("variant=cubes") else 0
        starter = Side(new_context(), here)
        friend = Side(new_context(), 1 - here)
        open_ready(starter.page, "?" + query)
        starter.loaded = True
        first_link(starter, game)
        if game.to_move != here:
            friend.open(starter.link(game), wait_ready)
        play_turns({here: starter, 1 - here: friend}, game, 6, wait_ready)
        assert len(game.history) >= 6
        starter.context.close()
        friend.context.close()


def test_a_bad_link_on_a_fresh_page_and_a_pasted_link(new_context: Any, open_ready: Any, site_url: str) -> None:
    page = new_context().new_page()
    open_ready(page, "index.html#turn=eJzLSM3JyVcozy_KSQEAGgQEXQ")
    expect(page.locator("#home")).to_be_visible()
    expect(page.locator("#home-notice")).to_contain_text("Turn link #turn=eJzLSM3J")
    expect(page.locator("#home-notice")).to_contain_text("cannot be read")
    assert "#turn=" not in page.url
    game = Game.new("classic", ["Ann", "Bob"], 3)
    while game.to_move != 1:
        game = Game.new("classic", ["Ann", "Bob"], game.options.seed + 1)
    fragment = to_fragment(
        TurnLink("18c0ffee0001", 1, {"format": "qwirkle-game", "version": 1, **game.options.to_json(), "moves": []})
    )
    page.get_by_role("button", name="Saved games").click()
    page.get_by_label("Open a turn link").fill(site_url + "index.html#" + fragment)
    page.get_by_role("button", name="Open", exact=True).click()
    expect(page.locator("html")).to_have_attribute("data-turn", "1")
    expect(page.locator("#note")).to_contain_text("Turn link opened: 0 moves checked by the rules. Your turn, Bob.")
    expect(page.locator("[data-rack] [data-tile]")).to_have_count(6)


def test_the_new_game_dialog_seats_a_friend_and_says_what_the_link_gives_away(
    new_context: Any, open_ready: Any, axe: Any
) -> None:
    page = new_context().new_page()
    open_ready(page)
    page.get_by_role("button", name="New game").click()
    note = page.locator("#friend-note")
    expect(note).to_be_hidden()
    page.locator('select[data-seat="1"]').select_option("friend")
    expect(note).to_be_visible()
    expect(note).to_contain_text("the link holds the game's seed")
    page.get_by_role("button", name="Start").click()
    expect(page.locator("html")).to_have_attribute("data-turn", re.compile(r"\d"))
    expect(page.locator('[data-score="1"]').locator("..")).to_contain_text("Friend 2 (by link)")
    assert axe(page) == []


@pytest.mark.service_worker
def test_a_turn_link_opens_offline_in_a_new_tab_of_a_browser_that_visited_once(
    new_context: Any, tmp_path: Any, wait_ready: Any
) -> None:
    site = copy_site(tmp_path / "site")
    ann, bob = Side(new_context(), 0), Side(new_context(), 1)
    game = Game.new("classic", ["Ann", "Bob"], 12)
    with serve.running_server(site) as url:
        ann.open(url + "?variant=classic&seats=human,friend&names=Ann,Bob&seed=12&pace=0", wait_ready)
        sides = {0: ann, 1: bob}
        first_link(ann, game)
        if game.to_move == 1:
            bob.open(ann.link(game), wait_ready)
        play_turns(sides, game, 2, wait_ready)
        if game.to_move == 1:
            play_turns(sides, game, 1, wait_ready)  # Bob moves, Ann opens his link
        bob.page.wait_for_function(
            "navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'",
            timeout=90_000,
        )
        ann.move(game)
        href = ann.link(game)
    # the server is gone: Bob's browser opens the link in a new tab from its cache
    tab = Side(bob.context, 1)
    tab.open(href, wait_ready)
    tab.shows(game)
    tab.move(game)
    expect(tab.page.locator("[data-turn-qr] svg path")).to_have_count(1)  # the QR library came from the cache
    tab.link(game)
