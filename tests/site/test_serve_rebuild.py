"""scripts/build/serve.py rebuilds the game's archive and a page's script file when asked for them (edits live under
``make play``), and with ``rebuild=False`` serves them as they were built, as a static host does (the benches)."""

import urllib.request

import pytest
from repo_scripts import load_script


class Builder:
    """Stands for scripts/build/bundle.py or pagejs.py: records each ``refresh`` of the folder served."""

    def __init__(self) -> None:
        self.refreshed: list[str] = []

    def refresh(self, root: str) -> None:
        self.refreshed.append(root)


@pytest.mark.parametrize("rebuild", [True, False])
def test_the_archive_and_a_pages_script_are_rebuilt_only_when_asked(tmp_path, monkeypatch, rebuild):
    serve = load_script("serve")
    bundle, pagejs = Builder(), Builder()
    monkeypatch.setattr(serve, "_bundle", lambda: bundle)
    monkeypatch.setattr(serve, "_pagejs", lambda: pagejs)
    (tmp_path / "assets" / "app").mkdir(parents=True)
    (tmp_path / "assets" / "app" / "app.zip").write_bytes(b"PK archive as built")
    (tmp_path / "assets" / "app" / "tutorial-page.js").write_text("// as built\n", encoding="utf-8")
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    with serve.running_server(tmp_path, rebuild=rebuild) as url:
        bodies = []
        for path in ("index.html", "assets/app/app.zip", "assets/app/tutorial-page.js"):
            with urllib.request.urlopen(url + path) as response:
                bodies.append(response.read())
    assert bodies[1:] == [b"PK archive as built", b"// as built\n"]
    expected = [str(tmp_path)] if rebuild else []
    assert bundle.refreshed == expected and pagejs.refreshed == expected
