"""The variant registry is the one source of what a rule set is: metadata, setups, and a fourth rule set that needs
no change anywhere else (test-only variants, registered for the test and removed after)."""

import random
from collections import Counter

import pytest

from qwirkle import (
    VARIANTS,
    Game,
    IllegalMoveError,
    Placement,
    Play,
    dumps,
    find_setup,
    find_variant,
    legal_plays,
    loads,
    register_variant,
    score_play,
    setup_of,
    setups,
)
from qwirkle import variants as registry
from qwirkle.ai import make_player
from qwirkle.board import Board
from qwirkle.notation import Exchange, Pass, parse_placements
from qwirkle.study.match import play_out
from qwirkle.tiles import BLACK, Tile
from qwirkle.variants import FlexVariant, Variant, unregister_variant

METADATA = (
    "name",
    "title",
    "aliases",
    "rule_prefix",
    "hands_open",
    "dice",
    "can_exchange",
    "diagonals",
    "backgrounds",
    "oldest_starts",
    "tile_sets",
    "min_players",
    "max_players",
)


class MiniVariant(Variant):
    """Four colors only (72 tiles), open hands, no exchange, the youngest starts, 2 or 3 players."""

    name = "mini"
    title = "Mini Qwirkle"
    aliases = ("four colors",)
    rule_prefix = "M"
    hands_open = True
    can_exchange = False
    oldest_starts = False
    tile_sets = (72,)
    max_players = 3

    def tile_set(self, size):
        return [Tile(c, s) for c in range(4) for s in range(6) for _ in range(3)]

    def accepts(self, tile):
        return super().accepts(tile) and tile.color < 4

    def move_refusal(self, kind):
        if kind == "exchange":
            return IllegalMoveError(self.rule(3), f"{self.title} has no exchange", reason="no_exchange")
        return super().move_refusal(kind)


class OneBackgroundFlex(FlexVariant):
    """Flex diagonals with every tile on a black background (36 or 72 tiles): long diagonals, F5 often."""

    name = "blackflex"
    title = "Black Flex"
    aliases = ()
    tile_sets = (36, 72)

    def tile_set(self, size):
        return [Tile(c, s, BLACK) for _ in range(size // 36) for c in range(6) for s in range(6)]


@pytest.fixture
def extra_variants():
    register_variant(MiniVariant)
    register_variant(OneBackgroundFlex)
    try:
        yield
    finally:
        unregister_variant("mini")
        unregister_variant("blackflex")


# -- the registry as the browser reads it -------------------------------------------------------------------------
def test_every_variant_carries_the_metadata_and_agrees_with_its_hooks():
    assert list(VARIANTS) == ["classic", "cubes", "flex"]
    for variant in VARIANTS.values():
        for attribute in METADATA:
            getattr(variant, attribute)
        assert (variant.min_players, variant.max_players) == (2, 4)
        assert variant.allows("exchange") == variant.can_exchange
        assert variant.allows("roll") == variant.dice
        assert all(variant.accepts(t) for t in variant.tiles())
        for size in variant.tile_sets:
            assert len(variant.tiles(size)) == size
    cubes = find_variant("cubes")
    assert cubes.dice and cubes.hands_open and not cubes.can_exchange and not cubes.oldest_starts
    assert find_variant("flex").diagonals and find_variant("flex").backgrounds
    assert [v.rule_prefix for v in VARIANTS.values()] == ["C", "Q", "F"]


def test_find_variant_by_name_or_alias_any_case():
    assert find_variant("FLEX") is VARIANTS["flex"]
    assert find_variant("Qwirkle Cubes") is VARIANTS["cubes"]
    with pytest.raises(ValueError, match=r"^variant: unknown 'chess'; choose one of classic, cubes, flex$"):
        find_variant("chess")


def test_setups():
    assert [(s.key, s.variant.name, s.tiles) for s in setups()] == [
        ("classic", "classic", 108),
        ("cubes", "cubes", 90),
        ("flex72", "flex", 72),
        ("flex108", "flex", 108),
    ]
    assert all((s.min_players, s.max_players) == (2, 4) for s in setups())
    assert find_setup("Flex72") == setups()[2]
    assert setup_of("flex", None).key == "flex108" and setup_of("flex", 72).key == "flex72"
    assert setup_of("cubes", None).key == "cubes" and setup_of("classic", 108).key == "classic"
    flex72 = {"key": "flex72", "variant": "flex", "tiles": 72, "min_players": 2, "max_players": 4}
    assert setups()[2].to_json() == flex72
    with pytest.raises(ValueError, match=r"^setup: unknown 'flex90'; choose one of classic, cubes, flex72, flex108$"):
        find_setup("flex90")
    with pytest.raises(ValueError, match=r"^tiles: Qwirkle Flex is played with 72 or 108 tiles$"):
        setup_of("flex", 90)
    with pytest.raises(ValueError, match=r"^variant:"):
        setup_of("chess", None)


def test_rule_ids_come_from_the_variant():
    assert score_refusal("cubes", "Rok@0,0").rule == "Q1"
    assert score_refusal("classic", "Rok@0,0").rule == "C1"
    assert score_refusal("flex", "Ro@0,0").rule == "F1"
    game = Game.new("cubes", ["a", "b"], seed=1)
    game.apply(Play(game.legal_plays()[0].placements))  # past the opening, where a re-roll is allowed
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Exchange(game.hands[game.to_move][:1]))
    assert (error.value.rule, error.value.reason) == ("Q3", "no_exchange")
    with pytest.raises(IllegalMoveError) as error:
        game.apply(Pass())
    assert (error.value.rule, error.value.reason) == ("Q4", "roll_instead")


def score_refusal(variant, play):
    with pytest.raises(IllegalMoveError) as error:
        score_play(Board(), parse_placements(play), find_variant(variant))
    return error.value


# -- a fourth rule set touches only the registry ------------------------------------------------------------------
def test_registering_adds_the_variant_and_its_setups_and_removing_undoes_it(extra_variants):
    assert find_variant("MINI").title == "Mini Qwirkle" and find_variant("four colors").name == "mini"
    assert [s.key for s in registry.setups()][-3:] == ["mini", "blackflex36", "blackflex72"]
    assert find_setup("mini").max_players == 3
    with pytest.raises(ValueError, match="already registered"):
        register_variant(MiniVariant)
    with pytest.raises(ValueError, match=r"^players: Mini Qwirkle is played by 2 to 3 players"):
        Game.new("mini", list("abcd"), seed=1)


def test_removed_variants_are_gone():
    assert "mini" not in VARIANTS and [s.key for s in registry.setups()] == [s.key for s in setups()]
    with pytest.raises(ValueError, match=r"^variant: unknown 'mini'"):
        find_variant("mini")


def check_turn(game, rng):
    """Every listed play is legal and scored as the rules score it; then make a random move."""
    variant = game.variant
    moves = game.legal_moves()
    plays = list(moves.plays)
    assert sorted(p.placements for p in plays) == sorted(
        p.placements for p in legal_plays(game.board, game.hands[game.to_move], variant, game.opening_size())
    )
    for play in rng.sample(plays, min(5, len(plays))):
        assert game.check(play.placements).points == play.points
    if plays:
        move = Play(rng.choice(plays).placements)
    elif moves.exchanges:
        move = rng.choice(moves.exchanges)
    elif moves.rolls:
        move = rng.choice(moves.rolls)
    else:
        assert moves.can_pass
        move = Pass()
    return game.apply(move)


def check_conservation(game):
    identity = game.variant.identity
    seen = Counter(identity(t) for t in game.board.tiles.values())
    seen.update(identity(t) for hand in game.hands for t in hand)
    seen.update(identity(t) for t in game.position().bag)
    assert seen == Counter(identity(t) for t in game.full_set)
    assert all(game.variant.accepts(t) for t in game.board.tiles.values())


@pytest.mark.parametrize(
    "name, tiles, players", [("mini", None, 2), ("mini", None, 3), ("blackflex", 36, 2), ("blackflex", 72, 3)]
)
def test_random_games_of_a_registered_variant(extra_variants, name, tiles, players):
    for seed in range(3):
        rng = random.Random(seed)
        game = Game.new(
            name, [f"p{i}" for i in range(players)], seed, ages=[20 + i for i in range(players)], tiles=tiles
        )
        assert game.variant.name == name and len(game.full_set) == (tiles or 72)
        turns = 0
        while not game.is_over and turns < 300:
            result = check_turn(game, rng)
            turns += 1
            assert result.kind != "exchange" or game.variant.can_exchange
            check_conservation(game)
        assert game.is_over
        assert loads(dumps(game)).moves == game.moves


def test_computer_players_play_a_registered_variant(extra_variants):
    for name, players in (("mini", ["greedy", "hard", "expert"]), ("blackflex", ["hard", "expert"])):
        bots = [
            make_player(p, i, **({"seconds": None, "iterations": 8} if p == "expert" else {}))
            for i, p in enumerate(players)
        ]
        result = play_out(Game.new(name, [f"p{i}" for i in range(len(players))], 5), bots)
        assert result.game.is_over and result.ended in ("out", "blocked")


def test_the_youngest_starts_a_tie_in_a_registered_variant(extra_variants):
    for seed in range(200):
        game = Game.new("mini", ["a", "b"], seed=seed, ages=[60, 30])
        if game.opening.sizes[0] == game.opening.sizes[1]:
            assert game.to_move == 1 and game.opening.by_age and game.opening.youngest
            return
    raise AssertionError("no tie found")


def test_the_placement_hook_refuses_tiles_of_another_set(extra_variants):
    game = Game.new("mini", ["a", "b"], seed=1)
    blue = Tile(4, 0)
    assert score_play(Board(), [Placement(Tile(0, 0), (0, 0))], game.variant).points == 1
    with pytest.raises(IllegalMoveError) as refused:
        score_play(Board(), [Placement(blue, (0, 0))], game.variant)
    assert refused.value.rule == "M1" and refused.value.reason == "wrong_set"
