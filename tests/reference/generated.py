"""What the generators of tests/data share: write the file, or with ``--check`` say whether the committed one is
current."""

from __future__ import annotations

import sys
from pathlib import Path


def write_or_check(out: Path, text: str, argv: list[str], generator: str, wrote: str) -> int:
    """With ``--check`` in ``argv``: 0 if ``out`` holds ``text``, else 1 with a message; otherwise write ``text`` to
    ``out`` and print ``wrote OUT: <wrote>``."""
    if "--check" in argv:
        if out.read_text(encoding="utf-8") != text:
            print(f"{out} is out of date; run {generator}", file=sys.stderr)
            return 1
        return 0
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out}: {wrote}")
    return 0
