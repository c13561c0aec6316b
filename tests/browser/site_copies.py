"""Copies of the site for browser tests that change files or stop the server.

The session's ``site_url`` serves the working tree and never stops; tests of the service worker
need a server of their own (stopped to go offline) and files they may edit (a new version)
without touching the repository. Imported by test_offline.py, test_embed.py, test_tutorial.py.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]
# Everything the published site holds (what scripts/build/precache.py lists, plus sw.js).
SITE = [
    "index.html",
    "tutorial.html",
    "embed.html",
    "manifest.webmanifest",
    "sw.js",
    "pyscript.toml",
    "js",
    "css",
    "py",
    "assets",
]


precache = load_script("precache")
serve = load_script("serve")


def copy_site(dest: Path) -> Path:
    """A full copy of the site in ``dest`` (vendored runtime included), with its precache list."""
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for name in SITE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, dest / name, ignore=ignore, dirs_exist_ok=True)
        elif source.is_file():
            shutil.copy2(source, dest / name)
    precache.write(dest)
    return dest


def link_site(dest: Path) -> Path:
    """The site's folders linked into ``dest`` (no service worker): for author pages."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("js", "css", "py", "assets", "embed.html"):
        (dest / name).symlink_to(ROOT / name)
    return dest


def author_page(body: str, lang: str = "en", csp: bool = True, title: str = "Rules") -> str:
    """An author's page one folder down, including our script and stylesheet as documented."""
    policy = (
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'self'; script-src 'self' "
        "'wasm-unsafe-eval' 'unsafe-eval'; style-src 'self'; img-src 'self' data:; object-src 'none'\">"
        if csp
        else ""
    )
    return f"""<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">{policy}
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="../css/embed.css">
<script type="module" src="../js/embed.js"></script>
</head><body><main><h1>{title}</h1>
{body}
</main></body></html>
"""
