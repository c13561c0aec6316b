// The live table's pairing codes (js/live.js): a WebRTC description packed short and URL-safe, and the SDP rebuilt
// from it on the other side.
//
// A data channel needs only the ICE username fragment and password, the DTLS fingerprint, the DTLS role and the
// candidates; everything else in a browser's SDP is the same for every data-channel-only session, so it is a
// template here (`describe`). The code is base64url of this binary form (about 90 characters for one host candidate,
// against 160-175 of JSON and 715 of SDP):
//
//   byte 0        version (high 4 bits), kind (bit 3: 0 offer, 1 answer), DTLS setup role (bits 0-1)
//   ufrag, pwd    a length byte, then the ICE characters (the 64 of base64: RFC 8445) at 6 bits each
//   fingerprint   a hash byte (SHA-256, SHA-384, SHA-512, SHA-1), then its digest
//   candidates    until the end, each: type (high 4 bits: host, srflx, prflx, relay) and address form (low 4
//                 bits: IPv4, IPv6, an mDNS name <uuid>.local, another name as a length and ASCII), the address,
//                 then the port (2 bytes). UDP candidates of component 1 only: the data channel needs no other.
//
// `unpack` throws an Error whose `.code` is "malformed" on anything else.

const VERSION = 1;
const KINDS = ["offer", "answer"];
const SETUPS = ["actpass", "active", "passive"];
const HASHES = [
  ["sha-256", 32],
  ["sha-384", 48],
  ["sha-512", 64],
  ["sha-1", 20],
];
const TYPES = ["host", "srflx", "prflx", "relay"];
const ICE_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const URL_SAFE = { "+": "-", "/": "_" };
// Enough for every interface of a phone or a tablet; a longer code would make a QR code too dense to scan.
const MAX_CANDIDATES = 8;
// A code longer than this is not one of ours (8 IPv6 candidates and a SHA-512 fingerprint make about 330).
const MAX_CODE = 600;
// RFC 8445's type preferences, for the priority of a rebuilt candidate.
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };
const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/i;

/** An Error with `.code` "malformed": what a caller gets for a code that is not a pairing code. */
export function malformed(why) {
  const error = new Error(`not a pairing code: ${why}`);
  error.code = "malformed";
  return error;
}

// -- SDP: what to keep, and the template -------------------------------------------------------

/** The parts of a browser's SDP a data channel needs: {kind, setup, ufrag, pwd, hash, fingerprint, candidates}. */
export function essentials(sdp, kind) {
  const lines = sdp.split(/\r?\n/);
  const value = (name) => {
    const line = lines.find((l) => l.startsWith(`a=${name}:`));
    return line ? line.slice(name.length + 3).trim() : null;
  };
  const [hash, fingerprint] = (value("fingerprint") || "").split(" ");
  const candidates = lines
    .filter((l) => l.startsWith("a=candidate:"))
    .map(parseCandidate)
    .filter(Boolean)
    .slice(0, MAX_CANDIDATES);
  return {
    kind,
    setup: value("setup"),
    ufrag: value("ice-ufrag"),
    pwd: value("ice-pwd"),
    hash: (hash || "").toLowerCase(),
    fingerprint: fingerprint || "",
    candidates,
  };
}

function parseCandidate(line) {
  // candidate:<foundation> <component> <transport> <priority> <address> <port> typ <type> ...
  const f = line.slice("a=candidate:".length).trim().split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ") return null;
  if (!TYPES.includes(f[7])) return null;
  const port = Number(f[5]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { type: f[7], address: f[4], port };
}

/** The SDP a browser accepts as the remote description, rebuilt from `essentials`' parts. */
export function describe(parts) {
  const session = String(Math.floor(Math.random() * 1e15) + 1);
  const lines = [
    "v=0",
    `o=- ${session} 2 IN IP4 127.0.0.1`,
    "s=-",
    "t=0 0",
    "a=group:BUNDLE 0",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
    "c=IN IP4 0.0.0.0",
    `a=ice-ufrag:${parts.ufrag}`,
    `a=ice-pwd:${parts.pwd}`,
    `a=fingerprint:${parts.hash} ${parts.fingerprint}`,
    `a=setup:${parts.setup}`,
    "a=mid:0",
    "a=sctp-port:5000",
    "a=max-message-size:262144",
  ];
  parts.candidates.forEach((c, i) => {
    const priority = TYPE_PREFERENCE[c.type] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
    const related = c.type === "host" ? "" : " raddr 0.0.0.0 rport 0";
    lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${c.address} ${c.port} typ ${c.type}${related}`);
  });
  lines.push("a=end-of-candidates");
  return lines.join("\r\n") + "\r\n";
}

// -- the binary form ---------------------------------------------------------------------------

/** The pairing code of `parts` (from `essentials`). */
export function pack(parts) {
  const out = [];
  const kind = KINDS.indexOf(parts.kind);
  const setup = SETUPS.indexOf(parts.setup);
  const hash = HASHES.findIndex(([name]) => name === parts.hash);
  if (kind < 0 || setup < 0 || hash < 0 || !parts.ufrag || !parts.pwd) {
    throw new Error(`cannot pack this description (${parts.kind}, ${parts.setup}, ${parts.hash})`);
  }
  out.push((VERSION << 4) | (kind << 3) | setup);
  packIce(out, parts.ufrag);
  packIce(out, parts.pwd);
  const digest = parts.fingerprint.split(":").map((h) => parseInt(h, 16));
  if (digest.length !== HASHES[hash][1] || digest.some((b) => !(b >= 0 && b <= 255))) {
    throw new Error("cannot pack this fingerprint");
  }
  out.push(hash, ...digest);
  for (const c of parts.candidates) packCandidate(out, c);
  return base64url(Uint8Array.from(out));
}

function packIce(out, text) {
  const values = Array.from(text, (ch) => ICE_CHARS.indexOf(ch));
  if (values.length > 255 || values.some((v) => v < 0)) throw new Error("not an ICE credential");
  out.push(values.length);
  let bits = 0;
  let count = 0;
  for (const v of values) {
    bits = (bits << 6) | v;
    count += 6;
    while (count >= 8) {
      count -= 8;
      out.push((bits >> count) & 0xff);
    }
    bits &= (1 << count) - 1;
  }
  if (count > 0) out.push((bits << (8 - count)) & 0xff);
}

function packCandidate(out, c) {
  const type = TYPES.indexOf(c.type);
  const v4 = c.address.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  const uuid = c.address.match(UUID);
  if (v4) {
    out.push((type << 4) | 0, ...v4.slice(1).map(Number));
  } else if (c.address.includes(":")) {
    const bytes = ipv6Bytes(c.address);
    if (!bytes) return;
    out.push((type << 4) | 1, ...bytes);
  } else if (uuid) {
    out.push((type << 4) | 2, ...hexBytes(uuid.slice(1).join("")));
  } else {
    const name = Array.from(c.address, (ch) => ch.charCodeAt(0));
    if (name.length === 0 || name.length > 255 || name.some((b) => b < 33 || b > 126)) return;
    out.push((type << 4) | 3, name.length, ...name);
  }
  out.push(c.port >> 8, c.port & 0xff);
}

/** The parts of a pairing code, checked: a kind other than `kind` (an answer given as an offer) is malformed. */
export function unpack(code, kind) {
  if (typeof code !== "string") throw malformed("not text");
  const text = code.trim();
  if (!text || text.length > MAX_CODE || !/^[A-Za-z0-9_-]+$/.test(text)) throw malformed("not base64url");
  const bytes = fromBase64url(text);
  let at = 0;
  const take = (n) => {
    if (at + n > bytes.length) throw malformed("cut short");
    const slice = bytes.subarray(at, at + n);
    at += n;
    return slice;
  };
  const head = take(1)[0];
  if (head >> 4 !== VERSION) throw malformed(`version ${head >> 4}`);
  if (KINDS[(head >> 3) & 1] !== kind) throw malformed(`not an ${kind}`);
  const setup = SETUPS[head & 3];
  if (!setup || (head & 4) !== 0) throw malformed("DTLS role");
  const ufrag = unpackIce(take);
  const pwd = unpackIce(take);
  const hashIndex = take(1)[0];
  if (!HASHES[hashIndex]) throw malformed("fingerprint");
  const [hash, size] = HASHES[hashIndex];
  const fingerprint = Array.from(take(size), (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
  const candidates = [];
  while (at < bytes.length) {
    const tag = take(1)[0];
    const type = TYPES[tag >> 4];
    const form = tag & 15;
    let address;
    if (!type) throw malformed("candidate type");
    if (form === 0) address = Array.from(take(4)).join(".");
    else if (form === 1) address = ipv6Text(take(16));
    else if (form === 2) address = uuidName(take(16));
    else if (form === 3) address = String.fromCharCode(...take(take(1)[0]));
    else throw malformed("candidate address");
    if (form === 3 && !/^[!-~]+$/.test(address)) throw malformed("candidate name");
    const [hi, lo] = take(2);
    const port = (hi << 8) | lo;
    if (port === 0) throw malformed("candidate port");
    candidates.push({ type, address, port });
  }
  if (candidates.length > MAX_CANDIDATES) throw malformed("too many candidates");
  return { kind, setup, ufrag, pwd, hash, fingerprint, candidates };
}

function unpackIce(take) {
  const length = take(1)[0];
  if (length === 0) throw malformed("empty ICE credential");
  const bytes = take(Math.ceil((length * 6) / 8));
  let bits = 0;
  let count = 0;
  let text = "";
  for (const b of bytes) {
    bits = (bits << 8) | b;
    count += 8;
    while (count >= 6 && text.length < length) {
      count -= 6;
      text += ICE_CHARS[(bits >> count) & 63];
    }
    bits &= (1 << count) - 1;
  }
  return text;
}

// -- addresses and base64url -------------------------------------------------------------------

function hexBytes(hex) {
  return Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

function ipv6Bytes(text) {
  const address = text.replace(/^\[|\]$/g, "").split("%")[0];
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part) => (part ? part.split(":") : []);
  let head = groups(halves[0]);
  let tail = halves.length === 2 ? groups(halves[1]) : [];
  const v4 = (tail.length ? tail : head).at(-1)?.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    const words = [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    if (tail.length) tail = [...tail.slice(0, -1), ...words];
    else head = [...head.slice(0, -1), ...words];
  }
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const words = [...head, ...Array(missing).fill("0"), ...tail];
  if (!words.every((w) => /^[0-9a-f]{1,4}$/i.test(w))) return null;
  return words.flatMap((w) => [parseInt(w, 16) >> 8, parseInt(w, 16) & 0xff]);
}

function ipv6Text(bytes) {
  const words = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i] << 8) | bytes[2 * i + 1]).toString(16));
  return words.join(":");
}

function uuidName(bytes) {
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}.local`;
}

function base64url(bytes) {
  return btoa(String.fromCharCode(...bytes))
    .replace(/[+/]/g, (ch) => URL_SAFE[ch])
    .replace(/=+$/, "");
}

function fromBase64url(text) {
  if (text.length % 4 === 1) throw malformed("length");
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (ch) => ch.charCodeAt(0));
}
