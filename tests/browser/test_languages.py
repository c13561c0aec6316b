"""Each language through the real page (see conftest.py), as a player with the browser set to it and one finished
game kept (one page start a language): the home screen, a game against the computer with a hint, a dialog and that
game's end card show no English text, and
``<html lang>`` is right; so does the whole review, in German (its texts come from the same catalogs as the rest,
each complete in every language by tests/ui/test_catalogs.py: one language finds a text the page does not take from
them, and German's long words test the layout). Its chances of winning are kept with the save, as after a first look
(computed here by the worker's own function): the page shows them at once, and tests/browser/test_review_view.py
computes a whole review in the page. The menu names every language in itself and
remembers the choice. The English texts looked for are the catalog's own: every text of the
reference table that the language translates differently."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_phone_tablet_layout import best, open_with, storage

from app.review import service as review_service
from qwirkle import Game, dumps
from qwirkle.study.win_cost import win_settings
from ui.english import CATALOG
from ui.words import LANGUAGE_NAMES, Translator

LOCALES = {"de": "de-DE", "es": "es-ES", "nl": "nl-NL", "fr": "fr-FR"}
DONE = '#review[data-phase="done"]'
# Every visible text of the page: leaf text, and the names given to controls and pictures.
VISIBLE_TEXTS = """() => {
  const seen = new Set();
  const shown = (node) => node && node.checkVisibility && node.checkVisibility({visibilityProperty: true});
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && shown(node.parentElement)) seen.add(text);
  }
  for (const node of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (!shown(node)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const text = (node.getAttribute(name) || '').trim();
      if (text) seen.add(text);
    }
  }
  return [...seen];
}"""


def kept_review(game: Game) -> str:
    """The review's chances of winning as the page keeps them beside save ``t1`` after a first look."""
    chances = json.loads(review_service.review_win(dumps(game), 0, len(game.moves)))
    return json.dumps({"win": {"settings": win_settings(), "total": chances["total"], "moves": chances["moves"]}})


def english_only(lang: str) -> dict[str, str]:
    """English text -> its key, for the whole texts that ``lang`` says otherwise."""
    tr = Translator(lang)
    translated = {tr.t(key) for key in CATALOG}
    return {
        text: key
        for key, text in CATALOG.items()
        if "{" not in text and len(text) > 2 and tr.t(key) != text and text not in translated
    }


def assert_no_english(page: Page, lang: str, where: str) -> None:
    english = english_only(lang)
    found = {text: english[text] for text in page.evaluate(VISIBLE_TEXTS) if text in english}
    assert not found, f"{lang}, {where}: English on screen: {found}"


@pytest.mark.parametrize("lang", sorted(LOCALES))
def test_a_new_player_in_each_language_sees_no_english(
    new_context: Any, site_url: str, wait_ready: Any, lang: str
) -> None:
    page = new_context(locale=LOCALES[lang]).new_page()
    tr = Translator(lang)
    # a player whose browser speaks the language, with a finished game kept (reviewed against Easy, a level that
    # answers at once: "review_level" must be one of the levels, else the review compares with the Expert) and no
    # language chosen in the game
    finished = Game.new("classic", ["Ann", "Bot"], seed=3)
    while not finished.is_over:
        best(finished)
    data = storage(finished, ["human", "hard"], current=False)
    data["qwirkle.settings"] = json.dumps({"review_level": "easy"})
    if lang == "de":
        data["qwirkle.review.t1"] = kept_review(finished)
    open_with(page, site_url, wait_ready, data)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.locator('[data-action="quick-start"]')).to_have_text(tr.t("quick_start"))
    assert_no_english(page, lang, "home")

    # a game against the computer, with a hint
    page.locator('[data-action="quick-start"]').click()
    expect(page.locator("html")).to_have_attribute("data-turn", "0")
    expect(page.locator("[data-rack] [data-tile]").first).to_be_visible()
    page.locator('#actions [data-action="hint"]').click()
    expect(page.locator("#note")).not_to_have_text("")
    assert_no_english(page, lang, "game with a hint")

    # a dialog from the menu
    page.locator("#menu-button").click()
    expect(page.locator("#lang option")).to_have_count(len(LANGUAGE_NAMES))
    assert_no_english(page, lang, "menu")
    page.locator('[data-action="stats"]').click()
    expect(page.locator("#stats-dialog")).to_be_visible()
    assert_no_english(page, lang, "statistics")
    page.keyboard.press("Escape")

    # the finished game: the end card, then the review
    page.locator("#menu-button").click()
    page.locator('[data-action="saves"]').click()
    page.locator('#saves-dialog li.save[data-id="t1"] [data-action=resume-save]').click()
    expect(page.locator("#result")).to_be_visible()
    assert_no_english(page, lang, "end card")
    if lang != "de":
        return
    page.locator('#result [data-action="review"]').click()
    page.wait_for_selector(DONE, timeout=180_000)
    assert_no_english(page, lang, "review")
    expect(page.locator("html")).to_have_attribute("lang", lang)


def test_the_menu_names_each_language_in_itself_and_remembers_the_choice(
    new_context: Any, site_url: str, wait_ready: Any
) -> None:
    page = new_context(locale="en-US").new_page()
    page.goto(site_url)
    wait_ready(page)
    page.locator("#menu-button").click()
    options = page.locator("#lang option")
    assert [options.nth(i).inner_text() for i in range(options.count())] == list(LANGUAGE_NAMES.values())
    assert [options.nth(i).get_attribute("lang") for i in range(options.count())] == list(LANGUAGE_NAMES)
    page.locator("#lang").select_option("de")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('[data-action="quick-start"]')).to_have_text(Translator("de").t("quick_start"))
    page.reload()
    wait_ready(page)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    assert re.search(r'"lang":\s*"de"', page.evaluate("() => localStorage.getItem('qwirkle.settings')"))
