"""Tiles drawn as SVG markup (``tile_svg``): a pure function of the tile and the palette.

No DOM and no ``pyscript`` here, so the same drawing serves the game board, the rack, the tile
tracker and embedded tutorial boards, and runs under CPython in tests. The markup has no ``style``
attribute and no script (the page's CSP forbids inline styles): colours are presentation attributes.

Palettes (``PALETTES``): ``standard`` is tuned for colour-blind players (hues that also differ
in lightness); ``contrast`` uses brighter colours, thicker outlines and adds *colour marks*:
1 to 6 dots in a corner (1 red, 2 orange, 3 yellow, 4 green, 5 blue, 6 purple), so a colour can
be told without seeing it.
"""

from __future__ import annotations

import functools
import math
from typing import Any, NamedTuple


class Palette(NamedTuple):
    """Colours of one palette: the six tile colours (red..purple) and the tile faces."""

    colors: tuple[str, str, str, str, str, str]
    face: str  # classic tiles and Cubes dice, Flex black background
    face_white: str  # Flex white background
    outline: str  # outline of symbols (visible on both faces)
    outline_width: float
    marks: bool  # colour marks (dots) in a corner


PALETTES: dict[str, Palette] = {
    "standard": Palette(
        ("#e8412c", "#f39a1f", "#f4e04d", "#22a884", "#3d8bf2", "#b36ad9"), "#1c1b19", "#f3efe4", "#111111", 2.0, False
    ),
    "contrast": Palette(
        ("#ff2a1a", "#ff9900", "#ffff33", "#00d26a", "#2f8cff", "#d257ff"), "#000000", "#ffffff", "#000000", 3.5, True
    ),
}

# Outlines of the six shapes on a 100 x 100 tile, centred on (50, 50).
_CIRCLE = '<circle cx="50" cy="50" r="27"/>'
_SQUARE = '<rect x="25" y="25" width="50" height="50"/>'
_DIAMOND = '<polygon points="50,16 84,50 50,84 16,50"/>'
_CLOVER = '<path d="M50 36 A14 14 0 1 1 64 50 A14 14 0 1 1 50 64 A14 14 0 1 1 36 50 A14 14 0 1 1 50 36 Z"/>'


def _star(points: int, outer: float, inner: float) -> str:
    coords = []
    for i in range(points * 2):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi * i / points - math.pi / 2
        coords.append(f"{50 + radius * math.cos(angle):.1f},{50 + radius * math.sin(angle):.1f}")
    return f'<polygon points="{" ".join(coords)}"/>'


_CROSS = _star(4, 36, 11)  # the 4-point star
_STAR = _star(8, 36, 17)  # the 8-point star
SHAPES_SVG = (_CIRCLE, _SQUARE, _DIAMOND, _CLOVER, _CROSS, _STAR)

# Corner dots for colour marks: up to 6 in two rows of three.
_MARK_SPOTS = ((14, 14), (26, 14), (38, 14), (14, 26), (26, 26), (38, 26))
# The dots of each colour: 1 (red) to 6 (purple).
MARK_DOTS = tuple("".join(f'<circle cx="{x}" cy="{y}" r="4.4"/>' for x, y in _MARK_SPOTS[: n + 1]) for n in range(6))


def _face(background: int, palette: Palette, die: bool) -> str:
    radius = 16 if die else 9
    rect = f'<rect x="2" y="2" width="96" height="96" rx="{radius}"'
    if background == 2:  # white
        return f'{rect} fill="{palette.face_white}" stroke="#5a5549" stroke-width="2"/>'
    if background == 3:  # two-tone: dark upper-left, light lower-right
        return (
            f'{rect} fill="{palette.face_white}" stroke="#5a5549" stroke-width="2"/>'
            f'<path d="M11 2 H98 L2 98 V11 A9 9 0 0 1 11 2 Z" fill="{palette.face}"/>'
        )
    face = f'{rect} fill="{palette.face}"/>'
    if die:  # a little bevel tells dice from tiles
        face += '<rect x="8" y="8" width="84" height="84" rx="12" fill="none" stroke="#3b3933" stroke-width="2"/>'
    return face


@functools.cache
def tile_template(palette: Palette, background: int, die: bool) -> str:
    """The markup of every tile of one face (``background``; ``die`` for Cubes) in ``palette``, with slots
    ``{cls}``, ``{code}``, ``{color}``, ``{shape}`` and ``{dots}`` for what differs from tile to tile.

    One drawing for both sides: ``tile_svg`` fills these slots, and scripts/build/early.py writes the same templates
    for the page's scripts that draw boards before Python starts (js/early.js), so the two cannot drift.
    """
    width = palette.outline_width + (1.0 if background in (2, 3) else 0.0)
    stroke = palette.outline if background in (2, 3) or palette.marks else "none"
    if palette.marks and background not in (2, 3):
        stroke = "#ffffff"
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="{cls}" '
        'data-code="{code}" aria-hidden="true" focusable="false">',
        _face(background, palette, die),
        f'<g fill="{{color}}" stroke="{stroke}" stroke-width="{width:g}" stroke-linejoin="round">{{shape}}</g>',
    ]
    if palette.marks:
        mark_fill = "#000000" if background == 2 else "#ffffff"
        parts.append(f'<g fill="{mark_fill}" stroke="{{color}}" stroke-width="1.5">{{dots}}</g>')
    parts.append("</svg>")
    return "".join(parts)


def tile_svg(tile: Any, palette: str | Palette = "standard", *, die: bool = False, css_class: str = "tile-svg") -> str:
    """SVG markup of one tile (``qwirkle.Tile`` or anything with color/shape/background).

    ``die`` draws a Cubes die (rounder, bevelled). The markup is ``aria-hidden``: the element
    holding it carries the accessible name.

    >>> from qwirkle import Tile
    >>> svg = tile_svg(Tile.from_notation("Yd"), "standard")
    >>> svg.startswith("<svg") and 'data-code="Yd"' in svg
    True
    """
    pal = PALETTES[palette] if isinstance(palette, str) else palette
    return tile_template(pal, getattr(tile, "background", 0), die).format(
        cls=css_class,
        code=tile.notation() if hasattr(tile, "notation") else "",
        color=pal.colors[tile.color],
        shape=SHAPES_SVG[tile.shape],
        dots=MARK_DOTS[tile.color],
    )


def blank_svg(css_class: str = "tile-svg") -> str:
    """A face-down tile (hidden racks, the bag)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="{css_class}" '
        'aria-hidden="true" focusable="false"><rect x="2" y="2" width="96" height="96" rx="9" '
        'fill="#3a362d"/><rect x="14" y="14" width="72" height="72" rx="6" fill="none" '
        'stroke="#5c5647" stroke-width="3"/></svg>'
    )


def shape_svg(shape: int, css_class: str = "shape-svg") -> str:
    """A shape alone, in the text colour (``currentColor``): the tracker's column heads."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="{css_class}" '
        f'aria-hidden="true" focusable="false"><g fill="currentColor">{SHAPES_SVG[shape]}</g></svg>'
    )


def color_svg(color: int, palette: str = "standard", css_class: str = "color-svg") -> str:
    """A round swatch of a tile colour of ``palette`` (the tracker's row heads)."""
    fill = PALETTES[palette].colors[color]
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" class="{css_class}" '
        f'aria-hidden="true" focusable="false"><circle cx="50" cy="50" r="40" fill="{fill}" '
        'stroke="#1c1b19" stroke-width="6"/></svg>'
    )
