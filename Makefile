# Qwirkle: set-up, play, test, publish.
#
#   make play [PORT=8000]   install what is missing, then serve the site on http://127.0.0.1:PORT/
#   make test               install what is missing (venv, Chromium, WebKitWebDriver + Xvfb, Firefox ESR,
#                           npm packages), run every test
#   make site               assemble a clean static site in site/ (copy that folder to any host)
#
# Each target installs only what is missing or stale, so repeating one is fast.

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
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

.PHONY: play test site vendor chromium webkit firefox clean

play: vendor
	$(PYTHON) scripts/serve.py --port $(PORT)

test: vendor chromium webkit firefox $(VENV)/.installed
	$(VENV_PY) -m pytest -n auto --dist worksteal tests

vendor: $(NPM_STAMP) $(VENV)/.build
	$(PYTHON) scripts/vendor.py --quiet
	$(VENV_PY) scripts/i18n.py compile --quiet
	$(PYTHON) scripts/bundle.py --quiet

$(NPM_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# Babel compiles the language catalogs (locale/*.po) at build time: scripts/i18n.py.
$(VENV)/.build: requirements-build.txt
	[ -x $(VENV_PY) ] || $(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-build.txt
	touch $@

$(VENV)/.installed: requirements-dev.txt requirements-build.txt
	[ -x $(VENV_PY) ] || $(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt -r requirements-build.txt
	touch $@

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		echo "Installing Debian's chromium (browser tests use $(CHROMIUM))"; \
		$(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	fi

webkit:
	@if [ ! -x $(WEBKIT_DRIVER) ] || [ ! -x $(XVFB) ]; then \
		echo "Installing Debian's webkit2gtk-driver and xvfb (the WebKit lane uses $(WEBKIT_DRIVER) on Xvfb)"; \
		$(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q webkit2gtk-driver xvfb; \
	fi

firefox:
	@if [ ! -x $(FIREFOX) ]; then \
		echo "Installing Debian's firefox-esr (the Firefox lane uses $(FIREFOX))"; \
		$(SUDO) apt-get update -q && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q firefox-esr; \
	fi

# The published site: the page, its config, our code and the vendored runtime; nothing else
# (no node_modules, .venv, tests or bench).
site: vendor
	rm -rf site
	mkdir -p site
	cp -R index.html pyscript.toml js css py assets site/
	cp -R tutorial.html embed.html manifest.webmanifest sw.js _headers site/
	find site -name __pycache__ -type d -prune -exec rm -rf {} +
	$(PYTHON) scripts/precache.py --root site --quiet
	@du -sh site | sed 's/\t.*//; s/^/site\/ is ready: /'

clean:
	rm -rf site assets/vendor
