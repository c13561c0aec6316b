"""The English texts of the game and of embedded boards, by what the player is doing: the source of every
catalog. ``CATALOG`` (key -> English) is the reference ``ui.words.Translator`` reads, and the source of the gettext
template locale/qwirkle.pot (scripts/build/i18n.py extracts it; tests/ui/test_catalogs.py checks every catalog).

* ``game``: the buttons, the game screen, the log, the end of a game, scored lines, computer levels;
* ``start``: the home screen, the settings, the new-game dialog;
* ``records``: saved games, the browser's storage, statistics;
* ``review``: a finished game's review and its chances of winning;
* ``analysis``, ``puzzles``: the analysis board, the puzzles;
* ``links``: the start link and friends' turn links;
* ``live``: phones at this table (the seat kind, the table's panel, the phone's screen, the STUN setting);
* ``access``: the keyboard help, playing by ear;
* ``refusals``: rule titles, refused moves (``why_*``), what cannot be read (``problem_*``);
* ``tiles``: tile and line names, the tile tracker, a Cubes game's dice (``key_dice`` for ``key``);
* ``embeds``: embedded boards, and the page's scripts (assets/app/words.js).

Placeholders in braces are filled by ``ui.words.Translator.t``. Keys ending in ``_one``/``_other`` are counted forms
(``Translator.tn``). ``variant_<setup>`` and ``level_<name>`` name the engine's registries
(``qwirkle.variants.setups()``, ``qwirkle.ai`` levels). Each key is defined once (tests/ui/test_english.py). These
modules import nothing: the page reads them at start-up.
"""

from . import access, analysis, embeds, game, links, live, puzzles, records, refusals, review, start, tiles

# The sections in the catalogs' order (locale/qwirkle.pot and each locale/<lang>.po keep it).
SECTIONS: tuple[dict[str, str], ...] = (
    review.REVIEW,
    records.STORAGE,
    embeds.BOARDS,
    records.EXPORT,
    tiles.DICE,
    analysis.ANALYSIS,
    puzzles.PUZZLES,
    refusals.PROBLEMS,
    tiles.TILES,
    embeds.SCRIPTS,
    review.WIN,
    game.BUTTONS,
    start.WELCOME,
    start.SETTINGS,
    start.NEW_GAME,
    game.SCREEN,
    game.LOG,
    records.SAVES,
    records.STATISTICS,
    tiles.TRACKER,
    links.LINKS,
    refusals.RULES,
    game.SUMMARY,
    access.KEYS,
    refusals.REFUSALS,
    game.LINES,
    access.EAR,
    live.LIVE,
)

CATALOG: dict[str, str] = {key: text for section in SECTIONS for key, text in section.items()}
