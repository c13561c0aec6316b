"""The live table's wire (js/live.js) in the other lanes: a Firefox phone paired with a Chromium table, and WebKitGTK,
which has no RTCPeerConnection, saying so. The Chromium pairs: tests/browser/test_live_wire.py.

The table's Chromium context has the camera granted, as a player grants it to scan the phones' codes (Chromium then
offers its real addresses; Firefox's mDNS names are not resolved on the table, which learns the phone's address from
its connectivity checks instead). The page is bench/pages/live.html: the wire with index.html's CSP, no Python.
"""

from __future__ import annotations

from typing import Any

from drivers import PuppeteerDriver, SeleniumDriver
from sites import browser_setup

WIRE_PAGE = "bench/pages/live.html"
READY = "return Boolean(window.qwirkleLive);"
# Keeps what a link does in window.seat: {link, events: [[event, text]]}.
KEEP = """
window.seat = { link: arguments[0], events: [] };
for (const event of ["open", "message", "close", "failed"]) {
  window.seat.link.on(event, (text) => window.seat.events.push(text === undefined ? [event] : [event, text]));
}
"""


def test_a_firefox_phone_pairs_with_a_chromium_table(firefox_page: Any, new_context: Any, scenario_site: str) -> None:
    guard = browser_setup.NetworkGuard()
    context = browser_setup.guarded(new_context(), guard)
    context.grant_permissions(["camera"])
    table = context.new_page()
    table.goto(scenario_site + WIRE_PAGE)
    table.wait_for_function("window.qwirkleLive")
    phone = PuppeteerDriver(scenario_site, firefox_page)
    phone.open(scenario_site + WIRE_PAGE)
    phone.wait(READY, what="window.qwirkleLive")

    offer = table.evaluate(
        "async (keep) => { const link = qwirkleLive.hostSeat(); new Function(keep)(link); return await link.offer(); }",
        KEEP,
    )
    answer = phone.js(
        "const link = qwirkleLive.joinSeat(arguments[0]);"
        + KEEP.replace("arguments[0]", "link")
        + "return await link.answer();",
        offer,
    )
    table.evaluate("async (code) => { await window.seat.link.accept(code); }", answer)
    table.wait_for_function("window.seat.link.state === 'open'")
    phone.wait("return window.seat.link.state === 'open';", what="the phone's link open")

    to_phone = [f"state {i} " + "x" * (i * 500) for i in range(20)] + ["z" * (16 * 1024)]
    to_table = [f"move {i} ✓" for i in range(20)]
    table.evaluate("(texts) => texts.forEach((t) => window.seat.link.send(t))", to_phone)
    phone.js("arguments[0].forEach((t) => window.seat.link.send(t));", to_table)
    phone.wait(
        "return window.seat.events.filter((e) => e[0] === 'message').length === arguments[0];",
        len(to_phone),
        what="the phone's messages",
    )
    table.wait_for_function(
        "(n) => window.seat.events.filter((e) => e[0] === 'message').length === n", arg=len(to_table)
    )
    assert phone.js("return window.seat.events;") == [["open"]] + [["message", t] for t in to_phone]
    assert table.evaluate("window.seat.events") == [["open"]] + [["message", t] for t in to_table]

    too_big = phone.js(
        "try { window.seat.link.send('y'.repeat(16 * 1024 + 1)); return null; } catch (e) { return e.code; }"
    )
    assert too_big == "too-big"
    phone.js("window.seat.link.close();")
    table.wait_for_function("window.seat.link.state === 'closed'")
    assert table.evaluate("window.seat.events").count(["close"]) == 1
    guard.check()


def test_webkit_says_it_has_no_rtc(webkit_session: Any, scenario_site: str) -> None:
    """Debian's WebKitGTK is built without WebRTC: the page can hide the seat kind with the reason."""
    page = SeleniumDriver(scenario_site, webkit_session)
    page.open(scenario_site + WIRE_PAGE)
    page.wait(READY, what="window.qwirkleLive")
    assert page.js("return typeof RTCPeerConnection;") == "undefined"
    assert page.js("return qwirkleLive.support();") == {"ok": False, "reason": "no-rtc"}
    code = page.js("try { qwirkleLive.hostSeat(); return null; } catch (e) { return e.code; }")
    assert code == "no-rtc"


def test_webkit_join_a_table_says_why_it_cannot(webkit_session: Any, scenario_site: str) -> None:
    """The game page in WebKitGTK: "Join a table" opens, but its ways to join are hidden and it says why."""
    page = SeleniumDriver(scenario_site, webkit_session)
    page.goto()
    page.click('#home button[data-action="join"]')
    page.wait("return document.querySelector('#join-dialog').open;", what="the Join a table dialog")
    assert page.attr("#join-dialog-unsupported", "data-live-support") == "no-rtc"
    assert page.visible("#join-dialog-unsupported") and "WebRTC" in page.text("#join-dialog-unsupported")
    assert not page.visible("#join-dialog-ways") and not page.visible("#join-link-input")
