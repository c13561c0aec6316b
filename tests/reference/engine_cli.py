"""Calls the engine's fixed command line from the outside (subprocess, PYTHONPATH=py).

``python3 -m qwirkle score|moves --variant V --board ... --play/--hand ...`` and the
``--batch FILE`` form (JSON lines in, one JSON result per line out). Nothing here
imports the engine, so the tests that use it stay independent of its internals.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# QWIRKLE_ENGINE_PATH points the tests at another copy of the engine's package
# directory (for instance a deliberately broken copy, to see that they catch it).
ENGINE_PATH = Path(os.environ.get("QWIRKLE_ENGINE_PATH", str(ROOT / "py")))
ENGINE_MAIN = ENGINE_PATH / "qwirkle" / "__main__.py"
SKIP_REASON = "the engine CLI (py/qwirkle/__main__.py) does not exist yet"


def engine_available():
    return ENGINE_MAIN.exists()


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ENGINE_PATH) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


def run(args, timeout=120):
    """Runs ``python3 -m qwirkle ARGS``; returns the CompletedProcess (text mode)."""
    return subprocess.run(
        [sys.executable, "-m", "qwirkle", *args], cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=timeout
    )


def run_batch(command, items, timeout=300):
    """``command`` is "score" or "moves"; ``items`` dicts with variant, board and
    play/hand. Returns the parsed JSON result of each line, in order."""
    if not items:
        return []
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as file:
        for item in items:
            file.write(json.dumps(item) + "\n")
        path = file.name
    try:
        done = run([command, "--batch", path], timeout=timeout)
    finally:
        os.unlink(path)
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert len(lines) == len(items), (
        f"`qwirkle {command} --batch` printed {len(lines)} results for {len(items)} lines "
        f"(exit {done.returncode}); stderr: {done.stderr[-2000:]}"
    )
    return [json.loads(line) for line in lines]


def breakdown_multiset(breakdown):
    """Order-free form of a breakdown: sorted (kind, sorted cells, points, qwirkle)."""

    def cell(text):
        x, y = text.split(",")
        return int(x), int(y)

    return sorted(
        (
            entry["kind"],
            tuple(sorted(cell(c) for c in entry["cells"])),
            entry["points"],
            bool(entry.get("qwirkle", False)),
        )
        for entry in breakdown
    )


def play_key_from_text(text):
    """A play's identity from its notation: frozenset of ((x, y), code)."""
    key = set()
    for word in text.split():
        code, where = word.split("@")
        x, y = where.split(",")
        key.add(((int(x), int(y)), code))
    return frozenset(key)
