// A phone at a live table draws the table's first state before its Python starts: the board, its own rack, the
// scores, whose turn and the bag, as the game on the phone then shows them (py/app/phones/phone_seat.py), drawn by
// js/early-game.js's drawGlance from a glance made here of the state (py/app/regions/glance.py makes one of a saved
// game in Python). js/live-answer.js loads this module once the phone has said hello, and calls drawState with the
// texts of the states that arrived while Python was not running; Python takes the screen over as it does a returning
// game's (app.web.shell.take_over_early), and the link with those texts.
//
// Only what the state says and the catalogs word is drawn; the rest is left to Python, which draws nothing early
// then: an unreadable state, a finished game, a seat kind or a name this script cannot word as Python would (a
// default name follows the page's language), a tile the state's rule set does not take. On this phone's own turn,
// which tiles fit nowhere and what the opening asks are the engine's to say: the table's engine says them in the
// state that answers the hello (``yours``, app.live.view.yours); without it, or when no tile fits anywhere (Python
// then says what the player may do instead), Python draws the turn. Only the receiver's rack is drawn (in Cubes every
// hand is open, Q1: still only its own); nothing of the state is kept.

import { BOARD, LIVE, RULE_ID, SETTINGS } from "../assets/app/facts.js";
import { VARIANTS } from "../assets/app/drawing.js";
import { PHONE_WORDS } from "../assets/app/phone-words.js";
import { drawGlance, eraseEarly } from "./early-game.js";
import { Unreadable, fill, placementsOf, tilesOf } from "./tiles.js";

const WAITING = "waiting";  // the status line's kind while another seat plays (app.play.panels.WAITING)
const PLAYING = "play";  // and on this phone's turn (app.play.panels.PLAYING)

function palette() {
  try {
    const settings = JSON.parse(localStorage.getItem(SETTINGS) || "{}") || {};
    return typeof settings.palette === "string" ? settings.palette : "standard";
  } catch (error) {
    return "standard";  // unreadable settings: Python moves them aside, and draws with the standard palette
  }
}

/** What a fit shows of a game without a last move (app.regions.board.BoardRegion._shown, viewport.fit_span): the
 * tiles and the cells around them, or the empty board's centre; the least zoom keeps cells tappable on a touch
 * screen. */
function fit(placed) {
  const cells = placed.length ? placed.map(([, x, y]) => [x, y]) : [[-2, -2], [2, 2]];
  const around = placed.length ? cells.flatMap(([x, y]) => [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) : [];
  const xs = [...cells, ...around].map(([x]) => x);
  const ys = [...cells, ...around].map(([, y]) => y);
  const span = (values) => [(Math.min(...values) - BOARD.margin) * BOARD.cell, (Math.max(...values) + 1 + BOARD.margin) * BOARD.cell];
  const least = matchMedia(BOARD.coarse).matches ? BOARD.touch_min_zoom : BOARD.min_zoom;
  return [...span(xs), ...span(ys), null, null, least, BOARD.fit_max_zoom];
}

/** The glance of a state for its receiver, in the page's language; Unreadable when Python must draw it. */
export function glanceOf(state, lang) {
  const words = PHONE_WORDS[lang];
  const variant = VARIANTS[state.variant];
  const seat = state.seat;
  const hands = state.hands;
  if (!words || !variant || state.v !== LIVE.hello.v || state.kind !== "state" || state.over) throw new Unreadable("state");
  if (!Array.isArray(hands) || typeof hands[seat] !== "string" || state.players.length !== hands.length) throw new Unreadable("hands");
  const mine = state.turn === seat;
  const yours = state.yours;  // on this phone's turn: what the table's engine says of it
  if (mine && !(yours && typeof yours.stuck === "string" && (yours.opening === null || Number.isInteger(yours.opening)))) {
    throw new Unreadable("turn");
  }
  const said = (key) => (variant.dice && key in words.dice ? words.dice[key] : words.words[key]);
  const defaults = new Set(Object.values(PHONE_WORDS).flatMap((other) => other.defaults));
  const names = state.players.map(({ name, kind }) => {
    if (defaults.has(name) || (kind !== "human" && !(kind in words.seats))) throw new Unreadable(name);
    return name;
  });
  const name = names[state.turn];
  const placed = placementsOf(state.board, variant).map(({ code, cell: [x, y] }) => [code, x, y, false]);
  const count = state.bag;
  const bag = words.bag[variant.dice ? "dice" : "tiles"][words.bag.one.includes(count) ? 0 : 1];
  const actions = ["play", "recall", "hint", ...(variant.exchange ? ["exchange"] : []), ...(variant.dice ? ["roll"] : []), "undo"];
  const rack = tilesOf(hands[seat], variant);
  const stuck = new Set(mine ? tilesOf(yours.stuck, variant) : []);
  if (mine && rack.every((code) => stuck.has(code))) throw new Unreadable("stuck");  // Python says what to do instead
  const todo = !mine ? "" : yours.opening === null ? said("todo_place") : fill(said("todo_opening"), { size: yours.opening });
  // what the opening asks, above the rack (app.play.panels.preview_lines), split around its rule's id
  const preview = mine && yours.opening !== null ? fill(said("preview_opening"), { size: yours.opening }).split(new RegExp(RULE_ID)) : [];
  return {
    lang,
    palette: palette(),
    dice: variant.dice,
    board: placed,
    fit: fit(placed),
    status: mine ? [PLAYING, fill(said("your_turn"), { name }), todo] : [WAITING, fill(said("to_play"), { name }), ""],
    thinking: false,
    scores: state.players.map(({ kind }, index) => {
      const level = kind === "human" ? "" : words.seats[kind];
      return [names[index], level && !names[index].startsWith(level) ? ` (${level})` : "", state.scores[index], index === state.turn];
    }),
    bag: fill(bag, { n: count }),
    opening: [],
    log: [],
    texts: Object.fromEntries(Object.keys(words.words).map((key) => [key, said(key)])),
    actions,
    note: "",
    preview,
    busy: said("loading_python"),
    rack: rack.map((code) => [code, false, stuck.has(code)]),
    rack_label: fill(said(variant.dice ? "rack_open_label" : "rack_label"), { name: names[seat] }),
    rack_disabled: !mine,  // another seat's turn: the rack is shown, not played
  };
}

/** Draw the newest of ``texts`` (the states received while Python was not running) for ``seat``; true when drawn. */
export function drawState(texts, seat) {
  const root = document.documentElement;
  let glance = null;
  try {
    const state = JSON.parse(texts[texts.length - 1]);
    if (state.seat !== seat) return false;
    glance = glanceOf(state, root.lang);
  } catch (error) {
    return false;  // left to Python, which says what is wrong with a state
  }
  if (root.hasAttribute("data-early")) eraseEarly();  // a newer state than the one drawn
  if (!drawGlance(glance)) return false;
  root.setAttribute("data-live", "connected");
  root.setAttribute("data-seat", String(seat));
  return true;
}
