"""The engine's tests go through its public API: no test under tests/engine reads a private attribute or method
(``obj._name``), and no test anywhere imports a private name of ``qwirkle`` (``from qwirkle.x import _name``).
Dunders are public. The tests of the page (tests/app, tests/ui...) may reach the page's own privates: those are not
the engine's. Where a test needs a part of the engine, the engine makes that part public (the Expert's look-ahead
parts are public methods of ``ExpertPlayer``, tested one by one)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
ENGINE_TESTS = TESTS / "engine"


def private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def privates_in(text: str, engine: bool) -> set[str]:
    """The private names a test's ``text`` reaches: attributes when it tests the engine, names imported from
    ``qwirkle`` in any test."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if engine and isinstance(node, ast.Attribute) and private(node.attr):
            found.add(node.attr)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "qwirkle":
            found.update(alias.name for alias in node.names if private(alias.name))
    return found


def test_the_check_sees_private_attributes_and_imports() -> None:
    text = "from qwirkle.game import _State, Game\nGame.new('classic', 'ab', 1)._state.board.__len__()\n"
    assert privates_in(text, engine=True) == {"_State", "_state"}
    assert privates_in(text, engine=False) == {"_State"}
    assert not privates_in("from app.play import _x\nc._apply(m)\n", engine=False)


def test_no_test_reads_a_private_name_of_the_engine() -> None:
    found = {}
    for path in sorted(TESTS.rglob("*.py")):
        used = privates_in(path.read_text(encoding="utf-8"), path.is_relative_to(ENGINE_TESTS))
        if used:
            found[path.relative_to(ROOT).as_posix()] = used
    assert not found, f"tests reading the engine's private names (give the engine a public way): {found}"
