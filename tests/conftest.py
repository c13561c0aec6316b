"""Suite-wide set-up.

* The whole suite reads the compiled language catalogs (py/ui/locale/*.mo), the scripts' words
  (assets/app/words.js), the facts they share with Python (assets/app/facts.js), what they draw boards with
  before Python starts (assets/app/drawing.js) and the pages' first scripts in one file (assets/app/*-page.js):
  write them before any test runs, once, in the main process (not in each xdist worker), as `make vendor` does.
  Up-to-date ones cost nothing.
* ``-n auto`` (``make test``) starts two workers per core: a browser test spends much of its time
  waiting on the page (Pyodide's start, the worker's replies, Playwright's polling), and a second
  test fills that time. Measured on 2 cores, 33 browser tests: 324 s with 2 workers, 234 s with 4.
* The longest tests are dealt out first (``LONGEST``, ``deal``): pytest-xdist's worksteal hands each
  worker a run of the collected tests, in order, and lets an idle worker take the end of another's run.
  A long test left near the end kept one worker busy after the others had finished (18 s of a 478 s
  run, the whole review of a game last); all of them at the start of one run made that worker take them
  one after the other (none is ever taken from the start of a run). So each run starts with its share
  of the long tests, and the others follow as collected (a module's tests together: some share a page).
"""

import os

import pytest
from repo_scripts import load_script


def pytest_configure(config):  # type: ignore[no-untyped-def]
    if not hasattr(config, "workerinput"):
        load_script("i18n").compile_all(quiet=True)
        load_script("facts").write(quiet=True)
        load_script("early").write(quiet=True)
        load_script("pagejs").write(quiet=True)


# Tests whose call takes 15-50 s on this machine (the layout check's 15-130 s): whole reviews and games by links in
# the page, the layout check over every screen, the browser lanes' scenarios, and the engine tests that start
# processes (two reviews side by side, Pyodide in Node.js, the reference's command line). None shares a page with
# another test.
LONGEST = (
    "tests/browser/test_review_view.py",
    "tests/browser/test_friend_play.py",
    "tests/browser/test_layout_check.py",
    "tests/scenarios/",
    "tests/engine/study/test_review_reference.py",
    "tests/site/test_compiled_runtime.py",
    "tests/engine/test_against_reference.py",
)


def pytest_collection_modifyitems(items):  # type: ignore[no-untyped-def]
    """Under pytest-xdist, each worker's run of tests starts with its share of the long ones (``deal``)."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    if workers > 1:
        items[:] = deal(items, workers)


def deal(items, workers):  # type: ignore[no-untyped-def]
    """``items`` reordered for ``workers`` runs of the sizes worksteal gives (what is left split evenly, in order):
    the long tests (``LONGEST``, in its order) dealt one each in turn to the starts of the runs, then each run filled
    up with the other tests as collected."""

    def rank(item):  # type: ignore[no-untyped-def]
        path = item.nodeid.split("::")[0]
        return next((i for i, prefix in enumerate(LONGEST) if path.startswith(prefix)), len(LONGEST))

    long = sorted((item for item in items if rank(item) < len(LONGEST)), key=rank)
    rest = [item for item in items if rank(item) == len(LONGEST)]
    dealt, left = [], len(items)
    for worker in range(workers):
        size = left // (workers - worker)
        run = long[worker::workers]
        take = max(0, size - len(run))
        dealt += run + rest[:take]
        rest = rest[take:]
        left -= size
    return dealt + rest


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: plain pytest runs without that plugin
def pytest_xdist_auto_num_workers(config):  # type: ignore[no-untyped-def]
    return 2 * (os.cpu_count() or 1)
