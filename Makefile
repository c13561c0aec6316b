# Qwirkle: set-up, play, test, publish.
#
#   make play [PORT=8000]   install what is missing, then serve the site on http://127.0.0.1:PORT/
#   make check              the fast lane, while working (under 3 minutes on 2 cores): ruff (lint, format check),
#                           mypy, and the tests that need no browser and are not marked slow
#   make test               install what is missing (venv, Chromium, WebKitWebDriver + Xvfb, Firefox ESR,
#                           npm packages), run ruff (lint, then format check) and mypy, then every test;
#                           CI's command (.ci/run), and the one to pass before landing a change
#   make site               assemble a clean static site in site/ (copy that folder to any host)
#   make bench B=NAME [ARGS="..."]   run bench/NAME.py (bench/README.md lists them)
#   make figures            render bench/results/*.json into README.md's table (scripts/build/figures.py)
#   make tables             rebuild the shipped tables py/qwirkle/data/*.json (hours: scripts/README.md)
#
# Each target installs only what is missing or stale, so repeating one is fast.

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
# The venv's own pip if it has one, else this Python's pip aimed at the venv (expanded when a recipe runs).
PIP = $(if $(wildcard $(VENV)/bin/pip),$(VENV_PY) -m pip,$(PYTHON) -m pip --python $(VENV_PY))
CHROMIUM := /usr/bin/chromium
# The WebKit lane (tests/scenarios): Debian's WebKitGTK WebDriver, on an Xvfb display.
WEBKIT_DRIVER := /usr/bin/WebKitWebDriver
XVFB := /usr/bin/Xvfb
# The Firefox lane (tests/scenarios): Debian's Firefox ESR, driven by npm puppeteer-core over WebDriver BiDi.
FIREFOX := /usr/bin/firefox-esr
# npm writes node_modules/.package-lock.json on every install: older than package-lock.json
# (or missing) means node_modules is stale.
NPM_STAMP := node_modules/.package-lock.json
# sudo only when not root (CI and these machines run as root).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The scripts import the game from py/, and their own helpers from scripts/build/ and scripts/tables/.
SCRIPTS_PATH := PYTHONPATH=py:scripts/build:scripts/tables
CORES := $(shell nproc 2>/dev/null || echo 2)

.PHONY: play check lint test test-setup site vendor vendor-runtime vendor-app browsers bench figures tables clean

play: vendor
	$(SCRIPTS_PATH) $(PYTHON) scripts/build/serve.py --port $(PORT)

# Lint and types, the first steps of both lanes: ruff (settings in pyproject.toml), then mypy --strict over py/
# (mypy.ini).
lint: $(VENV)/.installed
	$(VENV_PY) -m ruff check .
	$(VENV_PY) -m ruff format --check .
	$(VENV_PY) -m mypy

# The fast lane (docs/testing.md): the venv and the vendored runtime (some tests read its files; both are built only
# when missing or stale), no browser, none of the tests marked slow (pytest.ini), one worker per core: these tests
# compute, they do not wait.
check: vendor lint
	$(VENV_PY) -m pytest -n $(CORES) -m "not browser and not slow" --durations=10 tests

# The set-up's independent parts (npm and the venv, then the build and the test tools, the
# browsers) run side by side: on a fresh clone that halves the wait before the first test.
test:
	@$(MAKE) --no-print-directory --jobs=4 --output-sync=target test-setup
	@$(MAKE) --no-print-directory lint
	$(VENV_PY) -m pytest -n auto --dist worksteal --durations=25 tests

test-setup: vendor browsers $(VENV)/.installed

# Its two halves run side by side under --jobs (make test): the runtime's files (vendor.py compiles the
# standard library with the Pyodide in node_modules) and our archive (the catalogs, the facts the page's scripts share
# with Python, then bundle.py).
vendor: vendor-runtime vendor-app

vendor-runtime: $(NPM_STAMP)
	$(PYTHON) scripts/build/vendor.py --quiet

vendor-app: $(NPM_STAMP) $(VENV)/.build
	$(SCRIPTS_PATH) $(VENV_PY) scripts/build/i18n.py compile --quiet
	$(SCRIPTS_PATH) $(PYTHON) scripts/build/facts.py --quiet
	$(SCRIPTS_PATH) $(PYTHON) scripts/build/early.py --quiet
	$(SCRIPTS_PATH) $(PYTHON) scripts/build/pagejs.py --quiet
	$(SCRIPTS_PATH) $(PYTHON) scripts/build/bundle.py --quiet

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The venv gets no pip of its own when this Python has a pip that can install into another environment
# (pip 22.3 and later: --python): seeding pip into a new venv took 5 of the first set-up's 30 s. Otherwise
# (Debian without python3-pip, an older pip) the venv brings its own.
$(VENV_PY):
	if $(PYTHON) -m pip --help 2>/dev/null | grep -q -- '--python <python>'; then $(PYTHON) -m venv --without-pip $(VENV); \
	else $(PYTHON) -m venv $(VENV); fi

# --no-compile: pip would compile every module of the tools (6 of the first set-up's 16 s of CPU for
# them); Python compiles the few that the tests import, once, when they are first imported.
# Babel compiles the language catalogs (locale/*.po) at build time: scripts/build/i18n.py.
$(VENV)/.build: requirements-build.txt | $(VENV_PY)
	$(PIP) install --quiet --disable-pip-version-check --no-compile -r requirements-build.txt
	touch $@

$(VENV)/.installed: requirements-dev.txt $(VENV)/.build
	$(PIP) install --quiet --disable-pip-version-check --no-compile -r requirements-dev.txt
	touch $@

# Debian's browsers for the three lanes, in one apt-get (two at once would fight over its lock):
# chromium (Playwright), webkit2gtk-driver and xvfb (WebKit), firefox-esr (Puppeteer).
browsers:
	@missing=""; \
	[ -x $(CHROMIUM) ] || missing="$$missing chromium"; \
	[ -x $(WEBKIT_DRIVER) ] || missing="$$missing webkit2gtk-driver"; \
	[ -x $(XVFB) ] || missing="$$missing xvfb"; \
	[ -x $(FIREFOX) ] || missing="$$missing firefox-esr"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian's$$missing for the browser tests"; \
		$(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	fi

# The published site: the page, its config, our code and the vendored runtime; nothing else
# (no node_modules, .venv, tests or bench).
site: vendor
	rm -rf site
	mkdir -p site
	cp -R index.html pyscript.toml js css py assets site/
	cp -R tutorial.html embed.html manifest.webmanifest sw.js _headers site/
	mkdir -p site/docs && cp docs/embedding.md site/docs/  # linked from embed.html when it has no settings
	find site -name __pycache__ -type d -prune -exec rm -rf {} +
	$(PYTHON) scripts/build/precache.py --root site --quiet
	@du -sh site | sed 's/\t.*//; s/^/site\/ is ready: /'

# One bench script, e.g. make bench B=movegen ARGS="--games 50": the venv and the vendored site first
# (the browser benches serve it; the others start in a second when it is up to date).
bench: vendor $(VENV)/.installed
	@[ -n "$(B)" ] && [ -f bench/$(B).py ] || { echo "make bench B=NAME: NAME is one of: $$(cd bench && ls *.py | sed 's/\.py$$//' | tr '\n' ' ')"; exit 1; }
	$(SCRIPTS_PATH) $(VENV_PY) bench/$(B).py $(ARGS)

figures: $(VENV)/.build
	$(SCRIPTS_PATH) $(VENV_PY) scripts/build/figures.py

# Hours on two cores (scripts/README.md): the win-chance table for two, three and four players, then the
# levels' accuracy with the games of the shipped table. Each writes into py/qwirkle/data/.
tables: $(VENV)/.build
	nice -n 10 env $(SCRIPTS_PATH) $(VENV_PY) scripts/tables/winchance.py
	nice -n 10 env $(SCRIPTS_PATH) $(VENV_PY) scripts/tables/winchance.py --players 3
	nice -n 10 env $(SCRIPTS_PATH) $(VENV_PY) scripts/tables/winchance.py --players 4
	nice -n 10 env $(SCRIPTS_PATH) $(VENV_PY) scripts/tables/accuracy.py --games classic=13,cubes=4,flex=4 --write

clean:
	rm -rf site assets/vendor
