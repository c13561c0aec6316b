"""One definition per fact shared by Python and the page's scripts (scripts/build/facts.py): the languages, the
settings' key and the runtime's configuration are defined once, assets/app/facts.js carries them to JavaScript, and
no script or module spells them again."""

import re

from repo_scripts import ROOT, load_script

from app.store import save_format
from app.store.saves import SETTINGS
from ui.words import LANGUAGES

facts = load_script("facts")


def code(path):
    """A file's text without its comments (``//`` and ``/* */`` in JavaScript, ``#`` lines in Python)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".js":
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return re.sub(r"(?m)^\s*//.*$|\s//\s.*$", "", text)
    return re.sub(r"(?m)^\s*#.*$", "", text)


def test_the_generated_module_is_up_to_date_and_carries_each_fact():
    facts.write(quiet=True)
    text = facts.FACTS.read_text(encoding="utf-8")
    assert text == facts.module_text()
    assert f"export const LANGUAGES = {list(LANGUAGES)!r};".replace("'", '"') in text
    assert f'export const SETTINGS = "{SETTINGS}";' in text
    assert '"interpreter": "./assets/vendor/pyodide/pyodide.mjs"' in text  # pyscript.toml's, as tomllib reads it


def test_the_scripts_import_the_facts_and_spell_none_of_them():
    imports = {
        "loading": "import { LANGUAGES, SETTINGS } from",
        "tutorial": "import { LANGUAGES, SETTINGS } from",
        "embed": "import { RUNTIME } from",
    }
    for name, line in imports.items():
        assert f'{line} "../assets/app/facts.js";' in (ROOT / "js" / f"{name}.js").read_text(encoding="utf-8"), name
    runtime = re.compile(r"""["'](?:\./)?assets/(?:vendor/pyodide/pyodide\.mjs|app/app\.zip)["']""")
    languages = re.compile(r"""\[\s*["'](?:{})["']\s*,""".format("|".join(LANGUAGES)))
    for path in sorted((ROOT / "js").glob("*.js")) + sorted((ROOT / "py" / "app").rglob("*.py")):
        text = code(path)
        assert not re.search(f"[\"']{re.escape(SETTINGS)}[\"']", text), (
            f"{path.relative_to(ROOT)} spells the settings' key"
        )
        assert not languages.search(text), f"{path.relative_to(ROOT)} lists the languages: import them"
        assert not runtime.search(text), f"{path.relative_to(ROOT)} restates pyscript.toml: import it"


def test_the_tutorial_has_a_title_in_every_language():
    """js/tutorial.js names its page in each language: a language added to the game needs its title there too."""
    text = (ROOT / "js" / "tutorial.js").read_text(encoding="utf-8")
    titles = text[text.index("const TITLES = {") : text.index("};", text.index("const TITLES = {"))]
    assert sorted(re.findall(r"^\s+(\w\w):", titles, flags=re.M)) == sorted(LANGUAGES)


def test_the_save_format_is_the_app_s_alone():
    """The page's save format is named in app.store.save_format only: the engine knows nothing of it."""
    named = [
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "py").rglob("*.py"))
        if f'"{save_format.SAVE_FORMAT}"' in path.read_text(encoding="utf-8")
    ]
    assert named == ["py/app/store/save_format.py"]
