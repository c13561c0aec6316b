"""The page's actions: every table that maps a ``data-action`` name to its handler is one that
``app.input.bindings`` lists, and every ``data-action`` in the page (index.html, and the buttons the browser layer
draws) has a handler in the table of the container it sits in."""

from __future__ import annotations

import ast
import re
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "py" / "app"
BINDINGS = "input.bindings"
GAME = "input.bindings.Input.actions"
# The modules that draw buttons with a data-action, and the table that routes them.
DRAWN_BY = {
    "regions.result": GAME,
    "review.move_list": "review.view.ReviewView.actions",
    "review.win_graph": "review.view.ReviewView.actions",
    "analysis.view": "analysis.view.AnalysisView.actions",
    "analysis.plays": "analysis.view.AnalysisView.actions",
    "puzzles.panel": "puzzles.panel.PuzzlePanel.actions",
    "puzzles.chooser": "puzzles.chooser.PuzzleChooser.actions",
    "regions.link": "regions.link.LinkRegion.actions",
    "phones.seats_region": "phones.seats_region.SeatsRegion.actions",
    "dialogs.new_game": "dialogs.new_game.NewGameDialog.actions",
    "dialogs.saves": "dialogs.saves.SavesDialog.actions",
    "dialogs.stats": "dialogs.stats.StatsDialog.actions",
}
CLOSE_DIALOG = "close-dialog"  # handled by dialogs.manager.Dialogs for each of its dialogs (app.dialogs)
ACTION = re.compile(r"""data-action=\\?["']([a-z-]+)\\?["']|"data-action": "([a-z-]+)\"""")


@cache
def sources() -> dict[str, str]:
    return {
        ".".join(path.relative_to(APP).with_suffix("").parts): path.read_text(encoding="utf-8")
        for path in sorted(APP.rglob("*.py"))
        if "__pycache__" not in path.parts
    }


@cache
def app_modules() -> dict[str, ast.Module]:
    return {module: ast.parse(source) for module, source in sources().items()}


class Page(HTMLParser):
    """Each ``data-action`` of index.html with the ids and classes of the elements around it."""

    VOID = frozenset(
        {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
    )

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, set[str]]] = []
        self.found: list[tuple[str, set[str]]] = []
        self.seen: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        marks = {f"#{values['id']}"} if values.get("id") else set()
        classes = {f".{name}" for name in (values.get("class") or "").split()}
        marks |= classes - self.seen  # querySelector(".x") finds the first only
        self.seen |= classes
        around = set().union(*(m for _, m in self.stack), marks)
        if values.get("data-action") and values.get("type") != "submit":  # a submit button is its form's
            self.found.append((str(values["data-action"]), around))
        if tag not in self.VOID:
            self.stack.append((tag, marks))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def page_actions() -> list[tuple[str, set[str]]]:
    page = Page()
    page.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return page.found


def _is_table(node: ast.Dict, annotation: ast.expr | None, actions: set[str]) -> bool:
    """A dict from names to handlers: annotated so, or holding a lambda, or from the page's action names to
    methods."""
    if not node.keys or not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys):
        return False
    if annotation is not None and "Callable" in ast.unparse(annotation):
        return True
    if any(isinstance(v, ast.Lambda) for v in node.values):
        return True
    keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
    return keys <= actions and all(isinstance(v, ast.Attribute) for v in node.values)


@cache
def tables() -> dict[str, set[str]]:
    """Every dispatch table under py/app, named ``module.Class.attribute`` (``module:line`` when it is not an
    attribute), with its action names."""
    actions = all_actions()
    found: dict[str, set[str]] = {}
    for module, tree in app_modules().items():
        owners = {id(n): cls.name for cls in ast.walk(tree) if isinstance(cls, ast.ClassDef) for n in ast.walk(cls)}
        named: dict[int, str] = {}
        annotations: dict[int, ast.expr] = {}
        for node in ast.walk(tree):
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                target = targets[0]
                attr = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
                owner = owners.get(id(node))
                if attr is not None:
                    named[id(node.value)] = ".".join(p for p in (module, owner, attr) if p)
                if isinstance(node, ast.AnnAssign):
                    annotations[id(node.value)] = node.annotation
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and _is_table(node, annotations.get(id(node)), actions):
                name = named.get(id(node), f"{module}:{node.lineno}")
                found[name] = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
    return found


def _by_id(node: ast.AST) -> str | None:
    """``"#x"`` for ``by_id("x")``."""
    if isinstance(node, ast.Call) and ast.unparse(node.func) == "by_id":
        name = node.args[0]
        return f"#{name.value}" if isinstance(name, ast.Constant) and isinstance(name.value, str) else None
    return None


def containers() -> dict[str, set[str]]:
    """Where each table's click listener sits: the element a feature's class listens to (``by_id`` at once or
    through an attribute), a dialog's ``element_id`` (``dialogs.manager.Dialogs`` listens), the game's
    ``BUTTON_CONTAINERS``."""
    found: dict[str, set[str]] = {}
    for module, tree in app_modules().items():
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            name, nodes = f"{module}.{cls.name}.actions", list(ast.walk(cls))
            elements = {
                ast.unparse(n.targets[0]): _by_id(n.value)
                for n in nodes
                if isinstance(n, ast.Assign) and _by_id(n.value)
            }
            for node in nodes:
                if isinstance(node, ast.Call) and ast.unparse(node.func) == "listen" and len(node.args) == 3:
                    element, event = node.args[0], node.args[1]
                    where = _by_id(element) or elements.get(ast.unparse(element))
                    if isinstance(event, ast.Constant) and event.value == "click" and where:
                        found.setdefault(name, set()).add(where)
                if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "element_id":
                    found.setdefault(name, set()).add(f"#{ast.literal_eval(node.value)}")
        for node in tree.body:
            if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "BUTTON_CONTAINERS":
                found.setdefault(GAME, set()).update(ast.literal_eval(node.value))
    return found


def _words(tree: ast.Module, width: int) -> list[str]:
    """The first words of the module's tuples of ``width`` items that start with a word like an action name."""
    return [
        first.value
        for t in ast.walk(tree)
        if isinstance(t, ast.Tuple) and len(t.elts) == width
        for first in t.elts[:1]
        if isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and re.fullmatch("[a-z]+(-[a-z]+)*", first.value)
    ]


def drawn_actions(source: str) -> set[str]:
    """The data-action names a module draws: literal ones, and those made from a loop over tuples of words (the
    first word, or an f-string of it)."""
    tree = ast.parse(source)
    names = {a or b for a, b in ACTION.findall(source)}
    loops = [
        (ast.unparse(f.target.elts[0]), len(f.target.elts))
        for f in ast.walk(tree)
        if isinstance(f, ast.For) and isinstance(f.target, ast.Tuple)
    ]
    for node in ast.walk(tree):
        for key, value in zip(node.keys, node.values, strict=True) if isinstance(node, ast.Dict) else ():
            if not isinstance(key, ast.Constant) or key.value != "data-action" or isinstance(value, ast.Constant):
                continue
            template = ast.unparse(value)
            variable, width = next((v, w) for v, w in loops if v in template)
            for word in _words(tree, width):
                names.add(word if template == variable else template.replace(f"{{{variable}}}", word).strip("f'\""))
    return names


def documented() -> str:
    doc = ast.get_docstring(app_modules()[BINDINGS])
    assert doc is not None
    return doc


@cache
def all_actions() -> set[str]:
    drawn = {name for source in sources().values() for name in drawn_actions(source)}
    return {name for name, _ in page_actions()} | drawn


def test_every_dispatch_table_is_listed_in_bindings() -> None:
    found = tables()
    doc = documented()
    untracked = sorted(name for name in found if f"``{name}``" not in doc)
    assert not untracked, f"dispatch tables that app.input.bindings does not list: {untracked}"
    listed = set(re.findall(r"``([a-z_.]+\.[A-Z]\w+\.\w+)``", doc))
    assert listed - set(found) == set(), "app.input.bindings lists a table that is not there"


def test_every_action_in_index_html_has_a_handler_where_it_sits() -> None:
    found, where = tables(), containers()
    dialogs = {element for name, elements in where.items() if name.startswith("dialogs.") for element in elements}
    for action, around in page_actions():
        handlers = [name for name, marks in where.items() if marks & around and action in found.get(name, set())]
        closed = action == CLOSE_DIALOG and bool(around & dialogs)
        assert handlers or closed, f"index.html: data-action={action!r} has no handler in its container"


def test_every_drawn_action_has_a_handler() -> None:
    found = tables()
    for module, source in sources().items():
        names = drawn_actions(source)
        if not names:
            continue
        assert module in DRAWN_BY, f"app.{module} draws data-action buttons: add which table routes them"
        missing = names - found[DRAWN_BY[module]]
        assert not missing, f"app.{module} draws {sorted(missing)}, which {DRAWN_BY[module]} does not handle"


def test_the_finders_find_what_they_look_for() -> None:
    source = (
        "class View:\n"
        "    def __init__(self):\n"
        "        self.buttons = {'go': lambda: None}\n"
        "        {'stop': self.stop}[name]()\n"
        "    def draw(self):\n"
        "        for action, key in (('copy', 'c'), ('share', 's')):\n"
        "            el('button', attrs={'data-action': f'{action}-it'})\n"
        '        el("button", attrs={"data-action": "close"})\n'
    )
    assert drawn_actions(source) == {"copy-it", "share-it", "close"}
    dicts = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Dict) and _is_table(n, None, {"stop"})]
    assert len(dicts) == 2  # the lambda's table, and the one keyed by an action of the page
