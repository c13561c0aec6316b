"""scripts/build/bundle.py: the Python packages the pages import, as one archive (assets/app/app.zip)."""

import _imp
import io
import zipfile
from pathlib import Path

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


def test_archive_holds_every_module_of_the_packages_and_is_deterministic(tmp_path):
    bundle = load_script("bundle")
    data = bundle.archive_bytes()
    assert data == bundle.archive_bytes()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    sources = sorted([*bundle.package_files().values(), *bundle.generated()])
    assert [n for n in names if not n.endswith(".pyc")] == sources
    assert "ui/rules_reference.json" in names  # the rules reference as data, made at build time
    # every package the game page or an embedded board imports, when its folder exists (py/ui is
    # new: the archive takes it as soon as it is there)
    assert set(bundle.PACKAGES) >= {"qwirkle", "ui", "app", "embed"}
    expected = {
        path.relative_to(ROOT / "py").as_posix()
        for package in bundle.PACKAGES
        for path in (ROOT / "py" / package).rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert expected <= set(names)
    assert {"app/page.py", "qwirkle/game.py", "embed/page.py", "embed/render.py"} <= set(names)
    assert not [n for n in names if "/." in n]
    # every module also as bytecode, where the import system looks for it (test below)
    assert [n for n in names if n.endswith(".pyc")] == sorted(bundle.pyc_name(n) for n in sources if n.endswith(".py"))
    assert "main.py" not in names and "embed_main.py" not in names  # entry points: script src
    # another copy of the site gets the same archive, and a refresh then changes nothing
    for package in bundle.PACKAGES:
        for path in (ROOT / "py" / package).rglob("*"):
            if path.suffix in bundle.SUFFIXES and "__pycache__" not in path.parts:
                dest = tmp_path / path.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(path.read_bytes())
    (tmp_path / "docs").mkdir()
    for doc in (ROOT / "docs").glob("rules*.md"):
        (tmp_path / "docs" / doc.name).write_bytes(doc.read_bytes())
    assert bundle.archive_bytes(tmp_path) == data
    assert bundle.refresh(tmp_path) is True
    assert bundle.refresh(tmp_path) is False and bundle.refresh(tmp_path, check=True) is False


def test_a_package_folder_that_does_not_exist_is_skipped(tmp_path):
    bundle = load_script("bundle")
    (tmp_path / "py" / "qwirkle").mkdir(parents=True)
    (tmp_path / "py" / "qwirkle" / "__init__.py").write_text("")
    assert bundle.package_files(tmp_path) == {"py/qwirkle/__init__.py": "qwirkle/__init__.py"}


def test_each_pyc_is_unchecked_and_of_the_source_beside_it():
    """Each .pyc is "unchecked hash" (flags 0b01: the import system loads it without looking at the
    source) and carries the hash of the very source beside it (keyed like the import system's)."""
    bundle = load_script("bundle")
    archive = zipfile.ZipFile(io.BytesIO(bundle.archive_bytes()))
    sources = [n for n in archive.namelist() if n.endswith(".py")]
    magic = archive.read(bundle.pyc_name(sources[0]))[:4]
    assert len(sources) > 50 and magic[2:] == b"\r\n"
    for name in sources:
        pyc = archive.read(bundle.pyc_name(name))
        assert pyc[:4] == magic, name
        assert int.from_bytes(pyc[4:8], "little") == 0b01, name
        assert pyc[8:16] == _imp.source_hash(int.from_bytes(magic, "little"), archive.read(name)), name
