"""docs/rules.md, the rules reference and the list of the numbered rules: its table names every rule, each has an
anchor in English (``#c5``) and in French (``#c5-fr``), and every rule id the code cites is one of them, so that a
refused move's rule can always be looked up."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "rules.md"

RULE_ID = re.compile(r"^[CQF]\d+$")
RULE_KEY = re.compile(r"^(?:rule|why)_([CQF]\d+)(?:_|$)")  # strings tables: rule_C5, why_C5_duplicate


def slug(heading):
    """GitHub's anchor for a heading: tags dropped, lowercase, punctuation removed, spaces to hyphens."""
    text = re.sub(r"<[^>]+>", "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def doc_anchors():
    text = DOC.read_text(encoding="utf-8")
    anchors = set(re.findall(r"""<a\s+(?:id|name)\s*=\s*["']([^"']+)["']""", text))
    anchors |= {slug(h) for h in re.findall(r"^#{1,6}\s+(.+?)\s*#*\s*$", text, flags=re.M)}
    return anchors


def code_rule_ids():
    """Rule ids in the string literals of py/: "C5" itself, and the keys of the strings tables."""
    ids = {}
    for path in sorted((ROOT / "py").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                value = node.value
                match = RULE_KEY.match(value)
                rule = value if RULE_ID.match(value) else match.group(1) if match else None
                if rule:
                    ids.setdefault(rule, f"{path.relative_to(ROOT)}:{node.lineno}")
    return ids


def table_ids():
    """The numbered rules: the ids of the table at the top of docs/rules.md (``| C5 | [Placing tiles](#c5) | ...``)."""
    return set(re.findall(r"^\| ([CQF]\d+) \|", DOC.read_text(encoding="utf-8"), flags=re.M))


def missing(rules):
    anchors = doc_anchors()
    return sorted(
        f"{r} ({lang})"
        for r in rules
        for lang, anchor in (("en", r.lower()), ("fr", f"{r.lower()}-fr"))
        if anchor not in anchors
    )


def test_code_finds_rule_ids():
    ids = code_rule_ids()
    assert {"C2", "C5", "F5", "Q4"} <= set(ids), "the collector no longer sees the engine's rule ids"


def test_every_rule_id_in_the_code_is_documented():
    ids = code_rule_ids()
    gaps = missing(ids)
    assert not gaps, "cited in py/ but not in docs/rules.md: " + ", ".join(
        f"{g} first at {ids[g.split()[0]]}" for g in gaps
    )
    unnumbered = sorted(set(ids) - table_ids())
    assert not unnumbered, "cited in py/ but not in the table of docs/rules.md: " + ", ".join(unnumbered)


def test_every_numbered_rule_is_documented():
    ids = table_ids()
    assert {f"C{n}" for n in range(1, 11)} | {f"Q{n}" for n in range(1, 6)} | {f"F{n}" for n in range(1, 7)} <= ids
    assert not missing(ids), "numbered in the table of docs/rules.md but without a section: " + ", ".join(missing(ids))


def test_readme_ranges_are_documented():
    """The README names the ranges (C1–C10, Q1–Q5, F1–F6): each rule of them has its sections."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    ranges = re.findall(r"\b([CQF])(\d+)[–-]\1(\d+)\b", readme)
    ids = {f"{letter}{n}" for letter, lo, hi in ranges for n in range(int(lo), int(hi) + 1)}
    assert {"C10", "Q5", "F6"} <= ids
    assert not missing(ids), ", ".join(missing(ids))


def test_readme_links_the_rules_reference():
    assert "(docs/rules.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_both_languages_give_every_rule_a_heading():
    """Each anchor sits on a heading of its own, once: `#### <a id="c5"></a>C5 Placing tiles`."""
    text = DOC.read_text(encoding="utf-8")
    heads = re.findall(r'^#{2,6} <a id="([a-z]\d+(?:-fr)?)"></a>([CQF]\d+) \S', text, flags=re.M)
    assert all(anchor.split("-")[0] == rule.lower() for anchor, rule in heads)
    anchors = [anchor for anchor, _ in heads]
    assert len(anchors) == len(set(anchors))
    english = {a for a in anchors if not a.endswith("-fr")}
    assert {f"{a}-fr" for a in english} == set(anchors) - english
