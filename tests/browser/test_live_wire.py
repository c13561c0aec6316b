"""The live table's wire (js/live.js, ``window.qwirkleLive``) between two Chromium contexts on the served site.

The table's context has the camera granted, as a player grants it to scan the phones' codes: Chromium then offers
its real addresses instead of mDNS names (``<uuid>.local``), which these browsers could not resolve anyway (they
resolve no host name but 127.0.0.1). Pages: bench/pages/live.html (the wire with index.html's CSP, no Python), and
index.html itself once. The Firefox and WebKit lanes: tests/scenarios/test_live_lanes.py.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
WIRE_PAGE = "bench/pages/live.html"
MAX_BYTES = 16 * 1024

# Everything a link does, recorded in the page: window.links[name] = {link, events: [[event, text]]}.
KEEP = """
(name, link) => {
  window.links = window.links || {};
  const kept = { link, events: [] };
  for (const event of ["open", "message", "close", "failed"]) {
    link.on(event, (text) => kept.events.push(text === undefined ? [event] : [event, text]));
  }
  window.links[name] = kept;
}
"""
HOST = f"async () => {{ const link = qwirkleLive.hostSeat(); ({KEEP})('seat', link); return await link.offer(); }}"
JOIN = f"""async (code) => {{
  const link = qwirkleLive.joinSeat(code); ({KEEP})('seat', link); return await link.answer();
}}"""
ACCEPT = "async (code) => { await window.links.seat.link.accept(code); }"
OPEN = "() => window.links.seat.link.state === 'open'"
# The code of the Error a script threw or rejected with (null when it did not).
ERROR_CODE = """async (run) => {
  try { await eval(run); return null; } catch (error) { return error.code || String(error); }
}"""


def wire_page(context: BrowserContext, site_url: str) -> Page:
    page = context.new_page()
    page.goto(site_url + WIRE_PAGE)
    page.wait_for_function("window.qwirkleLive")
    return page


@pytest.fixture
def table(new_context: Any, site_url: str) -> Page:
    context = new_context()
    context.grant_permissions(["camera"])
    return wire_page(context, site_url)


@pytest.fixture
def phone(new_context: Any, site_url: str) -> Page:
    return wire_page(new_context(), site_url)


def pair(table: Page, phone: Page) -> tuple[str, str]:
    """Offer on the table, answer on the phone, the answer applied on the table; both ends open."""
    offer = table.evaluate(HOST)
    answer = phone.evaluate(JOIN, offer)
    table.evaluate(ACCEPT, answer)
    table.wait_for_function(OPEN)
    phone.wait_for_function(OPEN)
    return offer, answer


def events(page: Page) -> list[list[str]]:
    return page.evaluate("window.links.seat.events")


def test_codes_are_short_url_safe_and_no_sdp(table: Page, phone: Page) -> None:
    offer, answer = pair(table, phone)
    for code in (offer, answer):
        assert re.fullmatch(r"[A-Za-z0-9_-]+", code), code
        # LIVE.md: 160-175 characters of JSON, 715 of SDP; a host candidate here costs 9 characters, an mDNS one 25
        assert len(code) < 160, code
    assert "candidate" not in offer and "fingerprint" not in offer


def test_texts_cross_both_ways_in_order(table: Page, phone: Page) -> None:
    pair(table, phone)
    to_phone = [f"table {i} " + "x" * (i * 97) for i in range(30)]
    to_table = [f"phone {i} é✓" for i in range(30)]
    table.evaluate("(texts) => texts.forEach((t) => window.links.seat.link.send(t))", to_phone)
    phone.evaluate("(texts) => texts.forEach((t) => window.links.seat.link.send(t))", to_table)
    received = "(n) => window.links.seat.events.filter((e) => e[0] === 'message').length === n"
    phone.wait_for_function(received, arg=len(to_phone))
    table.wait_for_function(received, arg=len(to_table))
    assert events(phone) == [["open"]] + [["message", t] for t in to_phone]
    assert events(table) == [["open"]] + [["message", t] for t in to_table]


def test_sixteen_kib_is_the_most_a_text_can_be(table: Page, phone: Page) -> None:
    pair(table, phone)
    send = "async (text) => window.links.seat.link.send(text)"
    largest = "y" * MAX_BYTES
    table.evaluate(send, largest)
    phone.wait_for_function("() => window.links.seat.events.some((e) => e[0] === 'message')")
    assert events(phone)[-1] == ["message", largest]
    too_big = "window.links.seat.link.send('y'.repeat(16 * 1024 + 1))"
    assert table.evaluate(ERROR_CODE, too_big) == "too-big"
    # bytes, not characters: 8193 two-byte characters are 16386 bytes
    assert phone.evaluate(ERROR_CODE, "window.links.seat.link.send('é'.repeat(8193))") == "too-big"
    assert table.evaluate("window.links.seat.link.state") == "open"


def test_malformed_codes_are_refused(table: Page) -> None:
    offer = table.evaluate(HOST)
    answer_like = "G" + offer[1:]  # the header of an answer on an offer's body: decodes, but not as an offer
    for code in ["", "not a code!", offer[:20], offer + "A", "A" * 700, "%%%"]:
        join = f"qwirkleLive.joinSeat({code!r})"
        assert table.evaluate(ERROR_CODE, join) == "malformed", code
    # an offer given back as the answer, an answer's header on an offer given to the phone
    assert table.evaluate(ERROR_CODE, f"window.links.seat.link.accept({offer!r})") == "malformed"
    assert table.evaluate(ERROR_CODE, f"qwirkleLive.joinSeat({answer_like!r})") == "malformed"
    assert table.evaluate("window.links.seat.link.state") == "new"


def test_closing_one_end_closes_the_other(table: Page, phone: Page) -> None:
    pair(table, phone)
    phone.evaluate("window.links.seat.link.close()")
    assert phone.evaluate("window.links.seat.link.state") == "closed"
    table.wait_for_function("() => window.links.seat.link.state === 'closed'")
    assert events(table) == [["open"], ["close"]]
    assert events(phone) == [["open"]]  # a link closed by its own side fires nothing there
    assert table.evaluate(ERROR_CODE, "window.links.seat.link.send('late')") == "not-open"


def test_a_new_link_for_the_same_seat_after_a_close(table: Page, phone: Page) -> None:
    """A rejoin is a new offer and a new answer (LIVE.md): it opens as the first did."""
    pair(table, phone)
    table.evaluate("window.links.seat.link.close()")
    phone.wait_for_function("() => window.links.seat.link.state === 'closed'")
    pair(table, phone)
    phone.evaluate("window.links.seat.link.send('back')")
    table.wait_for_function("() => window.links.seat.events.some((e) => e[1] === 'back')")


def test_scanner_reads_a_code_from_the_camera(new_context: Any, site_url: str) -> None:
    """Linux Chromium has no BarcodeDetector: the vendored ponyfill reads the code, its WebAssembly from our folder.
    The camera shows a QR code drawn on a canvas (bench/live_link.py's ``QR_CAMERA``)."""
    context = new_context()
    context.add_init_script(load_script("live_link", "bench").QR_CAMERA)
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(site_url + WIRE_PAGE)
    page.wait_for_function("window.qwirkleLive")
    assert page.evaluate("typeof BarcodeDetector") == "undefined"
    assert not [url for url in requested if "barcode-detector" in url], "the scanner loads only when a scan starts"
    text = site_url + "index.html#join=" + "EATKE14YS4S5JhIYh_iTDi8HRcJDZnFeAEtu97XeLXQ8TWoxXE9XmpM4FKlspDdUI7eLXu4T"
    kind = page.evaluate(
        """async (text) => {
          window.qrText = text;
          window.codes = [];
          window.scanning = qwirkleLive.scan(document.querySelector("video"), (code) => window.codes.push(code));
          return await window.scanning.ready;
        }""",
        text,
    )
    assert kind == "ponyfill"
    page.wait_for_function("() => window.codes.length > 0")
    assert page.evaluate("window.codes") == [text]
    page.evaluate("window.scanning.stop()")
    assert page.evaluate("document.querySelector('video').srcObject") is None
    assert site_url + "assets/vendor/barcode-detector/zxing_reader.wasm" in requested
    assert page.evaluate("qwirkleLive.requestCamera()") == {"ok": True, "reason": None}


def test_camera_refused_is_said(new_context: Any, site_url: str) -> None:
    """No camera on this machine (and no permission): the page hears why, it is not left waiting."""
    page = wire_page(new_context(), site_url)
    assert page.evaluate("qwirkleLive.requestCamera()")["ok"] is False
    reason = page.evaluate(
        """async () => {
          try { await qwirkleLive.scan(document.querySelector("video"), () => {}).ready; return null; }
          catch (error) { return [error.code, error.reason]; }
        }"""
    )
    assert reason[0] == "camera" and reason[1] in ("denied", "no-camera")


def test_the_game_page_loads_the_wire(page: Page, site_url: str) -> None:
    page.goto(site_url)
    page.wait_for_function("window.qwirkleLive")
    assert page.evaluate("qwirkleLive.support()") == {"ok": True, "reason": None}


# A network with no default route: one veth pair, both ends in a new network namespace (LIVE.md: there, without the
# camera's permission, neither browser gathers a candidate and no pair connects).
NETNS = (
    "ip link set lo up && ip link add v0 type veth peer name v1 && ip addr add 10.9.0.1/24 dev v0"
    " && ip addr add 10.9.0.2/24 dev v1 && ip link set v0 up && ip link set v1 up"
)


def test_pairing_with_no_default_route() -> None:
    """bench/live_link.py in a network namespace of its own (the site served and both contexts inside): the table
    with the camera granted offers its real addresses, and the phone, which offers none, reaches it."""
    unshare = shutil.which("unshare")
    probe = subprocess.run([unshare or "unshare", "-rn", "sh", "-c", NETNS], capture_output=True, text=True)
    if unshare is None or probe.returncode != 0:
        pytest.skip(f"no network namespace here (unshare -rn and a veth pair): {probe.stderr.strip()}")
    script = 'ip route | grep -q default && exit 3; exec "$@"'
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(["py", "scripts/build", "scripts/tables"])}
    bench = [sys.executable, "bench/live_link.py", "--pairs", "1", "--messages", "20", "--json"]
    run = subprocess.run(
        [unshare, "-rn", "sh", "-c", f"{NETNS} && {script}", "sh", *bench],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    figures = json.loads(run.stdout.splitlines()[-1])
    assert figures["failed"] == 0
    assert len(figures["round_trips_ms"]) == 20


def test_ice_servers_are_passed_on(table: Page) -> None:
    """The page's STUN setting reaches the connection (the address is never asked here: the offer is not made)."""
    servers = table.evaluate(
        """() => {
          const stun = { iceServers: [{ urls: "stun:192.0.2.9:3478" }] };
          // as given, as Python's dict would come (a PyProxy: toJs converts it), and none
          const options = [stun, { toJs: ({ dict_converter }) => dict_converter(Object.entries(stun)) }, undefined];
          return options.map((option) => {
            const link = qwirkleLive.hostSeat(option);
            const urls = link._pc.getConfiguration().iceServers.map((server) => server.urls);
            link.close();
            return urls;
          });
        }"""
    )
    assert servers == [[["stun:192.0.2.9:3478"]], [["stun:192.0.2.9:3478"]], []]
