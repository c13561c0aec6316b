"""The English texts (py/ui/english/): every key defined once, every table in the catalog, and every key the code
and the page name defined there."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import ModuleType

import pytest

from ui import english
from ui.english import CATALOG, SECTIONS

ROOT = Path(__file__).resolve().parents[2]
# Where the code names a text by its key: a translator's t/tn, a note for the player, a refused link, an embedded
# board's feedback (the argument's position, by the callee's name).
KEY_ARGUMENT = {"t": 0, "tn": 0, "Note": 0, "Refused": 0, "Feedback": 1}
PAGE_KEY = re.compile(r'data-i18n(?:-label|-title)?="([^"]*)"')


def job_modules() -> list[ModuleType]:
    return [value for value in vars(english).values() if isinstance(value, ModuleType)]


def test_every_module_of_the_package_is_read() -> None:
    files = {path.stem for path in Path(english.__file__).parent.glob("*.py")} - {"__init__"}
    assert files == {module.__name__.rpartition(".")[2] for module in job_modules()}


def test_every_table_is_one_section_of_the_catalog() -> None:
    tables = [
        value
        for module in job_modules()
        for name, value in vars(module).items()
        if name.isupper() and isinstance(value, dict)
    ]
    assert sorted(map(id, tables)) == sorted(map(id, SECTIONS))


def test_no_key_is_defined_twice() -> None:
    seen: dict[str, int] = {}
    for number, section in enumerate(SECTIONS):
        for key in section:
            assert key not in seen, f"{key} in sections {seen[key]} and {number}"
            seen[key] = number
    assert len(CATALOG) == sum(map(len, SECTIONS))


def test_every_counted_text_has_its_plural() -> None:
    """``key_one`` goes with ``key_other`` (an ``_other`` alone is a plain key: ``link_for_other``)."""
    assert [key for key in CATALOG if key.endswith("_one") and f"{key[:-4]}_other" not in CATALOG] == []


def keys_named(source: str) -> list[tuple[int, str, bool]]:
    """(line, key, counted) for each key a module names literally where a text is asked for by its key."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        position = KEY_ARGUMENT.get(name)
        if position is None or len(node.args) <= position:
            continue
        argument = node.args[position]
        keywords = {keyword.arg for keyword in node.keywords}
        if name == "Note" and "error" in keywords:
            continue  # an engine refusal: the note says the error, not its key
        if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
            found.append((node.lineno, argument.value, name == "tn" or "count" in keywords))
    return found


def defined(key: str, counted: bool) -> bool:
    return f"{key}_one" in CATALOG if counted else key in CATALOG or f"{key}_one" in CATALOG


def test_the_key_finder_finds_keys() -> None:
    source = 'tr.t("play")\nw.tn("points", 2)\nNote("gone", count=1)\nNote("error", error=e)\nFeedback("info", "check")'
    assert keys_named(source) == [(1, "play", False), (2, "points", True), (3, "gone", True), (5, "check", False)]
    assert [key for _, key, counted in keys_named(source) if not defined(key, counted)] == ["gone"]


@pytest.mark.parametrize("package", ["app", "embed", "ui"])
def test_every_key_the_code_names_is_defined(package: str) -> None:
    missing = [
        f"{path.relative_to(ROOT)}:{line}: {key}"
        for path in sorted((ROOT / "py" / package).rglob("*.py"))
        for line, key, counted in keys_named(path.read_text(encoding="utf-8"))
        if not defined(key, counted)
    ]
    assert missing == []


def test_every_key_the_page_names_is_defined() -> None:
    keys = PAGE_KEY.findall((ROOT / "index.html").read_text(encoding="utf-8"))
    for path in (ROOT / "py").rglob("*.py"):
        keys += PAGE_KEY.findall(path.read_text(encoding="utf-8"))
    assert len(keys) > 50
    assert sorted({key for key in keys if key not in CATALOG}) == []
