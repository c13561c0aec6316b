"""Offline set-up files without a browser: the precache list, the configs, the manifest, icons."""

from __future__ import annotations

import io
import json
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["index.html", "tutorial.html", "embed.html"]


precache = load_script("precache")


@pytest.fixture(scope="module")
def listing() -> dict:
    return precache.precache_manifest(ROOT)


def test_precache_lists_the_site_and_nothing_else(listing: dict) -> None:
    files = listing["files"]
    for url in [
        "./",
        "./index.html",
        "./tutorial.html",
        "./embed.html",
        "./manifest.webmanifest",
        "./pyscript.toml",
        "./assets/app/app.zip",
        "./js/sw-register.js",
        "./js/embed.js",
        "./css/embed.css",
        "./assets/icons/icon-192.png",
        "./assets/icons/maskable-512.png",
        "./py/main.py",
        "./py/embed_main.py",
        "./py/embed/page.py",
        "./py/qwirkle/rules.py",
        "./assets/vendor/pyodide/pyodide.asm.wasm",
        "./assets/vendor/pyodide/python_stdlib.zip",
        "./assets/vendor/pyscript/core.js",
        "./js/live.js",
        "./js/live-code.js",
        "./js/live-scan.js",
        "./assets/vendor/barcode-detector/ponyfill.js",
        "./assets/vendor/barcode-detector/zxing-exported.js",
        "./assets/vendor/barcode-detector/zxing_reader.wasm",
    ]:
        if url in ("./tutorial.html",) and not (ROOT / url).exists():
            continue
        assert url in files, url
    assert files["./"] == files["./index.html"]
    for url in files:
        assert not re.match(r"\./(tests|bench|docs|scripts|node_modules|site)/|\./\.", url), url
        assert "__pycache__" not in url and not url.endswith((".map", ".tmp"))
    assert "./sw.js" not in files and "./sw-precache.js" not in files
    assert all(re.fullmatch(r"[0-9a-f]{64}", digest) for digest in files.values())
    assert re.fullmatch(r"[0-9a-f]{16}", listing["version"])


class Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        config = a.get("config")
        if config and config.lstrip().startswith("{"):  # an inline config: the files it names
            inline = json.loads(config)
            self.urls += [url for url in [inline.get("interpreter"), *inline.get("files", {})] if url]
            a.pop("config")
        elif config and config.endswith(".toml"):  # a config file (next to the page): the same
            data = tomllib.loads((ROOT / config).read_text(encoding="utf-8"))
            self.urls += [url for url in [data.get("interpreter"), *data.get("files", {})] if url]
        for name in ("src", "href", "config"):
            value = a.get(name)
            if value and not value.startswith(("#", "http", "mailto:")) and not (tag == "a" and name == "href"):
                self.urls.append(value)


@pytest.mark.parametrize("page", PAGES)
def test_every_file_a_page_loads_is_precached(page: str, listing: dict) -> None:
    if not (ROOT / page).exists():
        pytest.skip(f"{page} not there yet")
    refs = Refs()
    refs.feed((ROOT / page).read_text(encoding="utf-8"))
    for url in refs.urls:
        assert "./" + url.removeprefix("./").split("?")[0] in listing["files"], f"{page}: {url}"


def test_pyscript_toml_and_its_files_are_precached(listing: dict) -> None:
    """index.html's config, the interpreter and archive it names, and PyScript's TOML reader
    (a chunk core.js imports only when a config is TOML): all there with the server stopped."""
    files = listing["files"]
    data = tomllib.loads((ROOT / "pyscript.toml").read_text(encoding="utf-8"))
    assert "./pyscript.toml" in files
    assert "./" + data["interpreter"].removeprefix("./") in files
    for url in data["files"]:
        assert "./" + url.removeprefix("./") in files, url
    dist = ROOT / "assets" / "vendor" / "pyscript"
    core = next(dist.glob("core-*.js"), None)
    if core is None:
        pytest.skip("no vendored runtime (make vendor)")
    readers = re.findall(r'import\("\./(toml-[\w-]+\.js)"\)', core.read_text(encoding="utf-8"))
    assert readers
    for name in readers:
        assert f"./assets/vendor/pyscript/{name}" in files, name


def test_embedded_boards_load_only_fixed_files_that_are_precached(listing: dict) -> None:
    """js/embed.js builds its config from pyscript.toml's entries (``RUNTIME`` of assets/app/facts.js, imported, never
    fetched; test_pyscript_toml_and_its_files_are_precached checks those) and fixed paths: each is precached."""
    script = (ROOT / "js" / "embed.js").read_text(encoding="utf-8")
    assert ".json" not in script and "fetch(" not in script, "embed.js reads no config at run time"
    assert 'import { RUNTIME } from "../assets/app/facts.js";' in script
    assert "./assets/app/facts.js" in listing["files"]
    paths = re.findall(r'new URL\("([\w./-]+)", SITE\)', script)
    assert {"py/embed_main.py", "assets/vendor/pyscript/core.js"} <= set(paths)
    for path in paths:
        assert "./" + path in listing["files"], path


def test_version_follows_content(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "js").mkdir(parents=True)
    (site / "index.html").write_text("<p>one</p>")
    (site / "js" / "a.js").write_text("1")
    (site / "sw.js").write_text("// sw")
    precache.write(site)
    first = (site / "sw-precache.js").read_text()
    assert precache.write(site) == [] and precache.write(site, check=True) == []
    (site / "js" / "a.js").write_text("2")
    assert precache.write(site, check=True) == ["update sw-precache.js"]
    precache.write(site)
    second = (site / "sw-precache.js").read_text()
    assert first != second
    version = re.search(r'"version": "(\w+)"', second)
    assert version and version.group(1) in second and "./js/a.js" in second and "./sw.js" not in second


def test_generated_files_are_ignored_by_git() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("no git")
    out = subprocess.run(
        ["git", "check-ignore", "sw-precache.js", "assets/app/app.zip", "pyscript.toml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert out.stdout.split() == ["sw-precache.js", "assets/app/app.zip"]


@pytest.mark.slow  # Pyodide under Node.js imports every page's modules
def test_the_archive_holds_every_module_the_pages_import(tmp_path: Path) -> None:
    """Only the archive's files (and the entry points) exist in Pyodide: import the embedded
    boards and the game's modules from those alone."""
    bundle = load_script("bundle")
    zipfile.ZipFile(io.BytesIO(bundle.archive_bytes(ROOT))).extractall(tmp_path)
    shutil.copy(ROOT / "py" / "embed_main.py", tmp_path / "embed_main.py")
    code = (
        "import embed.page, embed.render, embed.model, embed.spec\n"
        "from embed.spec import spec_from_attributes\nfrom embed.model import BoardState\n"
        "from embed.render import Renderer\nfrom ui.words import Translator\n"
        "s = BoardState(spec_from_attributes({'board': 'Ro@0,0', 'moves': 'Rd@1,0', 'hand': 'Bs'}))\n"
        "s.next(); print(Renderer(Translator('fr')).view(s)[:20])\n"
        "import app.play.controller, app.play.session, app.play.hints, ui.tiles_svg\n"
        "import qwirkle.game, qwirkle.ai.registry\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert result.returncode == 0, result.stderr


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_manifest_makes_the_game_installable() -> None:
    manifest = json.loads((ROOT / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./index.html" and manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        path = ROOT / icon["src"]
        width, height = png_size(path)
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.setdefault(icon["purpose"], set()).add(width)
    assert {192, 512} <= sizes["any"] and 512 in sizes["maskable"]


def test_service_worker_is_at_the_root_and_local() -> None:
    sw = (ROOT / "sw.js").read_text(encoding="utf-8")
    assert 'importScripts("./sw-precache.js")' in sw
    assert "skipWaiting" in sw and "clients.claim" in sw and "caches.delete" in sw
    for path in ("sw.js", "js/sw-register.js", "js/embed.js"):
        text = (ROOT / path).read_text(encoding="utf-8")
        assert not re.findall(r"https?://", text), path
