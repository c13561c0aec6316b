"""The static site's own files, checked without a browser: offline only, CSP, config, server."""

import importlib.util
import json
import re
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["index.html", "bench/bare.html"]
CONFIGS = {"pyscript.json": "./assets/vendor/pyodide/pyodide.mjs", "bench/bare.json": "../assets/vendor/pyodide/pyodide.mjs"}


def load_script(name):
    spec = importlib.util.spec_from_file_location(f"_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site_files():
    """Every file of ours that the browser loads (vendored files are checked by the browser test)."""
    files = [ROOT / p for p in PAGES + list(CONFIGS)]
    files += sorted((ROOT / "js").glob("*.js")) + sorted((ROOT / "css").glob("*.css"))
    files += [ROOT / "py" / "main.py"] + sorted((ROOT / "py" / "app").rglob("*.py"))
    files += sorted((ROOT / "py" / "qwirkle").rglob("*.py")) + sorted((ROOT / "assets").glob("*.svg"))
    return files


@pytest.mark.parametrize("path", site_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_remote_url(path):
    text = path.read_text(encoding="utf-8")
    text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")  # a namespace, never fetched
    assert not re.findall(r"(?:https?:)?//[\w.-]+\.[a-z]{2,}[/\w.-]*", text), "the site must not load anything remote"


class PageParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))


@pytest.mark.parametrize("page", PAGES)
def test_page_is_csp_clean(page):
    parser = PageParser()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    csp = [a["content"] for t, a in parser.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert len(csp) == 1
    policy = dict(d.strip().split(" ", 1) for d in csp[0].split(";"))
    assert policy["default-src"] == "'self'"
    assert policy["script-src"] == "'self' 'wasm-unsafe-eval' 'unsafe-eval'"
    assert "unsafe-inline" not in csp[0]
    for tag, attrs in parser.tags:
        assert not [a for a in attrs if a.startswith("on")], f"inline event handler on <{tag}>"
        assert "style" not in attrs, f"inline style on <{tag}>"
        if tag == "script" and attrs.get("type") != "py":
            assert attrs.get("src") and attrs.get("type") == "module", f"inline or classic script: {attrs}"
    assert sum(1 for t, a in parser.tags if t == "script" and a.get("type") == "py") == 1


@pytest.mark.parametrize("config, interpreter", CONFIGS.items())
def test_config_uses_local_pyodide_without_packages(config, interpreter):
    data = json.loads((ROOT / config).read_text(encoding="utf-8"))
    assert data["interpreter"] == interpreter
    assert (ROOT / config).parent.joinpath(interpreter).resolve() == ROOT / "assets/vendor/pyodide/pyodide.mjs"
    assert "packages" not in data, "packages makes PyScript fetch micropip, which is not shipped"


def test_config_maps_every_module():
    vendor = load_script("vendor")
    files = json.loads((ROOT / "pyscript.json").read_text(encoding="utf-8"))["files"]
    assert files == vendor.package_files(), "pyscript.json is out of date: run `python3 scripts/vendor.py`"
    assert "./py/qwirkle/__init__.py" in files and "./py/app/shell.py" in files
    for source in files:
        assert (ROOT / source).is_file()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    for name in ("a.wasm", "a.mjs", "a.json", "a.zip", "a.py", "index.html"):
        (root / name).write_bytes(b"x")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("secret")
    (root / "folder").mkdir()
    with load_script("serve").running_server(root) as url:
        yield url


@pytest.mark.parametrize(
    "name, mime",
    [("a.wasm", "application/wasm"), ("a.mjs", "text/javascript"), ("a.json", "application/json"),
     ("a.zip", "application/zip"), ("index.html", "text/html"), ("", "text/html")],
)
def test_server_types_and_caching(server, name, mime):
    assert server.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(server + name) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime
        assert response.headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize("name", [".git/config", "folder/", "missing.js"])
def test_server_hides_dot_folders_and_listings(server, name):
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(server + name)
    assert error.value.code == 404
