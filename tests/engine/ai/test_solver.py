"""The exact end-game solver (qwirkle.ai.solver) against a plain minimax written here: no pruning, the rules
of the end game spelled out (C3: a player with a play plays; C10: a player without one passes, two passes in a row end
the game; C9: going out scores 6 more and ends it). Positions come from seeded greedy self-play to an empty bag, with
the hands cut down to at most three tiles."""

import functools
import random

import pytest
from collector import collector_seen

from qwirkle import Board, Game, legal_plays
from qwirkle.ai import make_player
from qwirkle.ai.solver import Solver, solve
from qwirkle.ai.solver.bounds import together
from qwirkle.ai.solver.grid import CELL_BITS, live_plays_through
from qwirkle.game import END_BONUS
from qwirkle.movegen import ScoredPlay
from qwirkle.notation import Placement


def minimax(board, variant, hands, who, passed=False, seen=None):
    """The margin for ``who`` (to move) of the rest of the game, every line searched to its end. ``seen`` keeps
    each position's value once found: the same tiles played in another order reach the same position, valued once
    (a memo, not a cut: every play of every position is still searched)."""
    seen = {} if seen is None else seen
    key = (frozenset(board.tiles.items()), tuple(sorted(hands[0])), tuple(sorted(hands[1])), who, passed)
    if key in seen:
        return seen[key]
    plays = legal_plays(board, hands[who], variant)
    if not plays:
        seen[key] = 0 if passed else -minimax(board, variant, hands, 1 - who, True, seen)
        return seen[key]
    best = None
    for play in plays:
        rest = list(hands[who])
        for placement in play.placements:
            rest.remove(placement.tile)
        if not rest:
            value = play.points + END_BONUS
        else:
            after = Board(board.tiles)
            after.tiles.update((p.cell, p.tile) for p in play.placements)
            new = list(hands)
            new[who] = rest
            value = play.points - minimax(after, variant, new, 1 - who, False, seen)
        best = value if best is None else max(best, value)
    seen[key] = best
    return best


def bag_empty(variant, seed):
    """A two-player game played greedily until the bag is empty (None when it ended first)."""
    game = Game.new(variant, ["a", "b"], seed)
    players = [make_player("greedy", seed), make_player("greedy", seed + 1)]
    while not game.is_over and game.bag_count:
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    return None if game.is_over else game


def cut_hands(rng, seeds, other_sizes):
    """For each seed's classic game at an empty bag: the game, three of the mover's tiles and some of the other's."""
    for seed in seeds:
        game = bag_empty("classic", seed)
        if game is None:
            continue
        mover, other = game.hands[game.to_move], game.hands[1 - game.to_move]
        yield game, rng.sample(mover, min(len(mover), 3)), rng.sample(other, min(len(other), rng.choice(other_sizes)))


def positions(count):
    """``count`` seeded positions: several cuts of each game's two hands, up to three tiles each."""
    rng = random.Random(2025)
    found = []
    seed = 100
    while len(found) < count:
        seed += 1
        variant = ("classic", "flex")[seed % 2]
        game = bag_empty(variant, seed)
        if game is None:
            continue
        mover = game.hands[game.to_move]
        other = game.hands[1 - game.to_move]
        for _ in range(6):
            mine = rng.sample(mover, min(len(mover), rng.choice((1, 2, 2, 3, 3))))
            theirs = rng.sample(other, min(len(other), rng.choice((1, 2, 2, 3, 3))))
            if len(mine) + len(theirs) > 5:  # 3 against 3: some 10 s each for the plain minimax
                theirs = theirs[:2]
            if len(mine) + len(theirs) == 5 and rng.random() < 0.8:  # 3 against 2: about 1 s
                theirs = theirs[:1] if len(theirs) == 2 else theirs
                mine = mine[:1] if len(mine) == 2 else mine
            found.append((game.board, game.variant, mine, theirs))
    return found[:count]


def replay(board, variant, hands, line):
    """The margin of playing out ``line`` (plays and passes, None for a pass) from the mover's view, checking that
    each play is legal and a pass only when nothing can be played."""
    board, hands = Board(board.tiles), [list(h) for h in hands]
    margin, who, sign = 0, 0, 1
    for play in line:
        legal = legal_plays(board, hands[who], variant)
        if play is None:
            assert not legal
        else:
            assert play in legal
            for p in play.placements:
                board.tiles[p.cell] = p.tile
                hands[who].remove(p.tile)
            margin += sign * (play.points + (END_BONUS if not hands[who] else 0))
        who, sign = 1 - who, -sign
    return margin


def random_lines(rng, seeds, variants=("classic", "flex")):
    """For each seed's game at an empty bag, a solver on it and random plays made in it until a hand is empty or a
    player cannot play: (game, solver, the board as made, the player to move) at each position of the line."""
    for seed in seeds:
        game = bag_empty(variants[seed % len(variants)], seed)
        if game is None:
            continue
        solver = Solver(game.board, game.variant, [game.hands[game.to_move], game.hands[1 - game.to_move]])
        board, who = Board(game.board.tiles), 0
        while solver.hands[0] and solver.hands[1]:
            yield game, solver, board, who
            mine = solver.moves.of(who)
            if not mine:
                break
            play = rng.choice(mine)
            solver.board.make(who, play)
            board.tiles.update((p.cell, p.tile) for p in play.placements)
            who = 1 - who


def blocked():
    """Hand-built positions where a player has no play and passes (rare in self-play positions)."""
    from qwirkle import find_variant, parse_tiles

    row = Board.from_notation("Ro@0,0 Rs@1,0 Rd@2,0")
    classic = find_variant("classic")
    return [
        (row, classic, parse_tiles(mine), parse_tiles(theirs))
        for mine, theirs in (
            ("Gc", "Rc Gx"),
            ("Gc", "Gx"),
            ("Gc Bo", "Rc"),
            ("Rc Gx", "Gc"),
            ("Gx Yt", "Gc Rx"),
            ("Rc", "Gc Bt"),
        )
    ]


@functools.cache
def all_positions():
    """The 210 positions, made on first use: not at collection, which every xdist worker does."""
    return positions(204) + blocked()


@pytest.mark.slow  # 210 random end games searched twice
@pytest.mark.parametrize("chunk", range(7))  # 7 x 30 positions
def test_the_solver_agrees_with_plain_minimax(chunk):
    for board, variant, mine, theirs in all_positions()[chunk * 30 : (chunk + 1) * 30]:
        solution = solve(board, variant, mine, theirs)
        assert solution.exact
        assert solution.margin == minimax(board, variant, [mine, theirs], 0)
        assert replay(board, variant, [mine, theirs], solution.line) == solution.margin
        assert solution.line[:1] == ((solution.best,) if solution.best is not None or solution.line else ())


def test_the_positions_cover_both_variants_passes_and_going_out():
    found = all_positions()
    assert len(found) >= 200
    assert {variant.name for _, variant, _, _ in found} == {"classic", "flex"}
    sizes = {(len(mine), len(theirs)) for _, _, mine, theirs in found}
    assert {(3, 2), (2, 3), (3, 1), (1, 3), (2, 2)} <= sizes
    lines = [solve(*position).line for position in found[-6:]]
    assert sum(None in line for line in lines) >= 4  # somebody passes (C10)
    assert any(line[-2:] == (None, None) for line in lines)  # both do: the game ends


def test_a_hand_checked_position():
    # Ro Rs on the board; the mover holds Rd Bo, the opponent Rc Go. Best: Bo@0,1 (2), the opponent's best is then
    # Go@0,2 (3), and Rd@-1,0 goes out (3 + 6): 11 - 3 = 8.
    from qwirkle import find_variant

    board = Board.from_notation("Ro@0,0 Rs@1,0")
    from qwirkle import parse_tiles

    solution = solve(board, find_variant("classic"), parse_tiles("Rd Bo"), parse_tiles("Rc Go"))
    assert solution.exact and solution.margin == 8
    assert [p.notation() for p in solution.line] == ["Bo@0,-1", "Go@0,-2", "Rd@-1,0"]  # ties by the plays' own order


def test_a_node_budget_stops_the_search_without_proof():
    board, variant, mine, theirs = all_positions()[0]
    game = bag_empty("classic", 7)
    solver = Solver(game.board, game.variant, [game.hands[game.to_move], game.hands[1 - game.to_move]], nodes=30)
    solution = solver.solve()
    assert not solution.exact and solution.nodes <= 31
    full = solve(board, variant, mine, theirs, nodes=10**6)
    assert full.exact


@pytest.mark.parametrize("variant", ["classic", "flex"])
def test_a_budget_the_first_iteration_cannot_end_within_is_not_searched(variant):
    # Solver.first_nodes bounds the first iteration's nodes from below: given one node fewer, a search made all the
    # same never ends its first iteration; so a search given fewer stops at once, expanding none, with the same
    # answer (the first play, no iteration finished).
    checked = 0
    for seed in range(1, 9):
        game = bag_empty(variant, seed)
        if game is None or checked == 3:
            continue
        hands = [game.hands[game.to_move], game.hands[1 - game.to_move]]
        solver = Solver(game.board, game.variant, hands)
        bound = solver.first_nodes(solver.moves.of(0))
        if bound < 2:
            continue
        anyway = Solver(game.board, game.variant, hands, nodes=bound - 1)
        anyway.first_nodes = lambda plays: 0
        found = anyway.solve()
        assert found.depth == 0 and found.nodes == bound
        stopped = Solver(game.board, game.variant, hands, nodes=bound - 1).solve()
        assert (stopped.best, stopped.margin, stopped.depth, stopped.nodes) == (found.best, 0, 0, 0)
        checked += 1
    assert checked == 3


def test_the_search_leaves_the_garbage_collector_as_it_found_it():
    # Solver.solve turns the cyclic collector off while it searches (its table is large); the caller's setting is
    # back afterwards, also when a budget cuts the search short.
    board, variant, mine, theirs = all_positions()[0]
    seen = collector_seen(Solver, "_solve", lambda: [solve(board, variant, mine, theirs, nodes=n) for n in (2, None)])
    assert seen == [False] * 4


def test_the_review_marks_end_game_moves_against_the_solver():
    from qwirkle.study.endgame_review import endgame_notes
    from qwirkle.study.match import play_out

    game = Game.new("classic", ["a", "b"], 5)
    play_out(game, [make_player("greedy", 1), make_player("greedy", 2)])
    notes = endgame_notes(game, nodes=20_000)
    assert notes and all(game.history[i].kind in ("play", "pass") for i in notes)
    for note in notes.values():
        assert note["lost"] == max(0, note["best_margin"] - note["margin"])
        assert note["line"][0] == note["best"]
        if note["exact"]:
            assert note["margin"] <= note["best_margin"]
    last = max(notes)
    assert game.end_reason == "out" and game.history[last].kind == "play"
    assert notes[last]["exact"] and notes[last]["margin"] == game.history[last].points  # going out: +6 included
    assert endgame_notes(Game.new("cubes", ["a", "b"], 5)) == {}


def test_the_solvers_plays_are_the_legal_plays_along_random_lines():
    # The solver keeps the board's frontier up to date play by play (solver.board.LiveBoard, solver.grid.live_plays)
    # and walks multi-tile plays only through cells where a tile fits alone: its plays must be legal_plays' at every
    # position.
    checked = 0
    for game, solver, board, who in random_lines(random.Random(3), range(200, 216)):
        mine = solver.moves.of(who)
        assert sorted(mine) == sorted(legal_plays(board, solver.hands[who], game.variant))
        checked += 1
    assert checked >= 60


def test_the_bound_of_a_one_tile_opponent_going_out_prunes_without_changing_the_margin():
    # bounds=False searches every play alpha-beta does not cut; the bound (a play cannot beat its points minus the
    # opponent's going out on a cell it leaves alone) must give the same margins with fewer nodes.
    pruned = full = 0
    for game, mine, theirs in cut_hands(random.Random(7), range(300, 316), (1, 2, 3)):
        with_bound = solve(game.board, game.variant, mine, theirs)
        without = solve(game.board, game.variant, mine, theirs, bounds=False)
        assert with_bound.exact and without.exact
        assert with_bound.margin == without.margin
        assert replay(game.board, game.variant, [mine, theirs], with_bound.line) == with_bound.margin
        pruned, full = pruned + with_bound.nodes, full + without.nodes
    assert pruned < full


def margin_of(game, mine, theirs, play):
    """The margin of ``play`` by the mover holding ``mine`` against ``theirs``, solved afresh after it without the
    bounds (alpha-beta only)."""
    board = Board(game.board.tiles)
    board.tiles.update((p.cell, p.tile) for p in play.placements)
    rest = list(mine)
    for p in play.placements:
        rest.remove(p.tile)
    after = solve(board, game.variant, theirs, rest, bounds=False)
    assert after.exact
    return play.points - after.margin


def test_a_two_tile_opponents_single_then_going_out_never_bounds_a_play_below_its_value():
    # Solver._step_bound: a play leaving two tiles that cannot go out together, against two tiles, is worth at most
    # its points minus the opponent's single and their last tile going out on the lesser of two cells apart, plus the
    # player's best single after both. Checked against each play's margin solved afresh after it.
    checked = tight = 0
    for game, mine, theirs in cut_hands(random.Random(23), range(800, 830), (2,)):
        if len(theirs) != 2:
            continue
        solver = Solver(game.board, game.variant, [mine, theirs])
        steps = solver.proofs.steps(0)
        for play in solver.moves.of(0):
            if len(play.placements) != len(mine) - 2:
                continue
            bound = solver.proofs.step_bound(0, play, steps)
            if bound >= 1 << 20:
                continue
            value = margin_of(game, mine, theirs, play)
            assert bound >= value
            checked += 1
            tight += bound == value
    assert checked >= 100 and tight >= 1


def test_a_two_tile_opponents_pair_going_out_never_bounds_a_play_below_its_value():
    # Solver._pair_bound: against two tiles that can go out together, a play that does not go out and leaves alone
    # the zone of one of their plays going out (its cells and the first empty cell at each end of its runs) is worth
    # at most its points minus that play's points and 6. Checked against each play's margin solved afresh after it.
    checked = tight = touching = 0
    for game, mine, theirs in cut_hands(random.Random(31), range(1000, 1030), (2,)):
        if len(theirs) != 2 or not together(theirs[0].kind, theirs[1].kind):
            continue
        solver = Solver(game.board, game.variant, [mine, theirs])
        outs = solver.proofs.pair_outs(1)
        for play in solver.moves.of(0):
            if len(play.placements) == len(mine):
                continue
            bound = solver.proofs.pair_bound(play, outs)
            if bound >= 1 << 20:
                continue
            touching += bound > play.points - outs[0][0] - END_BONUS  # the best one's zone is touched
            value = margin_of(game, mine, theirs, play)
            assert bound >= value
            checked += 1
            tight += bound == value
    assert checked >= 100 and tight >= 20 and touching >= 5


def test_the_answer_does_not_follow_the_order_cells_are_kept_in():
    # Pyodide hashes differently from CPython, so sets and dicts may list the frontier in another order there: the
    # answer, under a node budget too, must not depend on it (plays are ordered by the plays themselves).
    game = bag_empty("classic", 7)
    hands = [game.hands[game.to_move][:4], game.hands[1 - game.to_move][:4]]
    answers = set()
    for order in range(3):
        solver = Solver(game.board, game.variant, hands, nodes=800)
        cells = list(solver.singles.items())
        random.Random(order).shuffle(cells)
        solver.singles.clear()  # the board, the plays and the bounds share this dict
        solver.singles.update(cells)
        solution = solver.solve()
        answers.add((solution.best, solution.margin, solution.line, solution.nodes))
    assert len(answers) == 1


def test_the_plays_of_up_to_three_kinds_are_the_legal_plays():
    # A hand of at most three distinct kinds has its plays listed by Solver._line_plays (singles from the cells that
    # take a tile alone, pairs and threes from the ends of their runs), not by live_plays: the same plays.
    rng = random.Random(11)
    sizes = [0, 0, 0, 0]
    for seed in range(400, 408):
        game = bag_empty("classic", seed)
        if game is None:
            continue
        pool = list(game.hands[0]) + list(game.hands[1])
        for count in (2, 3, 4) * 6:
            hand = rng.sample(pool, count)
            solver = Solver(game.board, game.variant, [hand, pool[:1]])
            plays = solver.moves.of(0)
            assert sorted(plays) == sorted(legal_plays(game.board, hand, game.variant))
            for play in plays:
                sizes[len(play.placements)] += 1
    assert sizes[2] >= 20 and sizes[3] >= 10


def test_two_tiles_against_one_valued_without_making_the_plays_give_the_same_answers():
    # Solver._two values a position of two tiles against one without making its plays (fast=True, the default);
    # fast=False searches it like any other. Same margins, a replayable line, fewer nodes. (The 210 positions
    # checked against the plain minimax above reach two tiles against one often, with _two on.)
    quick = slow = 0
    for game, mine, theirs in cut_hands(random.Random(13), range(500, 512), (1, 2)):
        answers = []
        for fast in (True, False):
            solver = Solver(game.board, game.variant, [mine, theirs])
            solver.fast = fast
            answers.append(solver.solve())
        with_two, without = answers
        assert with_two.exact and without.exact
        assert with_two.margin == without.margin  # and test_the_solver_agrees_with_plain_minimax, with _two on
        assert replay(game.board, game.variant, [mine, theirs], with_two.line) == with_two.margin
        quick, slow = quick + with_two.nodes, slow + without.nodes
    assert quick < slow


def test_a_killer_play_is_checked_and_scored_like_the_legal_plays():
    # Solver._killer tries the play that cut in a sibling position before listing the plays: _fit must accept it
    # exactly when it is legal here, with the points legal_plays gives it. Checked with the plays of the position
    # before the opponent's last play (and those plays moved a cell, which leaves gaps and bad lines).
    legal_count = refused = 0
    for game, solver, board, who in random_lines(random.Random(17), range(600, 612), ("classic",)):
        stale = list(solver.moves.of(1 - who))
        stale += [
            ScoredPlay(tuple(Placement(p.tile, (p.cell[0] + dx, p.cell[1] + dy)) for p in play.placements), 0)
            for play in stale[:20]
            for dx, dy in ((1, 0), (0, 1), (-2, 0))
        ]
        now = {play.placements: play.points for play in legal_plays(board, solver.hands[1 - who], game.variant)}
        for play in stale:
            assert solver.board.fit(1 - who, play.placements) == now.get(play.placements)
            legal_count += play.placements in now
            refused += play.placements not in now
    assert legal_count >= 500 and refused >= 500


def test_a_one_tile_opponents_reply_is_valued_without_making_the_play():
    # Solver._reply: the points of the opponent's last tile going out after a play (its best cell), or -1 when it
    # fits nowhere, from the cells the play changes; checked against making the play and scanning every cell.
    checked = passes = 0
    for game, _mine, _theirs in cut_hands(random.Random(19), range(700, 716), (1,)):
        for their_tile in game.hands[1 - game.to_move][:3]:
            solver = Solver(game.board, game.variant, [game.hands[game.to_move][:4], [their_tile]])
            for play in solver.moves.of(0):
                reply = solver.proofs.reply(1, play)
                solver.board.make(0, play)
                bit = 1 << their_tile.kind
                made = max([points for fits, points in solver.singles.values() if fits & bit], default=-1)
                solver.board.unmake(0, play)
                assert reply == made
                checked += 1
                passes += reply < 0
    assert checked >= 300 and passes >= 1


def masks_of(solver, plays):
    """Each play's mask as live_plays_through gives it: its kinds' bits and its cells' (CELL_BITS up)."""
    index = solver.grid.index
    return [
        functools.reduce(lambda mask, p: mask | 1 << (CELL_BITS + index(p.cell)) | 1 << p.tile.kind, play.placements, 0)
        for play in plays
    ]


def test_the_plays_through_some_cells_are_the_legal_plays_holding_one_of_them():
    # solver.grid.live_plays_through lists the plays with a tile on one of the given empty cells, each once, with its
    # mask: legal_plays' plays that hold one of those cells (cells next to the board: the frontier's).
    rng = random.Random(23)
    checked = 0
    for game, solver, board, who in random_lines(rng, range(800, 812), ("classic",)):
        hand = solver.hands[who]
        frontier = sorted(solver.board.across.keys() | solver.board.down.keys())
        cells = sorted(rng.sample(frontier, min(len(frontier), rng.choice((1, 4, 12)))))
        hand_kinds = functools.reduce(lambda mask, tile: mask | 1 << tile.kind, hand, 0)
        live = solver.board
        found = live_plays_through(live.grid, live.across, live.down, live.singles, hand_kinds, cells)
        at = {solver.grid.cell(i) for i in cells}
        legal = [play for play in legal_plays(board, hand, game.variant) if any(p.cell in at for p in play.placements)]
        assert sorted(play for play, _ in found) == sorted(legal)
        assert [mask for _, mask in found] == masks_of(solver, [play for play, _ in found])
        checked += len(legal)
    assert checked >= 300


def test_plays_derived_from_a_list_some_plays_back_are_the_plays_listed_afresh():
    # Solver._derived lists a position's plays from the same player's list up to DERIVE_PLIES plays back (plays that
    # touch no cell the plays since changed, and those found afresh through such cells): in the same order as a
    # solver that lists them from scratch (the search does not change), with the masks of those plays. Along random
    # lines where only some positions get their plays listed, so that derivations span several plays.
    rng = random.Random(29)
    derived = spans = 0
    for seed in range(900, 908):
        game = bag_empty("classic", seed)
        for _ in range(4 if game else 0):
            solver = Solver(game.board, game.variant, [game.hands[game.to_move], game.hands[1 - game.to_move]])
            board, who, since = Board(game.board.tiles), 0, [0, 0]
            while solver.hands[0] and solver.hands[1]:
                if rng.random() < 0.6:
                    fresh = Solver(board, game.variant, [solver.hands[who], solver.hands[1 - who]])
                    derived += solver.moves.derived(who) is not None
                    spans += solver.moves.derived(who) is not None and since[who] > 2
                    plays = solver.moves.of(who)
                    assert plays == fresh.moves.of(0)
                    key = solver.board.hash ^ solver.keys.side[who]
                    if key in solver.cache.masks:
                        assert solver.cache.masks[key] == masks_of(solver, plays)
                    since[who] = 0
                legal = sorted(legal_plays(board, solver.hands[who], game.variant))
                if not legal:
                    break
                play = rng.choice(legal)
                solver.board.make(who, play)
                board.tiles.update((p.cell, p.tile) for p in play.placements)
                since = [since[0] + 1, since[1] + 1]
                who = 1 - who
    assert derived >= 40 and spans >= 10
