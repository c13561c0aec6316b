"""The review's chances of winning in the page, without a browser: the worker's ``review_win`` against the engine,
the session taking them (and those kept with the save, only when estimated as now), the texts (most points against
best chances and why, in both languages), the graph's paths and the accuracy columns."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from app.review import service as review_service
from app.review import win_panels
from app.review.session import LEVEL, WIN, ReviewSession
from app.store import review_memory
from app.store.review_memory import load_review, save_review
from app.store.saves import DictStorage, SaveStore
from qwirkle import Game, dumps
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.study.win_cost import win_settings
from qwirkle.study.win_review import WinReplay
from ui.words import Translator


@pytest.fixture(scope="module")
def game() -> Game:
    found = Game.new("classic", ["Ann", "Bob"], 1)
    play_out(found, [make_player("greedy", 1), make_player("greedy", 2)])
    return found


@pytest.fixture(scope="module")
def chances(game: Game) -> list[dict[str, Any]]:
    """Every move's chances as the worker sends them (one deal each: the page is tested here, not the estimate)."""
    replay = WinReplay(game, 1)
    return [move.to_json() for move in map(replay.at, range(replay.total)) if move is not None]


def filled(game: Game) -> ReviewSession:
    session = ReviewSession(game, "g1", "medium")
    session.add_best(review_service.review_best(session.record_json, 0, len(game.moves)))
    return session


def test_the_worker_answers_what_the_engine_gives_in_any_order() -> None:
    game = Game.new("flex", ["Ann", "Bob"], 4)
    for _ in range(6):
        game.apply(make_player("greedy", 4).choose(game.view(game.to_move)))
    text = dumps(game)
    replay = WinReplay(game)
    for index in (4, 1, 5):
        answer = json.loads(review_service.review_win(text, index, 1))
        assert answer["total"] == 6 and answer["moves"] == [replay.at(index).to_json()]
    three = Game.new("classic", ["A", "B", "C"], 2)
    three.apply(three.legal_plays()[0].notation())
    assert json.loads(review_service.review_win(dumps(three), 0, 1))["moves"] == [WinReplay(three).at(0).to_json()]


def test_the_session_takes_them_and_kept_ones_only_when_estimated_as_now(game: Game, chances: list) -> None:
    session = filled(game)
    assert session.phase == WIN and session.progress() == (WIN, 0, session.total)
    session.add_win(json.dumps({"moves": chances[:3]}))
    assert sorted(session.wins) == [0, 1, 2] and session.progress() == (WIN, 3, session.total)
    session.restore_kept(win_settings())
    kept = session.kept_json()
    assert kept["moves"] == chances[:3] and kept["total"] == session.total

    again = filled(game)
    again.win_kept = {"settings": win_settings(), "total": again.total, "moves": chances}
    assert again.restore_kept(win_settings()) == len(chances) and again.phase == LEVEL
    stale = filled(game)
    stale.win_kept = {"settings": {**win_settings(), "samples": 3}, "total": stale.total, "moves": chances}
    assert stale.restore_kept(win_settings()) == 0 and stale.wins == {}
    broken = filled(game)
    broken.win_kept = {"settings": win_settings(), "total": broken.total, "moves": [chances[0], {"index": 1}]}
    assert broken.restore_kept(win_settings()) == 0 and broken.wins == {} and broken.win_raw == {}


def test_kept_beside_the_save_and_gone_with_it() -> None:
    assert doctest.testmod(review_memory).failed == 0
    store = SaveStore(DictStorage())
    save_review(store, "g1", {"win": {"total": 2, "moves": []}})
    assert load_review(store, "g1") == {"win": {"total": 2, "moves": []}}
    store.delete("g1")
    assert load_review(store, "g1") == {}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_texts_of_a_move_and_most_points_against_best_chances(game: Game, chances: list, lang: str) -> None:
    tr = Translator(lang)
    session = filled(game)
    session.add_win(json.dumps({"moves": chances}))
    compared = [c for c in chances if c["why"]]
    assert compared, "a greedy game passes over the best chances somewhere"
    item = compared[0]
    entry = session.entries[item["index"]]
    session.go(entry.index)
    lines = win_panels.detail_lines(session, entry, tr)
    assert tr.decimal(item["win_before"]) in lines[0] and tr.decimal(item["best_win"]) in lines[0]
    most, best = session.wins[entry.index].why  # type: ignore[misc]
    for key, option in (("review_most_points", most), ("review_best_chances", best)):
        assert (
            tr.t(
                key,
                move=win_panels.move_words(option.move, tr, False),
                points=tr.points(option.points),
                win=win_panels.percent(option.win, tr),
            )
            in lines
        )
    why = lines[3:]
    if most.open > best.open:
        assert tr.tn("review_why_open", most.open, unseen=most.unseen) in why
    if sorted(most.kept) != sorted(best.kept):
        assert any(tr.tile(tile) in " ".join(why) for tile in most.kept + best.kept)
    assert why, "the reason is given in words"
    costly = max(chances, key=lambda c: c["win_lost"])
    choice = session.wins[costly["index"]]
    assert win_panels.row_cost(choice, tr) == f"−{tr.decimal(costly['win_lost'])}"
    assert tr.decimal(costly["win_lost"]) in (win_panels.row_words(choice, tr) or "")


def test_the_graph_has_one_point_per_move_with_gaps_until_known(game: Game, chances: list) -> None:
    session = filled(game)
    session.add_win(json.dumps({"moves": [chances[0], chances[1], chances[3]]}))
    graph = win_panels.graph(session)
    assert graph is not None and graph.total == session.total and graph.name == "Ann"
    line, area = graph.paths()
    first = chances[0]["first"]
    assert line.startswith(f"M0.5,{100 - first:g} L1.5,") and line.count("M") == 2  # move 2 unknown: a gap
    assert area.count("Z") == 2
    assert "Ann" in graph.label(Translator("en"))
    session.add_win(json.dumps({"moves": chances}))
    assert win_panels.graph(session).paths()[0].count("M") == 1  # type: ignore[union-attr]
    three = Game.new("classic", ["A", "B", "C"], 2)
    play_out(three, [make_player("greedy", i) for i in range(3)])
    session = ReviewSession(three)
    replay = WinReplay(three, 1)
    session.add_win(json.dumps({"moves": [replay.at(0).to_json(), replay.at(1).to_json()]}))
    graph = win_panels.graph(session)
    assert graph is not None and graph.players == 3 and graph.middle == pytest.approx(100 - 100 / 3, abs=0.01)
    assert graph.paths()[1].startswith(f"M0.5,{graph.middle:g} L0.5,")  # the area from the fair share
    assert win_panels.accuracy_columns(session)[0] == "review_accuracy"


def test_accuracy_waits_for_every_move_then_is_the_command_line_s(game: Game, chances: list) -> None:
    from qwirkle.study.accuracy import player_accuracy

    tr = Translator("en")
    session = filled(game)
    assert win_panels.accuracy_columns(session) == ("review_accuracy", "review_played_like")
    session.add_win(json.dumps({"moves": chances[:-1]}))
    assert [cell[2] for cell in win_panels.accuracy_cells(session, tr)] == [None, None]
    session.add_win(json.dumps({"moves": chances[-1:]}))
    replay = WinReplay(game, 1)
    moves = [replay.at(i) for i in range(replay.total)]
    expected = [
        player_accuracy("classic", [m.chances for m in moves if m is not None and m.seat == seat]) for seat in (0, 1)
    ]
    cells = win_panels.accuracy_cells(session, tr)
    assert [cell[2] for cell in cells] == [e["accuracy"] for e in expected]
    assert [cell[1] for cell in cells] == [win_panels.like_text(e, tr) for e in expected]
    levels = [tr.t(f"level_{name}") for name in ("random", "greedy", "beginner", "easy", "medium", "hard", "expert")]
    assert all(cell[1] == "unclear" or cell[1].startswith("maybe ") or cell[1] in levels for cell in cells)
    assert cells[0][0] == win_panels.percent(expected[0]["accuracy"], tr)
    # for the statistics: the figures of the players on this device only (the save's seats)
    assert win_panels.human_figures(session, ("human", "hard")) == [expected[0]["accuracy"]]
    assert win_panels.human_figures(session, ("friend", "human")) == [expected[1]["accuracy"]]
    assert win_panels.human_figures(session, ("greedy", "hard")) == []
    session.wins.pop(0)
    assert win_panels.human_figures(session, ("human", "human")) == []


def test_an_end_game_that_gave_points_away_is_said_in_words() -> None:
    """The solver's verdict on a move made with the bag empty (``WinChoice.endgame``), in English and German; nothing
    when the move lost nothing or the margin is not proven."""
    from dataclasses import replace

    from app.review.session import EndgameNote, WinChoice

    note = EndgameNote("Ro@0,1 Rs@0,2", 8, -3, 11, 2, True)
    en = win_panels.endgame_lines(note, Translator("en"), False)
    assert len(en) == 1 and en[0].startswith("This end game was won: playing ") and "goes out in 2 turns" in en[0]
    assert "8 points ahead" in en[0] and en[0].endswith("the move made ends 3 points behind.")
    de = win_panels.endgame_lines(note, Translator("de"), False)[0]
    assert de.startswith("Dieses Endspiel war gewonnen") and "8 Punkte vorn" in de and "3 Punkte hinten" in de
    lost_only = win_panels.endgame_lines(replace(note, best_margin=-2, margin=-5, lost=3), Translator("en"), False)
    assert lost_only[0].startswith("The best end game: ") and "2 points behind" in lost_only[0]
    assert win_panels.endgame_lines(replace(note, lost=0), Translator("en"), False) == []
    assert win_panels.endgame_lines(replace(note, exact=False), Translator("en"), False) == []
    data = {
        "index": 0,
        "win_before": 50.0,
        "win_after": 40.0,
        "best_win": 60.0,
        "best_win_move": "Ro@0,1",
        "win_lost": 20.0,
        "lost": 0.2,
        "first": 50.0,
        "why": None,
        "endgame": {
            "best": "Ro@0,1",
            "best_margin": 8,
            "margin": -3,
            "lost": 11,
            "goes_out_in": 2,
            "exact": True,
            "line": ["Ro@0,1"],
        },
    }
    assert WinChoice.from_json(data).endgame == EndgameNote("Ro@0,1", 8, -3, 11, 2, True)
