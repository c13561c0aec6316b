"""scripts/bundle.py: the game's Python packages as one archive, the same files pyscript.json maps."""

import importlib.util
import io
import json
import re
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_script(name):
    spec = importlib.util.spec_from_file_location(f"_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_archive_holds_exactly_the_mapped_files_and_is_deterministic(tmp_path):
    bundle, vendor = load_script("bundle"), load_script("vendor")
    data = bundle.archive_bytes()
    assert data == bundle.archive_bytes()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names == sorted(target[2:] for target in vendor.package_files().values())
    assert "app/page.py" in names and "qwirkle/game.py" in names
    # another copy of the site gets the same archive, and a refresh then changes nothing
    for package in ("qwirkle", "app"):
        for path in (ROOT / "py" / package).rglob("*.py"):
            if "__pycache__" not in path.parts:
                dest = tmp_path / path.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(path.read_bytes())
    assert bundle.archive_bytes(tmp_path) == data
    assert bundle.refresh(tmp_path) is True
    assert bundle.refresh(tmp_path) is False and bundle.refresh(tmp_path, check=True) is False


def test_index_html_loads_the_archive_with_the_local_interpreter():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    match = re.search(r"<script type=\"py\" src=\"./py/main.py\" config='([^']+)'", html)
    assert match, "index.html's PyScript config is inline JSON"
    config = json.loads(match.group(1))
    assert config == {"interpreter": "./assets/vendor/pyodide/pyodide.mjs", "files": {"./assets/app/app.zip": "./*"}}
    assert "packages" not in config
