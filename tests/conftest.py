"""The whole suite reads the compiled language catalogs (py/ui/locale/*.mo) and the scripts' words
(assets/app/words.js): compile them from locale/*.po before any test runs, once, in the main
process (not in each xdist worker), as `make vendor` does. Up-to-date catalogs cost nothing."""

from repo_scripts import load_script


def pytest_configure(config):  # type: ignore[no-untyped-def]
    if not hasattr(config, "workerinput"):
        load_script("i18n").compile_all(quiet=True)
