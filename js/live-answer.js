// A phone that opens a live table's join link (?join=SEAT.TOKEN.OFFER, py/app/phones/join_code.py) makes its answer
// here, while Python starts: the WebRTC side needs no Python, so the pairing overlaps the runtime's start-up. The
// answer is shown the moment it exists (the phone's #join screen, its code in [data-live-answer] and its QR code), so
// the table can apply it at once (Firefox drops an answer more than about 5 s late). js/live.js runs it as it loads
// (its imports, the facts and the words, are js/loading.js's already; the QR drawing is loaded once the code is
// shown); Python takes the link over (qwirkleLive.takeJoin, py/app/phones/phone_seat.py): the channel may open
// before it does, and what arrives meanwhile waits in the link, in order.
//
// A first join (this phone kept no seat with this token) also says its hello the moment the channel opens, if Python
// has not taken the link yet: the table's first state is then waiting in the link when Python starts, and the game
// screen is drawn from it before Python runs (js/phone-early.js, loaded with the page), marked data-early; Python then draws
// its own in one task, live. Nothing of the state is kept here: the texts wait in the link for Python. A rejoin's
// hello names the last state the phone saw: Python's.
//
// Left to Python, as before: a link this phone answered already (a reload of it: the table has made a new code since),
// an address that is not a join link, and a phone whose player set STUN servers (their reading is Python's,
// app.web.live_support).

import { LIVE, SETTINGS } from "../assets/app/facts.js";
import { WORDS } from "../assets/app/words.js";

const PART = new RegExp(LIVE.part);

/** {seat, token, offer} of the join link in an address's query, null when there is none (as read_join reads it). */
export function readJoin(search) {
  for (const part of search.replace(/^\?/, "").split("&")) {
    const [key, ...rest] = part.split("=");
    if (key !== LIVE.join) continue;
    const [seat, token, ...offer] = rest.join("=").split(".");
    const code = offer.join(".");
    const ok = /^\d+$/.test(seat) && Number(seat) < LIVE.seats && PART.test(token || "") && PART.test(code);
    return ok ? { seat: Number(seat), token, offer: code } : null;
  }
  return null;
}

function stored(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "null");
  } catch (error) {
    return null; // unreadable: Python moves it aside and reports it
  }
}

/** Whether this phone kept ``join``'s seat (``kept``: what it stored, a rejoin): Python says its hello, with the last
 * state it saw. */
function rejoining(join, kept) {
  const phone = kept && typeof kept === "object" ? kept.phone : null;
  return Boolean(phone && phone.seat === join.seat && phone.token === join.token);
}

/** Whether Python, not this module, makes the answer for ``join`` (``kept``: what this phone stored). */
function leftToPython(join, kept) {
  const settings = stored(SETTINGS);
  const stun = settings && typeof settings === "object" ? settings[LIVE.stun] : "";
  return (kept && kept.offer === join.offer) || Boolean(stun && String(stun).trim());
}

/** The #join screen with the answer: its words in the page's language (js/loading.js chose it), the code, the QR
 * code. The Copy button waits for Python, which copies. */
function show(code) {
  const words = WORDS[document.documentElement.lang] || WORDS.en;
  const box = document.getElementById("join");
  for (const node of box.querySelectorAll("[data-i18n]")) {
    const text = words[node.getAttribute("data-i18n")];
    if (text !== undefined) node.textContent = text;
  }
  for (const node of box.querySelectorAll("[data-i18n-label]")) {
    const text = words[node.getAttribute("data-i18n-label")];
    if (text !== undefined) node.setAttribute("aria-label", text);
  }
  const holder = document.getElementById("join-code");
  const text = document.createElement("code");
  text.className = "join__code";
  text.setAttribute("data-live-answer", "");
  text.textContent = code;
  holder.replaceChildren(text);
  document.getElementById("join-copy").hidden = true;
  document.getElementById("join-status").textContent = "";
  document.getElementById("join-answer").hidden = false;
  // the answer takes the loading box's place (Python's start needs nothing of the player now): shown beside it, the
  // box, centred, would jump up on a phone slow enough to paint it first
  document.getElementById("loader").hidden = true;
  box.hidden = false;
  const qr = document.getElementById("join-qr");
  import("./qr.js")
    .then((module) => module.drawQr(qr, code))
    .catch(() => {
      qr.hidden = true; // the code to type still works
    });
}

/** Until Python takes the link (``made.taken``): the hello once the channel opens, and the game screen drawn from the
 * states that come (js/phone-early.js). */
function greet(made, join) {
  const states = [];
  // loaded now, before the runtime's start takes the main thread in long tasks: ready when the first state comes
  const early = import("./phone-early.js");
  early.catch(() => {}); // not loaded: Python draws the game
  made.link.on("open", () => {
    if (made.taken) return;
    made.link.send(JSON.stringify({ ...LIVE.hello, seat: join.seat, token: join.token }));
    made.hello = true;
  });
  made.link.on("held", (text) => {
    let kind = null;
    try {
      kind = JSON.parse(text).kind;
    } catch (error) {
      return; // Python reports it
    }
    if (made.taken || kind !== "state") return;
    states.push(text);
    early.then((module) => {
      if (!made.taken) module.drawState(states, join.seat);
    }, () => {}); // not drawn: Python draws the game
  });
}

/** For a join link in this page's address: the phone's link (``join(offer)`` makes it, js/live.js's PhoneLink), its
 * answer made and shown; {offer, link, answer (a promise of the code), code (the code once shown, else null), hello
 * (whether the hello was said), taken (Python took the link)}. Null when Python makes it. */
export function answerEarly(search, join) {
  try {
    const wanted = readJoin(search);
    if (!wanted) return null;
    const kept = stored(LIVE.phone);
    if (leftToPython(wanted, kept)) return null;
    const link = join(wanted.offer);
    const answer = link.answer();
    const made = { offer: wanted.offer, link, answer, code: null, hello: false, taken: false };
    if (!rejoining(wanted, kept)) greet(made, wanted);
    answer.then(
      (code) => {
        made.code = code;
        show(code);
      },
      () => {}, // a code the browser cannot apply: Python says so when it takes the link
    );
    return made;
  } catch (error) {
    return null; // not an offer code, no WebRTC, no storage: Python makes the link, or says why not
  }
}
