"""tile_svg: every tile of every variant draws as well-formed SVG without inline styles."""

import xml.etree.ElementTree as ET

import pytest

from qwirkle import Tile, find_variant
from ui.tiles_svg import PALETTES, blank_svg, tile_svg


@pytest.mark.parametrize("palette", sorted(PALETTES))
@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_every_tile_is_well_formed_svg(palette, variant):
    for tile in set(find_variant(variant).tiles()) | {Tile(c, s) for c in range(6) for s in range(6)}:
        markup = tile_svg(tile, palette, die=variant == "cubes")
        root = ET.fromstring(markup)
        assert root.tag.endswith("svg")
        assert root.get("data-code") == tile.notation()
        assert root.get("aria-hidden") == "true"
        assert "style" not in markup and "script" not in markup


def test_colours_differ_and_marks_count_the_colour():
    for palette in PALETTES.values():
        assert len(set(palette.colors)) == 6
    for color in range(6):
        markup = tile_svg(Tile(color, 0), "contrast")
        assert markup.count('r="4.4"') == color + 1
    assert 'r="4.4"' not in tile_svg(Tile(0, 0), "standard")


def test_shapes_differ_and_palette_object_accepted():
    shapes = {tile_svg(Tile(0, s), PALETTES["standard"]) for s in range(6)}
    assert len(shapes) == 6
    ET.fromstring(blank_svg())
