"""Suite-wide set-up.

* The whole suite reads the compiled language catalogs (py/ui/locale/*.mo) and the scripts' words
  (assets/app/words.js): compile them from locale/*.po before any test runs, once, in the main
  process (not in each xdist worker), as `make vendor` does. Up-to-date catalogs cost nothing.
* ``-n auto`` (``make test``) starts two workers per core: a browser test spends much of its time
  waiting on the page (Pyodide's start, the worker's replies, Playwright's polling), and a second
  test fills that time. Measured on 2 cores, 33 browser tests: 324 s with 2 workers, 234 s with 4.
"""

import os

from repo_scripts import load_script


def pytest_configure(config):  # type: ignore[no-untyped-def]
    if not hasattr(config, "workerinput"):
        load_script("i18n").compile_all(quiet=True)


def pytest_xdist_auto_num_workers(config):  # type: ignore[no-untyped-def]
    return 2 * (os.cpu_count() or 1)
