"""The play surface without a browser: names that follow the language, the status line, the log in
words and pictures, the rack's order and marks, the lines a pending play scores on the board, the
end-of-game summary, the tile tracker grid, the rules reference as data, the remembered new-game
choices, and the defects of issue 10 that live outside the DOM."""

from __future__ import annotations

import doctest
import importlib
import json

import pytest
from tables import play_best, table, until_human

from app.dialogs import setup_memory
from app.links.startlink import DuplicateNameError, make_spec, parse_start_link
from app.play import board_model, panels, summary, tracker_model
from app.play.rack_model import RackOrders, gone_tiles
from app.shared.placeable import unplaceable
from app.store.saves import DictStorage, SaveStore
from qwirkle.notation import parse_placements
from ui import rules_doc
from ui.words import Translator


@pytest.mark.parametrize(
    "name", ["app.play.rack_model", "app.play.tracker_model", "app.dialogs.setup_memory", "ui.rules_doc"]
)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


# -- names, status, log ---------------------------------------------------------------------------
def test_default_names_follow_the_language_and_typed_names_stay():
    c = until_human(table(seats=("human", "hard"), lang="en"))
    assert c.game.options.players == ("Player 1", "Hard")  # one computer: its level alone
    fr = Translator("fr")
    assert panels.player_names(c, fr) == ("Joueur 1", "Difficile")
    assert panels.status_text(c, fr) == "À vous, Joueur 1"
    typed = table(seats=("human", "hard"), names=["Player 2", "Zoé"])
    assert panels.player_names(typed, fr) == ("Player 2", "Zoé")  # typed, even if it looks like a default
    older = table(seats=("human", "hard"), names=["Player 1", "Hard 2"])  # as games saved before 2026-12 name it
    assert panels.player_names(older, fr) == ("Joueur 1", "Difficile")


def test_typed_names_of_people_read_no_other_language(monkeypatch):
    from ui import words

    monkeypatch.setattr(words, "_CATALOGS", {"en": words.catalog("en")})
    c = table(seats=("human", "phone"), names=["Ann", "Bob"])
    assert panels.player_names(c, Translator("en")) == ("Ann", "Bob")
    assert set(words._CATALOGS) == {"en"}  # no other catalog loaded (each costs 5-12 ms in the page)


def test_the_status_says_whose_turn_and_what_to_do():
    c = table(seats=("human", "human"), names=["Ann", "Bob"])
    tr = Translator("en")
    assert panels.status(c, tr)[0] == panels.HANDOVER
    c.reveal()
    kind, who, todo = panels.status(c, tr)
    assert (
        (kind, who) == (panels.PLAYING, "Ann to play")
        and "anywhere" in todo
        and f"{c.game.opening_size()} tiles" in todo
    )
    assert "anywhere" in panels.preview_lines(c, tr)[0]
    assert "n'importe où" in panels.preview_lines(c, Translator("fr"))[0]
    c = table(seats=("greedy", "random"))
    while not c.game.is_over:
        c.computer_move()
    kind, who, todo = panels.status(c, tr)
    assert (kind == panels.OVER and who == "Game over" and "wins" in todo) or "share" in todo


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_log_speaks_words_and_pictures_never_notation(lang):
    c = table("flex", ("greedy", "random"), seed=8, tiles=72)
    while not c.game.is_over:
        c.computer_move()
    tr = Translator(lang)
    entries = panels.log_entries(c, tr)
    plays = [t for t in c.game.history if t.kind == "play"]
    shown = [e for e in entries if e.tiles]
    assert len(shown) == len(plays)
    for entry, turn in zip(shown, plays, strict=True):
        assert list(entry.tiles) == [p.tile for p in parse_placements(turn.move)]
        assert turn.move not in entry.text and "@" not in entry.text
        assert tr.tile(entry.tiles[0]) in entry.text and entry.points == tr.points(turn.points)
        assert entry.qwirkles == sum(line.qwirkle for line in turn.lines)


# -- the rack -------------------------------------------------------------------------------------
def test_the_rack_keeps_its_order_and_marks_the_tiles_drawn_since_the_last_move():
    c = until_human(table(seed=9))
    seat = c.game.to_move
    racks = RackOrders()
    hand = c.hand()
    order = racks.order(seat, hand, len(c.game.history))
    assert sorted(order) == list(range(len(hand))) and racks.fresh(seat) == set()
    racks.sort(seat, hand, "shape")
    ordered = [hand[i] for i in racks.order(seat, hand, len(c.game.history))]
    assert [t.shape for t in ordered] == sorted(t.shape for t in hand)
    kept_before = list(ordered)
    result = play_best(c)
    played = [p.tile for p in parse_placements(result.move)]
    new_hand = c.view(seat).hand
    new_order = racks.order(seat, new_hand, len(c.game.history), gone_tiles(c.game, seat))
    shown = [new_hand[i] for i in new_order]
    for tile in played:
        kept_before.remove(tile)
    assert shown[: len(kept_before)] == kept_before  # the tiles kept stay where the player put them
    fresh = racks.fresh(seat)
    assert len(fresh) == len(played) and all(i in new_order[len(kept_before) :] for i in fresh)
    racks.move(seat, new_order[-1], new_order[0])
    assert racks.order(seat, new_hand, len(c.game.history))[0] == new_order[-1]
    assert racks.fresh(seat) == fresh  # other moves do not clear the marks; the player's next move does


def test_a_tile_that_fits_nowhere_is_the_engines_answer():
    for seed in range(1, 6):
        c = until_human(table(seed=seed))
        for _ in range(3):
            play_best(c)
            until_human(c)
        game, hand = c.game, c.hand()
        stuck = unplaceable(game, hand, [])
        assert stuck == {i for i, tile in enumerate(hand) if not game.legal_cells(tile)}


# -- the board ------------------------------------------------------------------------------------
def test_the_lines_a_pending_play_scores_are_marked_with_their_points():
    for seed in range(3, 30):
        c = until_human(table("flex", ("human", "greedy"), seed=seed, tiles=72))
        play_best(c)
        until_human(c)
        plays = [p for p in c.game.legal_plays() if len(p.placements) > 1]
        if plays:
            break
    tr = Translator("en")
    best = max(plays, key=lambda p: (len(p.placements), p.points))
    hand = list(c.hand())
    for placement in best.placements:
        c.select(next(i for i, t in enumerate(hand) if t == placement.tile and i not in c.turn.indexes()))
        assert c.place(placement.cell), c.note
    lines = c.preview().lines
    model = board_model.build(c, tr)
    assert {cell for cell, m in model.items() if m.scoring} == {cell for line in lines for cell in line.cells}
    badges = board_model.badges(board_model.pending_lines(c))
    assert [b.points for b in badges] == [line.points for line in lines]
    for badge, line in zip(badges, lines, strict=True):
        xs, ys = [x for x, _ in line.cells], [y for _, y in line.cells]
        assert min(xs) <= badge.x <= max(xs) + 1 and min(ys) <= badge.y <= max(ys) + 1
    c.recall()
    assert not any(m.scoring for m in board_model.build(c, tr).values())
    assert board_model.badges(board_model.pending_lines(c)) == []


def test_badges_sit_past_the_end_of_their_line():
    from qwirkle.rules import ScoredLine

    row = ScoredLine.of("row", ((0, 0), (1, 0), (2, 0)))
    column = ScoredLine.of("column", ((4, 1), (4, 2)))
    down = ScoredLine.of("diagonal", ((0, 0), (1, 1)))
    up = ScoredLine.of("diagonal", ((0, 3), (1, 2)))
    assert [(b.x, b.y) for b in board_model.badges([row, column, down, up])] == [
        (3.0, 0.5),
        (4.5, 3.0),
        (2.0, 2.0),
        (2.0, 2.0),
    ]


# -- the end of the game --------------------------------------------------------------------------
def test_the_summary_counts_each_players_game():
    c = table("classic", ("human", "greedy"), seed=4, names=["Ann", "Bot"])
    while not c.game.is_over:
        if c.computer_to_move:
            c.computer_move()
        else:
            if not c.hints[0]:
                c.advice.ask("greedy")
            play_best(c)
    tr = Translator("fr")
    rows = summary.players(c, tr)
    assert [r.score for r in rows] == sorted(c.game.scores, reverse=True)
    for row in rows:
        turns = [t for t in c.game.history if t.seat == row.seat and t.kind != "roll"]
        assert row.turns == len(turns) and row.best == max(t.points for t in turns if t.kind == "play")
        assert row.qwirkles == sum(line.qwirkle for t in turns for line in t.lines)
        assert row.average == pytest.approx(row.score / row.turns)
    assert {r.name: r.hints for r in rows} == {"Ann": 1, "Bot": None}
    assert summary.average_text(8.25, tr) == "8,2" and summary.average_text(8.25, Translator("en")) == "8.2"
    assert summary.headline(c, tr).endswith("!") and "\u202f!" in summary.headline(c, tr)


# -- the tile tracker -----------------------------------------------------------------------------
@pytest.mark.parametrize("variant, tiles", [("classic", None), ("flex", 108), ("cubes", None)])
def test_the_tracker_grid_holds_every_unseen_tile(variant, tiles):
    c = until_human(table(variant, ("human", "greedy"), seed=2, tiles=tiles))
    view = c.view(c.game.to_move)
    unseen = view.unseen()
    grid = tracker_model.grid(unseen, c.game.variant.backgrounds, c.game.variant.dice)
    assert grid.total == sum(unseen.values())
    assert len(grid.rows) == 6 and all(len(row) == len(grid.shapes) for row in grid.rows)
    assert grid.backgrounds == ((1, 2, 3) if variant == "flex" else ())
    assert grid.shapes == ((0,) if variant == "cubes" else tuple(range(6)))


# -- rules at hand --------------------------------------------------------------------------------
def test_every_rule_the_game_names_has_its_text_in_both_languages():
    from ui.english import CATALOG

    rules = rules_doc.load()
    cited = {
        key[len("rule_") :] for key in CATALOG if key.startswith("rule_") and key[5:6] in "CQF" and key[6:].isdigit()
    }
    assert cited and cited <= set(rules)
    for rule in cited:
        for lang in ("en", "fr"):
            text = rules[rule][lang]
            assert text["title"] and text["blocks"] and all(kind in ("p", "li") for kind, _ in text["blocks"])
    assert rules["C5"]["en"]["title"] == "Placing tiles" and rules["C5"]["fr"]["title"] == "Pose des tuiles"
    assert not any(
        "**" in block or "](" in block for r in rules.values() for t in r.values() for _, block in t["blocks"]
    )


# -- starting -------------------------------------------------------------------------------------
def test_the_new_game_choices_are_remembered_and_play_the_computer_uses_them():
    store = SaveStore(DictStorage())
    assert setup_memory.recall(store) is None
    spec = setup_memory.quick_spec(store)
    assert spec.seats[0] == "human" and spec.seats[1] != "human"
    setup_memory.remember(
        store,
        setup_memory.Setup(
            "flex72",
            [
                setup_memory.Seat("human", "Zoé", "9"),
                setup_memory.Seat("expert", ""),
                setup_memory.Seat("human", "Max"),
            ],
        ),
    )
    again = setup_memory.recall(store)
    assert again.setup == "flex72" and [s.kind for s in again.seats] == ["human", "expert", "human"]
    spec = setup_memory.quick_spec(store, "fr")
    assert (spec.variant, spec.tiles, spec.seats, spec.names[0]) == ("flex", 72, ("human", "expert", "human"), "Zoé")
    assert spec.ages == (9, None, None)
    seeds = {setup_memory.quick_spec(store).seed for _ in range(5)}
    assert len(seeds) == 5  # a fresh deal every time
    setup_memory.remember(
        store, setup_memory.Setup("classic", [setup_memory.Seat("human", "A"), setup_memory.Seat("human")])
    )
    assert setup_memory.quick_spec(store).seats == ("human", "medium")  # "Play the computer" seats a computer
    store.storage.set(setup_memory.KEY, json.dumps({"setup": "chess", "seats": []}))
    assert setup_memory.recall(store) is None
    assert store.take_problems()[0].key == setup_memory.KEY and setup_memory.KEY not in store.storage.data


def test_two_players_may_not_share_a_name():
    with pytest.raises(DuplicateNameError) as info:
        make_spec("classic", ["human", "human"], ["Ann", " ann "])
    assert info.value.name == "ann"
    with pytest.raises(ValueError, match="names"):
        parse_start_link("?variant=classic&seats=human,human&names=Bob,Bob")
    assert make_spec("classic", ["human", "hard", "hard"]).names == ("Player 1", "Hard 2", "Hard 3")


# -- words ----------------------------------------------------------------------------------------
def test_one_english_spelling():
    import re
    from pathlib import Path

    from ui.english import CATALOG

    root = Path(__file__).resolve().parents[3]
    english = [re.sub(r"\{[^}]*\}", "", text) for text in CATALOG.values()]
    english.append((root / "index.html").read_text(encoding="utf-8").replace('name="color-scheme"', ""))
    rules = (root / "docs" / "rules.md").read_text(encoding="utf-8")
    english.append(rules[: rules.index("## Français")])
    for text in english:
        assert not re.search(r"\bcolors?\b", text, flags=re.I), text[:200]
