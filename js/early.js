// Boards drawn before Python starts: an embedded board from its marker's attributes (js/embed.js), so a reader sees
// it with the text, at the size the live board will have. Python (py/embed/page.py) draws it again, live, when it is
// ready; until then the controls that need the engine wait, disabled.
//
// Nothing of what a board looks like is spelled here: the tiles (js/tiles.js), the notation's letters and patterns,
// the rule sets and the words come from assets/app/drawing.js, generated from the Python that draws the live boards
// (scripts/build/early.py). tests/site/test_early.py draws every tile both ways and compares.
// The markup is py/embed/render.py's, without the names the engine gives tiles: the marker is aria-busy meanwhile.
// What this reader cannot read (a puzzle, a typo) it leaves to Python, which says exactly what is wrong.

import { NOTATION, TILES, VARIANTS, WORDS } from "../assets/app/drawing.js";
import { Unreadable, fill, placementsOf, tileSvg, tilesOf } from "./tiles.js";

export { tileSvg };

const KEYS = ["variant", "board", "hand", "moves", "mode", "task", "play", "step", "lang", "palette", "label"];
const ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const escape = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

function settings(element) {
  if (element.hasAttribute("data-qwirkle-puzzle")) throw new Unreadable("puzzle");  // its game is replayed by Python
  if (element.hasAttribute("data-from-url")) {
    const query = new URLSearchParams(location.search);
    return Object.fromEntries(KEYS.map((key) => [key, (query.get(key) || "").trim()]));
  }
  return Object.fromEntries(KEYS.map((key) => [key, (element.getAttribute(`data-${key}`) || "").trim()]));
}

/** A marker's settings as py/embed/spec.py reads them; Unreadable for anything it would refuse or compute. */
function readSpec(element) {
  const values = settings(element);
  const name = (values.variant || "classic").toLowerCase();
  const variant = Object.values(VARIANTS).find((v) => v.names.includes(name));
  if (!variant) throw new Unreadable(name);
  const board = placementsOf(values.board, variant);
  if (new Set(board.map((p) => String(p.cell))).size !== board.length) throw new Unreadable("board");
  const moves = values.moves.replace(/\n/g, ";").split(";").map((m) => m.trim()).filter(Boolean)
    .map((m) => placementsOf(m, variant));
  const play = placementsOf(values.play, variant);
  const hand = tilesOf(values.hand, variant);
  const mode = (values.mode || (moves.length ? "replay" : values.task ? "exercise" : "static")).toLowerCase();
  let task = "";
  if (mode === "exercise") {
    task = (values.task || (play.length ? "illegal" : "best")).toLowerCase();
    if (!(task === "best" ? hand.length : task === "illegal" && play.length)) throw new Unreadable("task");
  } else if (mode === "replay" ? !moves.length : mode !== "static") {
    throw new Unreadable("mode");
  }
  const palette = values.palette.toLowerCase();
  return {
    variant, board, hand, moves, mode, task, play, step: (values.step || "0").toLowerCase(),
    lang: values.lang.toLowerCase(), palette: palette in TILES ? palette : "standard", label: values.label,
  };
}

function language(element, spec) {
  const holder = element.closest("[lang]");
  const lang = (spec && spec.lang) || (holder && holder.getAttribute("lang")) || "en";
  return WORDS[lang] ? lang : WORDS[lang.slice(0, 2).toLowerCase()] ? lang.slice(0, 2).toLowerCase() : "en";
}

const button = (action, label, primary) =>
  `<button type="button" class="qw-btn${primary ? " qw-btn--primary" : ""}" data-action="${action}" disabled>` +
  `${escape(label)}</button>`;

/** The view (task, board, hand, controls) and the message of a board as py/embed/render.py draws it at first. */
function markup(spec, words) {
  const die = spec.variant.dice;
  const tile = (code, role = "") => `<span class="qw-tile" data-tile="${code}"${role}>${tileSvg(code, spec.palette, die)}</span>`;
  let step = 0;
  if (spec.mode === "replay") {
    step = ["end", "last"].includes(spec.step) ? spec.moves.length : /^\d+$/.test(spec.step) ? Math.min(Number(spec.step), spec.moves.length) : 0;
  }
  const tiles = new Map(spec.board.map((p) => [String(p.cell), p.code]));
  spec.moves.slice(0, Math.max(step - 1, 0)).flat().forEach((p) => tiles.set(String(p.cell), p.code));
  const overlay = new Map((step ? spec.moves[step - 1] : spec.play).map((p) => [String(p.cell), [p.code, step ? "last" : "proposed"]]));
  const cells = [...spec.board, ...spec.moves.flat(), ...spec.play].map((p) => p.cell);
  if (!cells.length) cells.push([0, 0]);
  const margin = spec.task === "best" ? 1 : 0;  // the best play's cells are the engine's: Python may widen the grid
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  const [minX, minY, maxX, maxY] = [Math.min(...xs) - margin, Math.min(...ys) - margin, Math.max(...xs) + margin, Math.max(...ys) + margin];
  const parts = [];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const name = `${x},${y}`;
      if (tiles.has(name)) parts.push(`<div class="qw-cell" data-cell="${name}">${tile(tiles.get(name))}</div>`);
      else if (overlay.has(name)) {
        const [code, role] = overlay.get(name);
        parts.push(`<div class="qw-cell" data-cell="${name}" data-${role}="">${tile(code)}</div>`);
      } else if (spec.task === "best") {
        parts.push(`<button type="button" class="qw-cell qw-cell--empty" data-cell="${name}" disabled ` +
          `aria-label="${escape(fill(words.cell_empty, { cell: name }))}"></button>`);
      } else parts.push(`<div class="qw-cell qw-cell--empty" data-cell="${name}"></div>`);
    }
  }
  const cols = maxX - minX + 1, rows = maxY - minY + 1;
  let view = spec.task ? `<p class="qw-task">${escape(words[`task_${spec.task}`])}</p>` : "";
  view += `<div class="qw-board" role="group" aria-label="${escape(spec.label || words.board)}" ` +
    `data-cols="${cols}" data-rows="${rows}">${parts.join("")}</div>`;
  if (spec.hand.length) {
    const hand = spec.task === "best"
      ? spec.hand.map((code, i) => `<button type="button" class="qw-rack-tile" data-index="${i}" data-tile="${code}" ` +
        `aria-pressed="false" disabled>${tileSvg(code, spec.palette, die)}</button>`)
      : spec.hand.map((code) => tile(code));
    view += `<div class="qw-hand"><span class="qw-hand__label" aria-hidden="true">${escape(words.hand)}</span>` +
      `<div class="qw-rack" data-rack="" role="group" aria-label="${escape(words.hand)}">${hand.join("")}</div></div>`;
  }
  let message = "";
  if (spec.mode === "replay") {
    const counter = step ? fill(words.step_of, { i: step, n: spec.moves.length }) : words.step_start;
    view += `<div class="qw-controls qw-controls--replay">${button("previous", words.previous)}` +
      `${button("next", words.next, true)}<span class="qw-counter">${escape(counter)}</span></div>`;
    message = step ? "" : escape(`${words.step_start}. ${words.step_intro}`);
  } else if (spec.task === "best") {
    view += `<div class="qw-controls">${button("check", words.check, true)}${button("take-back", words.take_back)}` +
      `${button("answer", words.answer)}</div>`;
  } else if (spec.task === "illegal") {
    const choices = ["choice", "place", "line", ...(spec.variant.diagonals ? ["diagonal"] : [])];
    view += `<ul class="qw-choices">${choices.map((c) => `<li><button type="button" class="qw-choice" data-choice="${c}" ` +
      `disabled>${escape(words[`choice_${c}`])}</button></li>`).join("")}</ul>` +
      `<div class="qw-controls">${button("answer", words.answer)}</div>`;
  }
  return { view, message, cols, rows };
}

/** Draw a marker before Python does (or say it is loading, in its language, when only the engine can draw it).
 * A marker Python has drawn (data-state "ready" or "error") is left alone. */
export function drawEarly(element, loading) {
  const state = element.getAttribute("data-state");
  if (state === "ready" || state === "error") return;
  let spec = null;
  try {
    spec = readSpec(element);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
  }
  const lang = language(element, spec);
  element.setAttribute("aria-busy", "true");
  if (!spec) {
    element.setAttribute("data-state", "loading");
    const note = document.createElement("p");
    note.className = "qw-loading";
    note.textContent = loading(lang);
    element.replaceChildren(note);
    return;
  }
  const drawn = markup(spec, WORDS[lang]);
  element.classList.add("qw-embed");
  element.setAttribute("data-state", "early");
  element.setAttribute("data-mode", spec.mode);
  if (spec.task) element.setAttribute("data-task", spec.task);
  if (spec.lang) element.setAttribute("lang", lang);
  element.innerHTML = `<div class="qw-view">${drawn.view}</div><p class="qw-message" aria-live="polite">${drawn.message}</p>`;
  const board = element.querySelector(".qw-board");
  board.style.setProperty("--qw-cols", String(drawn.cols));
  board.style.setProperty("--qw-rows", String(drawn.rows));
}
