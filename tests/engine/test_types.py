"""The engine type-checks under mypy --strict (as python-chess does in its CI)."""

import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_engine_is_strictly_typed():
    pytest.importorskip("mypy", reason="mypy is installed by `make test` (requirements-dev.txt)")
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "py/qwirkle"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert out.returncode == 0, out.stdout + out.stderr
