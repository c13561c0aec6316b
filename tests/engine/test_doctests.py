"""The examples in the engine's docstrings run as written."""

import doctest
import importlib
import pkgutil

import pytest

import qwirkle

MODULES = [info.name for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle.") if info.name != "qwirkle.__main__"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
