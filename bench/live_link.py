#!/usr/bin/env python3
"""The live table's wire (js/live.js) on loopback between two Chromium contexts: pairing time, code lengths, and the
round trip of a message.

Each pairing is a fresh pair of contexts on ``bench/pages/live.html`` (the wire with the game's CSP, no Python), the
table's with the camera granted (as the table asks for it to scan; Chromium then offers its real addresses). Times
are taken in the table's page (``performance.now()``): from the call of ``offer()`` to the channel's "open" on the
table, with the phone's ``answer()`` and the table's ``accept()`` between, the codes passed by this script as a player
passes them by QR code (with no wait). Then, on the first pairing, the round trip of a 2 KB text, the phone sending
each back, one message at a time. Last, the scanner: from ``scan()`` to the first code read from a camera that shows a
QR code (``QR_CAMERA``, a drawn canvas's stream), each time in a fresh context, so the reader's WebAssembly is
fetched and compiled every time (Linux Chromium has no BarcodeDetector: the vendored ponyfill reads). Prints the
medians and ranges, and any pairing that failed.

    make bench B=live_link ARGS="[--pairs 10] [--messages 200] [--size 2048] [--scans 5] [--json]"

``--json`` prints the figures as one JSON object instead (tests/browser/test_live_wire.py runs this script in a
network namespace with no default route).
"""

from __future__ import annotations

import argparse
import json
import statistics

from browser import ROOT, launch, running_server
from playwright.sync_api import sync_playwright

PAGE = "bench/pages/live.html"

OFFER = """async () => {
  window.t0 = performance.now();
  window.link = qwirkleLive.hostSeat();
  window.opened = new Promise((resolve) => {
    window.link.on("open", () => resolve(performance.now()));
    window.link.on("failed", () => resolve(null));
  });
  const code = await window.link.offer();
  window.offerMs = performance.now() - window.t0;
  return code;
}"""
ANSWER = """async (code) => {
  const t = performance.now();
  window.link = qwirkleLive.joinSeat(code);
  window.link.on("message", (text) => window.link.send(text));  // an echo
  const answer = await window.link.answer();
  return [answer, performance.now() - t];
}"""
ACCEPT = """async (code) => {
  await window.link.accept(code);
  const open = await window.opened;
  return [open === null ? null : open - window.t0, window.offerMs];
}"""
ROUND_TRIPS = """async ([count, size]) => {
  const text = "m".repeat(size);
  const times = [];
  let answered = null;
  window.link.on("message", () => answered());
  for (let i = 0; i < count; i++) {
    const back = new Promise((resolve) => { answered = resolve; });
    const t = performance.now();
    window.link.send(text);
    await back;
    times.push(performance.now() - t);
  }
  return times;
}"""

# A camera showing a QR code of window.qrText: a canvas with the code drawn by the vendored qrcode-generator, as a
# MediaStream (an init script; tests/browser/test_live_wire.py uses it too).
QR_CAMERA = """
window.qwirkleLiveCamera = async () => {
  const { default: qrcode } = await import("/assets/vendor/qrcode/qrcode.mjs");
  const qr = qrcode(0, "M");
  qr.addData(window.qrText);
  qr.make();
  const cell = 6, quiet = 4, size = (qr.getModuleCount() + 2 * quiet) * cell;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const draw = () => {
    const g = canvas.getContext("2d");
    g.fillStyle = "#fff";
    g.fillRect(0, 0, size, size);
    g.fillStyle = "#000";
    for (let r = 0; r < qr.getModuleCount(); r++)
      for (let c = 0; c < qr.getModuleCount(); c++)
        if (qr.isDark(r, c)) g.fillRect((c + quiet) * cell, (r + quiet) * cell, cell, cell);
  };
  draw();
  setInterval(draw, 100);  // a canvas stream sends a frame when the canvas is drawn
  return canvas.captureStream(10);
};
"""
SCAN = """async (text) => {
  window.qrText = text;
  const t = performance.now();
  const read = new Promise((resolve) => {
    window.scanning = qwirkleLive.scan(document.querySelector("video"), (code) => resolve(code));
  });
  const kind = await window.scanning.ready;
  const code = await read;
  window.scanning.stop();
  return [performance.now() - t, kind, code === text];
}"""


def spread(values: list[float]) -> str:
    return f"median {statistics.median(values):.1f} ms (range {min(values):.1f}-{max(values):.1f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=10, help="pairings, each in fresh contexts")
    parser.add_argument("--messages", type=int, default=200, help="round trips on the first pairing that opens")
    parser.add_argument("--size", type=int, default=2048, help="characters in each message")
    parser.add_argument("--scans", type=int, default=5, help="scans, each in a fresh context")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    offer_ms, answer_ms, open_ms, offers, answers, trips = [], [], [], [], [], []
    failed = 0
    scans: list[float] = []
    kind = ""
    last_offer = "A" * 111  # the text the camera shows: a join link
    with running_server(ROOT) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        version = browser.version
        for index in range(args.pairs):
            table_context, phone_context = browser.new_context(), browser.new_context()
            table_context.grant_permissions(["camera"])
            table, phone = table_context.new_page(), phone_context.new_page()
            for page in (table, phone):
                page.goto(base + PAGE)
                page.wait_for_function("window.qwirkleLive")
            offer = last_offer = table.evaluate(OFFER)
            answer, answered = phone.evaluate(ANSWER, offer)
            opened, offered = table.evaluate(ACCEPT, answer)
            if opened is None:
                failed += 1
                if not args.json:
                    print(f"pairing {index + 1} failed: {offer} / {answer}", flush=True)
            else:
                offer_ms.append(offered)
                answer_ms.append(answered)
                open_ms.append(opened)
                offers.append(len(offer))
                answers.append(len(answer))
                if not trips:
                    trips = table.evaluate(ROUND_TRIPS, [args.messages, args.size])
            table_context.close()
            phone_context.close()
        for _ in range(args.scans):
            context = browser.new_context()
            context.add_init_script(QR_CAMERA)
            page = context.new_page()
            page.goto(base + PAGE)
            page.wait_for_function("window.qwirkleLive")
            took, kind, right = page.evaluate(SCAN, base + "index.html#join=" + last_offer)
            assert right, "the scanner read another text"
            scans.append(took)
            context.close()
        browser.close()
    if args.json:
        figures = {"failed": failed, "offer_ms": offer_ms, "answer_ms": answer_ms, "open_ms": open_ms}
        figures |= {"offers": offers, "answers": answers, "round_trips_ms": trips, "scan_ms": scans}
        print(json.dumps(figures))
        return
    print(f"Chromium {version}, {args.pairs} pairings on loopback (bench/pages/live.html), {failed} failed")
    if not offer_ms:
        return
    print(f"offer() (ICE gathering done): {spread(offer_ms)}")
    print(f"answer() on the phone:         {spread(answer_ms)}")
    print(f"offer() called to open:        {spread(open_ms)}")
    print(f"offer code: {min(offers)}-{max(offers)} characters; answer code: {min(answers)}-{max(answers)}")
    trips.sort()
    p95 = trips[int(0.95 * (len(trips) - 1))]
    print(f"round trip of a {args.size}-character message, {len(trips)} one after another: {spread(trips)}")
    print(f"  p95 {p95:.2f} ms")
    if scans:
        print(f"scan() to the first code read ({kind} detector, cold): {spread(scans)}")


if __name__ == "__main__":
    main()
