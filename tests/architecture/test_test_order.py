"""The suite's order under pytest-xdist (tests/conftest.py's ``deal``): each worker's run starts with its share of the
long tests, in runs of the sizes worksteal hands out, and no test is lost or repeated."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

spec = importlib.util.spec_from_file_location("suite_conftest", Path(__file__).resolve().parents[1] / "conftest.py")
suite = importlib.util.module_from_spec(spec)
assert spec.loader is not None
spec.loader.exec_module(suite)


def test_each_run_starts_with_its_share_of_the_long_tests() -> None:
    long = [
        SimpleNamespace(nodeid=f"{prefix}test_x.py::test_{i}")
        for i, prefix in enumerate(["tests/scenarios/"] * 5 + ["tests/browser/test_review_view.py/"] * 2)
    ]
    short = [SimpleNamespace(nodeid=f"tests/engine/test_{i}.py::test") for i in range(30)]
    items = short[:10] + long + short[10:]
    dealt = suite.deal(items, 4)
    assert sorted(id(item) for item in dealt) == sorted(id(item) for item in items)
    runs, left = [], list(dealt)
    for worker in range(4):  # worksteal's first split: what is left, evenly, in order
        size = len(left) // (4 - worker)
        runs.append(left[:size])
        left = left[size:]
    starts = [[item for item in run if item in long] for run in runs]
    assert [len(s) for s in starts] == [2, 2, 2, 1]
    assert all(run[: len(s)] == s for run, s in zip(runs, starts, strict=True))  # the long ones first in every run
    assert [item for run in runs for item in run if item not in long] == short  # the others as collected
    assert starts[0][0].nodeid.startswith("tests/browser/test_review_view.py")  # LONGEST's order
