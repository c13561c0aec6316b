"""The rules reference (docs/rules.md, English and French, and docs/rules.<lang>.md) as data: each
numbered rule's title and blocks in every language, so that a rule id cited by a refusal opens
that rule's own text in the page.

``scripts/build/bundle.py`` renders the reference into ``ui/rules_reference.json`` inside the page's
archive at build time: the page has the text offline without fetching anything. Under CPython
(tests, tools) ``load()`` reads the markdown of the repository instead::

    >>> rules = parse('#### <a id="c6"></a>C6 Scoring\\n\\nScore **1 point** per tile: `Ro Rs`.\\n\\n- one\\n- two\\n')
    >>> rules["C6"]["en"]["title"], rules["C6"]["en"]["blocks"]
    ('Scoring', [['p', 'Score 1 point per tile: `Ro Rs`.'], ['li', 'one'], ['li', 'two']])

A block is ``[kind, text]``: ``p`` a paragraph, ``li`` a list item. Emphasis and links are reduced
to their words; code spans keep their backticks, because the page draws the tiles they name.
"""

from __future__ import annotations

import json
import pkgutil
import re
from pathlib import Path
from typing import Any

HEADING = re.compile(r'^#{2,6} <a id="[a-z]\d+(-[a-z]{2})?"></a>([CQF]\d+) (.+?)\s*$')
DATA_NAME = "rules_reference.json"
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")
_EMPHASIS = re.compile(r"(\*\*|\*)(?=\S)(.+?)(?<=\S)\1")

Rules = dict[str, dict[str, dict[str, Any]]]


def _clean(text: str) -> str:
    """Markdown inline markup reduced to words (code spans kept)."""
    parts = text.split("`")
    for i in range(0, len(parts), 2):  # outside code spans
        parts[i] = _EMPHASIS.sub(r"\2", _LINK.sub(r"\1", parts[i]))
    return "`".join(parts)


def parse(markdown: str) -> Rules:
    """Every rule heading's title and the blocks under it, by rule id and language."""
    rules: Rules = {}
    blocks: list[list[str]] | None = None
    kind = "p"
    lines: list[str] = []

    def flush() -> None:
        nonlocal lines
        if blocks is not None and lines:
            blocks.append([kind, _clean(" ".join(lines))])
        lines = []

    for raw in markdown.splitlines():
        line = raw.strip()
        heading = HEADING.match(raw)
        if heading or raw.startswith("#"):
            flush()
            blocks = None
            if heading:
                lang = heading.group(1)[1:] if heading.group(1) else "en"
                blocks = []
                rules.setdefault(heading.group(2), {})[lang] = {"title": heading.group(3), "blocks": blocks}
            continue
        if not line:
            flush()
        elif line.startswith("- "):
            flush()
            kind, lines = "li", [line[2:]]
        else:
            if not lines:
                kind = "p"
            lines.append(line)
    flush()
    return rules


def render_json(markdown: str) -> str:
    """The data file the archive carries (deterministic)."""
    return json.dumps(parse(markdown), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def load() -> Rules:
    """The rules: from the archive's data file in the page, from docs/rules.md in a checkout."""
    try:  # through the package's loader: a file beside this module, or a member of the page's app.zip
        raw = pkgutil.get_data(__name__.rpartition(".")[0], DATA_NAME)
    except OSError:
        raw = None
    if raw is not None:
        data: Rules = json.loads(raw)
        return data
    return parse(read_docs(Path(__file__).resolve().parents[2] / "docs"))


def read_docs(folder: Path) -> str:
    """The reference in every language: docs/rules.md (English, French) and docs/rules.<lang>.md."""
    paths = [folder / "rules.md", *sorted(folder.glob("rules.*.md"))]
    return "\n".join(path.read_text(encoding="utf-8") for path in paths if path.is_file())
