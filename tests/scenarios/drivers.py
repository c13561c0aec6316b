"""A thin driver interface for the shared browser scenarios, and its two implementations.

The scenarios (test_scenarios.py) talk to a page only through ``Driver``: go to a page of a site,
wait for ``<html data-ready>``, wait for a JavaScript condition, click the n-th element a CSS
selector matches, count elements, read attributes and text, run a script, reload. Everything
they look at is the game's DOM contract (``data-ready``, ``data-turn``, ``data-over``,
``data-cell``, ``data-tile``, ``data-rack``, ``data-legal``, ``data-pending``, ``data-score``,
buttons by ``data-action``), never CSS classes or Python internals.

* ``PlaywrightDriver``: a Playwright page in Debian's Chromium.
* ``SeleniumDriver``: a Selenium session of WebKitWebDriver (Debian's ``webkit2gtk-driver``,
  WebKitGTK, the engine of every iPad browser) on an Xvfb display.
* ``PuppeteerDriver``: a page of Debian's Firefox ESR, driven by Puppeteer over WebDriver BiDi
  through a small Node process (``FirefoxBridge``, firefox.mjs beside this file).

Scripts are function bodies: they read their arguments from ``arguments`` and may ``return`` a
value or a promise (awaited in every engine).
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

# Pyodide starts in 5-10 s (more under load, and WebKit is slower than Chromium): wait long,
# never assert on time.
READY_TIMEOUT_S = 120.0
TIMEOUT_S = 60.0
# Between two looks at the page (each a round trip to the browser), as Playwright's own waits:
# quick at first, then every half second, so a long wait (Pyodide starting) costs little CPU.
POLL_PAUSES_S = (0.05, 0.1, 0.1, 0.25, 0.25, 0.5)

READY = """
const root = document.documentElement;
if (root.hasAttribute("data-ready")) return "ready";
if (root.hasAttribute("data-load-error") || document.querySelector(".py-error")) return "error";
return "";
"""
# The element still where it was two animation frames ago (what Playwright checks before a click): the page may
# re-lay itself out just after a change (the board refits when the panels around it change size), and WebDriver
# and Puppeteer click where the element was when they measured it.
STILL = """
const box = () => { const e = document.querySelectorAll(arguments[0])[arguments[1]];
                    if (!e) return null; const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height]; };
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
const before = box();
await frame(); await frame();
const after = box();
return before !== null && after !== null && before.every((v, i) => v === after[i]);
"""
ERRORS = """return Array.from(document.querySelectorAll(".py-error"), (e) => e.textContent)
  .concat(document.documentElement.getAttribute("data-load-error") || []);"""


class PageError(AssertionError):
    pass


class Driver:
    """What a scenario may do with the page. ``base`` is the site's URL, ending in '/'."""

    engine = ""

    def __init__(self, base: str) -> None:
        self.base = base

    # -- to implement ------------------------------------------------------------------------
    def open(self, url: str) -> None:
        raise NotImplementedError

    def js(self, body: str, *args: Any) -> Any:
        raise NotImplementedError

    def click(self, selector: str, index: int = 0) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    @property
    def url(self) -> str:
        raise NotImplementedError

    def navigating(self, error: Exception) -> bool:
        """True when ``error`` only says that the page navigated while a script ran."""
        return False

    # -- shared ------------------------------------------------------------------------------
    def goto(self, path: str = "", base: str | None = None) -> None:
        """Open a page of the site (``path`` relative to ``base``, by default the session's site)
        and wait until it is ready."""
        self.open((base or self.base) + path)
        self.wait_ready()

    def wait_ready(self) -> None:
        state = self.wait(READY, timeout=READY_TIMEOUT_S, what="<html data-ready>")
        if state != "ready":
            raise PageError(f"{self.url} did not start: {self.js(ERRORS)}")

    def wait(self, body: str, *args: Any, timeout: float = TIMEOUT_S, what: str = "") -> Any:
        """Until the script returns a truthy value; returns it."""
        deadline = time.monotonic() + timeout
        pauses = iter(POLL_PAUSES_S)
        while True:
            try:
                value = self.js(body, *args)
            except Exception as exc:  # a navigation under the script (Reload): ask the new page
                if not self.navigating(exc):
                    raise
                value = None
            if value:
                return value
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.engine}: gave up after {timeout:.0f} s waiting for {what or body.strip()}")
            time.sleep(next(pauses, POLL_PAUSES_S[-1]))

    def wait_for(self, selector: str, count: int | None = None, timeout: float = TIMEOUT_S) -> int:
        """Until ``selector`` matches (exactly ``count`` elements if given); returns how many."""
        if count is None:
            body = "return document.querySelectorAll(arguments[0]).length;"
            self.wait(body, selector, timeout=timeout, what=selector)
        else:
            body = "return document.querySelectorAll(arguments[0]).length === arguments[1];"
            self.wait(body, selector, count, timeout=timeout, what=f"{count} × {selector}")
        return self.count(selector)

    def count(self, selector: str) -> int:
        return int(self.js("return document.querySelectorAll(arguments[0]).length;", selector))

    def attr(self, selector: str, name: str, index: int = 0) -> str | None:
        return self.js(
            "const e = document.querySelectorAll(arguments[0])[arguments[2]];"
            "return e ? e.getAttribute(arguments[1]) : null;",
            selector,
            name,
            index,
        )

    def attrs(self, selector: str, name: str) -> list[str | None]:
        return self.js(
            "return Array.from(document.querySelectorAll(arguments[0]), (e) => e.getAttribute(arguments[1]));",
            selector,
            name,
        )

    def text(self, selector: str) -> str:
        return self.js("const e = document.querySelector(arguments[0]); return e ? e.textContent : '';", selector)

    def visible(self, selector: str) -> bool:
        return bool(
            self.js(
                """const e = document.querySelector(arguments[0]);
            return Boolean(e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden');""",
                selector,
            )
        )

    def still(self, selector: str, index: int = 0) -> None:
        """Until the ``index``-th element of ``selector`` stops moving (the engines without Playwright's own check)."""
        self.wait(STILL, selector, index, what=f"{selector} [{index}] to stay in place")

    def action(self, name: str) -> None:
        """Click the visible button ``data-action=name``."""
        self.click(f'button[data-action="{name}"]:not([hidden])')


class PlaywrightDriver(Driver):
    engine = "chromium"

    def __init__(self, base: str, page: Any) -> None:
        super().__init__(base)
        self.page = page

    def open(self, url: str) -> None:
        self.page.goto(url)

    def js(self, body: str, *args: Any) -> Any:
        return self.page.evaluate(
            f"async (args) => await (async function () {{ {body} }}).apply(null, args)", list(args)
        )

    def click(self, selector: str, index: int = 0) -> None:
        self.page.locator(selector).nth(index).click()

    def reload(self) -> None:
        self.page.reload()

    def navigating(self, error: Exception) -> bool:
        return "context was destroyed" in str(error) or "navigat" in str(error)

    @property
    def url(self) -> str:
        return self.page.url


class SeleniumDriver(Driver):
    engine = "webkit"

    def __init__(self, base: str, session: Any) -> None:
        super().__init__(base)
        self.session = session

    def open(self, url: str) -> None:
        self.session.get(url)

    def js(self, body: str, *args: Any) -> Any:
        # WebDriver's Execute Script awaits a returned promise.
        return self.session.execute_script(f"return (async function () {{ {body} }}).apply(null, arguments);", *args)

    def click(self, selector: str, index: int = 0) -> None:
        from selenium.common.exceptions import (
            ElementClickInterceptedException,
            ElementNotInteractableException,
            StaleElementReferenceException,
        )
        from selenium.webdriver.common.by import By

        # The page re-renders elements: find them again when one goes stale under the click.
        deadline = time.monotonic() + TIMEOUT_S
        pauses = iter(POLL_PAUSES_S)
        while True:
            try:
                self.still(selector, index)
                elements = self.session.find_elements(By.CSS_SELECTOR, selector)
                if len(elements) > index:
                    # as a reader scrolls to it: a section out of view is not laid out (content-visibility: auto in
                    # css/tutorial.css), and WebKitGTK's driver finds no box to click inside one
                    self.session.execute_script("arguments[0].scrollIntoView({block: 'center'})", elements[index])
                    elements[index].click()
                    return
                error: Exception = LookupError(f"no element {index} for {selector}")
            except (
                StaleElementReferenceException,
                ElementNotInteractableException,
                ElementClickInterceptedException,
            ) as exc:
                error = exc
            if time.monotonic() > deadline:
                raise AssertionError(f"webkit: could not click {selector} [{index}]: {error}")
            time.sleep(next(pauses, POLL_PAUSES_S[-1]))

    def reload(self) -> None:
        self.session.refresh()

    def navigating(self, error: Exception) -> bool:
        from selenium.common.exceptions import JavascriptException

        return isinstance(error, JavascriptException)

    @property
    def url(self) -> str:
        return self.session.current_url


# ... and "document.documentElement is null": the script ran in the new document before it had an element (a
# settled page always has one).
NAVIGATION_ERRORS = (
    "context was destroyed",
    "detached",
    "navigat",
    "no such frame",
    "document.documentElement is null",
)


class BridgeError(Exception):
    """An operation of firefox.mjs failed; the message is Puppeteer's."""


class FirefoxBridge:
    """``node firefox.mjs``: one headless Firefox ESR, driven by Puppeteer over WebDriver BiDi.

    One JSON request per line on its stdin, one answer per line on its stdout (firefox.mjs says
    which operations). Started once per test process (launching Firefox takes 5-15 s); each test
    gets a fresh browser context from ``call("page")``.
    """

    SCRIPT = Path(__file__).with_name("firefox.mjs")
    LAUNCH_TIMEOUT_S = 120.0

    def __init__(self, proxy_port: int, cwd: Path) -> None:
        self.process = subprocess.Popen(
            ["node", str(self.SCRIPT), "--proxy", str(proxy_port)],
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self.answers: queue.Queue[str | None] = queue.Queue()
        self.stderr: list[str] = []
        threading.Thread(target=self._read, args=(self.process.stdout, self.answers.put), daemon=True).start()
        threading.Thread(target=self._read, args=(self.process.stderr, self.stderr.append), daemon=True).start()
        self.next_id = 0
        self.version = self._answer(0, self.LAUNCH_TIMEOUT_S)

    @staticmethod
    def _read(stream: Any, put: Any) -> None:
        for line in stream:
            put(line)
        put(None)

    def _answer(self, wanted: int, timeout: float) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.answers.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                raise TimeoutError(f"firefox: no answer in {timeout:.0f} s") from None
            if line is None:
                tail = "".join(text for text in self.stderr[-30:] if text)
                raise BridgeError(f"firefox.mjs exited ({self.process.poll()}):\n{tail}")
            answer = json.loads(line)
            if answer["id"] == wanted:
                if "error" in answer:
                    raise BridgeError(answer["error"])
                return answer["value"]
            # an answer to a request that timed out earlier: drop it

    def call(self, op: str, *args: Any, timeout: float = 2 * TIMEOUT_S) -> Any:
        self.next_id += 1
        assert self.process.stdin
        self.process.stdin.write(json.dumps({"id": self.next_id, "op": op, "args": list(args)}) + "\n")
        self.process.stdin.flush()
        return self._answer(self.next_id, timeout)

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()  # firefox.mjs closes Firefox and exits
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class PuppeteerDriver(Driver):
    engine = "firefox"

    def __init__(self, base: str, bridge: FirefoxBridge) -> None:
        super().__init__(base)
        self.bridge = bridge

    def open(self, url: str) -> None:
        self.bridge.call("goto", url)

    def js(self, body: str, *args: Any) -> Any:
        return self.bridge.call("js", body, list(args))

    def click(self, selector: str, index: int = 0) -> None:
        # The page re-renders elements: find them again when one goes away under the click.
        deadline = time.monotonic() + TIMEOUT_S
        pauses = iter(POLL_PAUSES_S)
        while True:
            try:
                self.still(selector, index)
                self.bridge.call("click", selector, index)
                return
            except BridgeError as exc:
                error = exc
            if time.monotonic() > deadline:
                raise AssertionError(f"firefox: could not click {selector} [{index}]: {error}")
            time.sleep(next(pauses, POLL_PAUSES_S[-1]))

    def reload(self) -> None:
        self.bridge.call("reload")

    def navigating(self, error: Exception) -> bool:
        # A script evaluated while the page navigates fails in Firefox's BiDi agent itself (a
        # ProtocolError, or the script's own TypeError on the new, still empty document) or
        # in Puppeteer (its context destroyed or its frame detached); an error thrown by the
        # script in a settled page arrives as that error and is not a navigation.
        text = str(error)
        return isinstance(error, BridgeError) and (
            text.startswith("ProtocolError") or any(s in text for s in NAVIGATION_ERRORS)
        )

    @property
    def url(self) -> str:
        return str(self.bridge.call("url"))
