"""A phone at a live table draws the table's first state before its Python starts (js/phone-early.js through
js/early-game.js's drawing, issue 49's join): its rack, the board, the scores, whose turn, the bag, and on its own
turn what the opening asks and the tiles that fit nowhere (the table's engine says them: the state's ``yours``), in
its own language, as Python then draws them; taps and keys before then are visibly not taken; no tile of another seat
is ever in its page (Cubes too, where every hand is open); Python takes the screen over without a jump. The phone's
runtime is held back (as tests/browser/test_early_game.py holds a returning game's) while the table connects."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_early_game import SHIFT, SHIFTED, Held
from test_live_table import ANSWER, OFFER, Phone, phone_context, seat_node, start_table

from qwirkle import Game

# What the phone's game screen shows, as a player sees it.
SCREEN = """() => {
  const text = (id) => document.getElementById(id).textContent.replace(/\\s+/g, ' ').trim();
  const game = document.getElementById('game');
  return {
    cells: [...document.querySelectorAll('#board-world [data-cell]')].map((c) =>
      c.dataset.cell + ':' + (c.dataset.tile || '') + ':' + c.className).sort(),
    world: document.getElementById('board-world').style.transform,
    status: [document.getElementById('status').dataset.status, text('status')],
    scores: [...document.querySelectorAll('#scores .score')].map((s) =>
      s.textContent + (s.getAttribute('aria-current') ? ':turn' : '')),
    bag: text('bag'),
    rack: [...document.querySelectorAll('#rack [data-tile]')].map((t) =>
      t.dataset.tile + (t.disabled ? ':disabled' : '') + ':' + t.className),
    rackLabel: document.getElementById('rack').getAttribute('aria-label'),
    sort: document.getElementById('sort').hidden,
    preview: document.getElementById('preview').hidden ? '' : text('preview'),
    note: text('note'),
    actions: [...document.querySelectorAll('#actions button')].filter((b) => !b.hidden)
      .map((b) => b.dataset.action + ':' + b.textContent.trim()),
    words: [...game.querySelectorAll('[data-i18n]')].map((n) => n.textContent.trim()),
    join: document.getElementById('join').hidden,
    board: JSON.stringify(document.getElementById('board').getBoundingClientRect()),
  };
}"""
# Every tile the page holds anywhere: its pictures' codes and the tiles named in data-tile.
EVERY_TILE = """() => [...new Set([...document.querySelectorAll('[data-code], [data-tile]')].map((n) =>
  n.getAttribute('data-code') || n.getAttribute('data-tile')))]"""
# (rule set, seats, the page's language, who opens: "person" at the table, "computer", or "phone" itself)
CASES = {
    "classic": ("classic", 2, "en", "person"),  # an empty board, the table's player to open
    "board": ("classic", 3, "fr", "computer"),  # the computer opened at once: tiles on the board, the table's next
    "cubes": ("cubes", 2, "de", "person"),  # every hand is open in the state (Q1): the phone still draws its own only
    "opens": ("classic", 2, "es", "phone"),  # the phone's own turn, the opening: what it asks, the tiles left out
    "opens-flex": ("flex", 3, "nl", "phone"),
    "opens-cubes": ("cubes", 2, "en", "phone"),
}
NAMES = ["Ann", "Bob", "Cy"]


def seating(variant: str, count: int, opener: str) -> tuple[str, int, Game]:
    """The start link's query and the phone's seat: the opener (the engine's, seed 7) a computer or a person at the
    table (the phone the seat after the table's person), or the phone; the game as the table deals it."""
    game = Game.new(variant, NAMES[:count], 7)
    starter = game.to_move
    seats = ["human"] * count
    seats[starter] = "hard" if opener == "computer" else "human"
    phone = starter if opener == "phone" else (starter + (2 if opener == "computer" else 1)) % count
    seats[phone] = "phone"
    names = ",".join(NAMES[:count])
    return f"?variant={variant}&seats={','.join(seats)}&names={names}&seed=7&pace=0", phone, game


def joined_before_python(
    new_context: Any, open_ready: Any, query: str, seat: int, lang: str, table_script: str = ""
) -> tuple[Page, Phone]:
    """A table (``table_script`` run in it first), and a phone that opens its seat's join link with its runtime held
    back; the table takes its answer."""
    table = start_table(new_context, open_ready, query)
    if table_script:
        table.evaluate(table_script)
    phone = Phone(phone_context(new_context), seat)
    phone.context.add_init_script(f"localStorage.setItem('qwirkle.settings', {json.dumps(json.dumps({'lang': lang}))})")
    phone.page.add_init_script(SHIFT)
    phone.held = Held(phone.page)  # type: ignore[attr-defined]
    node = seat_node(table, seat)
    expect(node).to_have_attribute("data-live-offer", OFFER)
    phone.page.goto(node.get_attribute("data-live-offer") or "", wait_until="domcontentloaded")
    answer = phone.page.locator("[data-live-answer]")
    expect(answer).to_have_text(ANSWER)
    node.get_by_label("Phone's answer code").fill(answer.text_content() or "")
    node.get_by_role("button", name="Connect").click()
    return table, phone


@pytest.mark.parametrize("case", list(CASES))
def test_the_first_state_is_drawn_before_python_as_python_draws_it(
    new_context: Any, open_ready: Any, wait_ready: Any, case: str
) -> None:
    variant, count, lang, opener = CASES[case]
    computer = opener == "computer"
    query, seat, game = seating(variant, count, opener)
    table, phone = joined_before_python(new_context, open_ready, query, seat, lang)
    page = phone.page
    page.wait_for_selector("html[data-early] #rack [data-tile]", state="attached")
    assert page.locator("html[data-ready]").count() == 0  # drawn before the phone's Python
    html = page.locator("html")
    expect(html).to_have_attribute("data-live", "connected")
    expect(html).to_have_attribute("data-seat", str(seat))
    expect(html).to_have_attribute("lang", lang)
    early = page.evaluate(SCREEN)
    state = phone.states()[-1]
    mine = opener == "phone"
    assert (state["turn"] == seat) == mine and (state["yours"] is not None) == mine
    assert all((":disabled:" in tile) != mine for tile in early["rack"])  # the rack played on its turn only
    if mine:  # what the opening asks (C2), the tiles left out of it marked, as the table's engine says
        assert state["yours"]["opening"] == game.opening_size()
        assert any("rack-tile--stuck" in tile for tile in early["rack"]) == bool(state["yours"]["stuck"])
    hand = state["hands"][seat].split()
    assert sorted(hand) == sorted(t.notation() for t in game.hands[seat])  # the hand the table dealt
    assert [t.split(":")[0] for t in early["rack"]] == hand  # its own rack
    assert early["join"] and page.locator("#loader").is_hidden()
    from ui.words import Translator

    expect(page.locator("#board .early-busy")).to_have_text(Translator(lang).t("loading_python"))
    # nothing of another seat's hand is in the page (in Cubes the state shows it: still never drawn)
    board = {placed.partition("@")[0] for placed in state["board"].split()}
    assert bool(board) == computer and len(early["cells"]) > len(board)  # the tiles, the cells around them
    assert set(page.evaluate(EVERY_TILE)) <= set(hand) | board
    if variant == "cubes":
        assert all(isinstance(h, str) and h for h in state["hands"])  # every hand open in Cubes: one drawn
    # a tap or a key before Python is ready is not taken, and the page says so
    game_box = page.locator("#game")
    assert game_box.evaluate("(g) => g.inert") and game_box.get_attribute("aria-busy") == "true"
    box = page.locator("#rack [data-tile]").first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.keyboard.press("1")
    expect(page.locator("#board .early-busy")).to_have_class("early-busy early-busy--refused")
    assert page.locator('#rack [aria-pressed="true"]').count() == 0
    phone.held.release()  # type: ignore[attr-defined]
    wait_ready(page)
    expect(page.locator("#rack [data-tile]").first).to_be_visible()
    assert page.locator("[data-early]").count() == 0 and not game_box.evaluate("(g) => g.inert")
    assert page.evaluate(SCREEN) == early  # Python draws what was drawn: tiles, rack, scores, turn, words, the box
    assert page.evaluate(SHIFTED) <= 0.02
    assert page.evaluate("window.__channels.length") == 1
    assert len(phone.states()) == 1  # one hello (said before Python), one state: Python said none again
    if variant != "cubes":  # Python shows the open hands of Cubes (Q1) where it shows them
        assert set(page.evaluate(EVERY_TILE)) <= set(hand) | board
    expect(seat_node(table, seat)).to_have_attribute("data-live-state", "connected")


# The phone's answer held back until ``window.__makeAnswer()``: the loading box is painted first, as on slow phones.
ANSWER_HELD = """const made = new Promise((resolve) => { window.__makeAnswer = resolve; });
  const describe = RTCPeerConnection.prototype.setLocalDescription;
  RTCPeerConnection.prototype.setLocalDescription = async function (...args) {
    await made; return describe.apply(this, args); };"""
PAINTED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"
# Where each screen of the page stands, of those on screen.
SCREENS = """() => Object.fromEntries([...document.querySelectorAll('#app > section')]
  .filter((s) => s.checkVisibility()).map((s) => [s.id, JSON.stringify(s.getBoundingClientRect())]))"""


def test_the_answer_takes_the_loading_boxs_place_without_a_jump(new_context: Any, open_ready: Any) -> None:
    """On a phone slow enough to paint its loading box before its answer exists, the answer screen takes the box's
    place: nothing seen moves (the centred box used to jump up as the answer appeared beside it; in CI, a layout
    shift of 0.13 on the phone's first state)."""
    table = start_table(new_context, open_ready, "?seats=phone,human&names=Ann,Bob&seed=7&pace=0")
    phone = Phone(phone_context(new_context), 0)
    phone.context.add_init_script(f"localStorage.setItem('qwirkle.settings', {json.dumps(json.dumps({'lang': 'fr'}))})")
    phone.page.add_init_script(SHIFT)
    phone.page.add_init_script(ANSWER_HELD)
    phone.held = Held(phone.page)  # type: ignore[attr-defined]
    node = seat_node(table, 0)
    expect(node).to_have_attribute("data-live-offer", OFFER)
    phone.page.goto(node.get_attribute("data-live-offer") or "", wait_until="domcontentloaded")
    expect(phone.page.locator("#loader")).to_be_visible()
    phone.page.wait_for_function("typeof window.__makeAnswer === 'function'")
    phone.page.evaluate(PAINTED)  # the loading box on screen
    before = phone.page.evaluate(SCREENS)
    phone.page.evaluate("window.__makeAnswer()")
    expect(phone.page.locator("[data-live-answer]")).to_have_text(ANSWER)
    after = phone.page.evaluate(SCREENS)
    assert list(before) == ["loader"] and list(after) == ["join"]  # one screen for the other
    assert phone.page.evaluate(SHIFTED) == 0
    phone.held.release()  # type: ignore[attr-defined]


# A table that says nothing of the receiver's turn: ``yours`` taken out of every text it sends.
SAYS_NOTHING_OF_THE_TURN = """() => { const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (text) {
    const value = typeof text === 'string' && text.includes('"yours"') ? JSON.parse(text) : null;
    if (value) delete value.yours;
    return send.call(this, value ? JSON.stringify(value) : text); }; }"""


def test_a_turn_the_state_does_not_say_is_left_to_python(new_context: Any, open_ready: Any, wait_ready: Any) -> None:
    """The phone opens the game, but the state lacks what the table's engine says of its turn (a table that says
    nothing of it: taken out here): which tiles fit nowhere and what the opening asks are the engine's, so nothing is
    drawn before Python (its answer stays on screen); Python draws the game from the state that waited."""
    query, seat, game = seating("classic", 2, "phone")
    table, phone = joined_before_python(new_context, open_ready, query, seat, "en", SAYS_NOTHING_OF_THE_TURN)
    page = phone.page
    page.wait_for_function("window.__received.some((text) => JSON.parse(text).kind === 'state')")
    assert page.locator("html[data-early], #game:not([hidden])").count() == 0
    expect(page.locator("[data-live-answer]")).to_be_visible()
    phone.held.release()  # type: ignore[attr-defined]
    wait_ready(page)
    expect(page.locator("[data-rack] [data-tile]")).to_have_count(6)
    assert len(phone.states()) == 1
    expect(seat_node(table, game.to_move)).to_have_attribute("data-live-state", "connected")


def test_a_state_after_python_started_is_drawn_by_python_only(
    new_context: Any, open_ready: Any, wait_ready: Any
) -> None:
    """The table connects once the phone's Python runs: nothing is drawn early, Python says the hello and draws."""
    table = start_table(new_context, open_ready, "?variant=classic&seats=phone,human&names=Ann,Bob&seed=7&pace=0")
    phone = Phone(phone_context(new_context), 0)
    phone.page.add_init_script(
        "new MutationObserver(() => { if (document.documentElement.hasAttribute('data-early'))"
        " window.__early = true; }).observe(document, {subtree: true, attributes: true})"
    )
    node = seat_node(table, 0)
    expect(node).to_have_attribute("data-live-offer", OFFER)
    phone.page.goto(node.get_attribute("data-live-offer") or "")
    wait_ready(phone.page)
    answer = phone.page.locator("[data-live-answer]")
    node.get_by_label("Phone's answer code").fill(answer.text_content() or "")
    node.get_by_role("button", name="Connect").click()
    expect(phone.page.locator("html")).to_have_attribute("data-live", "connected")
    expect(phone.page.locator("#rack [data-tile]")).to_have_count(6)
    assert not phone.page.evaluate("Boolean(window.__early)")
    assert len(phone.states()) == 1  # one hello, one state
