// A tile's picture before Python starts, as ui.tiles_svg.tile_svg draws it live: for the embedded boards (js/early.js)
// and a returning player's game (js/early-game.js). Nothing of it is spelled here: the faces, colours, shapes and the
// notation come from assets/app/drawing.js, generated from py/ (scripts/build/early.py); tests/site/test_early.py
// draws every tile both ways and compares.

import { DOTS, NOTATION, SHAPES, TILES } from "../assets/app/drawing.js";

export const TILE = new RegExp(NOTATION.tile);
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
