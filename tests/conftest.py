"""Suite-wide set-up.

* The whole suite reads the compiled language catalogs (py/ui/locale/*.mo) and the scripts' words
  (assets/app/words.js): compile them from locale/*.po before any test runs, once, in the main
  process (not in each xdist worker), as `make vendor` does. Up-to-date catalogs cost nothing.
* ``-n auto`` (``make test``) starts two workers per core: a browser test spends much of its time
  waiting on the page (Pyodide's start, the worker's replies, Playwright's polling), and a second
  test fills that time. Measured on 2 cores, 33 browser tests: 324 s with 2 workers, 234 s with 4.
* Each worker starts with the browser tests: they are a tenth of the tests and most of the time.
  xdist's worksteal hands each worker one block of the list (and lets an idle worker take half
  of what another has left), so the list is made of one block per worker, each the worker's
  share of the browser tests, then its share of the quick ones, which fill the gaps at the end.
  In collection order all three engines' scenarios fell to one worker, one after the other, for
  most of the run.
"""

import os

import pytest

from repo_scripts import load_script


def pytest_configure(config):  # type: ignore[no-untyped-def]
    if not hasattr(config, "workerinput"):
        load_script("i18n").compile_all(quiet=True)


def pytest_xdist_auto_num_workers(config):  # type: ignore[no-untyped-def]
    return 2 * (os.cpu_count() or 1)


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    workers = pytest_xdist_auto_num_workers(config)
    browser = [item for item in items if item.get_closest_marker("browser") is not None]
    quick = [item for item in items if item.get_closest_marker("browser") is None]
    items[:] = [item for block in range(workers) for item in browser[block::workers] + quick[block::workers]]
