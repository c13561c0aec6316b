"""The early drawing (js/tiles.js, before Python starts) and the live one (py/ui/tiles_svg.py) are one drawing:
assets/app/drawing.js is generated from py/ (scripts/build/early.py), and every tile of every rule set, in every
palette, drawn by Node.js from the page's own script, is the markup Python draws. Also the size budget of what a page
runs before Python (tutorial.html's boards, index.html's returning game): under 15 KB compressed."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from repo_scripts import ROOT, load_script

from qwirkle import VARIANTS, Tile
from ui.tiles_svg import PALETTES, tile_svg

early = load_script("early")
NODE = shutil.which("node")
# What each page runs before Python: its scripts and the modules they import (PyScript's own files are the runtime's,
# measured by bench/pageload.py): tutorial.html's and embed.html's boards, index.html's loading bar and returning
# game.
EARLY_FILES = {
    "tutorial.html": ("assets/app/tutorial-page.js",),  # js/tutorial.js, js/embed.js and their imports in one file
    "embed.html": ("assets/app/embed-page.js",),
    "index.html": (
        "js/loading.js",
        "js/early-game.js",
        "js/tiles.js",
        "js/restart.js",
        "assets/app/drawing.js",
        "assets/app/facts.js",
        "assets/app/words.js",
    ),
}
BUDGET = 15 * 1024


def every_tile() -> list[tuple[str, str, bool]]:
    """(notation, palette, die) of each tile (or die face) a rule set takes, in each palette."""
    every = [Tile(color, shape, background) for color in range(6) for shape in range(6) for background in range(4)]
    return sorted(
        (tile.notation(), palette, variant.dice)
        for variant in VARIANTS.values()
        for tile in every
        if variant.accepts(tile)
        for palette in PALETTES
    )


def test_the_generated_module_is_up_to_date():
    early.write(quiet=True)
    assert early.DRAWING.read_text(encoding="utf-8") == early.module_text()


@pytest.mark.skipif(NODE is None, reason="needs Node.js (the build's)")
def test_the_early_drawing_draws_every_tile_as_python_does(tmp_path: Path):
    early.write(quiet=True)
    # The two modules as the site serves them, in a folder where Node reads .js as ES modules.
    (tmp_path / "js").mkdir()
    (tmp_path / "assets" / "app").mkdir(parents=True)
    for script in ("early.js", "tiles.js"):
        shutil.copy(ROOT / "js" / script, tmp_path / "js" / script)
    shutil.copy(early.DRAWING, tmp_path / "assets" / "app" / "drawing.js")
    (tmp_path / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    tiles = every_tile()
    assert len(tiles) == 2 * (36 + 36 + 108)  # classic, cubes (dice), flex's three backgrounds
    (tmp_path / "tiles.json").write_text(json.dumps(tiles), encoding="utf-8")
    script = (
        'import { tileSvg } from "./js/early.js"; import { readFileSync } from "node:fs";\n'
        'const tiles = JSON.parse(readFileSync("tiles.json", "utf8"));\n'
        "console.log(JSON.stringify(tiles.map(([code, palette, die]) => tileSvg(code, palette, die))));\n"
    )
    (tmp_path / "draw.js").write_text(script, encoding="utf-8")
    done = subprocess.run([NODE, "draw.js"], cwd=tmp_path, capture_output=True, text=True, check=True, timeout=60)
    drawn = json.loads(done.stdout)
    for (code, palette, die), js in zip(tiles, drawn, strict=True):
        assert js == tile_svg(Tile.from_notation(code), palette, die=die), (code, palette, die)


@pytest.mark.parametrize("page", list(EARLY_FILES))
def test_what_runs_before_python_stays_under_15_kb_compressed(page: str):
    early.write(quiet=True)
    load_script("pagejs").write(quiet=True)
    sizes = {name: len(gzip.compress((ROOT / name).read_bytes(), 9)) for name in EARLY_FILES[page]}
    assert sum(sizes.values()) < BUDGET, sizes
