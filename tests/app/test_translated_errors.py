"""Every error a player can meet, in German, Spanish, French and Dutch, holds no English: bad start links, bad
imports of a game file, bad analysis, puzzle and turn links, refused moves, corrupt saves.

A message fails when it holds an English word that the language's own catalog never uses: a word of the English
catalog or of the error's own (English) message, four letters or more, that is neither in the language's
translations nor in what the player typed (the link or file itself: a rule set's name in a link is its name).
Rule ids (F1) and tile codes (Rd) are under four letters or written the same in every catalog."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from session_fakes import Events, FakeHost

from app.analysis.state import AnalysisLinkError, AnalysisState
from app.links import friend
from app.links.turn_link import TurnLink, label, to_fragment
from app.play.panels import note_text
from app.play.session import Session
from app.puzzles.request import PuzzleLinkError, parse_puzzle_link
from app.shared.notes import Note
from app.shared.seats import seat_choices
from app.store.saves import CURRENT, SAVE_PREFIX, DictStorage, SaveStore
from qwirkle import VARIANTS, Game
from qwirkle.errors import NOTATION_REASONS, RECORD_REASONS, IllegalMoveError
from qwirkle.record import to_record
from ui.english import CATALOG
from ui.problems import problem_of
from ui.words import Translator, catalog

LANGS = ("de", "es", "fr", "nl")
WORD = re.compile(r"[A-Za-z]{4,}")


def words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"\{\w+\}", " ", text))}


@cache
def catalog_words(lang: str) -> frozenset[str]:
    """Every word of a language's translations (English keys looked up in its catalog)."""
    found: set[str] = set()
    for key in CATALOG:
        found |= words(Translator(lang).t(key) if not key.endswith(("_one", "_other")) else "")
    for key in {k.rsplit("_", 1)[0] for k in CATALOG if k.endswith("_one")}:
        for count in (1, 2):
            found |= words(catalog(lang).npgettext(key, CATALOG[key + "_one"], CATALOG[key + "_other"], count))
    return frozenset(found)


ENGLISH_CATALOG = frozenset(set().union(*(words(text) for text in CATALOG.values())))


# The words of the links themselves, in every language: a link names its rule set and seats so.
LINK_WORDS = frozenset(words(" ".join([*VARIANTS, *seat_choices(), "computer", "daily", "pass", "swap", "roll"])))


def english_in(lang: str, message: str, english: str, typed: str) -> set[str]:
    """The English words of ``message``: of the English catalog or of the error's own English message
    (``english``), not of the language's catalog, nor of the input (``typed``) or a link's own words."""
    suspects = (ENGLISH_CATALOG | words(english)) - catalog_words(lang) - words(typed) - LINK_WORDS
    return words(message) & suspects


# -- the error paths: (what the player typed, the English of the error, the message in a language) ---------------
def start_link(query: str, lang: str) -> tuple[str, str]:
    s = Session(SaveStore(DictStorage()), FakeHost(), Events())
    s.open(query, lang)
    assert s.notice is not None and s.notice.key == "link_error", query
    return note_text(s.notice, Translator(lang)), str(s.notice.values["error"])


START_LINKS = [
    "?variant=chess&seats=human,human",
    "?variant=classic&seats=human",
    "?variant=classic&seats=human,wizard",
    "?variant=classic&seats=human,friend,hard",
    "?variant=classic&seats=friend,friend",
    "?variant=flex&tiles=50&seats=human,hard",
    "?variant=classic&seats=human,hard&names=Ann,Bob,Cy",
    "?variant=classic&seats=human,hard&names=Ann,ann",
    "?variant=classic&seats=human,hard&ages=9",
    "?variant=classic&seats=human,hard&ages=nine,9",
    "?variant=classic&seats=human,hard&seed=seven",
]


def record_text(**change: object) -> str:
    return json.dumps({**to_record(Game.new("classic", ["Ann", "Bob"], seed=3)), **change})


def played_record() -> dict:
    game = Game.new("classic", ["Ann", "Bob"], seed=3)
    game.apply(max(game.legal_plays(), key=lambda play: len(play.placements)).notation())
    return to_record(game)


IMPORTS = [
    "[1, 2]",
    '{"format": "chess-game"}',
    record_text(version=99),
    record_text(variant=7),
    record_text(variant="chess"),
    record_text(players="Ann"),
    record_text(players=["Ann"]),
    record_text(players=["Ann", "Bob", "Cy", "Di", "Ed"]),
    record_text(seed="x"),
    record_text(ages="x"),
    record_text(tiles="x"),
    record_text(tiles=50),
    record_text(moves="x"),
    record_text(moves=["Ro@0,0 Zz@1,0"]),
    record_text(moves=["Ro@0,0 Ro@x"]),
    record_text(moves=["pass now"]),
    record_text(moves=["swap"]),
    record_text(moves=["Ro@0,0 Ro@0,0"]),
    record_text(moves=["Ro@9999999,0"]),
    record_text(moves=["Ro@0,0"]),  # the seed does not deal it
    json.dumps({**played_record(), "moves": [*played_record()["moves"], "pass"]}),  # a pass when a tile fits
    json.dumps({**played_record(), "seats": ["human", "wizard"]}),
    "[" * 200 + "]" * 200,
]

ANALYSIS_LINKS = [
    "?analyse&variant=chess",
    "?analyse&variant=flex&board=Ro@0,0",  # the issue's: a Classic tile on a Flex board
    "?analyse&variant=classic&board=Ro@0,0+Rs@5,0",
    "?analyse&variant=classic&board=Ro@0,0+Ro@1,0",
    "?analyse&variant=classic&board=Ro@0,0+Gs@1,0",
    "?analyse&variant=classic&board=Zz@0,0",
    "?analyse&variant=classic&board=Ro@a,b",
    "?analyse&variant=classic&board=Ro",
    "?analyse&variant=classic&hand=Ro+Rs+Rd+Rc+Rx+Rt+Bo",
    "?analyse&variant=classic&board=Ro@0,0+Ro@1,0+Ro@2,0+Ro@3,0",
]

PUZZLE_LINKS = [{"puzzle": ""}, {"puzzle": "daily", "variant": "chess"}, {"puzzle": "nonsense"}]

TYPED_PLAYS = ["Zz@0,1", "Bo@0,0", "Bo", "Bo@0,1 Gs@5,5", "Bo@1,1 Bs@2,2"]


@pytest.mark.parametrize("lang", LANGS)
def test_bad_start_links_are_said_in_the_players_language(lang):
    for query in START_LINKS:
        message, english = start_link(query, lang)
        assert not english_in(lang, message, english, query), (query, message)


@pytest.mark.parametrize("lang", LANGS)
def test_bad_imports_are_said_in_the_players_language(lang):
    store = SaveStore(DictStorage())
    for text in IMPORTS:
        with pytest.raises(ValueError) as info:
            store.import_text(text)
        note = Note("import_failed", {"error": problem_of(info.value)}, level="error")
        message = note_text(note, Translator(lang))
        english = f"{info.value} {info.value.__cause__}"
        assert problem_of(info.value)["reason"] != "unknown", text
        assert not english_in(lang, message, english, text), (text[:80], message)


@pytest.mark.parametrize("lang", LANGS)
def test_bad_analysis_links_and_typed_plays_are_said_in_the_players_language(lang):
    tr = Translator(lang)
    for query in ANALYSIS_LINKS:
        with pytest.raises(AnalysisLinkError) as info:
            AnalysisState.from_query(query)
        message = info.value.words(tr)
        assert not english_in(lang, message, f"{info.value}", query), (query, message)
    state = AnalysisState.from_query("?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs")
    for play in TYPED_PLAYS:
        assert state.check(play) is not None and state.refusal is not None
        message = tr.problem(state.refusal)
        assert not english_in(lang, message, str(state.refusal), play), (play, message)


@pytest.mark.parametrize("lang", LANGS)
def test_refused_moves_are_said_in_the_players_language(lang):
    game = Game.new("classic", ["Ann", "Bob"], seed=3)
    hand = game.view(game.to_move).hand
    moves = ["pass", "swap", "Zz@0,0", "undo", f"{hand[0].notation()}@0,0", "swap Bo", f"{hand[0].notation()}@0,0 x"]
    refused = 0
    for move in moves:
        try:
            game.undo() if move == "undo" else game.apply(move)
        except (IllegalMoveError, ValueError) as error:
            refused += 1
            message = Translator(lang).problem(error)
            assert not english_in(lang, message, str(error), move), (move, message)
    assert refused == len(moves)


@pytest.mark.parametrize("lang", LANGS)
def test_bad_turn_and_puzzle_links_are_said_in_the_players_language(lang):
    record = played_record()
    fragments = [
        "turn=%%%",
        "turn=",
        to_fragment(TurnLink("18c0ffee42", 5, record)),
        to_fragment(TurnLink("18c0ffee42", 1, {**record, "variant": "chess"})),
        to_fragment(TurnLink("18c0ffee42", 1, {**record, "moves": [*record["moves"], "Zz@0,0"]})),
        to_fragment(TurnLink("18c0ffee42", 1, {**record, "moves": [*record["moves"], "pass"]})),
    ]
    for fragment in fragments:
        received = friend.receive(SaveStore(DictStorage()), fragment)
        assert received.saved is None and received.note.level == "error"
        message = note_text(received.note, Translator(lang))
        assert not english_in(lang, message, json.dumps(received.note.values), f"{fragment} {label(fragment)}")
    for params in PUZZLE_LINKS:
        with pytest.raises(PuzzleLinkError) as info:
            parse_puzzle_link(params, today="2026-11-25")
        note = Note("puzzle_bad_link", {"problem": problem_of(info.value)}, level="error")
        message = note_text(note, Translator(lang))
        assert not english_in(lang, message, str(info.value), json.dumps(params)), (params, message)


@pytest.mark.parametrize("lang", LANGS)
def test_corrupt_saves_are_said_in_the_players_language(lang):
    for storage in (
        DictStorage({SAVE_PREFIX + "x": "{not json", CURRENT: "x"}),
        DictStorage({SAVE_PREFIX + "x": "[]", SAVE_PREFIX + "y": '"text"', CURRENT: "x"}),
    ):
        s = Session(SaveStore(storage), FakeHost(), Events())
        s.open("", lang)
        assert s.notice is not None and s.notice.key.startswith("save_")
        message = note_text(s.notice, Translator(lang))
        keys = " ".join(storage.data)  # where the value went: a storage key, the same in every language
        assert not english_in(lang, message, "not json expected a game record", keys), message


def test_every_reason_of_the_engine_and_the_links_has_words():
    """A reason with no sentence would be said in general words only: each has its own."""
    reasons = [*NOTATION_REASONS, *RECORD_REASONS, "bad_seats", "too_big", "unknown"]
    reasons += [f"link_{r}" for r in ("variant", "players", "seat", "friend_one_human", "friend_people", "tiles")]
    assert [reason for reason in reasons if f"problem_{reason}" not in CATALOG] == []


def test_the_check_finds_english():
    """The check itself: the engine's English inside a German message is found."""
    message = "Dieser Analyse-Link wurde nicht verstanden: board: Ro is not a Qwirkle Flex tile: needs a background"
    found = english_in("de", message, "the variant needs a background (k, w or m)", "")
    assert {"needs", "background", "tile", "variant"} - {"variant"} <= found
