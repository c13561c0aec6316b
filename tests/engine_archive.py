"""The engine packed as the page's app.zip packs it, and Python code run against that archive alone (the tests of the
data files the engine reads with pkgutil.get_data: the win-chance and accuracy tables).

``tests`` is on the path (pytest.ini): ``from engine_archive import run_from_archive``.
"""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_from_archive(folder: Path, code: str) -> str:
    """Pack py/qwirkle (sources and data) into ``folder/app.zip``, run ``code`` in a fresh, isolated Python with only
    the archive on its path (``sys.argv[1]``), and return what it printed (the run must succeed)."""
    archive = folder / "app.zip"
    with zipfile.ZipFile(archive, "w") as out:
        for path in (ROOT / "py" / "qwirkle").rglob("*"):
            if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in path.parts:
                out.write(path, path.relative_to(ROOT / "py").as_posix())
    done = subprocess.run(
        [sys.executable, "-I", "-c", "import sys; sys.path.insert(0, sys.argv[1]); " + code, str(archive)],
        capture_output=True,
        text=True,
        cwd=folder,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout
