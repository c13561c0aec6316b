"""The game's translations on gettext catalogs: extract the template, merge it into each language's
catalog, compile the catalogs for the page.

    (PYTHONPATH=py python3 scripts/build/i18n.py COMMAND; make vendor runs compile)
    extract   # locale/qwirkle.pot from the English reference (py/ui/english/)
    update    # every locale/<lang>.po gets the template's new entries, loses removed ones
    compile   # locale/<lang>.po -> py/ui/locale/<lang>.mo (what the page and tests read),
              # and assets/app/words.js: the texts the page's scripts show before
              # Python runs (loading screen, update notice, install hint, embeds,
              # a phone's answer to a live table), and assets/app/phone-words.js: the
              # texts of a phone's game screen, drawn from the table's first state
              # before Python runs (js/phone-early.js)
    init LANG # a new, empty locale/LANG.po to translate
    check     # every catalog complete: no missing, empty, stale or fuzzy entry,
              # the same placeholders as English (the test suite runs this too)

An entry's context (``msgctxt``) is its key in the English table, its ``msgid`` the English text.
Keys ending ``_one``/``_other`` are one plural entry (``msgid_plural``), the context being the key
without the ending; each catalog's header gives its language's plural rule. Catalogs are read and
written with Babel (pinned in requirements-build.txt): never compiled by hand.
"""

from __future__ import annotations

import argparse
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
TEMPLATE = LOCALE / "qwirkle.pot"
COMPILED = ROOT / "py" / "ui" / "locale"
SCRIPT_WORDS = ROOT / "assets" / "app" / "words.js"
SCRIPT_PREFIXES = ("loading_", "install_", "update_", "embed_", "join_title", "join_answer_")
PHONE_WORDS = ROOT / "assets" / "app" / "phone-words.js"
# What a phone's game screen says that its markup does not name (index.html's #game names the rest): the status line
# (while another seat plays, and on its own turn what to do, with what the opening asks above the rack), the rack's
# label and the chip over the board until Python is ready.
PHONE_KEYS = (
    "to_play", "your_turn", "todo_place", "todo_opening", "preview_opening", "rack_label", "rack_open_label",
    "loading_python",
)  # fmt: skip
PLURALS = {  # the plural rule of each language (CLDR, as gettext writes it)
    "de": "nplurals=2; plural=(n != 1);",
    "en": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "nl": "nplurals=2; plural=(n != 1);",
}


def english() -> dict[str, str]:
    """The reference table, every key and its English text."""
    from ui.english import CATALOG

    return CATALOG


def entries(table: dict[str, str]) -> Iterator[tuple[str, str | tuple[str, str]]]:
    """(context, English) for each entry, English a (singular, plural) pair for counted texts."""
    for key, text in table.items():
        if key.endswith("_other") and key[:-6] + "_one" in table:
            continue
        if key.endswith("_one") and key[:-4] + "_other" in table:
            base = key[:-4]
            yield base, (text, table[base + "_other"])
        else:
            yield key, text


def template():  # -> babel.messages.Catalog
    from babel.messages.catalog import Catalog

    catalog = Catalog(
        project="Qwirkle", version="1", charset="utf-8", fuzzy=False, msgid_bugs_address="", copyright_holder=""
    )
    for context, text in entries(english()):
        catalog.add(text, context=context)
    return catalog


def read(path: Path):  # -> babel.messages.Catalog
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return read_po(file, abort_invalid=True)


HEADER = """\
# {language} texts of the Qwirkle game: a translator edits the msgstr lines only.
# Each msgctxt is the text's key, each msgid its English; keep the placeholders in braces as they are.
# PYTHONPATH=py python3 scripts/build/i18n.py check lists what is missing, empty, stale or fuzzy
# (docs/architecture.md: A new language)."""


def write(catalog, path: Path) -> None:
    from babel.messages.pofile import write_po

    language = catalog.locale.english_name if catalog.locale else "English"
    catalog.header_comment = HEADER.format(language=language if catalog.locale else "Template of the")
    catalog.msgid_bugs_address = ""
    catalog.last_translator = "Qwirkle"
    catalog.language_team = f"{language} <>" if catalog.locale else ""
    with path.open("wb") as file:
        write_po(
            file, catalog, width=100, omit_header=False, sort_output=False, include_previous=True, ignore_obsolete=True
        )


def extract() -> None:
    LOCALE.mkdir(exist_ok=True)
    write(template(), TEMPLATE)


def languages() -> list[str]:
    return sorted(path.stem for path in LOCALE.glob("*.po"))


def update() -> None:
    """Merge the template into every catalog: new entries empty, changed English fuzzy, removed ones dropped."""
    extract()
    pot = read(TEMPLATE)
    for lang in languages():
        path = LOCALE / f"{lang}.po"
        catalog = read(path)
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.plural_forms  # noqa: B018 (validates the header)
        write(catalog, path)


def init(lang: str) -> None:
    from babel.messages.catalog import Catalog

    path = LOCALE / f"{lang}.po"
    if path.exists():
        raise SystemExit(f"{path} exists: edit it, or run update")
    catalog = Catalog(locale=lang, project="Qwirkle", version="1", fuzzy=False)
    catalog._set_mime_headers([("Plural-Forms", PLURALS.get(lang, "nplurals=2; plural=(n != 1);"))])
    for message in read(TEMPLATE):
        if message.id:
            catalog.add(message.id, string=("", "") if message.pluralizable else "", context=message.context)
    write(catalog, path)


def fields(text: str) -> set[str]:
    """The placeholders of a text: '{n} tiles' -> {'n'}."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def problems(lang: str, path: Path | None = None) -> list[str]:
    """What is wrong with locale/<lang>.po (or ``path``) against the English reference, one sentence each."""
    catalog = read(path or LOCALE / f"{lang}.po")
    wanted = dict(entries(english()))
    found = []
    seen = set()
    for message in catalog:
        if not message.id:
            continue
        key = message.context or ""
        seen.add(key)
        if key not in wanted:
            found.append(f"{lang}: {key}: stale entry (no such key in English)")
            continue
        english_text = wanted[key]
        have_id = message.id if isinstance(message.id, str) else tuple(message.id)
        if have_id != english_text:
            found.append(f"{lang}: {key}: stale entry (the English changed: run update, then translate)")
        if message.fuzzy:
            found.append(f"{lang}: {key}: fuzzy entry")
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        if not all(strings):
            found.append(f"{lang}: {key}: empty translation")
            continue
        sources = english_text if isinstance(english_text, tuple) else (english_text,)
        need = set().union(*(fields(text) for text in sources))
        for text in strings:
            have = fields(text)
            # a singular may leave out the count ("one tile" for {n}), never add or rename one
            if have - need or (need - have and not (isinstance(english_text, tuple) and need - have <= {"n"})):
                found.append(f"{lang}: {key}: placeholders {sorted(have)} differ from English {sorted(need)}")
    for key in wanted:
        if key not in seen:
            found.append(f"{lang}: {key}: missing entry")
    return found


def check() -> int:
    found = [problem for lang in languages() for problem in problems(lang)]
    for problem in found:
        print(problem)
    print(f"{len(languages())} catalogs, {len(found)} problems")
    return 1 if found else 0


def compile_all(quiet: bool = False) -> list[Path]:
    """Every catalog compiled to py/ui/locale/<lang>.mo when the .po is newer; returns those written."""
    from babel.messages.mofile import write_mo

    COMPILED.mkdir(exist_ok=True)
    written = []
    for lang in languages():
        source, target = LOCALE / f"{lang}.po", COMPILED / f"{lang}.mo"
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        catalog = read(source)
        with target.open("wb") as file:
            write_mo(file, catalog, use_fuzzy=False)
        written.append(target)
    for stale in COMPILED.glob("*.mo"):
        if stale.stem not in languages():
            stale.unlink()
    if write_script_words():  # also when only the keys the scripts show changed (SCRIPT_PREFIXES)
        written.append(SCRIPT_WORDS)
    if write_phone_words():
        written.append(PHONE_WORDS)
    if not quiet:
        for path in written:
            print(f"compiled {path.relative_to(ROOT)}")
    return written


def script_words() -> dict[str, dict[str, str]]:
    """language -> key -> text, typeset, for the keys the page's scripts show."""
    english()  # puts py/ on the path
    from ui.words import LANGUAGES, Translator

    keys = [key for key in english() if key.startswith(SCRIPT_PREFIXES)]
    return {lang: {key: Translator(lang).t(key) for key in keys} for lang in LANGUAGES}


def write_script_words() -> bool:
    """Write assets/app/words.js when it is missing or out of date; True when written."""
    import json

    body = json.dumps(script_words(), ensure_ascii=False, indent=1, sort_keys=True)
    text = f"// Generated by scripts/build/i18n.py from locale/*.po: do not edit.\nexport const WORDS = {body};\n"
    if SCRIPT_WORDS.exists() and SCRIPT_WORDS.read_text(encoding="utf-8") == text:
        return False
    SCRIPT_WORDS.parent.mkdir(parents=True, exist_ok=True)
    SCRIPT_WORDS.write_text(text, encoding="utf-8")
    return True


def game_screen_keys() -> list[str]:
    """The keys index.html's game screen (``#game``) names (data-i18n, data-i18n-label, data-i18n-title)."""
    from html.parser import HTMLParser

    keys: set[str] = set()

    class Reader(HTMLParser):
        depth = 0  # inside #game: the open elements' depth

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            values = dict(attrs)
            if self.depth or values.get("id") == "game":
                self.depth += tag not in VOID
                keys.update(v for k, v in values.items() if k.startswith("data-i18n") and v)

        def handle_endtag(self, tag: str) -> None:
            if self.depth:
                self.depth -= 1

    Reader().feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return sorted(keys)


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def phone_words() -> dict[str, Any]:
    """language -> what a phone's game screen says before Python runs (js/phone-early.js): ``words`` by key (the game
    screen's markup and ``PHONE_KEYS``, with ``dice`` where a Cubes game says them otherwise); ``bag``: the bag's
    text for one and for more (``{n}``), of tiles and of dice, and the counts that take the first; ``seats``: what
    follows a name in the scores by seat kind (``seats.seat_label``); ``defaults``: every name a seat gets by default
    in this language (a default name follows the page's language: a name in this list is left to Python)."""
    english()  # puts py/ on the path
    from app.live.fields import MAX_SEATS
    from app.shared import seats
    from ui.words import LANGUAGES, Translator

    keys = game_screen_keys() + list(PHONE_KEYS)
    kinds = [kind for kind in seats.seat_choices() if kind != seats.HUMAN]
    levels = [kind for kind in kinds if seats.is_computer(kind)] + [seats.COMPUTER]
    value: dict[str, Any] = {}
    for lang in LANGUAGES:
        tr, dice = Translator(lang), Translator(lang, dice=True)

        one = plural(lang, "bag", 1)
        single = [n for n in range(201) if plural(lang, "bag", n) == one]
        defaults = set()
        for n in range(1, MAX_SEATS + 1):
            defaults |= {tr.t("default_human", n=n), tr.t("default_friend", n=n)}
            for level in levels:
                name = seats.display_name(level, tr)
                defaults |= {name, tr.t("default_computer", level=name, n=n)}
        value[lang] = {
            "words": {key: tr.t(key) for key in keys},
            "dice": {key: dice.t(key) for key in keys if dice.t(key) != tr.t(key)},
            "bag": {
                "tiles": [plural(lang, "bag", n) for n in (1, 2)],
                "dice": [plural(lang, "bag_dice", n) for n in (1, 2)],
                "one": single,
            },
            "seats": {kind: seats.seat_label(kind, tr) for kind in [*kinds, seats.COMPUTER]},
            "defaults": sorted(defaults),
        }
    return value


def plural(lang: str, key: str, count: int) -> str:
    """The text of a plural entry for ``count`` in a language, typeset, its ``{n}`` unfilled."""
    from ui.words import CATALOG, catalog, typeset

    return typeset(lang, catalog(lang).npgettext(key, CATALOG[f"{key}_one"], CATALOG[f"{key}_other"], count))


def write_phone_words() -> bool:
    """Write assets/app/phone-words.js when it is missing or out of date; True when written."""
    import json

    body = json.dumps(phone_words(), ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    text = f"// Generated by scripts/build/i18n.py from locale/*.po: do not edit.\nexport const PHONE_WORDS = {body};\n"
    if PHONE_WORDS.exists() and PHONE_WORDS.read_text(encoding="utf-8") == text:
        return False
    PHONE_WORDS.write_text(text, encoding="utf-8")
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "update", "compile", "init", "check"))
    parser.add_argument("lang", nargs="?")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()
    if args.command == "extract":
        extract()
    elif args.command == "update":
        update()
    elif args.command == "check":
        raise SystemExit(check())
    elif args.command == "compile":
        compile_all(args.quiet)
    else:
        if not args.lang:
            parser.error("init needs a language code, e.g. init it")
        init(args.lang)


if __name__ == "__main__":
    main()
