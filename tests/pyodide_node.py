"""The vendored Pyodide run by Node.js as the pages run it, for the tests of tests/site.

``tests`` is on the path (pytest.ini): ``from pyodide_node import VENDORED, run_in_node``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from repo_scripts import ROOT, load_script

VENDORED = ROOT / "assets" / "vendor" / "pyodide"


def run_in_node(tmp_path: Path, script: str, **values: str) -> object:
    """Run the JavaScript module ``script`` under Node.js and return what its last line printed (JSON). ``script``
    is a template: ``{pyodide}`` (the vendored pyodide.mjs), ``{index}`` (its folder) and ``{archive}`` (a fresh
    build of our archive, app.zip) are filled in, with ``values``."""
    if not (VENDORED / "pyodide.mjs").is_file():
        pytest.fail("assets/vendor is missing: run `make test` (or `make vendor`)")
    archive = tmp_path / "app.zip"
    archive.write_bytes(load_script("bundle").archive_bytes())
    module = tmp_path / "run.mjs"
    module.write_text(script.format(pyodide=(VENDORED / "pyodide.mjs").as_uri(), index=f"{VENDORED}/",
                                    archive=str(archive), **values))
    run = subprocess.run(["node", str(module)], capture_output=True, text=True, cwd=tmp_path)
    # (Node.js prints a line of Pyodide's minified source with an error: leave such lines out)
    assert run.returncode == 0, "\n".join(line for line in run.stderr.splitlines() if len(line) < 400)[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])
