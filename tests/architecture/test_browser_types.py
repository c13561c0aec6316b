"""Everything under py/ type-checks under mypy --strict (mypy.ini): the engine, the shared ui
package, the game page and the embeds. The browser runtime's modules have no stubs."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_browser_layer_is_strictly_typed() -> None:
    pytest.importorskip("mypy", reason="mypy is installed by `make test` (requirements-dev.txt)")
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--config-file",
            "mypy.ini",
            "--no-error-summary",
            "py/app",
            "py/ui",
            "py/embed",
            "py/main.py",
            "py/embed_main.py",
            "py/ai_worker.py",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr
