"""The examples in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import qwirkle

ROOT = Path(__file__).resolve().parents[2]
MODULES = [info.name for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle.") if info.name != "qwirkle.__main__"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_the_engine_doc_positions_run_as_written():
    """docs/engine.md's *Positions* section is doctested, as python-chess doctests its README."""
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc.split("\n## Positions\n", 1)[1].split("\n## ", 1)[0]
    test = doctest.DocTestParser().get_doctest(section, {}, "docs/engine.md: Positions", "docs/engine.md", 0)
    assert test.examples
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0
