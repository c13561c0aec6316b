// A returning player's game drawn before Python starts, from the glance of it that Python kept on the last visit
// (py/app/regions/glance.py, the localStorage key GAME_KEYS.glance): the board as a resume fits it, the scores, whose
// turn, the bag, and the rack of the player to move only when the glance holds it (never at a hand-over: its card
// instead). Drawn into the game screen's own elements with the classes the live regions give them (py/app/regions/),
// so nothing moves when Python takes over; each node drawn here is marked data-early, and Python removes them and
// draws its own in one task (app.web.shell.take_over_early). Tiles come from js/tiles.js (the live drawing,
// generated). Until then the screen takes no input (inert, aria-busy, a waiting cursor) and says so: "Starting
// Python…" over the board, marked when a tap or a key was not taken. A first visit, an address with a link, a finished game, or a glance
// that is not the saved current game's (or cannot be read) draws nothing: the loading bar stays.
//
// drawGlance(glance) is the drawing itself: a phone at a live table draws its first state with it too, from a glance
// js/phone-early.js makes of that state (its rack disabled while another seat plays).

import { BOARD, GAME_KEYS } from "../assets/app/facts.js";
import { tileSvg } from "./tiles.js";

const CELL = BOARD.cell;  // a cell's size at zoom 1 (app.regions.viewport.CELL)

function readGlance() {
  if (location.search || location.hash) return null;  // a link opens its own game
  const id = localStorage.getItem(GAME_KEYS.current);
  const glance = JSON.parse(localStorage.getItem(GAME_KEYS.glance) || "null");
  const save = JSON.parse(localStorage.getItem(GAME_KEYS.save + id) || "null");
  if (!glance || !save || glance.id !== id || save.id !== id || save.over || glance.revision !== save.revision) return null;
  return glance;
}

function node(tag, className, text) {
  const element = document.createElement(tag);
  element.className = className;
  element.setAttribute("data-early", "");
  if (text !== undefined) element.textContent = String(text);
  return element;
}

const byId = (id) => document.getElementById(id);

function drawBoard(glance) {
  const world = byId("board-world");
  const taken = new Set();
  const cells = [];
  for (const [code, x, y, last] of glance.board) {
    const cell = node("div", `cell cell--tile${last ? " cell--last" : ""}`);
    cell.innerHTML = tileSvg(code, glance.palette, glance.dice);  // a tile's notation, else Unreadable
    cell.setAttribute("data-tile", code);
    if (last) cell.setAttribute("data-last", "");
    cell.setAttribute("role", "img");
    cells.push([cell, Number(x), Number(y)]);
    taken.add(`${x},${y}`);
  }
  const around = new Set();
  for (const [, x, y] of cells) for (const [i, j] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) around.add(`${x + i},${y + j}`);
  if (!cells.length) around.add("0,0");
  for (const name of around) {
    if (taken.has(name)) continue;
    const [x, y] = name.split(",").map(Number);
    const cell = node("div", "cell cell--empty");
    cell.setAttribute("role", "button");
    cells.push([cell, x, y]);
  }
  for (const [cell, x, y] of cells) {
    if (!Number.isInteger(x) || !Number.isInteger(y)) throw new Error("cell");
    cell.setAttribute("data-cell", `${x},${y}`);
    cell.style.left = `${x * CELL}px`;
    cell.style.top = `${y * CELL}px`;
    world.appendChild(cell);
  }
  // What a resume fits in the board, fitted as app.regions.viewport.Viewport.fit does (its span and focus in world
  // pixels, the least and the most zoom: BoardRegion.resumed_fit), in the box the board has now.
  const [left, right, top, bottom, focusX, focusY, least, most] = glance.fit;
  const box = byId("board").getBoundingClientRect();
  const zoom = Math.max(least, Math.min(box.width / Math.max(right - left, 1), box.height / Math.max(bottom - top, 1), most));
  const offset = (low, high, focus, free) => ((high - low) * zoom <= free + 1e-9 || focus === null
    ? free / 2 - ((low + high) / 2) * zoom : Math.min(Math.max(free / 2 - focus * zoom, free - high * zoom), -low * zoom));
  const view = [offset(left, right, focusX, box.width), offset(top, bottom, focusY, box.height), zoom];
  if (!view.every(Number.isFinite)) throw new Error("view");
  world.style.transform = `translate(${view[0].toFixed(1)}px, ${view[1].toFixed(1)}px) scale(${view[2].toFixed(4)})`;
}

function drawHud(glance) {
  const [kind, who, todo] = glance.status;
  const status = byId("status");
  status.setAttribute("data-status", kind);
  status.toggleAttribute("data-thinking", Boolean(glance.thinking));
  byId("status-who").textContent = who;
  byId("status-todo").textContent = todo;
  byId("bag").textContent = glance.bag;
  glance.scores.forEach(([name, level, score, turn], seat) => {
    const row = node("li", `score${turn ? " score--turn" : ""}`);
    if (turn) row.setAttribute("aria-current", "true");
    row.setAttribute("data-seat", seat);
    row.append(node("span", "score__name", name));
    if (level) row.append(node("span", "score__level", level));
    const value = node("span", "score__value", score);
    value.setAttribute("data-score", seat);
    row.append(value);
    byId("scores").append(row);
  });
}

function miniTile(code, glance) {
  const tile = node("span", "mini-tile");
  tile.setAttribute("role", "img");
  tile.innerHTML = tileSvg(code, glance.palette, glance.dice);
  return tile;
}

/** A text split around its rule ids (text, rule, text...) as app.web.rich_text draws it: each rule id a button. */
function richText(element, pieces) {
  pieces.forEach((piece, index) => {
    if (index % 2) {
      const rule = node("button", "rule-ref", piece);
      rule.type = "button";
      rule.setAttribute("data-rule", piece);
      element.append(rule);
    } else if (piece) {
      element.append(piece);
    }
  });
  return element;
}

/** Who started and why, and the newest turns of the log, as py/app/regions/side.py draws them. */
function drawSide(glance) {
  richText(byId("opening"), glance.opening);
  glance.log.forEach(([seat, name, tiles, points, qwirkle, text, details], index) => {
    const item = node("li", `log__entry${index ? "" : " log__entry--last"}`);
    item.setAttribute("data-seat", seat);
    if (tiles.length) {
      item.append(node("span", "visually-hidden", text));
      const shown = node("span", "log__play");
      shown.setAttribute("aria-hidden", "true");
      const pictures = node("span", "log__tiles");
      pictures.append(...tiles.map((code) => miniTile(code, glance)));
      shown.append(node("span", "log__name", name), pictures, node("span", "log__points", points));
      if (qwirkle) shown.append(node("span", "log__qwirkle", qwirkle));
      item.append(shown);
    } else {
      item.append(node("span", "", text));
    }
    if (details.length) {
      const list = node("ul", "log__details");
      list.append(...details.map((line) => richText(node("li", ""), line)));
      item.append(list);
    }
    byId("log").append(item);
  });
}

/** What the opening asks, above the rack, as py/app/regions/preview.py draws it (when the glance holds it). */
function drawPreview(glance) {
  if (!glance.preview || !glance.preview.length) return;
  const box = byId("preview");
  box.append(richText(node("p", "preview__points"), glance.preview));
  box.hidden = false;
}

function drawDock(glance) {
  const texts = glance.texts;
  for (const element of byId("game").querySelectorAll("[data-i18n], [data-i18n-label], [data-i18n-title]")) {
    const [text, label, title] = ["data-i18n", "data-i18n-label", "data-i18n-title"].map((a) => texts[element.getAttribute(a)]);
    if (typeof text === "string") element.textContent = text;
    if (typeof label === "string") element.setAttribute("aria-label", label);
    if (typeof title === "string") element.setAttribute("title", title);
  }
  for (const button of byId("actions").querySelectorAll("button")) {
    button.hidden = !glance.actions.includes(button.getAttribute("data-action"));
    button.setAttribute("aria-disabled", "true");  // Python sets each button's own state when it takes over
  }
  if (glance.handover) {
    byId("privacy-title").textContent = glance.handover[0];
    byId("reveal").textContent = glance.handover[1];
    byId("privacy").hidden = false;
  } else if (glance.rack) {
    const rack = byId("rack");
    rack.setAttribute("aria-label", glance.rack_label);
    for (const [code, fresh, stuck] of glance.rack) {
      const tile = node("button", `rack-tile${fresh ? " rack-tile--new" : ""}${stuck ? " rack-tile--stuck" : ""}`);
      tile.type = "button";
      tile.setAttribute("data-tile", code);
      tile.setAttribute("aria-pressed", "false");
      tile.innerHTML = tileSvg(code, glance.palette, glance.dice);
      if (glance.rack_disabled) tile.disabled = true;  // not this player's turn: the rack is shown, not played
      rack.append(tile);
    }
    byId("sort").hidden = glance.rack.length < 2 || Boolean(glance.rack_disabled);
  }
}

/** The note says what a resume says; a chip over the board says why nothing happens yet: a tap or a key before
 * Python is ready is not taken, and the chip says so again, marked. Over the board, it moves nothing. */
function refuseInput(glance) {
  const note = byId("note");
  note.className = "note note--info";
  note.textContent = glance.note;
  const chip = node("p", "early-busy", glance.busy);
  chip.setAttribute("role", "status");
  byId("board").append(chip);
  const refuse = () => {
    const shown = byId("board").querySelector(".early-busy");
    if (!document.documentElement.hasAttribute("data-early") || !shown) return;
    shown.classList.add("early-busy--refused");
  };
  if (listening) return;
  listening = true;
  addEventListener("pointerdown", refuse, true);
  addEventListener("keydown", refuse, true);
}

let listening = false;  // the refusal listens once, however often the screen is drawn before Python

/** Take away what was drawn before Python: the nodes marked data-early, the screen's input refused. */
export function eraseEarly() {
  for (const drawn of byId("game").querySelectorAll("[data-early]")) drawn.remove();
  document.documentElement.removeAttribute("data-early");
  byId("game").inert = false;
  byId("game").removeAttribute("aria-busy");
  byId("privacy").hidden = true;
  byId("preview").hidden = true;
}

/** Draw ``glance`` into the game screen, marked data-early, the screen taking no input; true when drawn. A glance
 * this script cannot draw leaves the screen as it was (the loading bar, the phone's answer) and returns false. */
export function drawGlance(glance) {
  const root = document.documentElement;
  const game = byId("game");
  const screens = [byId("loader"), byId("join")].map((screen) => [screen, screen.hidden]);
  try {
    root.lang = glance.lang;
    root.setAttribute("data-palette", glance.palette);
    root.setAttribute("data-early", "");
    game.inert = true;
    game.setAttribute("aria-busy", "true");
    for (const [screen] of screens) screen.hidden = true;
    game.hidden = false;
    drawHud(glance);
    drawDock(glance);
    drawPreview(glance);
    drawSide(glance);
    refuseInput(glance);
    drawBoard(glance);  // last: the board's box is the one the rest leaves it
    return true;
  } catch (error) {  // a glance this script cannot draw: the screen as it was (the loading bar of a first visit)
    eraseEarly();
    game.hidden = true;
    for (const [screen, hidden] of screens) screen.hidden = hidden;
    return false;
  }
}

function drawEarly() {
  let glance = null;
  try {
    glance = readGlance();
  } catch (error) {
    glance = null;  // an unreadable glance or save: Python reads the save and says what is wrong
  }
  if (glance) drawGlance(glance);
}

drawEarly();
