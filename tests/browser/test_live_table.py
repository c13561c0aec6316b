"""Phones at one table, live (app.phones, app.live, js/live.js), in Chromium: a table and phones in browser contexts of
their own pair through the page exactly as people would (the table's join link in ``data-live-offer`` opened on the
phone, the phone's ``[data-live-answer]`` typed into "Phone's answer code", Connect) and play by taps on the phones.

The test keeps a copy of the game in the engine (CPython, same seed) to choose each move and to check what every
page shows. An init script records every message each phone receives (``RECORDER``): no phone ever receives another
seat's rack or the seed while the game goes on, and the last state of a finished game accounts for every tile.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from app.shared.seats import make_ai
from qwirkle import Game, Play
from qwirkle.notation import cell_notation

# Every data channel the page makes, every text it receives on one (before the page's own listener sees it) and every
# text it sends.
RECORDER = """
(() => {
  window.__received = [];
  window.__sent = [];
  window.__channels = [];
  const create = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = create.apply(this, args);
    window.__channels.push(channel);
    channel.addEventListener("message", (event) => window.__received.push(String(event.data)));
    const send = channel.send.bind(channel);
    channel.send = (data) => {
      window.__sent.push(String(data));
      return send(data);
    };
    return channel;
  };
})();
"""
OFFER = re.compile(r"^http://127\.0\.0\.1:\d+/\?join=\d\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{40,}$")
ANSWER = re.compile(r"^[A-Za-z0-9_-]{40,}$")


class Phone:
    """One person's phone: a browser context of its own (its own storage), the page it has open, its seat."""

    def __init__(self, context: BrowserContext, seat: int) -> None:
        self.context, self.seat = context, seat
        context.add_init_script(RECORDER)
        self.page: Page = context.new_page()
        self.received: list[str] = []  # every text of the pages this phone closed

    def states(self) -> list[dict[str, Any]]:
        texts = self.received + self.page.evaluate("window.__received")
        return [m for m in map(json.loads, texts) if m.get("kind") == "state"]

    def reopen(self) -> None:
        """Close the page (a phone put away mid-turn, a tab closed) and open a new one in the same browser."""
        self.received += self.page.evaluate("window.__received")
        self.page.close()
        self.page = self.context.new_page()


def seat_node(table: Page, seat: int) -> Any:
    return table.locator(f'[data-live-seat="{seat}"]')


def pair(table: Page, phone: Phone, wait_ready: Any) -> None:
    """The phone opens the seat's join (or rejoin) link; its answer is typed on the table: the seat is connected."""
    node = seat_node(table, phone.seat)
    expect(node).to_have_attribute("data-live-offer", OFFER)
    phone.page.goto(node.get_attribute("data-live-offer"))
    wait_ready(phone.page)
    pair_answer(table, phone.page, phone.seat)


def pair_answer(table: Page, phone: Page, seat: int) -> None:
    """The answer code the phone shows is typed on the table: the seat is connected."""
    node = seat_node(table, seat)
    answer = phone.locator("[data-live-answer]")
    expect(answer).to_have_text(ANSWER)
    node.get_by_label("Phone's answer code").fill(answer.text_content())
    node.get_by_role("button", name="Connect").click()
    expect(phone.locator("html")).to_have_attribute("data-live", "connected")
    expect(phone.locator("html")).to_have_attribute("data-seat", str(seat))
    expect(node).to_have_attribute("data-live-state", "connected")
    expect(node).not_to_have_attribute("data-live-offer", re.compile(".*"))


def shows(pages: list[Page], game: Game) -> None:
    """Every page (the table, each phone) shows the game's turn and scores."""
    for page in pages:
        html = page.locator("html")
        if game.is_over:
            expect(html).to_have_attribute("data-over", "")
        else:
            expect(html).to_have_attribute("data-turn", str(game.to_move))
        for seat, score in enumerate(game.scores):
            expect(page.locator(f'[data-score="{seat}"]')).to_have_text(str(score))


def rack_is(phone: Phone, game: Game) -> None:
    """The phone shows its own rack, and it is its seat's hand."""
    tiles = phone.page.locator("#rack [data-tile]")
    hand = sorted(t.notation() for t in game.hands[phone.seat])
    expect(tiles).to_have_count(len(hand))
    assert sorted(tiles.evaluate_all("ts => ts.map(t => t.dataset.tile)")) == hand


def move(phone: Phone, game: Game) -> None:
    """The greedy move of the phone to move, by taps on the phone (tile, cell... Play; exchange, roll, pass)."""
    page = phone.page
    rack_is(phone, game)
    plays = game.legal_plays()
    if plays:
        best = max(plays, key=lambda p: (p.points, len(p.placements)))
        for placement in best.placements:
            page.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
            cell = page.locator(f'[data-cell="{cell_notation(placement.cell)}"]')
            expect(cell).to_have_attribute("data-legal", "")  # lit on the phone, from its own position
            cell.click()
            expect(cell).to_have_attribute("data-pending", "")
        page.get_by_role("button", name="Play", exact=True).click()
        game.apply(Play(best.placements))
        return
    limit = game.exchange_limit()
    roll = game.can_roll()
    if roll or limit:
        count = len(game.hands[game.to_move]) if roll else limit
        page.get_by_role("button", name="Roll" if roll else "Exchange", exact=True).click()
        tiles = page.locator("[data-rack] [data-tile]")
        chosen = [tiles.nth(i).get_attribute("data-tile") for i in range(count)]
        for i in range(count):
            tiles.nth(i).click()
        page.get_by_role("button", name=f"{'Roll' if roll else 'Exchange'} selected ({count})").click()
        game.apply(f"{'roll' if roll else 'swap'} {' '.join(chosen)}")
        return
    page.get_by_role("button", name="Pass").click()
    game.apply("pass")


def play_turns(table: Page, phones: dict[int, Phone], game: Game, turns: int) -> None:
    for _ in range(turns):
        if game.is_over:
            return
        move(phones[game.to_move], game)
        shows([table] + [p.page for p in phones.values()], game)


def private(phone: Phone, game: Game) -> None:
    """Every state the phone received while the game went on held its own rack only (every rack in Cubes, whose
    dice are open) and never the seed; the last one of a finished game accounts for every tile."""
    states = phone.states()
    assert states
    for state in states:
        assert state["seat"] == phone.seat
        if state["over"] is None:
            assert "seed" not in json.dumps(state)
            for seat, hand in enumerate(state["hands"]):
                assert isinstance(hand, str) == (seat == phone.seat or game.variant.hands_open), (seat, hand)
    last = states[-1]
    if game.is_over:
        assert last["over"] is not None and last["record"]["seed"] == game.options.seed
        board = last["board"].split()
        racks = sum(len(h.split()) for h in last["hands"])
        assert len(board) + racks + last["bag"] == last["tiles"] == len(game.full_set)  # no tile lost or doubled


def start_table(new_context: Any, open_ready: Any, query: str) -> Page:
    context = new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    context.grant_permissions(["camera"])  # as a player would, to scan: Chromium then offers its real addresses
    table = context.new_page()
    open_ready(table, query)
    return table


def phone_context(new_context: Any) -> BrowserContext:
    return new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def test_two_phones_play_a_classic_game_to_the_end(
    new_context: Any, open_ready: Any, wait_ready: Any, csp_violations: Any
) -> None:
    table = start_table(new_context, open_ready, "?seats=phone,phone&names=Ann,Bob&seed=11&pace=0")
    game = Game.new("classic", ["Ann", "Bob"], 11)
    phones = {seat: Phone(phone_context(new_context), seat) for seat in (0, 1)}
    expect(seat_node(table, 0)).to_have_attribute("data-live-state", "waiting")
    expect(table.locator("#rack [data-tile]")).to_have_count(0)  # the table never shows a phone's rack
    for phone in phones.values():
        pair(table, phone, wait_ready)
    pages = [table] + [p.page for p in phones.values()]
    shows(pages, game)
    expect(phones[game.to_move].page.locator("#announce")).to_have_text("Your turn, " + ["Ann", "Bob"][game.to_move])
    play_turns(table, phones, game, 4)

    # A phone put away mid-turn: away on the table, back with the seat's rejoin code, its rack as it was
    leaving = phones[game.to_move]
    leaving.reopen()
    expect(seat_node(table, leaving.seat)).to_have_attribute("data-live-state", "away")
    expect(seat_node(table, leaving.seat)).to_contain_text("rejoin code")
    pair(table, leaving, wait_ready)
    shows([table, leaving.page], game)
    play_turns(table, phones, game, 3)

    # The table reloaded mid-game: the game resumes, each phone rejoins with its seat's new code
    table.reload()
    wait_ready(table)
    for phone in phones.values():
        expect(seat_node(table, phone.seat)).to_have_attribute("data-live-state", "away")
        expect(phone.page.locator("html")).to_have_attribute("data-live", "away")
        pair(table, phone, wait_ready)
    pages = [table] + [p.page for p in phones.values()]
    shows(pages, game)

    # A hostile phone: each message is refused and noted on the table; the game is unchanged, the other plays on
    hostile = phones[1 - game.to_move]
    seq = hostile.states()[-1]["seq"] + 1
    note = table.locator("#note")
    for text, said in (
        ("{oops", "not of this game"),
        ("x" * 17_000, "over 16 KiB"),
        (json.dumps({"v": 1, "kind": "move", "seat": game.to_move, "seq": seq, "move": "pass"}), "another seat"),
        (json.dumps({"v": 1, "kind": "move", "seat": hostile.seat, "seq": seq, "move": "pass"}), "replayed"),
        (json.dumps({"v": 1, "kind": "hello", "seat": hostile.seat, "token": "x" * 16, "seen": 0, "name": ""}), "tok"),
    ):
        hostile.page.evaluate("(text) => window.__channels.at(-1).send(text)", text)
        expect(note).to_contain_text(said)
        shows([table], game)
    other = phones[game.to_move]
    move(other, game)  # the other phone carries on
    shows([table, other.page], game)
    expect(seat_node(table, hostile.seat)).to_have_attribute("data-live-state", "away")  # its link was refused
    pair(table, hostile, wait_ready)
    rack_is(hostile, game)

    play_turns(table, phones, game, 500)  # the table's states told the phone the numbers it used: it plays on
    for phone in phones.values():
        private(phone, game)
        expect(phone.page.locator("#result")).to_be_visible()
    assert all(csp_violations(page) == [] for page in [table] + [p.page for p in phones.values()])

    # The phone received the whole record at the end: its review opens
    phones[0].page.locator("#result").get_by_role("button", name="Review").click()
    expect(phones[0].page.locator("html")).to_have_attribute("data-screen", "review")


@pytest.mark.parametrize(
    ("query", "variant", "tiles", "turns"),
    [
        ("variant=cubes&seats=phone,phone,easy", "cubes", None, 400),
        ("variant=flex&tiles=72&seats=phone,phone,phone", "flex", 72, 6),
    ],
)
def test_cubes_to_the_end_and_flex_for_several_turns(
    new_context: Any, open_ready: Any, wait_ready: Any, query: str, variant: str, tiles: int | None, turns: int
) -> None:
    seats = query.rpartition("seats=")[2].split(",")
    names = ["Ann", "Bob", "Cy"]
    table = start_table(new_context, open_ready, f"?{query}&names={','.join(names)}&seed=5&pace=0")
    game = Game.new(variant, names, 5, tiles=tiles)
    phones = {seat: Phone(phone_context(new_context), seat) for seat, kind in enumerate(seats) if kind == "phone"}
    computers: dict[int, Any] = {}
    for phone in phones.values():
        pair(table, phone, wait_ready)
    for seat, kind in enumerate(seats):  # each seat's kind at the table, on a phone too
        label = phones[0].page.locator(f'#scores [data-seat="{seat}"] .score__level')
        expect(label).to_have_text(" (phone)" if kind == "phone" else " (Easy)")

    def computers_move() -> None:  # at once (pace=0): the same players as the page's, with the same seeds
        while not game.is_over and game.to_move not in phones:
            seat = game.to_move
            ai = computers.setdefault(seat, make_ai(seats[seat], game.options.seed * 10 + seat))
            game.apply(ai.choose(game.view(seat)))

    computers_move()
    for _ in range(turns):
        if game.is_over:
            break
        move(phones[game.to_move], game)
        computers_move()
        shows([table] + [p.page for p in phones.values()], game)
    for phone in phones.values():
        private(phone, game)
    assert game.is_over or variant == "flex"


def test_new_game_seats_a_phone_and_the_table_plays_an_away_phones_turn(
    new_context: Any, open_ready: Any, wait_ready: Any, site_url: str
) -> None:
    table = start_table(new_context, open_ready, "")
    table.get_by_role("button", name="Menu").click()
    expect(table.locator("#setting-stun")).to_have_value("")  # no STUN server unless the player sets one
    expect(table.locator("#setting-stun-help")).to_contain_text("third party")
    table.get_by_role("button", name="New game", exact=True).click()
    kind = table.locator('#seat-rows select[data-field="kind"]').nth(1)
    kind.select_option("phone")
    expect(table.locator("#phone-note")).to_contain_text("same Wi-Fi")
    table.locator("#new-form").get_by_role("button", name="Start").click()
    node = seat_node(table, 1)
    expect(node).to_have_attribute("data-live-state", "waiting")
    expect(node).to_have_attribute("data-live-offer", OFFER)
    expect(node.locator(".live-seat__qr svg")).to_have_count(1)

    # A phone that never came: on its turn the table plays it, behind the hand-over screen that hides every rack
    table.goto(site_url + "?seats=human,phone&names=Ann,Bob&seed=4&pace=0")
    wait_ready(table)
    game = Game.new("classic", ["Ann", "Bob"], 4)
    html = table.locator("html")
    if game.to_move == 0:
        expect(html).to_have_attribute("data-turn", "0")
        best = max(game.legal_plays(), key=lambda p: (p.points, len(p.placements)))
        for placement in best.placements:
            table.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
            table.locator(f'[data-cell="{cell_notation(placement.cell)}"]').click()
        table.get_by_role("button", name="Play", exact=True).click()
        game.apply(Play(best.placements))
    expect(html).to_have_attribute("data-turn", "1")
    expect(table.locator("#rack [data-tile]")).to_have_count(6)  # Ann's own rack, never Bob's
    assert sorted(table.locator("#rack [data-tile]").evaluate_all("ts => ts.map(t => t.dataset.tile)")) == sorted(
        t.notation() for t in game.hands[0]
    )
    seat_node(table, 1).get_by_role("button", name="Play Bob's turn here").click()
    expect(html).to_have_attribute("data-handover", "1")
    expect(table.locator("#rack [data-tile]")).to_have_count(0)
    table.locator("#reveal").click()
    expect(table.locator("[data-rack] [data-tile]")).to_have_count(len(game.hands[1]))
    best = max(game.legal_plays(), key=lambda p: (p.points, len(p.placements)))
    for placement in best.placements:
        table.locator(f'[data-rack] [data-tile="{placement.tile.notation()}"]').first.click()
        table.locator(f'[data-cell="{cell_notation(placement.cell)}"]').click()
    table.get_by_role("button", name="Play", exact=True).click()
    game.apply(Play(best.placements))
    shows([table], game)
    expect(seat_node(table, 1)).to_have_attribute("data-live-state", "waiting")  # Bob's phone can still join


def test_an_exchange_from_a_phone_and_a_qwirkle_celebrated_on_the_phones_and_the_table(
    new_context: Any, open_ready: Any, wait_ready: Any
) -> None:
    # seed 3: after the opening and an exchange of two tiles, the greedy play of the seventh move after is a Qwirkle
    table = start_table(new_context, open_ready, "?seats=phone,phone&names=Ann,Bob&seed=3&pace=0")
    game = Game.new("classic", ["Ann", "Bob"], 3)
    phones = {seat: Phone(phone_context(new_context), seat) for seat in (0, 1)}
    for phone in phones.values():
        pair(table, phone, wait_ready)
    pages = [table] + [p.page for p in phones.values()]
    play_turns(table, phones, game, 1)

    # An exchange of two tiles on the phone to move: its new rack on the phone, the bag as it was, seen by all
    exchanging = phones[game.to_move]
    hand = list(dict.fromkeys(t.notation() for t in game.hands[exchanging.seat]))[:2]
    exchanging.page.get_by_role("button", name="Exchange", exact=True).click()
    for tile in hand:
        exchanging.page.locator(f'[data-rack] [data-tile="{tile}"]').first.click()
    exchanging.page.get_by_role("button", name="Exchange selected (2)").click()
    game.apply("swap " + " ".join(hand))
    shows(pages, game)
    rack_is(exchanging, game)
    for page in pages:
        expect(page.locator("#bag")).to_contain_text(str(game.bag_count))
    expect(table.locator("#log")).to_contain_text("exchanged 2 tiles")  # the table's log (a phone has the position)
    other = phones[1 - exchanging.seat]
    assert other.states()[-1]["recent"][-1]["move"] is None  # the tiles exchanged stay hidden from the other phone

    # Greedy plays up to the Qwirkle: celebrated on the phone that made it, the other phone and the table
    while not any(line.qwirkle for line in game.check(max_play(game).placements).lines):
        play_turns(table, phones, game, 1)
    move(phones[game.to_move], game)
    for page in pages:
        expect(page.locator("#celebration")).to_have_class(re.compile("celebration--on"))
        expect(page.locator("#celebration")).to_contain_text("Qwirkle!")
    shows(pages, game)


def max_play(game: Game) -> Any:
    """The greedy play (as ``move`` makes it)."""
    return max(game.legal_plays(), key=lambda p: (p.points, len(p.placements)))


def test_a_phone_answers_before_its_python_starts_and_python_takes_the_link_over(
    new_context: Any, open_ready: Any, wait_ready: Any
) -> None:
    """js/live-answer.js makes and shows the phone's answer while Python starts; the table connects meanwhile (the
    channel opens before the phone's Python runs), the phone says its hello and the table's first state comes, and
    Python takes over that link: one link, one hello, the seat, the rack."""
    table = start_table(new_context, open_ready, "?seats=phone,human&names=Ann,Bob&seed=7&pace=0")
    game = Game.new("classic", ["Ann", "Bob"], 7)
    phone = Phone(phone_context(new_context), 0)
    held: list[Any] = []  # the phone's Python packages, held back until the channel is open
    phone.context.route("**/assets/app/app.zip", lambda route: held.append(route))
    node = seat_node(table, 0)
    expect(node).to_have_attribute("data-live-offer", OFFER)
    url = node.get_attribute("data-live-offer")
    phone.page.goto(url, wait_until="domcontentloaded")
    answer = phone.page.locator("[data-live-answer]")
    expect(answer).to_have_text(ANSWER)
    expect(phone.page.locator("#join-qr svg")).to_have_count(1)
    code = answer.text_content()
    node.get_by_label("Phone's answer code").fill(code)
    node.get_by_role("button", name="Connect").click()
    phone.page.wait_for_function("window.__channels.length === 1 && window.__channels[0].readyState === 'open'")
    assert phone.page.locator("html[data-ready]").count() == 0  # the channel opened before the phone's Python
    phone.page.wait_for_function("window.__received.some((text) => JSON.parse(text).kind === 'state')")
    assert phone.page.locator("html[data-ready]").count() == 0  # the hello said, the first state here: no Python yet
    while not held:
        phone.page.wait_for_timeout(50)
    held[0].continue_()
    wait_ready(phone.page)
    expect(phone.page.locator("html")).to_have_attribute("data-live", "connected")
    expect(phone.page.locator("html")).to_have_attribute("data-seat", "0")
    expect(node).to_have_attribute("data-live-state", "connected")
    rack_is(phone, game)
    assert phone.page.evaluate("window.__channels.length") == 1  # Python took the link over: no second one
    sent = [json.loads(text) for text in phone.page.evaluate("window.__sent")]
    assert [m for m in sent if m["kind"] == "hello"] == [
        {"v": 1, "kind": "hello", "seat": 0, "token": url.partition("join=")[2].split(".")[1], "seen": 0, "name": ""}
    ]  # said once, before Python: Python did not say it again
    kept = phone.page.evaluate("JSON.parse(localStorage.getItem('qwirkle.phone'))")
    assert kept["offer"] == url.rpartition(".")[2]  # a reload of this link asks for a new code
