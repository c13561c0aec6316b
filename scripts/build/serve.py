#!/usr/bin/env python3
"""Serve a folder (by default the repository root, which is the site) on 127.0.0.1.

Standard library only. Differences from ``python3 -m http.server``:

* binds 127.0.0.1 only;
* correct types for what the page loads: ``.wasm`` application/wasm (needed for streaming
  compilation), ``.mjs`` text/javascript (module scripts are refused otherwise), ``.json``,
  ``.zip``, ``.py``;
* ``Cache-Control: no-cache``: the browser keeps its copy but revalidates it on every load
  (304 Not Modified), so an edited file is never served stale and warm loads stay warm;
* the headers of the site's ``_headers`` file (the format static hosts read: CSP with
  ``frame-ancestors``, ``X-Content-Type-Options``, ``Referrer-Policy``), so that what is tested
  locally is what a host sends;
* never serves dot-folders (.git, .venv) and never lists directories;
* an edit is live on reload: the game's archive (``assets/app/app.zip``) and a page's scripts in one file
  (``assets/app/*-page.js``) are rebuilt when asked for if a source changed, and the service worker's list
  (``sw-precache.js``) likewise. ``rebuild=False`` serves the archive and the page scripts as they were built, as a
  static host does: the benches, which time those requests (each check costs 4-5 ms; ``make bench`` builds first).

Command line (what ``make play`` runs)::

    PYTHONPATH=py python3 scripts/build/serve.py [--port 8000] [--root DIR]

From tests, benchmarks and the screenshot tools, with the browser that reaches nothing else::

    from serve import CHROMIUM, CHROMIUM_ARGS, running_server
    with running_server(root) as url:     # free port, background thread
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import functools
import http.server
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

# Debian's Chromium as every test, bench and tool starts it: quiet on a closed network (shared OFFLINE.md), and every
# host but 127.0.0.1 unresolvable, so that a page reaches nothing but what this server serves.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".py": "text/x-python; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types above, revalidated on every load."""

    protocol_version = "HTTP/1.1"  # keep-alive: the page makes ~40 requests
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}  # noqa: RUF012 - the base class's own table, per class
    quiet = False
    rebuild = True  # the archive and the pages' script files rebuilt on request after an edit

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in host_headers(Path(self.directory), urlsplit(self.path).path):
            self.send_header(name, value)
        super().end_headers()

    def send_head(self):  # type: ignore[no-untyped-def]
        parts = unquote(urlsplit(self.path).path).split("/")
        if any(part.startswith(".") and part not in (".", "..") for part in parts):
            self.send_error(404, "Not found")
            return None
        if parts[-1] == "sw-precache.js":  # the service worker's update check: list edits too
            _precache().refresh_precache(self.directory)
        if self.rebuild and parts[-2:] == ["app", "app.zip"]:  # the game's Python packages: edits live on reload
            _bundle().refresh(self.directory)
        if self.rebuild and parts[-2:-1] == ["app"] and parts[-1].endswith("-page.js"):  # a page's scripts: likewise
            _pagejs().refresh(self.directory)
        return super().send_head()

    def list_directory(self, path):  # type: ignore[no-untyped-def]
        self.send_error(404, "No directory listings")
        return None

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


HEADERS_FILE = "_headers"


def parse_headers(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """A ``_headers`` file: ``[(path pattern, [(name, value), ...]), ...]``. A line at the left margin is a path
    (``*`` matches any rest), the indented ``Name: value`` lines under it are its headers; ``#`` starts a comment.

    >>> parse_headers("/*\n  X-Frame-Options: DENY\n# note\n/a.html\n  Referrer-Policy: no-referrer\n")
    [('/*', [('X-Frame-Options', 'DENY')]), ('/a.html', [('Referrer-Policy', 'no-referrer')])]
    """
    rules: list[tuple[str, list[tuple[str, str]]]] = []
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[0].isspace():
            rules.append((line.strip(), []))
        elif rules and ":" in line:
            name, _, value = line.strip().partition(":")
            rules[-1][1].append((name.strip(), value.strip()))
    return rules


def _matches(pattern: str, path: str) -> bool:
    return path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern


@functools.lru_cache(maxsize=8)
def _rules(headers_file: Path, mtime_ns: int) -> list[tuple[str, list[tuple[str, str]]]]:
    return parse_headers(headers_file.read_text(encoding="utf-8"))


def host_headers(root: Path, path: str) -> list[tuple[str, str]]:
    """The headers ``root/_headers`` gives a request path (without a ``_headers`` file: nosniff only)."""
    headers_file = root / HEADERS_FILE
    try:
        rules = _rules(headers_file, headers_file.stat().st_mtime_ns)
    except OSError:
        return [("X-Content-Type-Options", "nosniff")]
    return [header for pattern, headers in rules if _matches(pattern, path) for header in headers]


@functools.cache
def _bundle():  # type: ignore[no-untyped-def]
    """scripts/build/bundle.py, which rebuilds assets/app/app.zip when a module of the game changed."""
    import bundle

    return bundle


@functools.cache
def _pagejs():  # type: ignore[no-untyped-def]
    """scripts/build/pagejs.py, which rewrites a page's scripts in one file when one of them changed."""
    import pagejs

    return pagejs


@functools.cache
def _precache():  # type: ignore[no-untyped-def]
    """scripts/build/precache.py, which rewrites sw-precache.js when a file of the site changed."""
    import precache

    return precache


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):  # type: ignore[no-untyped-def]
        """A browser that goes away mid-download (a closed tab or test browser) is no error."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(root: Path | str = ROOT, port: int = 0, quiet: bool = False, rebuild: bool = True) -> Server:
    """A server bound to 127.0.0.1 (port 0: any free port; see ``server.server_address``); ``rebuild``: edits live."""
    handler = functools.partial(
        type("QuietHandler" if quiet else "Handler", (Handler,), {"quiet": quiet, "rebuild": rebuild}),
        directory=str(root),
    )
    return Server((HOST, port), handler)


@contextlib.contextmanager
def running_server(root: Path | str = ROOT, port: int = 0, quiet: bool = True, rebuild: bool = True) -> Iterator[str]:
    """Serve ``root`` from a background thread; yields the base URL ending in '/'."""
    server = make_server(root, port, quiet, rebuild)
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve the site on 127.0.0.1.")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--root", type=Path, default=ROOT, help="folder to serve (default: repo root)")
    parser.add_argument("--quiet", action="store_true", help="do not log requests")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.port, args.quiet)
    except OSError as exc:
        if exc.errno == errno.EADDRINUSE:
            print(f"serve.py: port {args.port} is in use; try `make play PORT=8001`", file=sys.stderr)
            return 1
        raise
    print(f"Serving {args.root.resolve()} at http://{HOST}:{server.server_address[1]}/ (Ctrl+C stops)", flush=True)
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))  # `kill` stops it cleanly too
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
