"""The look-ahead's fast best play (qwirkle.ai.bestplay, qwirkle.ai.flexplay) agrees with the legal-play generator."""

import json
import pathlib
import random

import pytest

from qwirkle import Board, Game, Placement, Play, Tile, find_variant, legal_plays, parse_tiles
from qwirkle.ai import make_player
from qwirkle.ai.bestplay import GROUPS, Carried, Position, best_listed
from qwirkle.ai.flexplay import FlexPosition
from qwirkle.tiles import kinds_by_cell

POSITIONS = pathlib.Path(__file__).resolve().parents[3] / "bench" / "data" / "positions.jsonl"


def mask_of(hand):
    mask = 0
    for tile in hand:
        mask |= 1 << tile.kind
    return mask


def check(board, hand, variant, position, quick=False):
    """The position's best play (``quick``: ``a_best_play``) is a legal play of the most points; it is returned."""
    plays = legal_plays(board, hand, variant)
    found = position.a_best_play(mask_of(hand)) if quick else position.best_play(mask_of(hand))
    if not plays:
        assert found is None
        return None
    assert found is not None
    points, cells, kinds = found
    assert points == max(p.points for p in plays)
    placed = {Placement(Tile(k // 6, k % 6), c) for c, k in zip(cells, kinds, strict=True)}
    assert any(set(p.placements) == placed and p.points == points for p in plays)
    return found


def check_flex(board, hand, variant, position):
    plays = legal_plays(board, hand, variant)
    found = position.best_tiles(hand)
    if not plays:
        assert found is None
        return
    points, placed = found
    assert points == max(p.points for p in plays)
    assert any(set(p.placements) == {Placement(t, c) for c, t in placed} and p.points == points for p in plays)


def test_best_play_on_the_committed_positions():
    checked = 0
    for line in POSITIONS.read_text().splitlines():
        item = json.loads(line)
        if not item["board"]:
            continue
        board = Board.from_notation(item["board"])
        hand, variant = parse_tiles(item["hand"]), find_variant(item["variant"])
        if variant.backgrounds:
            check_flex(board, hand, variant, FlexPosition(board.tiles))
        else:
            check(board, hand, variant, Position(kinds_by_cell(board.tiles)))
        checked += 1
    assert checked > 200


def test_flex_incremental_updates_and_diagonals():
    for seed, tiles in ((70, 72), (71, 108)):
        game = Game.new("flex", ["a", "b"], seed, tiles=tiles)
        players = [make_player("random", seed), make_player("greedy", seed)]
        position = None
        while not game.is_over:
            if position is not None:
                check_flex(game.board, game.hands[game.to_move], game.variant, position.copy())
            move = players[game.to_move].choose(game.view(game.to_move))
            game.apply(move)
            if isinstance(move, Play):
                if position is None:
                    position = FlexPosition(game.board.tiles)
                else:
                    position.place_tiles([(p.cell, p.tile) for p in move.placements])


@pytest.mark.parametrize("variant", ["classic", "cubes"])
def test_incremental_updates_match_a_fresh_position(variant):
    for seed in range(3):
        game = Game.new(variant, ["a", "b"], 60 + seed)
        players = [make_player("random", seed), make_player("greedy", seed)]
        position = None
        while not game.is_over:
            if position is not None:
                fresh = Position(kinds_by_cell(game.board.tiles))
                assert (fresh.kinds, fresh.across, fresh.down) == (position.kinds, position.across, position.down)
                check(game.board, game.hands[game.to_move], game.variant, position)
            move = players[game.to_move].choose(game.view(game.to_move))
            game.apply(move)
            if isinstance(move, Play):
                if position is None:
                    position = Position(kinds_by_cell(game.board.tiles))
                else:
                    copy = position.copy()
                    copy.place([(p.cell, p.tile.kind) for p in move.placements])
                    position = copy


def seeded_boards(variant, seeds, every):
    """The board of greedy against medium in seeded games, every ``every`` moves once a tile is down."""
    for seed in seeds:
        game = Game.new(variant, ["a", "b"], seed)
        players = [make_player("greedy", seed), make_player("medium", seed)]
        while not game.is_over:
            game.apply(players[game.to_move].choose(game.view(game.to_move)))
            if game.board.tiles and not len(game.history) % every:
                yield game.board


@pytest.mark.parametrize("variant", ["classic", "cubes"])
def test_prepared_positions_answer_as_a_fresh_scan(variant):
    """A prepared position gives the very play of a plain scan (ties too: the look-ahead's replies are placed), and a
    copy with a reply placed since gives its points (``a_best_play``: a play of those points, and again after it is
    placed, as a play-out goes on), on many sampled hands of seeded games."""
    rng = random.Random(7)
    checked = 0
    for board in seeded_boards(variant, (80, 81), 3):
        plain = Position(kinds_by_cell(board.tiles))
        prepared = plain.copy()
        prepared.prepare()
        for _ in range(12):
            hand = sum(1 << kind for kind in rng.sample(range(36), rng.randint(1, 6)))
            assert prepared.best_play(hand) == plain.best_play(hand)
            reply = prepared.best_play(hand)
            if reply is None:
                continue
            after, fresh = prepared.copy(), plain.copy()
            after.place(list(zip(reply[1], reply[2], strict=True)))
            fresh.place(list(zip(reply[1], reply[2], strict=True)))
            for _ in range(4):
                other = sum(1 << kind for kind in rng.sample(range(36), rng.randint(1, 6)))
                found = fresh.best_play(other)
                assert after.best_points(other) == (0 if found is None else found[0])
                assert after.best_play(other) == found
                quick = after.a_best_play(other)  # the play-outs' play: the same points, maybe another play
                assert (quick is None) == (found is None)
                if quick is not None and found is not None:
                    assert quick[0] == found[0]
                    later, again = after.copy(), fresh.copy()  # and a play-out's next ply still agrees
                    later.place(list(zip(quick[1], quick[2], strict=True)))
                    again.place(list(zip(quick[1], quick[2], strict=True)))
                    third = sum(1 << kind for kind in rng.sample(range(36), rng.randint(1, 6)))
                    expected = again.best_play(third)
                    quicker = later.a_best_play(third)
                    assert (0 if quicker is None else quicker[0]) == (0 if expected is None else expected[0])
                checked += 1
    assert checked > 500


@pytest.mark.parametrize("variant", ["classic", "cubes"])
def test_a_best_play_is_a_legal_best_play_ply_after_ply(variant):
    """``a_best_play`` (the deep look-aheads' and play-outs' play) is a legal play of the most points, and stays so as
    a look-ahead places its plays one after another on a copy of a prepared position, without preparing again."""
    rng = random.Random(3)
    kinds = [Tile(color, shape) for color in range(6) for shape in range(6)]
    checked = 0
    for board in seeded_boards(variant, (82, 83), 4):
        prepared = Position(kinds_by_cell(board.tiles))
        prepared.prepare()
        for _ in range(3):
            position, tiles = prepared.copy(), dict(board.tiles)
            for _ in range(5):
                found = check(Board(tiles), rng.sample(kinds, rng.randint(1, 6)), find_variant(variant), position, True)
                if found is None:
                    break
                _, cells, chosen = found
                position.place(list(zip(cells, chosen, strict=True)))
                tiles.update((c, Tile(k // 6, k % 6)) for c, k in zip(cells, chosen, strict=True))
                checked += 1
    assert checked > 300


def scan_of_changed_lines(position, hand):
    """``a_best_play`` as it was first written: the prepared lists without every segment that reads a changed place
    (ends included), then every start of the changed lines that may read one, scanned; the first of the most points."""
    best = position.single_changed(hand)
    best_points = 0 if best is None else best[0]
    groups = [(mask, hand & mask) for mask in GROUPS if (hand & mask).bit_count() >= 2]
    if not groups:
        return best
    found = best_listed(position.merged, hand, best_points, position.changed, position.changed)
    if found is not None:
        best, best_points = found, found[0]
    most = max(kinds.bit_count() for _, kinds in groups)
    for horizontal in (True, False):
        starts = {
            line: range(min(places) - 6, max(places) + 2)
            for (across, line), places in position.changed.items()
            if across == horizontal
        }
        found = position.scan_segments(horizontal, starts, hand, groups, most, best_points)
        if found is not None and found[0] > best_points:
            best, best_points = found, found[0]
    return best


@pytest.mark.parametrize("variant", ["classic", "cubes"])
def test_a_best_play_breaks_ties_as_the_scan_of_the_changed_lines(variant):
    """Reading fewer segments again changes no play: ``a_best_play`` is the very play of a scan of every changed
    line after the prepared lists (so look-aheads, and seeded games, play as when it was first written)."""
    rng = random.Random(11)
    checked = 0
    for board in seeded_boards(variant, (84, 85), 3):
        prepared = Position(kinds_by_cell(board.tiles))
        prepared.prepare()
        for _ in range(4):
            position = prepared.copy()
            for _ in range(5):
                hand = sum(1 << kind for kind in rng.sample(range(36), rng.randint(1, 6)))
                found = position.a_best_play(hand)
                assert found == scan_of_changed_lines(position, hand)
                if found is None:
                    break
                position.place(list(zip(found[1], found[2], strict=True)))
                checked += 1
    assert checked > 400


def without_orders(position):
    """The prepared lists by group and size, each entry without its place in the order (numbers that differ
    between a merge and a fresh prepare; their order within each list is what counts)."""
    return {group: [entry[:1] + entry[2:] for entry in bucket] for group, bucket in position.merged.items()}


@pytest.mark.parametrize("variant", ["classic", "cubes"])
def test_a_merged_prepare_equals_a_full_one_and_carried_lists_hold(variant):
    """A copy of a prepared position with a play placed, prepared again, merges the changed lines into the lists it
    shares (``Position._merge``): the lists, in order, and every answer, ties included, are those of preparing it
    all again. ``Carried`` positions, asked in the order of a game, are those of fresh ones."""
    rng = random.Random(11)
    carried = Carried()
    merges = 0
    for count, board in enumerate(seeded_boards(variant, (90,), 2)):
        kinds = kinds_by_cell(board.tiles)
        root, fresh = carried.position(kinds), Position(kinds)
        root.prepare()
        fresh.prepare()
        assert (root.segments, without_orders(root), root.singles) == (
            fresh.segments,
            without_orders(fresh),
            fresh.singles,
        )
        if count % 2:
            continue
        for _ in range(2):
            hand = sum(1 << kind for kind in rng.sample(range(36), 6))
            play = root.best_play(hand)
            if play is None:
                continue
            merged, full = root.copy(), root.copy()
            for position in (merged, full):
                position.place(list(zip(play[1], play[2], strict=True)))
            full.merged = None
            merged.prepare()
            full.prepare()
            assert without_orders(merged) == without_orders(full)
            for _ in range(6):
                other = sum(1 << kind for kind in rng.sample(range(36), rng.randint(2, 6)))
                assert merged.best_play(other) == full.best_play(other)
            merges += 1
    assert merges > 10
