// The live table's wire (issue 49): WebRTC data channels between the table and the phones, with no server, and the
// camera that reads the phones' answer codes. Sets `window.qwirkleLive`, which Python reaches through pyscript's `js`
// (the protocol and the table's authority are Python: py/app/live/). Needs nothing of Python: a phone can build its
// answer while the runtime still starts.
//
//   qwirkleLive.support()                      {ok, reason}: reason "no-rtc" where the browser has no RTCPeerConnection
//   qwirkleLive.hostSeat({iceServers})          a Link on the table for one phone seat (a new one for every rejoin);
//                                               without RTCPeerConnection it throws (.code "no-rtc"), as joinSeat does
//     await link.offer()                        the offer code (non-trickle: ICE gathering done, or GATHER_MS passed)
//     await link.accept(answerCode)             applies the phone's answer at once (Firefox drops a late one)
//   qwirkleLive.joinSeat(offerCode, {iceServers})  a Link on the phone (throws .code "malformed" for a bad code)
//     await link.answer()                       the answer code, built when called
//   qwirkleLive.takeJoin(offerCode)             on a phone that opened a join link: {link, answer, code, hello}
//                                               (answer: a promise of the code, code: the code once shown, else null,
//                                               hello: whether the hello was said on it), the link js/live-answer.js
//                                               made for that offer and answered while Python started; once; null
//                                               when there is none
//   link.send(text), link.close(), link.state ("new" | "connecting" | "open" | "closed" | "failed"),
//   link.on(event, fn): "open", "message" (fn(text)), "close" (the other side closed, or the channel broke),
//   "failed" (the connection failed, or on the table did not open within OPEN_MS of accept()), "held" (fn(text): a
//   text that came while nobody listened to "message", kept for the first who does: js/live-answer.js looks at it)
//   qwirkleLive.requestCamera()                 {ok, reason}: asks for the camera early (js/live-scan.js)
//   qwirkleLive.scan(video, onCode)             {stop(), ready}: reads QR codes from the camera (js/live-scan.js)
//
// One ordered, reliable data channel per link, negotiated (the same id on both sides, no in-band set-up). A text
// over MAX_BYTES is never sent: send() throws (.code "too-big"), as it does on a link that is not open
// (.code "not-open"). Codes: js/live-code.js. Errors carry a `.code`: "malformed" for a code that is not a pairing
// code of the expected kind, "state" for a step out of turn.

import { answerEarly } from "./live-answer.js";
import { describe, essentials, malformed, pack, unpack } from "./live-code.js";

// Gathering took 126-232 ms on the table here (docs/research/live.md); a STUN server that does not answer would hold
// the code for many seconds: the code then holds what was gathered by this bound.
const GATHER_MS = 3000;
// A table's link that has not opened this long after the phone's answer was applied has failed (the browsers' own
// ICE timeout comes after about 30 s): the page says so, and what to try.
const OPEN_MS = 20000;
// Every browser pair carries 16 KiB messages (docs/research/live.md): never more, never split.
const MAX_BYTES = 16384;
const CHANNEL = { negotiated: true, id: 0, ordered: true };
const EVENTS = ["open", "message", "close", "failed", "held"];
const ENCODER = new TextEncoder();

function failure(code, message) {
  const error = new Error(message);
  error.code = code;
  return error;
}

/** The STUN (or TURN) servers of the options: none unless the player set some. Python may pass its dict as it is
 * (a PyProxy, converted here) or converted already. */
function iceServers(options) {
  const python = options && typeof options.toJs === "function";
  const plain = python ? options.toJs({ dict_converter: Object.fromEntries }) : options;
  const servers = (plain && plain.iceServers) || [];
  if (!Array.isArray(servers)) throw new TypeError("iceServers is a list of {urls: ...}");
  return servers;
}

/** One data channel to one peer: the table's end for a phone seat, or the phone's end. */
class Link {
  constructor(options) {
    if (typeof RTCPeerConnection !== "function") throw failure("no-rtc", "this browser has no WebRTC");
    this.state = "new";
    this._handlers = Object.fromEntries(EVENTS.map((name) => [name, []]));
    this._early = []; // texts received before anyone listened
    this._timer = null;
    this._pc = new RTCPeerConnection({ iceServers: iceServers(options) });
    this._channel = this._pc.createDataChannel("qwirkle", CHANNEL);
    // The channel may open before the promise of the step that let it open has resolved here (a busy page: the
    // other side is quick on loopback), so "open" comes from "new" too.
    this._channel.onopen = () => {
      if (this.state !== "new" && this.state !== "connecting") return;
      clearTimeout(this._timer);
      this.state = "open";
      this._emit("open");
    };
    this._channel.onmessage = (event) => {
      if (typeof event.data !== "string") return; // the protocol is text only
      if (this._handlers.message.length) {
        this._emit("message", event.data);
      } else {
        this._early.push(event.data);
        this._emit("held", event.data);
      }
    };
    this._channel.onclose = () => this._end("closed");
    this._pc.onconnectionstatechange = () => {
      if (this._pc.connectionState === "failed") this._end("failed");
    };
  }

  /** Listen to "open", "message" (fn(text)), "close" or "failed"; returns the link. */
  on(event, fn) {
    if (!EVENTS.includes(event)) throw new Error(`no event ${event}: ${EVENTS.join(", ")}`);
    this._handlers[event].push(fn);
    if (event === "message") this._early.splice(0).forEach((text) => this._emit("message", text));
    return this;
  }

  /** Send one text (at most MAX_BYTES in UTF-8) on the open channel. */
  send(text) {
    if (typeof text !== "string") throw new TypeError("a link sends text");
    if (ENCODER.encode(text).length > MAX_BYTES) {
      throw failure("too-big", `a message is at most ${MAX_BYTES} bytes`);
    }
    if (this.state !== "open") throw failure("not-open", `the link is ${this.state}`);
    this._channel.send(text);
  }

  /** Close the channel and the connection; the other side's link fires "close". Fires nothing here. */
  close() {
    if (this.state === "closed" || this.state === "failed") return;
    this.state = "closed";
    clearTimeout(this._timer);
    const channel = this._channel;
    const pc = this._pc;
    // The channel's own closing handshake first, so that the other side hears of it at once; then the connection.
    const done = () => pc.close();
    if (channel.readyState === "open") {
      channel.addEventListener("close", done, { once: true });
      channel.close();
      setTimeout(done, 1000);
    } else {
      done();
    }
  }

  async _describeLocal(kind) {
    const pc = this._pc;
    await pc.setLocalDescription();
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, GATHER_MS);
      const check = () => {
        if (pc.iceGatheringState === "complete") {
          clearTimeout(timer);
          pc.removeEventListener("icegatheringstatechange", check);
          resolve();
        }
      };
      pc.addEventListener("icegatheringstatechange", check);
      check();
    });
    return pack(essentials(pc.localDescription.sdp, kind));
  }

  async _describeRemote(parts) {
    try {
      await this._pc.setRemoteDescription({ type: parts.kind, sdp: describe(parts) });
    } catch (error) {
      throw malformed(error.message);
    }
  }

  /** Waiting for the channel to open: at most OPEN_MS on the table, which has applied the answer; on the phone
   * until the browser gives up, since the table applies the answer only once a person has scanned it (a phone's
   * link opened after a 45 s wait, docs/research/live.md). */
  _connecting(limit) {
    if (this.state !== "new") return; // already open
    this.state = "connecting";
    if (limit === null) return;
    this._timer = setTimeout(() => {
      if (this.state === "connecting") this._end("failed");
    }, limit);
  }

  _step(expected, what) {
    if (this._busy || this.state !== "new" || this._pc.signalingState !== expected) {
      throw failure("state", `${what} now: the link is ${this.state}`);
    }
  }

  _end(state) {
    if (this.state === "closed" || this.state === "failed") return;
    clearTimeout(this._timer);
    this.state = state;
    this._pc.close();
    this._emit(state === "failed" ? "failed" : "close");
  }

  _emit(event, ...args) {
    for (const fn of this._handlers[event]) {
      try {
        fn(...args);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }
}

/** The table's end of a phone seat's link. */
class HostLink extends Link {
  /** The offer code, once ICE gathering is done (or GATHER_MS passed). */
  async offer() {
    this._step("stable", "cannot offer");
    this._busy = true;
    try {
      return await this._describeLocal("offer");
    } finally {
      this._busy = false;
    }
  }

  /** Apply the phone's answer code; rejects with .code "malformed" for a code that is not an answer. */
  async accept(answerCode) {
    const parts = unpack(answerCode, "answer");
    this._step("have-local-offer", "cannot accept an answer");
    this._busy = true;
    try {
      await this._describeRemote(parts);
      this._connecting(OPEN_MS);
    } finally {
      this._busy = false;
    }
  }
}

/** The phone's end of its seat's link. */
class PhoneLink extends Link {
  constructor(offerCode, options) {
    const parts = unpack(offerCode, "offer");
    super(options);
    this._offer = parts;
  }

  /** The answer code: the offer applied, then the answer made and its candidates gathered. */
  async answer() {
    this._step("stable", "cannot answer");
    this._busy = true;
    try {
      await this._describeRemote(this._offer);
      const code = await this._describeLocal("answer");
      this._connecting(null);
      return code;
    } finally {
      this._busy = false;
    }
  }
}

// A join link opened on a phone: its answer is made now, while Python starts (js/live-answer.js), and taken over by
// Python (takeJoin).
let early = answerEarly(location.search, (offer) => new PhoneLink(offer, {}));

let scanner = null;
/** js/live-scan.js, loaded when the camera is first wanted. */
function scanning() {
  scanner = scanner || import("./live-scan.js");
  return scanner;
}

window.qwirkleLive = {
  support() {
    return typeof RTCPeerConnection === "function" ? { ok: true, reason: null } : { ok: false, reason: "no-rtc" };
  },
  hostSeat(options) {
    return new HostLink(options);
  },
  joinSeat(offerCode, options) {
    return new PhoneLink(offerCode, options);
  },
  takeJoin(offerCode) {
    const made = early;
    early = null;
    if (made) made.taken = true;  // Python's from now: js/live-answer.js says and draws nothing more
    if (made && made.offer === offerCode) return made;
    if (made) made.link.close();
    return null;
  },
  async requestCamera() {
    return (await scanning()).requestCamera();
  },
  scan(video, onCode) {
    let inner = null;
    let stopped = false;
    const ready = scanning().then((module) => {
      if (stopped) return;
      inner = module.scan(video, onCode);
      return inner.ready;
    });
    return {
      ready,
      stop() {
        stopped = true;
        if (inner) inner.stop();
      },
    };
  },
};
