"""The pages' first scripts in one file (scripts/build/pagejs.py): the bundles are up to date, tutorial.html and
embed.html load them, and a bundle runs as its modules do (Node.js runs both and compares)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from repo_scripts import ROOT, load_script

pagejs = load_script("pagejs")
NODE = shutil.which("node")

MODULES = {
    # Two modules with the same local names (a bundle keeps them apart), a renamed export and import, a class, a
    # module that resolves a URL against its own file, and a shared import evaluated once.
    "lib/shared.mjs": 'export const log = [];\nlog.push("shared");\n',
    "lib/a.mjs": (
        'import { log } from "./shared.mjs";\nlog.push("a");\nconst secret = "a";\n'
        "export const VALUE = 41;\nexport function add(x) { return x + 1 + secret.length - 1; }\n"
        "class Box { constructor(v) { this.v = v; } }\nconst hidden = 7;\nexport { Box, hidden as SEVEN };\n"
    ),
    "src/b.mjs": (
        'import { log } from "../lib/shared.mjs";\nimport { VALUE, add as plus, SEVEN } from "../lib/a.mjs";\n'
        'log.push("b");\nconst secret = "b";\n'
        'export const here = new URL("./data.json", import.meta.url).href;\n'
        "export const result = { sum: plus(VALUE), seven: SEVEN, secret };\n"
    ),
    "src/main.mjs": (
        'import { log } from "../lib/shared.mjs";\nimport { Box } from "../lib/a.mjs";\n'
        'import { here, result } from "./b.mjs";\n'
        "console.log(JSON.stringify({ log, here, result, box: new Box(3).v }));\n"
    ),
}


def run(path: Path) -> dict:
    out = subprocess.run([NODE, str(path)], capture_output=True, text=True, check=True, timeout=60).stdout
    return json.loads(out)


def test_the_bundles_are_up_to_date():
    pagejs.write(quiet=True)
    for bundle, entries in pagejs.BUNDLES.items():
        assert (ROOT / bundle).read_text(encoding="utf-8") == pagejs.bundle_text(bundle, entries)


def test_the_pages_load_their_bundle_and_not_its_modules():
    for page, bundle in (("tutorial.html", "tutorial-page.js"), ("embed.html", "embed-page.js")):
        text = (ROOT / page).read_text(encoding="utf-8")
        assert f'<script type="module" src="./assets/app/{bundle}" blocking="render"></script>' in text, page
        assert 'src="./js/embed.js"' not in text and "modulepreload" not in text, page


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_a_bundle_runs_as_its_modules_do(tmp_path: Path):
    for name, text in MODULES.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    bundle = tmp_path / "out" / "bundle.mjs"
    bundle.parent.mkdir()
    bundle.write_text(pagejs.bundle_text("out/bundle.mjs", ("src/main.mjs",), tmp_path), encoding="utf-8")
    unbundled = run(tmp_path / "src" / "main.mjs")
    assert unbundled["log"] == ["shared", "a", "b"]  # each module once, its imports first
    assert unbundled["here"] == (tmp_path / "src" / "data.json").as_uri()
    assert unbundled["result"] == {"sum": 42, "seven": 7, "secret": "b"} and unbundled["box"] == 3
    assert run(bundle) == unbundled


@pytest.mark.parametrize(
    "source",
    [
        'import * as all from "./x.mjs";\n',
        'import thing from "./x.mjs";\n',
        'import "./x.mjs";\n',
        'import { a } from "package";\n',
        "export default 1;\n",
        'export { a } from "./x.mjs";\n',
        'const later = () => import("./x.mjs");\n',
    ],
)
def test_a_form_it_cannot_bundle_stops_the_build_naming_the_file(tmp_path: Path, source: str):
    (tmp_path / "x.mjs").write_text("export const a = 1;\n", encoding="utf-8")
    (tmp_path / "entry.mjs").write_text(source, encoding="utf-8")
    with pytest.raises(pagejs.BundleError, match=r"entry\.mjs"):
        pagejs.bundle_text("bundle.mjs", ("entry.mjs",), tmp_path)
