"""Headers for hosts: ``_headers`` (the file static hosts read) forbids framing by other sites, sniffing and
referrers, allows everything the pages' own CSP allows, is copied by ``make site``, and scripts/build/serve.py sends
exactly its headers."""

import re
import urllib.request
from html.parser import HTMLParser

import pytest
from repo_scripts import ROOT, load_script

PAGES = ["index.html", "tutorial.html", "embed.html"]


serve = load_script("serve")


def policy(text):
    return {d.strip().split()[0]: d.strip().split()[1:] for d in text.split(";") if d.strip()}


def headers():
    ((pattern, values),) = serve.parse_headers((ROOT / "_headers").read_text(encoding="utf-8"))
    assert pattern == "/*"
    return dict(values)


class Meta(HTMLParser):
    def __init__(self):
        super().__init__()
        self.csp = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy":
            self.csp = attrs["content"]


def test_headers_file_sets_framing_sniffing_and_referrer():
    sent = headers()
    csp = policy(sent["Content-Security-Policy"])
    assert csp["frame-ancestors"] == ["'self'"] and csp["default-src"] == ["'self'"]
    assert csp["object-src"] == ["'none'"] and "'unsafe-inline'" not in sent["Content-Security-Policy"]
    assert sent["X-Content-Type-Options"] == "nosniff"
    assert sent["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("page", PAGES)
def test_headers_allow_what_each_page_allows(page):
    """The browser applies the header's policy and the page's <meta> policy both: the header must not take away
    anything a page needs (each of its directives allows at least the page's sources)."""
    parser = Meta()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    meta, header = policy(parser.csp), policy(headers()["Content-Security-Policy"])
    for directive, sources in meta.items():
        allowed = header.get(directive, header["default-src"])
        assert set(sources) <= set(allowed), (page, directive, sources, allowed)


def test_make_site_copies_the_headers_file():
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8").split("\nsite:")[1].split("\n\n")[0]
    assert re.search(r"^\tcp .*\b_headers\b.* site/$", recipe, flags=re.M)


def test_the_local_server_sends_the_same_headers():
    with serve.running_server(ROOT) as url:
        for path in ("", "embed.html", "assets/vendor/pyodide/pyodide.mjs", "py/app/page.py"):
            with urllib.request.urlopen(url + path) as response:
                for name, value in headers().items():
                    assert response.headers[name] == value, (path, name)


def test_without_a_headers_file_the_server_still_sends_nosniff(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    with serve.running_server(tmp_path) as url:
        with urllib.request.urlopen(url) as response:
            assert response.headers["X-Content-Type-Options"] == "nosniff"
            assert response.headers["Content-Security-Policy"] is None
