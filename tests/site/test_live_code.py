"""The live table's pairing codes (js/live-code.js) under Node.js, without a browser: what a code keeps of a browser's
SDP, the SDP rebuilt from it, and every broken code refused as "malformed" (never another error). The Chromium pairs
of tests/browser/test_live_wire.py connect through these codes."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FINGERPRINT = ":".join(f"{b:02X}" for b in range(32))

# A Chromium offer without the camera's permission (mDNS names, a TCP candidate), a Chromium offer with it (real
# addresses), a Firefox answer (hex credentials, a server-reflexive candidate, IPv6 in short form).
CHROMIUM_MDNS = f"""v=0
o=- 9032540682170396679 2 IN IP4 127.0.0.1
s=-
t=0 0
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:3618158892 1 udp 2113937151 0cc027a9-fa1b-441c-a354-cdc7c0bdaa5b.local 45478 typ host generation 0
a=candidate:3504002460 1 udp 2113942271 885d0848-0b2d-4612-af06-83436381fc04.local 44596 typ host generation 0
a=candidate:2800164859 1 tcp 1518280447 192.0.2.2 9 typ host tcptype active generation 0
a=ice-ufrag:nbsy
a=ice-pwd:QgQmc7jsI0nfwxYU6ZH5OUez
a=ice-options:trickle
a=fingerprint:sha-256 {FINGERPRINT}
a=setup:actpass
a=mid:0
a=sctp-port:5000
a=max-message-size:262144
"""
CHROMIUM_REAL = CHROMIUM_MDNS.replace("0cc027a9-fa1b-441c-a354-cdc7c0bdaa5b.local", "192.0.2.2").replace(
    "885d0848-0b2d-4612-af06-83436381fc04.local", "fd00::2"
)
FIREFOX = f"""v=0
o=mozilla...THIS_IS_SDPARTA-153.7.0 4386393439 0 IN IP4 0.0.0.0
s=-
t=0 0
a=fingerprint:sha-256 {FINGERPRINT}
a=group:BUNDLE 0
m=application 9 UDP/DTLS/SCTP webrtc-datachannel
c=IN IP4 0.0.0.0
a=candidate:0 1 UDP 2122187007 2b0e4a2c-6f43-4b45-a0a4-c0d3c0e1f2a3.local 51234 typ host
a=candidate:1 1 UDP 1686052607 203.0.113.7 51234 typ srflx raddr 0.0.0.0 rport 0
a=candidate:2 1 UDP 2122252543 2001:db8::7:1 40000 typ host
a=candidate:3 2 UDP 2122252542 192.168.1.20 40001 typ host
a=sendrecv
a=end-of-candidates
a=ice-pwd:6c8a2b4e1f3d5a7c9e0b2d4f6a8c0e1f
a=ice-ufrag:9f3e1a2b
a=mid:0
a=setup:active
a=sctp-port:5000
a=max-message-size:1073741823
"""

SCRIPT = r"""
const code = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
const result = { cases: [], broken: {} };
const mutated = new Set();
const verdict = (text, kind) => {
  try {
    code.unpack(text, kind);
    return "ok";
  } catch (error) {
    return error.code || `${error.name}: ${error.message}`;
  }
};
for (const [sdp, kind] of cases) {
  const parts = code.essentials(sdp, kind);
  const packed = code.pack(parts);
  const back = code.unpack(packed, kind);
  result.cases.push({ parts, packed, back, sdp: code.describe(back) });
  // a code cut short: malformed before the end of the fingerprint; after it, a cut may end between candidates
  const fixed = code.pack({ ...parts, candidates: [] }).length;
  for (let n = 0; n < packed.length; n++) {
    const cut = verdict(packed.slice(0, n), kind);
    if (cut !== "malformed" && (n < fixed || cut !== "ok")) result.broken[`cut ${n}`] = cut;
  }
  result.broken.other = verdict(packed, kind === "offer" ? "answer" : "offer");
  // each character changed in turn: read as another description, or refused
  for (let n = 0; n < packed.length; n++) {
    for (const ch of "AQgw_9") {
      if (ch !== packed[n]) mutated.add(verdict(packed.slice(0, n) + ch + packed.slice(n + 1), kind));
    }
  }
}
// random texts of the code's alphabet: decoded or refused as malformed
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const verdicts = new Set();
for (let i = 0; i < 3000; i++) {
  const length = 1 + Math.floor(random() * 200);
  let text = "E"; // an offer's header: the rest is read as far as it goes
  for (let j = 1; j < length; j++) text += alphabet[Math.floor(random() * 64)];
  verdicts.add(verdict(text, "offer"));
}
result.random = [...verdicts].sort();
result.mutated = [...mutated].sort();
for (const text of ["", " ", "a b", "é", "%41", "A".repeat(601), null, 42]) {
  result.broken[String(text).slice(0, 9)] = verdict(text, "offer");
}
console.log(JSON.stringify(result));
"""


@pytest.fixture(scope="module")
def coded() -> dict:
    node = shutil.which("node")
    if node is None:
        pytest.skip("needs node")
    cases = [[CHROMIUM_MDNS, "offer"], [CHROMIUM_REAL, "offer"], [FIREFOX, "answer"]]
    out = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, (ROOT / "js" / "live-code.js").as_uri(), json.dumps(cases)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_a_code_keeps_what_a_data_channel_needs(coded: dict) -> None:
    mdns, real, firefox = coded["cases"]
    assert mdns["back"] == mdns["parts"]
    assert real["back"]["candidates"] == [
        {"type": "host", "address": "192.0.2.2", "port": 45478},
        {"type": "host", "address": "fd00:0:0:0:0:0:0:2", "port": 44596},
    ]
    assert mdns["parts"]["candidates"] == [
        {"type": "host", "address": "0cc027a9-fa1b-441c-a354-cdc7c0bdaa5b.local", "port": 45478},
        {"type": "host", "address": "885d0848-0b2d-4612-af06-83436381fc04.local", "port": 44596},
    ]  # no TCP candidate
    assert (mdns["parts"]["ufrag"], mdns["parts"]["setup"], mdns["parts"]["hash"]) == ("nbsy", "actpass", "sha-256")
    assert [len(mdns["packed"]), len(real["packed"])] == [127, 111]
    # Firefox: hex credentials, the candidates of component 1 only, IPv6 written in full when rebuilt
    assert (firefox["back"]["ufrag"], firefox["back"]["pwd"]) == ("9f3e1a2b", "6c8a2b4e1f3d5a7c9e0b2d4f6a8c0e1f")
    assert [(c["type"], c["address"], c["port"]) for c in firefox["back"]["candidates"]] == [
        ("host", "2b0e4a2c-6f43-4b45-a0a4-c0d3c0e1f2a3.local", 51234),
        ("srflx", "203.0.113.7", 51234),
        ("host", "2001:db8:0:0:0:0:7:1", 40000),
    ]


def test_the_rebuilt_sdp_is_a_data_channel_description(coded: dict) -> None:
    sdp = coded["cases"][2]["sdp"]
    lines = sdp.split("\r\n")
    assert sdp.endswith("\r\n") and lines[0] == "v=0"
    for line in [
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "a=ice-ufrag:9f3e1a2b",
        "a=ice-pwd:6c8a2b4e1f3d5a7c9e0b2d4f6a8c0e1f",
        f"a=fingerprint:sha-256 {FINGERPRINT}",
        "a=setup:active",
        "a=mid:0",
        "a=sctp-port:5000",
        "a=end-of-candidates",
    ]:
        assert line in lines, line
    candidates = [line for line in lines if line.startswith("a=candidate:")]
    assert candidates[1].endswith(" 203.0.113.7 51234 typ srflx raddr 0.0.0.0 rport 0")
    priorities = [int(line.split()[3]) for line in candidates]
    assert priorities[0] > priorities[2] > priorities[1]  # hosts before a server-reflexive address


def test_broken_codes_are_malformed(coded: dict) -> None:
    assert coded["broken"] == dict.fromkeys(coded["broken"], "malformed")
    assert set(coded["random"]) <= {"ok", "malformed"}
    assert set(coded["mutated"]) == {"ok", "malformed"}
