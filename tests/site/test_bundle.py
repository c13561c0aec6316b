"""scripts/bundle.py: the Python packages the pages import, as one archive (assets/app/app.zip)."""

import importlib.util
import io
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_script(name):
    spec = importlib.util.spec_from_file_location(f"_scripts_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_archive_holds_every_module_of_the_packages_and_is_deterministic(tmp_path):
    bundle = load_script("bundle")
    data = bundle.archive_bytes()
    assert data == bundle.archive_bytes()
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    assert names == sorted([*bundle.package_files().values(), *bundle.generated()])
    assert "ui/rules_reference.json" in names   # the rules reference as data, made at build time
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
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc") or "/." in n]
    assert "main.py" not in names and "embed_main.py" not in names  # entry points: script src
    # another copy of the site gets the same archive, and a refresh then changes nothing
    for package in bundle.PACKAGES:
        for path in (ROOT / "py" / package).rglob("*.py"):
            if "__pycache__" not in path.parts:
                dest = tmp_path / path.relative_to(ROOT)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_bytes(path.read_bytes())
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_bytes((ROOT / "docs" / "rules.md").read_bytes())
    assert bundle.archive_bytes(tmp_path) == data
    assert bundle.refresh(tmp_path) is True
    assert bundle.refresh(tmp_path) is False and bundle.refresh(tmp_path, check=True) is False


def test_a_package_folder_that_does_not_exist_is_skipped(tmp_path):
    bundle = load_script("bundle")
    (tmp_path / "py" / "qwirkle").mkdir(parents=True)
    (tmp_path / "py" / "qwirkle" / "__init__.py").write_text("")
    assert bundle.package_files(tmp_path) == {"py/qwirkle/__init__.py": "qwirkle/__init__.py"}
