#!/usr/bin/env python3
"""Draw the app icons of manifest.webmanifest into assets/icons/ (committed; rerun after a change).

The icon is four game tiles, drawn by the game's own ``tile_svg`` (py/ui/tiles_svg.py), on a
green board. Two layouts:

* ``icon-192.png``, ``icon-512.png`` (purpose "any"): a rounded square, transparent corners;
* ``maskable-512.png``, ``maskable-192.png`` (purpose "maskable"): a full-bleed square whose
  tiles stay inside the central circle of 80 % diameter that every mask shape keeps.

The SVG sources are written too (``icon.svg``, ``maskable.svg``). The PNGs are rendered by
Debian's Chromium through Playwright (the browser tests' tools: run `make test` once first)::

    PYTHONPATH=py .venv/bin/python scripts/tools/icons.py
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from qwirkle import Tile
from ui.tiles_svg import tile_svg

ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "assets" / "icons"
BOARD = "#2f6b3a"  # the theme's accent, also the manifest's theme_color
TILES = ("Oo", "Yd", "Bt", "Pc")  # orange circle, yellow diamond, blue 8-point star, purple clover
CHROMIUM = "/usr/bin/chromium"


def icon_svg(maskable: bool) -> str:
    """512 x 512 SVG: 2 x 2 tiles on the board colour."""
    if maskable:
        size, gap = 130, 16  # block 276: half-diagonal 195 < 205, the safe circle's radius
        background = f'<rect width="512" height="512" fill="{BOARD}"/>'
    else:
        size, gap = 176, 20
        background = f'<rect x="8" y="8" width="496" height="496" rx="104" fill="{BOARD}"/>'
    start = (512 - 2 * size - gap) / 2
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">', background]
    for i, code in enumerate(TILES):
        x = start + (i % 2) * (size + gap)
        y = start + (i // 2) * (size + gap)
        inner = tile_svg(Tile.from_notation(code), "standard")
        # Nest the tile's 100 x 100 drawing at (x, y), size x size.
        inner = re.sub(r"^<svg ", f'<svg x="{x:g}" y="{y:g}" width="{size}" height="{size}" ', inner)
        parts.append(inner)
    parts.append("</svg>")
    return "".join(parts)


def render(svg: str, pixels: int, page) -> bytes:  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": pixels, "height": pixels})
    page.set_content(
        "<!DOCTYPE html><html><body style='margin:0;background:transparent'>"
        + svg.replace('width="512" height="512"', f'width="{pixels}" height="{pixels}"', 1)
        + "</body></html>"
    )
    return page.screenshot(omit_background=True, clip={"x": 0, "y": 0, "width": pixels, "height": pixels})


def main() -> int:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    sources = {"icon": icon_svg(maskable=False), "maskable": icon_svg(maskable=True)}
    for name, svg in sources.items():
        (OUT / f"{name}.svg").write_text(svg + "\n", encoding="utf-8")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page()
        for name, svg in sources.items():
            for pixels in (192, 512):
                path = OUT / f"{name}-{pixels}.png"
                path.write_bytes(render(svg, pixels, page))
                print(f"wrote {path.relative_to(ROOT)}")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
