"""py/app/web/shell.py under CPython, with a stand-in for the browser's document."""

import types

import pytest

from app.web import shell


class Element:
    def __init__(self) -> None:
        self.attributes: dict[str, str] = {}
        self.hidden = False

    def setAttribute(self, name: str, value: str) -> None:  # the DOM name
        self.attributes[name] = value


class Document:
    def __init__(self, *ids: str) -> None:
        self.documentElement = Element()
        self.elements = {i: Element() for i in ids}

    def getElementById(self, element_id: str) -> Element | None:  # the DOM name
        return self.elements.get(element_id)


def test_show_ready_hides_loader_then_marks_ready() -> None:
    document = Document("loader", "app")
    engine = types.ModuleType("qwirkle")
    shell.show_ready(document, engine)
    root = document.documentElement.attributes
    assert root["data-ready"] == "" and root["data-engine"] == "loaded"
    assert list(root)[-1] == "data-ready"  # the ready marker comes last
    assert document.elements["loader"].hidden
    assert document.elements["loader"].attributes["data-stage"] == "ready"
    assert document.elements["app"].attributes["aria-busy"] == "false"


def test_show_ready_without_engine_or_loader() -> None:
    document = Document()
    shell.show_ready(document, None)
    assert document.documentElement.attributes == {"data-engine": "missing", "data-ready": ""}


def test_load_engine_finds_the_engine() -> None:
    engine = shell.load_engine()
    assert engine is not None and engine.__name__ == "qwirkle"


def test_load_engine_tolerates_only_a_missing_engine(tmp_path, monkeypatch) -> None:
    assert shell.load_engine("no_such_engine_here") is None
    (tmp_path / "broken_engine.py").write_text("import no_such_dependency_here\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ModuleNotFoundError):
        shell.load_engine("broken_engine")
