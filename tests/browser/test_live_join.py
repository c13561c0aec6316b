"""A phone joins a live table from the game's own "Join a table" (app.phones.join_dialog), in Chromium: the table's
join link pasted, or its QR code read by the page's scanner from a camera that shows it (bench/live_link.py's
``QR_CAMERA``, as tests/browser/test_live_wire.py reads one); anything but a join link of this site is refused with
what is wrong, and the page stays where it is. Pairing as people do it: tests/browser/test_live_table.py.
"""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect
from repo_scripts import load_script
from test_live_table import OFFER, pair_answer, phone_context, seat_node, start_table


def join_dialog(phone: Page) -> Any:
    """Open "Join a table" from the menu."""
    phone.get_by_role("button", name="Menu").click()
    phone.locator("#menu").get_by_role("button", name="Join a table").click()
    dialog = phone.locator("#join-dialog")
    expect(dialog).to_be_visible()
    return dialog


def test_a_phone_joins_by_paste_and_by_scan(new_context: Any, open_ready: Any, wait_ready: Any) -> None:
    table = start_table(new_context, open_ready, "?seats=phone,phone&names=Ann,Bob&seed=11&pace=0")
    links = []
    for seat in (0, 1):
        expect(seat_node(table, seat)).to_have_attribute("data-live-offer", OFFER)
        links.append(seat_node(table, seat).get_attribute("data-live-offer"))

    # Ann pastes: first what is not a join link of this site, then her seat's link
    ann = phone_context(new_context).new_page()
    open_ready(ann, "")
    dialog = join_dialog(ann)
    field, problem = dialog.get_by_label("Join link or rejoin code"), dialog.locator("#join-link-problem")
    home = ann.url
    for text, said in (
        ("<b>not a link</b>", "That is not a join link"),
        ("https://evil.example/?" + links[0].partition("?")[2], "another site (evil.example)"),
        (links[0].partition("?join=")[0] + "?seats=phone,easy", "not a join link"),
        (links[0][:-30].rpartition(".")[0], "incomplete"),
    ):
        field.fill(text)
        dialog.get_by_role("button", name="Join", exact=True).click()
        expect(problem).to_contain_text(said)
        assert ann.url == home and problem.locator("*").count() == 0  # said as text; the page stays here
    field.fill(f"  {links[0]}\n")
    dialog.get_by_role("button", name="Join", exact=True).click()
    wait_ready(ann)
    assert ann.url == links[0]
    pair_answer(table, ann, 0)

    # Bob scans the table's code with the page's own scanner
    context = phone_context(new_context)
    context.add_init_script(load_script("live_link", "bench").QR_CAMERA)
    bob = context.new_page()
    open_ready(bob, "")
    bob.evaluate("(text) => { window.qrText = text; }", links[1])
    join_dialog(bob).get_by_role("button", name="Scan").click()
    wait_ready(bob)
    expect(bob.locator("[data-live-answer]")).to_have_count(1)
    assert bob.url == links[1]
    pair_answer(table, bob, 1)
    expect(table.locator("html")).not_to_have_attribute("data-live-waiting", re.compile(".*"))


def test_without_webrtc_the_dialog_says_why(new_context: Any, open_ready: Any) -> None:
    """As in WebKitGTK (tests/scenarios/test_live_lanes.py): no RTCPeerConnection, no way to join, and the reason."""
    context = phone_context(new_context)
    context.add_init_script("delete window.RTCPeerConnection;")
    phone = context.new_page()
    open_ready(phone, "")
    phone.locator("#home").get_by_role("button", name="Join a table").click()
    reason = phone.locator("#join-dialog-unsupported")
    expect(reason).to_be_visible()
    expect(reason).to_have_attribute("data-live-support", "no-rtc")
    expect(reason).to_contain_text("needs WebRTC")
    expect(phone.locator("#join-link-input")).to_be_hidden()


SIZES = {"phone": (390, 844), "tablet-portrait": (768, 1024), "tablet-landscape": (1024, 768), "desktop": (1366, 900)}
# Inside the window, whole, with the page not scrolled: the element's box (null while it has none).
IN_VIEW = """(e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth
    && scrollY === 0; }"""


def test_the_join_codes_are_seen_without_scrolling(new_context: Any, open_ready: Any) -> None:
    """Phones awaited: every seat's QR code in the window as the page opens (the first one on a phone's screen), the
    board beside or above them still a board; once every phone is connected the panel is a line per seat."""
    for names in ("Ann,Bob", "Ann,Bob,Cy,Dee"):
        count = len(names.split(","))
        table = start_table(new_context, open_ready, f"?seats={','.join(['phone'] * count)}&names={names}&seed=2")
        qr = table.locator(".live-seat__qr svg")
        expect(qr).to_have_count(count)
        expect(table.locator("html")).to_have_attribute("data-live-waiting", "")
        for size, (width, height) in SIZES.items():
            table.set_viewport_size({"width": width, "height": height})
            shown = range(1) if size == "phone" else range(count)
            for seat in shown:
                assert qr.nth(seat).evaluate(IN_VIEW), f"{size}, {count} seats: the QR code of seat {seat} is not seen"
            board = table.locator("#board").bounding_box()
            assert board is not None and min(board["width"], board["height"]) >= 200, (size, count, board)
        table.context.close()


def test_the_table_scans_a_phones_answer(new_context: Any, open_ready: Any, wait_ready: Any) -> None:
    """The table's Scan under a seat reads the phone's answer from the camera and connects; a camera that cannot start
    is said under the seat, and the button is Scan again (app.phones.camera, for the table and "Join a table")."""
    camera = load_script("live_link", "bench").QR_CAMERA
    table = start_table(new_context, open_ready, "?seats=phone,phone&names=Ann,Bob&seed=11&pace=0")
    seat = seat_node(table, 0)
    expect(seat).to_have_attribute("data-live-offer", OFFER)

    table.evaluate("() => { window.qwirkleLiveCamera = async () => { throw new Error('no camera'); }; }")
    seat.get_by_role("button", name="Scan").click()
    expect(seat.locator(".live-seat__status")).to_contain_text("camera")
    expect(seat.get_by_role("button", name="Scan")).to_be_visible()
    expect(seat.locator("video")).to_be_hidden()

    ann = phone_context(new_context).new_page()
    ann.goto(seat.get_attribute("data-live-offer"))
    wait_ready(ann)
    answer = ann.locator("[data-live-answer]")
    expect(answer).to_have_count(1)
    table.evaluate("(text) => { window.qrText = text; }", answer.text_content())
    table.evaluate(camera)  # the camera back, showing the phone's answer
    seat.get_by_role("button", name="Scan").click()
    expect(ann.locator("html")).to_have_attribute("data-live", "connected")
    expect(seat).to_have_attribute("data-live-state", "connected")
