"""The shape of the code: no import cycle under py/ (type-only and function-level imports count),
no browser-layer module over 400 lines, and the engine imports nothing of the browser layer."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app import LAYERS as APP_LAYERS
from qwirkle import LAYERS as ENGINE_LAYERS

PY = Path(__file__).resolve().parents[2] / "py"
BROWSER_PACKAGES = ("app", "embed", "ui")
MAX_LINES = 400


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PY).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in PY.rglob("*.py") if "__pycache__" not in p.parts}


def _imported(node: ast.AST, package: str, known: set[str]) -> list[str]:
    """The modules of ours an import statement names (resolved to the longest known module)."""
    targets: list[str] = []
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1] if node.level > 1 else anchor
            base = ".".join(anchor + ([node.module] if node.module else []))
        targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    found = []
    for target in targets:
        while target and target not in known:
            target = target.rpartition(".")[0]
        if target:
            found.append(target)
    return found


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours that ``name`` imports, anywhere in the file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {t for node in ast.walk(tree) for t in _imported(node, _package(name, path), known) if t != name}


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def find_cycle(edges: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_no_import_cycle_under_py() -> None:
    edges = graph()
    assert find_cycle(edges) is None, " -> ".join(find_cycle(edges) or [])


def test_the_cycle_finder_finds_cycles() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("name", sorted(n for n in modules() if n.split(".")[0] in BROWSER_PACKAGES))
def test_browser_modules_are_small(name: str) -> None:
    lines = len(modules()[name].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines (at most {MAX_LINES})"


def test_engine_and_shared_ui_stay_out_of_the_browser() -> None:
    edges = graph()
    for name, targets in edges.items():
        if name.startswith("qwirkle"):
            assert not {t.split(".")[0] for t in targets} - {"qwirkle"}, name
        if name.startswith("ui"):
            assert not {t.split(".")[0] for t in targets} - {"qwirkle", "ui"}, name


def engine_layer(name: str) -> str:
    """A module's layer in ``qwirkle.LAYERS``: its package under ``qwirkle``, else the rules (the command line
    for ``qwirkle.__main__``)."""
    parts = name.split(".")
    if len(parts) > 1 and parts[1] in ENGINE_LAYERS[1:]:
        return parts[1]
    return ENGINE_LAYERS[-1] if name == "qwirkle.__main__" else ENGINE_LAYERS[0]


def test_engine_layers_import_downward_only() -> None:
    """The rules import no player (as python-chess keeps ``chess.engine`` apart from ``chess``); the players
    study no game; only the command line sits above the study layer."""
    for name, targets in graph().items():
        if not name.startswith("qwirkle"):
            continue
        rank = ENGINE_LAYERS.index(engine_layer(name))
        above = sorted(t for t in targets if ENGINE_LAYERS.index(engine_layer(t)) > rank)
        assert not above, f"{name} ({engine_layer(name)}) imports {above} from a layer above it"


MAX_MODULES_PER_FOLDER = 20


def app_layer(name: str) -> str:
    """A module's package under ``app`` ('' for the modules at its root, such as ``app.page``)."""
    parts = name.split(".")
    return parts[1] if len(parts) > 2 else ""


def test_app_packages_import_downward_only() -> None:
    """No cycle between folders: a package of ``app`` imports only the packages before it in ``app.LAYERS``."""
    for name, targets in graph().items():
        if not name.startswith("app.") or app_layer(name) not in APP_LAYERS:
            continue
        rank = APP_LAYERS.index(app_layer(name))
        for target in targets:
            if target.startswith("app.") and target != "app":
                layer = app_layer(target)
                assert layer in APP_LAYERS, f"{target}: add its package to app.LAYERS"
                assert APP_LAYERS.index(layer) <= rank, f"{name} ({name.split('.')[1]}) imports {target} above it"


def test_every_app_package_is_in_the_layers() -> None:
    packages = {p.name for p in (PY / "app").iterdir() if (p / "__init__.py").exists()}
    assert packages == set(APP_LAYERS) - {""}


def test_folders_stay_small() -> None:
    """A folder a newcomer reads at a glance: at most 20 modules of its own (packages not counted)."""
    for folder in [PY, *(p for p in PY.rglob("*") if p.is_dir() and "__pycache__" not in p.parts)]:
        own = [p for p in folder.glob("*.py") if p.name != "__init__.py"]
        assert len(own) <= MAX_MODULES_PER_FOLDER, f"{folder.relative_to(PY.parent)} holds {len(own)} modules"


def test_every_package_says_what_it_may_import() -> None:
    for init in PY.rglob("__init__.py"):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc, f"{init.relative_to(PY.parent)} has no docstring"


def load_time_imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ours that ``name`` imports when it is loaded: module level only, not under
    ``if TYPE_CHECKING`` and not inside functions (those run later, on first need)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    body = [node for node in tree.body if not (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))]
    return {t for node in body for t in _imported(node, _package(name, path), known) if t != name}


def test_the_home_screen_does_not_load_the_engine() -> None:
    """Start-up time: py/main.py's load-time imports (and those of every package on the way) leave
    the engine and the game's regions to first need."""
    mods = modules()
    known = set(mods)
    seen: set[str] = set()
    todo = ["main"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        parents = [".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)]
        todo.extend(p for p in parents if p in known)
        todo.extend(load_time_imports(name, mods[name], known))
    assert not {m for m in seen if m.split(".")[0] == "qwirkle"}, sorted(seen)
    assert not seen & {
        "app.play.controller",
        "app.regions.board",
        "app.dialogs.manager",
        "app.regions.side",
        "app.analysis.view",
    }, sorted(seen)


def test_one_basename_per_test_module() -> None:
    """pytest imports test modules by basename (no packages under tests/): two alike stop collection."""
    names = [p.name for p in PY.parent.joinpath("tests").rglob("test_*.py")]
    assert sorted({n for n in names if names.count(n) > 1}) == []
