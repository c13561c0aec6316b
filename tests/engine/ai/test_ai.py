"""Computer players: honest (they see only a PlayerView), always legal, and their reasoning parts do what they say.

Strength is measured by bench/strength.py, never here; these tests are about correctness and run in well under a minute.
"""

import ast
import dataclasses
import json
import pathlib
import random
import subprocess
import sys
from collections import Counter

import pytest
from collector import collector_seen

from qwirkle import Board, Exchange, Game, Pass, Play, PlayerView, Roll, Tile, find_variant, legal_plays, parse_tiles
from qwirkle.ai import ALIASES, LEVELS, PLAYERS, TABLE, Hint, find_level, hint, make_player
from qwirkle.ai.danger import Odds, threats
from qwirkle.ai.endgame import EndgameSearch, hidden_hand
from qwirkle.ai.evaluate import Evaluator
from qwirkle.ai.exchange import exchange_choice, keep_group
from qwirkle.ai.expert import ExpertPlayer
from qwirkle.ai.leave import leave_value
from qwirkle.ai.sampling import Sampler
from qwirkle.game import END_BONUS
from qwirkle.study.match import play_out
from qwirkle.study.tournament import run
from qwirkle.tiles import kinds_by_cell

ROOT = pathlib.Path(__file__).resolve().parents[3]
LEVEL_NAMES = [level.name for level in LEVELS]
FAST = {"expert": {"seconds": None, "iterations": 12}}  # a small fixed budget: quick and reproducible


def player(name, seed):
    return make_player(name, seed, **FAST.get(name, {}))


# -- the level table -------------------------------------------------------------------------------------------
def test_levels_are_registered():
    assert LEVEL_NAMES == ["beginner", "easy", "medium", "hard", "expert"]
    for level in LEVELS:
        assert level.name in PLAYERS
    assert {"random", "greedy"} <= set(PLAYERS)
    assert ALIASES == {"computer": "medium"}
    assert make_player("computer", 1).name == "medium"
    with pytest.raises(ValueError, match="unknown player"):
        make_player("grandmaster")


def test_the_level_table_says_how_the_browser_runs_each_player():
    assert [(level.name, level.difficulty) for level in TABLE] == [
        ("random", False),
        ("greedy", False),
        ("beginner", True),
        ("easy", True),
        ("medium", True),
        ("hard", True),
        ("expert", True),
    ]
    assert [level.name for level in TABLE if level.in_worker] == ["expert"]
    assert {level.name: level.page_options for level in TABLE if level.page_options} == {
        "hard": {"endgame_seconds": 0.1}
    }
    assert find_level("computer") is find_level("Medium") is LEVELS[2]
    assert find_level("hard").make(3, **find_level("hard").page_options).endgame_seconds == 0.1
    with pytest.raises(ValueError, match=r"^ai: unknown player 'grandmaster'; choose one of random, greedy, "):
        find_level("grandmaster")


# -- always legal ----------------------------------------------------------------------------------------------
SEATINGS = [
    ("classic", None, ["beginner", "easy", "medium", "hard"]),
    ("classic", None, ["expert", "hard"]),
    ("cubes", None, ["hard", "expert", "beginner", "easy"]),
    ("cubes", None, ["medium", "hard"]),
    ("flex", 108, ["hard", "expert", "medium"]),
    ("flex", 72, ["easy", "hard"]),
]


@pytest.mark.parametrize("variant, tiles, names", SEATINGS)
def test_every_level_plays_whole_games_legally(variant, tiles, names):
    """Every move of every level goes through Game.apply, which refuses any illegal move."""
    for seed in (3,):
        game = Game.new(variant, names, seed, tiles=tiles)
        players = [player(name, seed * 10 + i) for i, name in enumerate(names)]
        kinds = Counter()

        def count(game, result, kinds=kinds):
            kinds[result.kind] += 1

        result = play_out(game, players, on_turn=count)
        assert result.ended in ("out", "blocked")
        assert kinds["play"] > 10


def test_levels_answer_in_awkward_positions():
    """The opening, a hand with no play (exchange, re-roll, or pass once the bag is empty)."""
    for variant in ("classic", "cubes", "flex"):
        for seed in range(4):
            game = Game.new(variant, ["a", "b"], seed)
            for name in LEVEL_NAMES:
                game.check(player(name, seed).choose(game.view(game.to_move)).placements)
    stuck = "Bs Bs Gd Gd Yc Yc"  # nothing shares a color or a shape with the red circle
    for variant, bag, expected in (
        ("classic", "Po Pd Pc Px Pt Ps", Exchange),
        ("cubes", "Po Pd", Roll),
        ("classic", "", Pass),
    ):
        view = view_of(
            variant,
            "Ro@0,0",
            stuck,
            other="Ro Bo",
            bag=bag,
            can_roll=variant == "cubes",
            exchange=len(bag.split()) if variant == "classic" else 0,
        )
        assert not view.legal_plays()
        for name in LEVEL_NAMES:
            move = player(name, 2).choose(view)
            assert isinstance(move, expected), (name, move)
            if isinstance(move, Exchange):
                assert 1 <= len(move.tiles) <= view.exchange_limit
                assert not Counter(move.tiles) - Counter(view.hand)


# -- honest ----------------------------------------------------------------------------------------------------
def test_the_view_holds_no_hidden_information():
    fields = {f.name for f in dataclasses.fields(PlayerView)}
    assert fields == {
        "seat",
        "variant",
        "board",
        "hand",
        "hand_sizes",
        "open_hands",
        "bag_count",
        "scores",
        "to_move",
        "opening_size",
        "exchange_limit",
        "can_roll",
        "full_set",
        "history",
        "is_over",
    }
    game = Game.new("classic", ["a", "b"], 5)
    play_out(game, [make_player("greedy", 1), make_player("greedy", 2)])
    game = Game.new("flex", ["a", "b", "c"], 5)
    for _ in range(9):
        game.apply(make_player("greedy", 1).choose(game.view(game.to_move)))
    view = game.view(0)
    assert view.open_hands is None and view.hand == game.hands[0]
    assert all(not isinstance(getattr(view, f), Game) for f in fields)
    view.board.tiles.clear()  # a copy: the AI cannot change the game either
    assert game.board.tiles
    # exchanges of others are shown without their tiles
    assert all(t.move is None for t in view.history if t.kind == "exchange" and t.seat != 0)


def hide_differently(game, seat, seed):
    """A game in the position of ``game`` that differs only in what ``seat`` cannot see: the other hands (but for
    Cubes, where they are open) and the bag, dealt again by ``seed``, as are the draws and rolls to come."""
    return Game.from_position(game.position().hidden(seat), game.options.players, seed)


@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_ais_given_games_that_differ_only_in_hidden_information_move_the_same(variant):
    game = Game.new(variant, ["a", "b"], 11)
    greedy = make_player("greedy", 3)
    checked = 0
    while not game.is_over and checked < 4:
        seat = game.to_move
        twin = hide_differently(game, seat, checked + 100)
        if not game.variant.hands_open:
            assert twin.hands[1 - seat] != game.hands[1 - seat] or game.bag_count == 0
        view = game.view(seat)
        twin_view = dataclasses.replace(twin.view(seat), history=view.history)  # the twin starts from the position
        assert view == twin_view
        for name in LEVEL_NAMES:
            assert player(name, 7).choose(view) == player(name, 7).choose(twin_view), name
        checked += 1
        for _ in range(5):
            if game.is_over:
                break
            game.apply(greedy.choose(game.view(game.to_move)))


def test_ai_modules_never_reach_into_the_game():
    """The AI package imports only constants from the game module and touches no private game state."""
    for path in (ROOT / "py/qwirkle/ai").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in ("game", "match", "record"):
                assert {a.name for a in node.names} <= {"END_BONUS", "HAND_SIZE"}, path.name
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("_state", "_undo", "_draw", "_rolled"), (path.name, node.attr)


def test_samples_are_consistent_with_the_view():
    game = Game.new("classic", ["a", "b", "c"], 8)
    for _ in range(10):
        game.apply(make_player("greedy", 1).choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    sampler = Sampler(view, random.Random(1))
    for _ in range(5):
        deal = sampler.deal()
        assert deal.hands[view.seat] == view.hand
        assert [len(h) for h in deal.hands] == list(view.hand_sizes)
        assert len(deal.bag) == view.bag_count
        hidden = Counter(deal.bag) + Counter(t for s, h in enumerate(deal.hands) if s != view.seat for t in h)
        assert hidden == view.unseen()


# -- reasoning parts -------------------------------------------------------------------------------------------
def view_of(variant, board, hand, other="", bag="", seat=0, scores=(0, 0), can_roll=False, exchange=0):
    """A hand-made two-player view; the full set is exactly what is listed, so ``unseen`` = other + bag."""
    variant = find_variant(variant)
    board = Board.from_notation(board)
    hand, other, bag = tuple(parse_tiles(hand)), tuple(parse_tiles(other)), tuple(parse_tiles(bag))
    full = tuple(board.tiles.values()) + hand + other + bag
    sizes = (len(hand), len(other)) if seat == 0 else (len(other), len(hand))
    open_hands = None
    if variant.hands_open:
        open_hands = (hand, other) if seat == 0 else (other, hand)
        full = tuple(Tile(t.color, 0) for t in full)
    return PlayerView(
        seat, variant, board, hand, sizes, open_hands, len(bag), scores, seat, None, exchange, can_roll, full, (), False
    )


def test_a_line_of_five_is_a_threat_weighed_by_the_unseen_completing_tiles():
    board = "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0"
    kinds = kinds_by_cell(Board.from_notation(board).tiles)
    found = threats(kinds, [(4, 0)])
    assert found == [(1 << Tile.from_notation("Rt").kind, 0, 1)]
    # the red star is unseen (in the opponent's hand or the bag): dangerous
    risky = view_of("classic", board, "Bo Go", other="Rt Yd", bag="Rt Yc Yo Bs")
    # every red star is in our own hand: no danger, and a Qwirkle set up for us
    safe = view_of("classic", board, "Rt Rt", other="Yd Bd", bag="Yc Yo Bs Ps")
    assert Odds(risky).opponent(found[0]) > 0.5
    assert Odds(safe).opponent(found[0]) == 0
    assert Odds(safe).mine(safe.hand, found[0]) == 1


def test_hard_avoids_handing_over_a_qwirkle_that_greedy_gives():
    # Rx at either end of the red line scores 5 but leaves a line of five; the opponent very likely holds a red
    # star (three are unseen among 14 tiles, six of them in their hand). The other plays score 2.
    view = view_of(
        "classic", "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0", "Rx Go", other="Rt Rt Yd Pd Gd Gs", bag="Rt Yc Yo Ps Pc Po Oo Os"
    )
    plays = view.legal_plays()
    greedy = max(plays, key=lambda p: p.points)
    assert greedy.points == 5 and greedy.placements[0].tile == Tile.from_notation("Rx")
    evaluator = Evaluator(view)
    assert evaluator.value(greedy) < 2
    choice = make_player("hard", 1).choose(view)
    assert isinstance(choice, Play)
    assert score(view, choice) == 2


def score(view, play):
    return next(p.points for p in view.legal_plays() if set(p.placements) == set(play.placements))


def test_leave_prefers_tiles_that_go_together_and_hates_duplicates():
    kinds = lambda text: [t.kind for t in parse_tiles(text)]
    assert leave_value(kinds("Ro Rs Rd")) > leave_value(kinds("Ro Bs Yd"))
    assert leave_value(kinds("Ro Ro")) < leave_value(kinds("Ro Rs"))
    assert leave_value([]) == 0


def test_exchange_when_the_best_play_is_poor_and_the_rack_is_bad():
    hand = parse_tiles("Ro Ro Ro Rs Yd Gc")
    assert sorted(keep_group(hand)) == sorted(parse_tiles("Ro Rs"))
    move = exchange_choice(hand, 6, best_value=0.5, leave_value=lambda tiles: 0.0)
    assert isinstance(move, Exchange) and len(move.tiles) == 4
    assert exchange_choice(hand, 6, best_value=9.0, leave_value=lambda tiles: 0.0) is None
    limited = exchange_choice(hand, 2, best_value=0.5, leave_value=lambda tiles: 0.0)
    assert limited.tiles == tuple(parse_tiles("Ro Ro"))  # duplicates go first when the bag is short


def test_cubes_rerolls_a_die_that_can_only_duplicate_when_it_may_finish_a_qwirkle():
    board = "Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0"
    view = view_of("cubes", board, "Ro Ro Ro Ro Ro Ro", other="Bo Bs Bd Bc Bx Bt", bag="Go Go", can_roll=True)
    move = make_player("hard", 1).choose(view)
    assert isinstance(move, Roll)
    assert all(t.color == 0 for t in move.tiles)


def brute_force(board, variant, hands, who, passed=False):
    """Exact value for ``who`` (score difference to the end) by trying everything."""
    plays = legal_plays(board, hands[who], variant)
    if not plays:
        return 0 if passed else -brute_force(board, variant, hands, 1 - who, True)
    best = float("-inf")
    for play in plays:
        tiles = [p.tile for p in play.placements]
        rest = list(hands[who])
        for t in tiles:
            rest.remove(t)
        after = Board(board.tiles)
        after.tiles.update((p.cell, p.tile) for p in play.placements)
        if not rest:
            value = play.points + END_BONUS
        else:
            new = list(hands)
            new[who] = rest
            value = play.points - brute_force(after, variant, new, 1 - who)
        best = max(best, value)
    return best


@pytest.mark.parametrize("variant", ["classic", "flex"])
def test_endgame_search_is_exact_with_few_tiles(variant):
    compared = 0
    for seed in range(30):
        game = Game.new(variant, ["a", "b"], 40 + seed)
        greedy = make_player("greedy", seed)
        while not game.is_over and game.bag_count:
            game.apply(greedy.choose(game.view(game.to_move)))
        if game.is_over:
            continue
        seat = game.to_move
        for mine, theirs in (
            (game.hands[seat][:2], game.hands[1 - seat][:1]),
            (game.hands[seat][:1], game.hands[1 - seat][:2]),
        ):
            if len(legal_plays(game.board, mine, game.variant)) < 2:  # one play: nothing to search, no value
                continue
            search = EndgameSearch(game.board, game.variant, [mine, theirs], nodes=5000)
            _, value = search.best()
            assert search.exact
            assert value == brute_force(game.board, game.variant, [list(mine), list(theirs)], 0)
            compared += 1
        if compared >= 6:
            break
    assert compared >= 3


def test_the_hidden_hand_is_known_when_the_bag_is_empty_with_two_players():
    view = view_of("classic", "Ro@0,0 Rs@1,0", "Bo Bs", other="Yd Yc")
    assert sorted(hidden_hand(view)) == sorted(parse_tiles("Yd Yc"))
    assert hidden_hand(view_of("classic", "Ro@0,0", "Bo", other="Yd", bag="Yc")) is None


def test_expert_takes_the_win_by_going_out():
    # bag empty; Bd Bo goes out (+6) and wins, although Yx@... would score more now
    view = view_of("classic", "Ro@0,0 Rs@1,0 Rd@2,0", "Bo Bs", other="Yd Yc Yo", scores=(50, 52))
    move = make_player("expert", 1, seconds=None, iterations=50).choose(view)
    assert isinstance(move, Play) and len(move.placements) == 2


def test_expert_is_reproducible_with_a_fixed_budget_and_validates_its_options():
    game = Game.new("classic", ["a", "b"], 21)
    for _ in range(6):
        game.apply(make_player("greedy", 1).choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    moves = {ExpertPlayer(random.Random(4), seconds=None, iterations=40).choose(view) for _ in range(2)}
    assert len(moves) == 1
    capped = make_player("expert", 4, seconds=0.05, iterations=100_000).choose(view)
    if isinstance(capped, Play):
        game.check(capped.placements)
    with pytest.raises(ValueError):
        make_player("expert", 1, iterations=0)
    with pytest.raises(ValueError):
        make_player("expert", 1, seconds=0)


def test_expert_weighs_hards_evaluation_against_few_deals():
    from qwirkle.ai.expert import Candidate

    lucky, solid = Candidate(Pass(), None, prior=2.0), Candidate(Pass(), None, prior=8.0)
    lucky.total, lucky.count = 4 * 9.0, 4  # one point more a deal on four deals ...
    solid.total, solid.count = 4 * 8.0, 4  # ... against a play Hard values six points higher
    assert ExpertPlayer(random.Random(1), seconds=None).by_score([lucky, solid])[0] is solid
    assert ExpertPlayer(random.Random(1), seconds=None, prior=0).by_score([lucky, solid])[0] is lucky
    lucky.total, lucky.count = 400 * 9.0, 400  # many deals outweigh the evaluation
    solid.total, solid.count = 400 * 8.0, 400
    assert ExpertPlayer(random.Random(1), seconds=None).by_score([lucky, solid])[0] is lucky
    with pytest.raises(ValueError):
        ExpertPlayer(random.Random(1), prior=-1)


def test_expert_keeps_hards_share_and_widens_its_candidates_on_a_larger_budget():
    """In two-player classic games Hard's evaluation counts as ``prior`` look-aheads per DEFAULT_ITERATIONS of the
    move's budget (never fewer), and from WIDE_BUDGET look-aheads on, Hard's best WIDE_CANDIDATES plays are candidates
    rather than ``candidates``. Flex (like Cubes and more players) is left as it was."""
    from qwirkle.ai.expert import DEFAULT_ITERATIONS, WIDE_BUDGET, Candidate
    from qwirkle.ai.tuning import WIDE_CANDIDATES

    class Counting(ExpertPlayer):
        def look_ahead(self, view, candidate, deal):
            self.seen.add(id(candidate))
            return super().look_ahead(view, candidate, deal)

    game = game_until("classic", 40, 5)
    view = game.view(game.to_move)
    expert = ExpertPlayer(random.Random(1), seconds=None)
    assert expert.prior_weight(view, 40) == expert.prior_weight(view, DEFAULT_ITERATIONS) == expert.tuning.prior
    assert expert.prior_weight(view, 2000) == pytest.approx(expert.tuning.prior * 2000 / DEFAULT_ITERATIONS)
    flex = game_until("flex", 40, 5)
    assert expert.prior_weight(flex.view(flex.to_move), 2000) == expert.tuning.prior  # measured in classic only
    lucky, solid = Candidate(Pass(), None, prior=2.0), Candidate(Pass(), None, prior=8.0)
    lucky.total, lucky.count = 400 * 9.0, 400  # one point more a deal on 400 deals, against six of Hard's
    solid.total, solid.count = 400 * 8.0, 400
    expert.prior_share = expert.prior_weight(view, DEFAULT_ITERATIONS)
    assert expert.by_score([lucky, solid])[0] is lucky
    expert.prior_share = expert.prior_weight(view, 2000)  # 400 deals are few of 2,000
    assert expert.by_score([lucky, solid])[0] is solid
    wide = Candidate(Pass(), None, prior=1.0, wide=True)
    assert ExpertPlayer.fitted([solid, wide], WIDE_BUDGET - 1) == [solid]
    assert ExpertPlayer.fitted([solid, wide], WIDE_BUDGET) == [solid, wide]
    assert len(ExpertPlayer(random.Random(1)).ranked(view)[1]) > WIDE_CANDIDATES
    flex_view = flex.view(flex.to_move)
    assert len(ExpertPlayer(random.Random(1)).ranked(flex_view)[1]) > WIDE_CANDIDATES
    for position, iterations, looked_at in (
        (view, DEFAULT_ITERATIONS, 8),
        (view, WIDE_BUDGET, WIDE_CANDIDATES),
        (flex_view, WIDE_BUDGET, 8),
    ):
        counting = Counting(random.Random(1), seconds=None, iterations=iterations)
        counting.seen = set()
        counting.choose(position)
        assert len(counting.seen) == looked_at


@pytest.mark.slow  # the Expert on a large budget
def test_expert_looks_four_plies_deep_on_a_large_budget():
    """From WIDE_BUDGET look-aheads on, in two-player classic games, a look-ahead goes ``plies`` (DEEP_PLIES) plies
    after the candidate, on a budget divided by DEEP_COST, and Hard's evaluation weighs a DEEP_COST-th as much; on
    the clock the calibrating round decides (its two-ply look-aheads are dropped). Below the budget, in Flex, or with
    ``plies=2``, look-aheads are two plies."""
    from qwirkle.ai.expert import DEEP_COST, DEFAULT_ITERATIONS, WIDE_BUDGET
    from qwirkle.ai.tuning import DEEP_PLIES, WIDE_CANDIDATES

    class Plies(ExpertPlayer):
        def play_out(self, view, board, deal, hand, bag, value, plies=24):
            self.plies_seen.add(plies)
            return super().play_out(view, board, deal, hand, bag, value, plies)

    def played(view, **options):
        expert = Plies(random.Random(1), **options)
        expert.plies_seen = set()
        expert.move = expert.choose(view)
        return expert

    game = game_until("classic", 40, 5)
    view = game.view(game.to_move)
    deep = played(view, seconds=None, iterations=WIDE_BUDGET)
    assert isinstance(deep.move, Play)
    game.check(deep.move.placements)
    assert deep.deep and deep.plies_seen == {DEEP_PLIES}
    assert 0 < deep.looked <= WIDE_BUDGET + WIDE_CANDIDATES * DEEP_COST  # a round is finished for every candidate
    assert deep.prior_weight(view, 2000) == pytest.approx(deep.tuning.prior / DEEP_COST * 2000 / DEFAULT_ITERATIONS)
    assert played(view, seconds=None, iterations=WIDE_BUDGET).move == deep.move  # reproducible
    for shallow in (
        played(view, seconds=None, iterations=DEFAULT_ITERATIONS),
        played(view, seconds=None, iterations=WIDE_BUDGET, plies=2),
    ):
        assert not shallow.deep and not shallow.plies_seen
    flex = game_until("flex", 40, 5)
    assert not played(flex.view(flex.to_move), seconds=None, iterations=WIDE_BUDGET).deep
    clocked = played(view, seconds=60.0, iterations=2000)  # the iteration cap ends the move, not the clock
    assert clocked.deep and clocked.plies_seen == {DEEP_PLIES}
    assert clocked.looked <= 2 * WIDE_CANDIDATES + 2000 + WIDE_CANDIDATES * DEEP_COST  # in two-ply look-aheads
    for plies in (1, 25):
        with pytest.raises(ValueError):
            ExpertPlayer(random.Random(1), plies=plies)


def test_expert_counts_its_look_aheads_within_the_budget():
    game = Game.new("classic", ["a", "b"], 21)
    for _ in range(4):
        game.apply(make_player("greedy", 1).choose(game.view(game.to_move)))
    expert = ExpertPlayer(random.Random(2), seconds=None, iterations=30)
    expert.choose(game.view(game.to_move))
    assert 0 < expert.looked <= 30 + 9  # a round is finished for every candidate left


@pytest.mark.parametrize("variant,players", [("classic", 2), ("flex", 2), ("cubes", 2), ("classic", 3)])
def test_expert_plays_out_to_the_end_with_few_tiles_in_the_bag(variant, players):
    """With 1 to PLAY_OUT_BAG tiles in the bag of a two-player classic game the look-aheads play to the end of the
    game (every hand's tiles leave it as played, the +6 counted), on a budget divided by their cost; other games
    look ahead two plies. The move is legal and reproducible."""
    from qwirkle.ai.expert import PLAY_OUT_COST
    from qwirkle.ai.tuning import PLAY_OUT_BAG

    game = Game.new(variant, [f"p{i}" for i in range(players)], 41)
    greedy = make_player("greedy", 1)
    while not game.is_over and game.bag_count > PLAY_OUT_BAG:
        game.apply(greedy.choose(game.view(game.to_move)))
    assert not game.is_over and 0 < game.bag_count <= PLAY_OUT_BAG
    view = game.view(game.to_move)
    expert = ExpertPlayer(random.Random(3), seconds=None, iterations=60)
    assert expert.plays_out(view) == (variant == "classic" and players == 2)
    assert not ExpertPlayer(random.Random(3), play_out=0).plays_out(view)
    move = expert.choose(view)
    if isinstance(move, Play):
        game.check(move.placements)
    if expert.plays_out(view):
        assert 0 < expert.looked <= 60 + 9 * PLAY_OUT_COST  # a round is finished for every candidate left
    assert move == ExpertPlayer(random.Random(3), seconds=None, iterations=60).choose(view)
    with pytest.raises(ValueError):
        ExpertPlayer(random.Random(1), play_out=-1)


def test_expert_weighs_the_opponents_reply_by_its_reply_option():
    """``reply`` (a screen's option, 1 by default) scales what the opponent's best reply takes off a look-ahead."""
    from qwirkle.ai.expert import Candidate

    game = game_until("classic", 40, 5)
    view = game.view(game.to_move)
    deal = Sampler(view, random.Random(1)).deal()
    values = {}
    for reply in (0.0, 0.5, 1.0):
        expert = ExpertPlayer(random.Random(1), seconds=None, reply=reply)
        value, play = expert.ranked(view)[1][0]
        values[reply] = expert.look_ahead(view, Candidate(Play(play.placements), play, value), deal)
    assert values[0.0] > values[1.0]  # the opponent scores on this deal
    assert values[0.5] == pytest.approx((values[0.0] + values[1.0]) / 2)
    with pytest.raises(ValueError):
        ExpertPlayer(random.Random(1), reply=-0.5)


def game_until(variant, bag, seed):
    """A two-player game of greedy players until at most ``bag`` tiles are left in the bag (not over)."""
    game = Game.new(variant, ["a", "b"], seed)
    greedy = make_player("greedy", 1)
    while not game.is_over and game.bag_count > bag:
        game.apply(greedy.choose(game.view(game.to_move)))
    assert not game.is_over
    return game


def test_deals_the_look_ahead_reads_alike_give_the_same_value():
    """``ExpertPlayer.held`` keys the look-ahead's values within a move: deals with the same key (the same hands in
    any order, the same bag) give the same value; with one tile in the bag, deals share one of seven keys (which
    unseen tile is left in the bag). With more tiles, no key."""
    from qwirkle.ai.expert import Candidate

    game = game_until("classic", 1, 46)
    view = game.view(game.to_move)
    assert view.bag_count == 1 and len(set(view.unseen().elements())) == 7
    expert = ExpertPlayer(random.Random(5), seconds=None)
    _, ranked = expert.ranked(view)
    candidates = [Candidate(Play(p.placements), p, v) for v, p in ranked[:3]]
    sampler = Sampler(view, random.Random(6))
    values, hands = {}, Counter()
    for deal in (sampler.deal() for _ in range(60)):
        key = expert.held(view, deal)
        hands[key[0]] += 1
        found = [expert.look_ahead(view, candidate, deal) for candidate in candidates]
        assert values.setdefault(key, found) == found
    assert len(values) == 7 and len(hands) == 7
    assert expert.held(game_until("classic", 2, 43).view(0), deal) is None


@pytest.mark.parametrize("bag", [40, 5])  # the follow-up's points, and play-outs to the end
def test_positions_kept_for_the_move_give_every_deal_the_value_a_fresh_player_gives(bag):
    """The Expert keeps, for the move, each candidate's position and each position after a candidate and a reply
    (``with_reply``: deals often bring the same reply): looking ahead on many deals in turn gives every deal the value a
    fresh player gives it alone."""
    from qwirkle.ai.expert import Candidate

    game = game_until("classic", bag, 47)
    view = game.view(game.to_move)
    warm = ExpertPlayer(random.Random(5), seconds=None)
    _, ranked = warm.ranked(view)
    candidates = [Candidate(Play(p.placements), p, v) for v, p in ranked[:3]]
    sampler = Sampler(view, random.Random(8))
    for deal in [sampler.deal() for _ in range(30)]:
        for candidate in candidates:
            cold = ExpertPlayer(random.Random(5), seconds=None)
            assert warm.look_ahead(view, candidate, deal) == cold.look_ahead(view, candidate, deal)
    assert warm.plays_out(view) or len(warm.replied) < 90  # some deals brought a candidate the same reply


def test_the_positions_kept_for_a_move_are_few():
    # The page's Expert makes some 2,000 look-aheads a move: at most KEPT_REPLIES positions after a reply are kept
    # (two-ply look-aheads; deeper ones copy the position and keep none).
    from qwirkle.ai.expert import KEPT_REPLIES

    game = game_until("classic", 60, 48)
    expert = ExpertPlayer(random.Random(6), seconds=None, iterations=1200, plies=2)
    kept = []
    real = ExpertPlayer.with_reply

    def spying(self, board, key, placed):
        found = real(self, board, key, placed)
        kept.append(len(self.replied))
        return found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ExpertPlayer, "with_reply", spying)
        expert.choose(game.view(game.to_move))
    assert max(kept) == KEPT_REPLIES


@pytest.mark.parametrize("variant,seed", [("classic", 44), ("cubes", 49)])  # Cubes: a seed where it plays
def test_expert_looks_ahead_once_a_candidate_when_every_deal_holds_the_same(variant, seed):
    """With the bag empty, a two-player classic game's deals all hold the opponent's hand (and Cubes' hands are open):
    the look-ahead is made once a candidate, the budget counted for every deal."""
    game = game_until(variant, 0, seed)
    view = game.view(game.to_move)
    made = []
    real = ExpertPlayer.look_ahead

    def counting(self, view, candidate, deal):
        made.append(candidate)
        return real(self, view, candidate, deal)

    expert = ExpertPlayer(random.Random(7), seconds=None, iterations=60, solver_nodes=0)  # no end-game solver
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ExpertPlayer, "look_ahead", counting)
        move = expert.choose(view)
    if isinstance(move, Play):
        game.check(move.placements)
    assert expert.looked >= 30 and len(made) == len(set(map(id, made))) <= 9


def test_the_expert_leaves_the_garbage_collector_as_it_found_it():
    """The cyclic collector is off while the Expert thinks (its look-ahead makes many tuples and no cycles) and as it
    was afterwards."""
    game = game_until("classic", 80, 45)
    view = game.view(game.to_move)
    seen = collector_seen(
        ExpertPlayer, "_choose", lambda: make_player("expert", 1, seconds=None, iterations=20).choose(view)
    )
    assert seen == [False, False]


# -- hints ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_hint_gives_a_legal_play_with_its_points(variant):
    game = Game.new(variant, ["me", "ai"], 31)
    for _ in range(5):
        game.apply(make_player("greedy", 1).choose(game.view(game.to_move)))
    view = game.view(game.to_move)
    for level in ("medium", "hard", "expert"):
        found = hint(view, level, seed=3, play_only=True, **FAST.get(level, {}))
        assert isinstance(found, Hint) and isinstance(found.move, Play)
        assert game.check(found.move.placements).points == found.points
    advice = hint(view, "hard")
    assert isinstance(advice.move, (Play, Exchange, Roll, Pass))


# -- tournaments -------------------------------------------------------------------------------------------------
def test_tournament_is_deterministic_and_rotates_seats():
    first = run("classic", ["hard", "greedy"], 4, seed=9)
    second = run("classic", ["hard", "greedy"], 4, seed=9, workers=2)
    strip = lambda r: [{k: v for k, v in p.items() if k != "seconds_per_move"} for p in r["players"]]
    assert strip(first) == strip(second)
    assert first["games"] == 4
    assert sum(p["wins"] for p in first["players"]) == pytest.approx(4)
    assert set(first["players"][0]) == {
        "name",
        "wins",
        "mean_score",
        "points_per_turn",
        "qwirkles",
        "qwirkles_allowed",
        "seconds_per_move",
    }


def test_tournament_command_prints_one_json_object():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "qwirkle",
            "tournament",
            "--variant",
            "cubes",
            "--players",
            "random,greedy,beginner",
            "--games",
            "3",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result["games"] == 3 and [p["name"] for p in result["players"]] == ["random", "greedy", "beginner"]
    bad = subprocess.run(
        [sys.executable, "-m", "qwirkle", "tournament", "--players", "hard,nobody"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT / "py")},
    )
    assert bad.returncode == 2 and "unknown player" in bad.stderr


def test_a_tournament_refuses_a_name_too_long_before_its_workers_start():
    """A setting past the name limit is refused with its field, with or without workers (a worker's ``LimitError``
    once failed to unpickle, and the pool waited forever)."""
    from qwirkle.limits import MAX_NAME, LimitError

    long = "expert/iterations=2000/solver_nodes=4/prior=75"
    assert len(long) > MAX_NAME
    for workers in (1, 2):
        with pytest.raises(LimitError, match="players: a name has at most"):
            run("classic", [long, "greedy"], 2, seed=1, workers=workers)


def test_expert_values_look_aheads_as_chances_to_win_with_its_win_option():
    """``win``: a look-ahead's points become the chance to win after them, and a mean chance goes back to points
    (the certainty equivalent). Ahead, a spread of outcomes is worth less than its mean; behind, more."""
    from qwirkle.ai.expert import Candidate, WinChance

    game = game_until("classic", 40, 5)
    view = game.view(game.to_move)
    chance = WinChance(view, 1.0, final=False)
    assert chance.points(chance.chance(7.0)) == pytest.approx(7.0)
    assert chance.chance(10.0) > chance.chance(0.0) > chance.chance(-10.0)

    def certain(difference, values):
        candidate = Candidate(Play(()), None, 0.0)
        candidate.win = chance
        chance.difference = difference
        for value in values:
            candidate.add(value)
        assert candidate.total / candidate.count == pytest.approx(sum(values) / len(values))
        return candidate.mean

    assert certain(40, [-20.0, 20.0]) < 0.0 < certain(-40, [-20.0, 20.0])
    assert certain(40, [5.0, 5.0]) == pytest.approx(5.0)
    final = WinChance(view, 1.0, final=True)
    assert final.b > chance.b  # the end's curve is the steepest
    with pytest.raises(ValueError):
        ExpertPlayer(random.Random(1), win=-1.0)


def test_the_expert_values_chances_to_win_in_two_player_classic_games_only():
    """``win`` is on by default (``WIN_SCALE``) where it was measured, two-player classic games; Flex, Cubes and
    games of more players value points, and ``win=0`` turns it off."""
    from qwirkle.ai.tuning import WIN_SCALE

    expert = ExpertPlayer(random.Random(1), seconds=None)
    assert expert.tuning.win == WIN_SCALE > 0
    assert expert.wins(game_until("classic", 40, 5).view(0))
    assert not expert.wins(game_until("flex", 40, 5).view(0))
    assert not expert.wins(game_until("cubes", 40, 5).view(0))
    four = Game.new("classic", ["a", "b", "c", "d"], 3)
    assert not expert.wins(four.view(0))
    assert not ExpertPlayer(random.Random(1), seconds=None, win=0).wins(game_until("classic", 40, 5).view(0))


@pytest.mark.slow  # whole games of the Expert with its chances of winning
def test_an_expert_with_the_win_option_plays_whole_games():
    """Seeded games with ``win`` end, move for move the same on a second run."""
    from qwirkle.study.tournament import GameSpec, play_one

    def played():
        return [
            dataclasses.replace(tally, seconds=0.0)
            for tally in play_one(GameSpec("classic", ("expert/win=0.5", "greedy"), 7, 0))
        ]

    first = played()
    assert first[0].turns > 10 and first[0].score + first[1].score > 100
    assert played() == first
