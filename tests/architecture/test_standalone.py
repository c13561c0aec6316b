"""The repository stands alone: no module, script, test, page or build file names a path on one machine (a home,
a work folder, a temporary folder) or a folder beside the repository. What they read is the repository's own
(docs/rules.md for the rule ids, tests/data for the worked examples); the programs they run (Debian's browsers in
/usr/bin) are installed by `make test`."""

from __future__ import annotations

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# What a clone holds but did not write: installed tools, caches, vendored and generated files, the published site.
PRUNED = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis"}
PRUNED_FROM_ROOT = {"assets/vendor", "assets/app", "site", "test-results"}
CODE = {".py", ".js", ".mjs", ".html", ".toml", ".ini", ".txt", ".sh", ".json", ".webmanifest"}
NAMED = {"Makefile", "run", "_headers"}
# A machine's own folders, and the project's folders beside the repository.
OUTSIDE = re.compile(r"(?<![\w.~-])/(?:work|root|home|Users|tmp|mnt)(?:/|\b)|\.\./(?:\.\./)*shared\b|\b[A-Z]:\\\\")
# Paths inside Pyodide's own virtual file system, not the machine's.
VIRTUAL = {"/home/pyodide"}


def outside_paths(text: str) -> list[str]:
    """The paths outside the repository that ``text`` names, each with its line."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        masked = line
        for allowed in VIRTUAL:
            masked = masked.replace(allowed, "")
        found += [f"{number}: {line.strip()}" for _ in OUTSIDE.finditer(masked)][:1]
    return found


def source_files() -> list[Path]:
    files = []
    for folder, dirs, names in os.walk(ROOT):
        here = Path(folder)
        relative = here.relative_to(ROOT)
        dirs[:] = [d for d in dirs if d not in PRUNED and (relative / d).as_posix() not in PRUNED_FROM_ROOT]
        files += [here / name for name in names if Path(name).suffix in CODE or name in NAMED]
    return sorted(files)


def test_no_file_names_a_path_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    offenders = {
        path.relative_to(ROOT).as_posix(): found
        for path in source_files()
        if path.resolve() != this and (found := outside_paths(path.read_text(encoding="utf-8", errors="replace")))
    }
    assert not offenders, offenders


def test_the_walk_covers_the_code() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in source_files()}
    assert {"Makefile", "pytest.ini", "tests/conftest.py", "scripts/build/bundle.py", "js/embed.js"} <= names
    assert not any(name.startswith(("node_modules/", "assets/vendor/", ".venv/", ".git/")) for name in names)


def test_the_check_finds_paths_outside() -> None:
    for text in (
        'Path("/work/shared/RULES.md")',
        "/root/.cache/x",
        "open('/home/ann/seeds/000.txt')",
        "/tmp/x.json",
        "see ../shared/seeds",
        "../../shared/RULES.md",
        r"C:\\Users\\ann",
    ):
        assert outside_paths(text), text
    for text in (
        "/usr/bin/chromium",
        "https://example.org/home/index.html",
        "./home.html",
        "tmp_path / 'x'",
        'HOME: "/home/pyodide"',
        "docs/rules.md#c5",
        "~/.cache/qwirkle/pyc",
    ):
        assert not outside_paths(text), text
