"""The translations on gettext catalogs (locale/<lang>.po, scripts/build/i18n.py): every catalog complete
and current, each language's plural rule and typography, every rule anchored in every language."""

import json
import re

import pytest
from repo_scripts import ROOT, load_script

from ui import rules_doc
from ui.english import CATALOG
from ui.words import LANGUAGE_NAMES, LANGUAGES, Translator, catalog, first_language

i18n = load_script("i18n")
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_catalog_is_complete_and_current(lang):
    assert (ROOT / "locale" / f"{lang}.po").is_file()
    assert i18n.problems(lang) == []


def test_the_template_is_current():
    current = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in i18n.read(i18n.TEMPLATE) if m.id}
    wanted = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in i18n.template() if m.id}
    assert current == wanted, "run: PYTHONPATH=py python3 scripts/build/i18n.py update"


def _broken(tmp_path, change):
    text = (ROOT / "locale" / "fr.po").read_text(encoding="utf-8")
    path = tmp_path / "fr.po"
    path.write_text(change(text), encoding="utf-8")
    return i18n.problems("fr", path)


def test_the_check_finds_missing_empty_stale_fuzzy_and_placeholders(tmp_path):
    assert _broken(tmp_path, lambda t: t) == []
    missing = _broken(tmp_path, lambda t: t.replace('msgctxt "play"\nmsgid "Play"\nmsgstr "Jouer"\n', ""))
    assert missing == ["fr: play: missing entry"]
    empty = _broken(tmp_path, lambda t: t.replace('msgstr "Jouer"', 'msgstr ""'))
    assert empty == ["fr: play: empty translation"]
    stale = _broken(tmp_path, lambda t: t.replace('msgid "Play"\n', 'msgid "Play it"\n'))
    assert stale == ["fr: play: stale entry (the English changed: run update, then translate)"]
    fuzzy = _broken(tmp_path, lambda t: t.replace('msgctxt "play"\n', '#, fuzzy\nmsgctxt "play"\n'))
    assert fuzzy == ["fr: play: fuzzy entry"]
    extra = _broken(tmp_path, lambda t: t + '\nmsgctxt "gone"\nmsgid "Gone"\nmsgstr "Parti"\n')
    assert extra == ["fr: gone: stale entry (no such key in English)"]
    renamed = _broken(tmp_path, lambda t: t.replace('msgstr "Joueur {n}"', 'msgstr "Joueur {number}"', 1))
    assert renamed and "placeholders ['number'] differ from English ['n']" in renamed[0]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_rule_of_each_language_is_in_its_catalog_header(lang):
    header = i18n.read(ROOT / "locale" / f"{lang}.po").plural_forms
    assert header == i18n.PLURALS[lang]
    zero = Translator(lang).points(0)
    assert zero == ("0 point" if lang == "fr" else zero) and zero.startswith("0 ")
    assert Translator(lang).points(1) != Translator(lang).points(2).replace("2", "1") or lang == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_numbers_a_person_s_default_name(lang):
    """app.play.panels reads the other languages' catalogs only for a name that may be one of their defaults: a
    person's default name always holds its seat's number."""
    tr = Translator(lang)
    assert "7" in tr.t("default_human", n=7) and "7" in tr.t("default_friend", n=7)


def test_compiled_catalogs_are_read_by_gettext():
    import gettext

    assert isinstance(catalog("fr"), gettext.GNUTranslations)
    assert Translator("fr").t("play") == "Jouer"
    assert Translator("fr").tn("points", 0) == "0 point" and Translator("en").tn("points", 0) == "0 points"


def test_languages_are_named_in_themselves_and_picked_from_the_browser():
    assert LANGUAGE_NAMES == {"de": "Deutsch", "en": "English", "es": "Español", "fr": "Français", "nl": "Nederlands"}
    assert first_language(["it-IT", "nl-BE", "fr"]) == "nl"
    assert first_language(["pt-BR"]) == "en" and first_language([]) == "en"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_is_anchored_and_titled_in_every_language(lang):
    rules = rules_doc.load()
    suffix = "" if lang == "en" else f"-{lang}"
    docs = rules_doc.read_docs(ROOT / "docs")
    for rule in (key[len("rule_") :] for key in CATALOG if key.startswith("rule_") and key[5:6] in "CQF"):
        assert f'<a id="{rule.lower()}{suffix}"></a>{rule} ' in docs, (rule, lang)
        entry = rules[rule][lang]
        assert entry["title"] and entry["blocks"], (rule, lang)


def test_script_words_are_generated_from_the_catalogs():
    i18n.compile_all(quiet=True)
    text = i18n.SCRIPT_WORDS.read_text(encoding="utf-8")
    body = text[text.index("{") : text.rindex("}") + 1]
    assert json.loads(body) == i18n.script_words()
    for name in ("loading", "embed", "ios-install", "sw-register"):
        script = (ROOT / "js" / f"{name}.js").read_text(encoding="utf-8")
        assert 'import { WORDS } from "../assets/app/words.js"' in script, name
        assert not re.search(r"\bfr: \{", script), f"js/{name}.js keeps texts of its own"


def test_phone_words_are_generated_from_the_catalogs():
    """A phone's first state drawn before Python (js/phone-early.js) says what Python says: the game screen's words,
    the status line, the bag in each plural form, the seat labels; and knows every default name Python translates."""
    from app.links.startlink import default_names
    from app.shared.seats import seat_label
    from ui.words import Translator

    i18n.compile_all(quiet=True)
    text = i18n.PHONE_WORDS.read_text(encoding="utf-8")
    words = json.loads(text[text.index("{") : text.rindex("}") + 1])
    assert words == i18n.phone_words()
    for lang in LANGUAGES:
        tr, said = Translator(lang), words[lang]
        assert {"to_play", "play", "exchange", "board_label", "loading_python"} <= set(said["words"])
        for count in (0, 1, 2, 95):
            for dice in (False, True):
                forms = said["bag"]["dice" if dice else "tiles"]
                text = forms[0 if count in said["bag"]["one"] else 1].format(n=count)
                assert text == tr.with_dice(dice).tn("bag", count), (lang, count, dice)
        assert said["seats"]["phone"] == seat_label("phone", tr) and said["seats"]["hard"] == seat_label("hard", tr)
        for seats in (("human", "phone", "hard"), ("phone", "hard", "hard", "friend")):
            assert set(default_names(seats, lang)) <= set(said["defaults"]), (lang, seats)
    script = (ROOT / "js" / "phone-early.js").read_text(encoding="utf-8")
    assert 'import { PHONE_WORDS } from "../assets/app/phone-words.js"' in script


TYPOGRAPHY = {
    "de": (r'"|«|»', "German quotes are „…“"),
    "es": (r"“|”|„", "Spanish quotes are «…»"),
    "nl": (r"«|»|„", "Dutch quotes are “…” or ‘…’"),
}


@pytest.mark.parametrize("lang", ["de", "es", "nl"])
def test_each_language_keeps_its_typography(lang):
    pattern, rule = TYPOGRAPHY[lang]
    tr = Translator(lang)
    for key in CATALOG:
        if key.endswith(("_one", "_other")):
            continue
        text = tr.t(key)
        assert not re.search(pattern, text), (key, text, rule)
        if lang == "es":  # a question or an exclamation opens with ¿ or ¡
            for sentence in re.split(r"(?<=[.?!…])\s+", re.sub(r"«[^»]*»", "«»", text)):
                assert "?" not in sentence or "¿" in sentence, (key, text)
                assert "!" not in sentence or "¡" in sentence, (key, text)
    assert tr.decimal(7.45) == "7,5" or tr.decimal(7.45) == "7,4"


def test_french_typography_is_applied_by_the_page():
    fr = Translator("fr")
    for key in CATALOG:
        if key.endswith(("_one", "_other")):
            continue
        text = fr.t(key)
        assert not re.search(r"(?<![\u00a0\u202f])[:;!?]", text), (key, text)
        assert not re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text), (key, text)
