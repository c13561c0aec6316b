"""Where a bench's result comes from, for the JSON files in bench/results/ that the README's table is rendered from
(scripts/build/figures.py): the commit, the date and the command that produced it."""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import shlex
import subprocess
import sys
from typing import Any

RESULTS = pathlib.Path(__file__).resolve().parent / "results"


def provenance() -> dict[str, str]:
    """The short commit of the checkout, today's date and this process's command line (the script as bench/NAME.py)."""
    root = pathlib.Path(__file__).resolve().parents[1]
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()
    script = pathlib.Path(sys.argv[0]).resolve()
    try:
        script = script.relative_to(root)
    except ValueError:
        pass
    return {
        "commit": commit,
        "date": datetime.date.today().isoformat(),
        "command": shlex.join([script.as_posix(), *sys.argv[1:]]),
    }


def write(path: pathlib.Path, data: dict[str, Any]) -> None:
    """``data`` as indented JSON at ``path`` (its folder made if missing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


def json_option(parser: argparse.ArgumentParser, name: str) -> None:
    """``--json [FILE]``: also write the results as JSON to FILE, by default ``bench/results/<name>``."""
    parser.add_argument(
        "--json",
        metavar="FILE",
        nargs="?",
        const=RESULTS / name,
        type=pathlib.Path,
        help=f"also write the results as JSON to FILE (default: bench/results/{name})",
    )
