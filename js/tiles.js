// A tile's picture before Python starts, as ui.tiles_svg.tile_svg draws it live, and the notation's tiles and
// placements read: for the embedded boards (js/early.js), a returning player's game (js/early-game.js) and a phone's
// first state at a live table (js/phone-early.js). Nothing of it is spelled here: the faces, colours, shapes and the
// notation come from assets/app/drawing.js, generated from py/ (scripts/build/early.py); tests/site/test_early.py
// draws every tile both ways and compares.

import { DOTS, NOTATION, SHAPES, TILES } from "../assets/app/drawing.js";

export const TILE = new RegExp(NOTATION.tile);
const CELL = new RegExp(NOTATION.cell);
export const fill = (text, values) => text.replace(/\{(\w+)\}/g, (slot, key) => (key in values ? values[key] : slot));

/** What the early drawing cannot read: Python says exactly what is wrong once it runs. */
export class Unreadable extends Error {}

/** The SVG markup of a tile (its notation, e.g. "Rd" or "Bsk"), as ui.tiles_svg.tile_svg draws it. */
export function tileSvg(code, palette = "standard", die = false, cls = "tile-svg") {
  const match = TILE.exec(code);
  if (!match || (die && match[3])) throw new Unreadable(code);
  const pal = TILES[palette] || TILES.standard;
  const color = NOTATION.colors.indexOf(match[1]);
  return fill(pal.faces[die ? "die" : match[3]], {
    cls, code, color: pal.colors[color], shape: SHAPES[NOTATION.shapes.indexOf(match[2])], dots: DOTS[color],
  });
}

function cellOf(text) {
  const match = CELL.exec(text.trim());
  if (!match || match[1].replace("-", "").length > NOTATION.digits || match[2].replace("-", "").length > NOTATION.digits) {
    throw new Unreadable(text);
  }
  return [Number(match[1]), Number(match[2])];
}

/** The tiles of ``text`` (a hand in notation) that ``variant`` takes; Unreadable otherwise. */
export function tilesOf(text, variant) {
  return text.split(/\s+/).filter(Boolean).map((code) => {
    const match = TILE.exec(code);
    const background = match && (match[3] ? NOTATION.backgrounds.indexOf(match[3]) + 1 : 0);
    if (!match || !variant.backgrounds.includes(background)) throw new Unreadable(code);
    return code;
  });
}

/** The placements of ``text`` (``Rd@0,0 ...``): [{code, cell: [x, y]}]; Unreadable for one ``variant`` cannot take. */
export function placementsOf(text, variant) {
  return text.split(/\s+/).filter(Boolean).map((item) => {
    const at = item.indexOf("@");
    if (at < 0) throw new Unreadable(item);
    return { code: tilesOf(item.slice(0, at), variant)[0], cell: cellOf(item.slice(at + 1)) };
  });
}
