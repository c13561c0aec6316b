"""Every relative link of the documentation leads somewhere: README.md, bench/README.md and docs/**/*.md.

A link to a file must name one that exists; a `#anchor` (in the same page or another Markdown file) must be a heading
of that file, slugged as GitHub slugs headings, or an explicit `<a id="...">`. Links to the web are not followed.
"""

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^\s*(```|~~~)")


def docs() -> list[pathlib.Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    if (ROOT / "bench" / "README.md").exists():
        files.insert(1, ROOT / "bench" / "README.md")
    return files


def prose(text: str) -> list[str]:
    """The lines outside fenced code blocks, with inline code spans blanked (links there are not links)."""
    lines, fenced = [], False
    for line in text.split("\n"):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced and not line.startswith("    "):
            lines.append(re.sub(r"`[^`]*`", "", line))
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text without markup, lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"<[^>]+>", "", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.replace("`", "").replace("*", "")
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: pathlib.Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    text = path.read_text(encoding="utf-8")
    for line in prose(text):
        found.update(EXPLICIT.findall(line))
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def shown(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def broken(path: pathlib.Path) -> list[str]:
    problems = []
    for target in (t for line in prose(path.read_text(encoding="utf-8")) for t in LINK.findall(line)):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, flags=re.I):
            continue  # http:, https:, mailto:
        file, _, anchor = target.partition("#")
        dest = (path.parent / file).resolve() if file else path
        if not dest.exists():
            problems.append(f"{target}: no file {shown(dest)}")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            problems.append(f"{target}: no heading #{anchor} in {shown(dest)}")
    return problems


@pytest.mark.parametrize("path", docs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(path):
    assert not broken(path), "\n".join(broken(path))


def test_the_check_fails_on_a_missing_file_or_anchor(tmp_path):
    page = tmp_path / "page.md"
    (tmp_path / "other.md").write_text("# Other\n\n## A move's cost in chances\n", encoding="utf-8")
    page.write_text(
        "# Page\n\n[ok](other.md#a-moves-cost-in-chances) [self](#page) [gone](missing.md) [bad](other.md#nope)\n"
        "`[code](missing.md)`\n",
        encoding="utf-8",
    )
    assert [p.split(":")[0] for p in broken(page)] == ["missing.md", "other.md#nope"]


def test_headings_slug_as_github_slugs_them():
    assert slug("A move's cost in chances") == "a-moves-cost-in-chances"
    assert slug("The shared scenarios (`tests/scenarios/`)") == "the-shared-scenarios-testsscenarios"
    assert slug("2026-11-29, 15ad93f: the goal's 1,000 games") == "2026-11-29-15ad93f-the-goals-1000-games"
    assert slug('<a id="c5"></a>C5 Placing tiles') == "c5-placing-tiles"
