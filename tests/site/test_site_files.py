"""The static site's own files, checked without a browser: offline only, CSP, config, server."""

import json
import re
import shutil
import subprocess
import tomllib
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["index.html", "bench/pages/bare.html"]
# The hand-written PyScript configs: the game page's, and the bare page's of bench/pageload.py.
CONFIGS = {
    "pyscript.toml": "./assets/vendor/pyodide/pyodide.mjs",
    "bench/pages/bare.toml": "../../assets/vendor/pyodide/pyodide.mjs",
}
PAGE_CONFIGS = {"index.html": "./pyscript.toml", "bench/pages/bare.html": "./bare.toml"}


def site_files():
    """Every file of ours that the browser loads (vendored files are checked by the browser test)."""
    files = [ROOT / p for p in PAGES + list(CONFIGS)]
    files += sorted((ROOT / "js").glob("*.js")) + sorted((ROOT / "css").glob("*.css"))
    files += [ROOT / "py" / "main.py", *sorted((ROOT / "py" / "app").rglob("*.py"))]
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


def test_game_page_preloads_pyscripts_own_chain_first():
    """index.html names the files PyScript asks for one after the other before Pyodide starts
    (its chunk, the config, the TOML reader, Pyodide's module) so that they come first on the
    browser's connections. The chunks have hashed names: after an update of PyScript they must
    still be the files its core imports."""
    parser = PageParser()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    fetched = [
        a.get("href") or a.get("src")
        for t, a in parser.tags
        if (t == "link" and a.get("rel") in ("modulepreload", "preload", "stylesheet"))
        or (t == "script" and a.get("src"))
    ]
    for url in fetched:
        assert (ROOT / url).is_file(), f"index.html asks for {url}, which does not exist"
    vendor = ROOT / "assets/vendor/pyscript"
    chunk = re.search(r'from"\./(core-[\w-]+\.js)"', (vendor / "core.js").read_text(encoding="utf-8")).group(1)
    toml = re.search(r'import\("\./(toml-[\w-]+\.js)"\)', (vendor / chunk).read_text(encoding="utf-8")).group(1)
    chain = [
        "./js/loading.js",
        "./assets/vendor/pyscript/core.js",
        f"./assets/vendor/pyscript/{chunk}",
        "./pyscript.toml",
        f"./assets/vendor/pyscript/{toml}",
        "./assets/vendor/pyodide/pyodide.mjs",
    ]
    assert fetched[: len(chain)] == chain
    assert not {"./js/sw-register.js", "./js/ios-install.js"} & set(fetched), (
        "loading.js loads them once the game is ready"
    )


def read_config(name):
    return tomllib.loads((ROOT / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("config, interpreter", CONFIGS.items())
def test_config_uses_local_pyodide_without_packages(config, interpreter):
    data = read_config(config)
    # the interpreter resolves against the PAGE's URL: each config sits next to its page
    assert data["interpreter"] == interpreter
    assert (ROOT / config).parent.joinpath(interpreter).resolve() == ROOT / "assets/vendor/pyodide/pyodide.mjs"
    assert "packages" not in data, "packages makes PyScript fetch micropip, which is not shipped"


@pytest.mark.parametrize("page, config", PAGE_CONFIGS.items())
def test_page_loads_its_hand_written_toml_config(page, config):
    parser = PageParser()
    parser.feed((ROOT / page).read_text(encoding="utf-8"))
    scripts = [a for t, a in parser.tags if t == "script" and a.get("type") == "py"]
    assert [a.get("config") for a in scripts] == [config]
    assert (ROOT / page).parent.joinpath(config).is_file()


def test_game_config_loads_the_one_archive():
    """[files] entries resolve against the config's own URL: pyscript.toml sits at the root."""
    data = read_config("pyscript.toml")
    assert data == {
        "interpreter": "./assets/vendor/pyodide/pyodide.mjs",
        "files": {"./assets/app/app.zip": "./app.zip"},
    }
    assert [ROOT / url for url in data["files"]] == [ROOT / load_script("bundle").ARCHIVE]
    assert not (ROOT / "pyscript.json").exists(), "the config is pyscript.toml; nothing generates pyscript.json"


@pytest.mark.parametrize("config", list(CONFIGS))
def test_pyscript_reads_the_toml_as_python_does(config):
    """PyScript parses TOML with a small reader of its own (dist/toml-*.js, the one core.js
    imports): it must read our file exactly as tomllib does, comments included."""
    node = shutil.which("node")
    dist = ROOT / "assets" / "vendor" / "pyscript"
    core = next(dist.glob("core-*.js"), None)
    if node is None or core is None:
        pytest.skip("needs node and the vendored runtime (make vendor)")
    readers = set(re.findall(r'import\("\./(toml-[\w-]+\.js)"\)', core.read_text(encoding="utf-8")))
    assert len(readers) == 1, readers
    reader = dist / readers.pop()
    script = (
        "const {parse} = await import(process.argv[1]); const {readFileSync} = await import('node:fs');"
        "console.log(JSON.stringify(parse(readFileSync(process.argv[2], 'utf8'))));"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script, reader.as_uri(), str(ROOT / config)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(out.stdout) == read_config(config)


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
    [
        ("a.wasm", "application/wasm"),
        ("a.mjs", "text/javascript"),
        ("a.json", "application/json"),
        ("a.zip", "application/zip"),
        ("index.html", "text/html"),
        ("", "text/html"),
    ],
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
