"""Legal-play generation: complete, distinct, correctly scored."""

import random

from qwirkle import Board, Game, IllegalMoveError, Play, find_variant, legal_plays, parse_tiles, score_play
from qwirkle.notation import canonical

CLASSIC = find_variant("classic")
FLEX = find_variant("flex")


def plays(board, hand, variant=CLASSIC):
    return {p.notation(): p.points for p in legal_plays(Board.from_notation(board), parse_tiles(hand), variant)}


def test_single_tile_plays_next_to_one_tile():
    found = plays("Ro@0,0", "Rs")
    assert found == {"Rs@0,-1": 2, "Rs@-1,0": 2, "Rs@1,0": 2, "Rs@0,1": 2}


def test_no_play_when_nothing_fits():
    assert plays("Ro@0,0", "Bs Gd") == {}


def test_copies_of_a_tile_give_one_play():
    assert plays("Ro@0,0", "Rs Rs") == plays("Ro@0,0", "Rs")


def test_two_tile_plays_both_orders_and_ends():
    found = plays("Ro@0,0", "Rs Rd")
    assert found["Rs@1,0 Rd@2,0"] == 3 and found["Rd@1,0 Rs@2,0"] == 3
    assert found["Rs@-1,0 Rd@1,0"] == 3  # both ends of the line
    assert found["Rs@0,1 Rd@0,2"] == 3
    assert found["Rs@1,0 Rd@1,1"] == 4  # a column hanging from the row: 2 + 2
    assert "Rs@1,0 Rd@2,1" not in found


def test_opening_lists_the_largest_combination_from_the_origin():
    found = plays("", "Ro Rs Bo Gd")
    assert all(len(p.split()) == 2 for p in found)
    assert "Ro@0,0 Rs@1,0" in found and "Rs@0,0 Ro@0,1" in found and "Bo@0,0 Ro@1,0" in found
    assert len(found) == 2 * 2 * 2  # (red pair + circle pair) x 2 orders x 2 directions
    assert plays("", "Ro Ro Bs") == {"Ro@0,0": 1, "Bs@0,0": 1}


def test_flex_backgrounds_are_distinct_tiles():
    found = plays("Rok@0,0", "Rsk Rsw", FLEX)
    assert found["Rsk@1,0"] == 2 and found["Rsw@1,0"] == 2
    assert "Rsk@1,1" not in found  # no orthogonal contact


def test_every_generated_play_is_legal_with_the_same_points_and_distinct():
    rng = random.Random(5)
    for variant in ("classic", "cubes", "flex"):
        game = Game.new(variant, ["a", "b"], seed=rng.randrange(1000))
        for _ in range(25):
            found = game.legal_plays()
            keys = [canonical(p.placements) for p in found]
            assert len(keys) == len(set(keys)), "a play is listed twice"
            for play in found:
                assert score_play(game.board, play.placements, game.variant).points == play.points
            if not found:
                break
            game.apply(Play(rng.choice(found).placements))
            if game.is_over:
                break


def test_random_plays_not_generated_are_illegal():
    """Any single tile of the hand put next to the board is legal iff the generator lists it."""
    game = Game.new("classic", ["a", "b"], seed=3)
    for _ in range(12):
        listed = {canonical(p.placements) for p in game.legal_plays()}
        hand = game.hands[game.to_move]
        if game.board.tiles:
            from qwirkle.notation import Placement

            for cell in {(x + dx, y + dy) for x, y in game.board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}:
                if cell in game.board:
                    continue
                for tile in set(hand):
                    placement = (Placement(tile, cell),)
                    try:
                        score_play(game.board, placement, game.variant)
                        legal = True
                    except IllegalMoveError:
                        legal = False
                    assert legal == (placement in listed)
        game.apply(Play(max(game.legal_plays(), key=lambda p: (p.points, p.notation())).placements))
        if game.is_over:
            break


# -- one generation per position (Game.legal_plays' cache) ------------------------------------------------------
def test_legal_plays_are_computed_once_per_position_and_never_stale(monkeypatch) -> None:
    """Every caller of one turn (legal cells, the rack's marks, hints, pass checks) shares one generation; a move
    made, a move taken back, an exchange or a re-roll gives a new position and a fresh list."""
    import qwirkle.game as game_module
    from qwirkle import Game, movegen

    calls = []

    def counting(*args, **kwargs):
        calls.append(1)
        return movegen.legal_plays(*args, **kwargs)

    monkeypatch.setattr(game_module, "legal_plays", counting)
    for variant in ("classic", "cubes", "flex"):
        game = Game.new(variant, ("a", "b"), 11)
        for _ in range(40):
            if game.is_over:
                break
            calls.clear()
            first = game.legal_plays()
            first.clear()  # a caller's list is its own
            again = game.legal_plays()
            assert len(calls) == 1
            if not again:  # nothing fits: this game's walk ends here
                break
            fresh = movegen.legal_plays(game.board, game.view(game.to_move).hand, game.variant, game.opening_size())
            assert [p.placements for p in again] == [p.placements for p in fresh]
            best = max(again, key=lambda p: p.points)
            moves = game.legal_moves()
            if moves.rolls and len(game.history) % 3 == 0:  # a Cubes re-roll changes the hand, not the board
                game.apply(moves.rolls[0])
            else:
                game.apply(" ".join(p.notation() for p in best.placements))
            if len(game.history) % 5 == 0:  # taken back: the position before, computed again
                game.undo()
                calls.clear()
                assert [p.placements for p in game.legal_plays()] == [p.placements for p in again]
                assert len(calls) == 1
                game.apply(" ".join(p.notation() for p in best.placements))


# -- the order of the plays ----------------------------------------------------------------------------------------
def test_plays_come_in_the_same_order_as_before_the_grid() -> None:
    """Single tiles in reading order, then stretches along rows, then along columns, each in a fixed order: callers
    that keep the first of equal plays, and so seeded games, depend on it. The digest is of the generator before it
    was rebuilt on a grid (issue 22), over the positions of three seeded games and a random hand at each."""
    import hashlib

    found = hashlib.sha256()
    rng = random.Random(22)
    for variant in ("classic", "cubes", "flex"):
        game = Game.new(variant, ("a", "b"), 7)
        while not game.is_over and len(game.history) < 40:
            for hand in (game.hands[game.to_move], rng.sample(game.variant.tiles(), 6)):
                listed = legal_plays(game.board, hand, game.variant, game.opening_size())
                found.update(" | ".join(f"{p.notation()}={p.points}" for p in listed).encode() + b"\n")
            moves = game.legal_moves()
            if moves.plays:
                game.apply(Play(max(moves.plays, key=lambda p: (p.points, p.notation())).placements))
            else:
                game.apply((moves.exchanges or moves.rolls)[-1] if moves.exchanges or moves.rolls else "pass")
    assert found.hexdigest() == "8b83219748c4410962342bb1e8b5cbd4d4f9cca1af78a82f785c8a8d5716a30e"
