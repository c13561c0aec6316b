"""Rules the UI asks the engine as data: why a tile may not go on a cell (``Game.refusal``), who starts and why
(``Game.opening``), the kind of line a refusal is about, and the answer category of a refusal in exercises."""

import random

import pytest

from qwirkle import Board, Game, IllegalMoveError, Placement, Play, Tile, find_variant, refusal_category, score_play
from qwirkle.errors import CATEGORIES, REFUSAL_CATEGORIES
from qwirkle.notation import parse_placements


def choice_of(error):
    """The exercise categories as py/embed/model.py sorted them before the table moved to the engine."""
    if error.rule == "C4":
        return "choice"
    if error.rule == "F5":
        return "diagonal"
    if error.reason in ("too_long", "duplicate", "mixed"):
        return "line"
    return "place"


def positions(variant, tiles=None, games=3, every=3):
    """Games part-played by greedy-ish random moves: the game at every ``every`` turns (the opening included)."""
    for seed in range(games):
        game = Game.new(variant, ["a", "b", "c"], seed, tiles=tiles)
        rng = random.Random(seed)
        turn = 0
        while not game.is_over and turn < 40:
            if turn % every == 0:
                yield game, rng
            moves = game.legal_moves()
            if moves.plays:
                move = Play(max(moves.plays, key=lambda p: (p.points, p.notation())).placements)
            else:
                move = (moves.exchanges or moves.rolls)[0] if (moves.exchanges or moves.rolls) else "pass"
            game.apply(move)
            turn += 1


def tries(game, rng, count=12):
    """Random (tile, cell, pending) questions: pending is a prefix of a legal play, or a random earlier tile."""
    hand = game.hands[game.to_move]
    cells = sorted(
        {(x + dx, y + dy) for x, y in game.board or [(0, 0)] for dx in range(-2, 3) for dy in range(-2, 3)}
        - set(game.board)
    )
    plays = game.legal_plays()
    for _ in range(count):
        pending = []
        if plays and rng.random() < 0.6:
            play = rng.choice(plays).placements
            pending = list(play[: rng.randrange(len(play))])
        elif rng.random() < 0.3:
            pending = [Placement(rng.choice(hand), rng.choice(cells))]
        rest = list(hand)
        for p in pending:
            if p.tile in rest:
                rest.remove(p.tile)
        if rest:
            yield rng.choice(rest), rng.choice(cells), pending


@pytest.mark.parametrize("variant, tiles", [("classic", None), ("cubes", None), ("flex", 72), ("flex", 108)])
def test_refusal_is_none_exactly_on_legal_cells_and_says_why(variant, tiles):
    seen = set()
    for game, rng in positions(variant, tiles):
        for tile, cell, pending in tries(game, rng):
            why = game.refusal(tile, cell, pending)
            assert (why is None) == (cell in game.legal_cells(tile, pending))
            if why is None:
                continue
            seen.add((why.rule, why.reason))
            assert isinstance(why, IllegalMoveError) and why.reason
            if why.reason in ("opening_unreachable", "not_legal"):
                assert why.details["tile"] == tile.notation() and why.cells == (cell,)
            if why.reason == "opening_unreachable":
                assert game.is_opening and why.rule == "C2" and why.details["size"] == game.opening_size()
            if not game.is_opening:  # as the UI judged it before: the partial play's own refusal
                try:
                    game.check([*pending, Placement(tile, cell)])
                except IllegalMoveError as error:
                    assert (why.rule, why.reason, why.details) == (error.rule, error.reason, error.details)
    assert ("C2", "opening_unreachable") in seen


def test_an_opening_under_its_size_is_refused_by_its_own_rules_first():
    game = Game.new("classic", ["Ann", "Bob"], seed=355)  # the starter holds Gc Gs Go: an opening of 3
    gc, gs, rt = (Tile.from_notation(t) for t in ("Gc", "Gs", "Rt"))
    assert game.refusal(gs, (1, 1), [Placement(gc, (0, 0))]).reason == "not_aligned"
    assert game.refusal(gs, (1, 0), [Placement(gc, (0, 0))]) is None
    why = game.refusal(rt, (1, 0), [Placement(gc, (0, 0))])
    assert (why.rule, why.reason) == ("C4", "no_common_attribute")
    why = game.refusal(gs, (2, 0), [Placement(gc, (0, 0))])  # would leave a gap a third tile could fill
    assert why is None or why.reason == "gap"


# -- who starts and why ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", ["classic", "cubes", "flex"])
def test_opening_facts_are_computed_at_deal_time(variant):
    for seed in range(30):
        game = Game.new(variant, ["a", "b", "c"], seed, ages=[40, 40, 20])
        opening = game.opening
        hand = game.hands[opening.starter]  # the hands as dealt
        size = opening.sizes[opening.starter]
        by_color = max(len({t.shape for t in hand if t.color == c}) for c in range(6))
        assert opening.attribute == ("color" if by_color >= size else "shape")
        assert opening.rule == ("Q2" if variant == "cubes" else "C2")
        assert opening.youngest == (variant == "cubes")
        assert opening.to_json() == {
            "sizes": list(opening.sizes),
            "starter": opening.starter,
            "tied": list(opening.tied),
            "by_age": opening.by_age,
            "rule": opening.rule,
            "attribute": opening.attribute,
            "youngest": opening.youngest,
        }
        game.apply(Play(max(game.legal_plays(), key=lambda p: p.notation()).placements))
        assert game.opening is opening


# -- the kind of line a refusal is about -------------------------------------------------------------------------
@pytest.mark.parametrize(
    "board, play, variant, line",
    [
        ("Ro@0,0 Rs@1,0", "Ro@2,0", "classic", "row"),  # duplicate
        ("Ro@0,0 Rs@0,1", "Bd@0,2", "classic", "column"),  # mixed
        ("Ro@0,0 Rs@1,0 Rd@2,0 Rc@3,0 Rx@4,0 Rt@5,0", "Bo@0,1 Ro@6,1", "classic", None),
        ("Ro@1,0 Rs@2,0 Rd@3,0 Rc@4,0 Rx@5,0 Rt@6,0", "Bo@0,0", "classic", "row"),  # too long
        ("Rok@0,0 Bsk@1,1 Gdk@2,2 Yck@3,3 Pxk@4,4 Otk@5,5 Btw@6,5", "Bok@6,6", "flex", "diagonal"),
    ],
)
def test_line_refusals_carry_the_line_kind(board, play, variant, line):
    with pytest.raises(IllegalMoveError) as error:
        score_play(Board.from_notation(board), parse_placements(play), find_variant(variant))
    assert error.value.details.get("line") == line


# -- the answer categories of exercises ---------------------------------------------------------------------------
def test_refusal_categories_sort_refusals_as_the_exercises_did():
    assert CATEGORIES == ("choice", "place", "line", "diagonal")
    assert set(REFUSAL_CATEGORIES.values()) <= set(CATEGORIES)
    count = 0
    for variant, tiles in (("classic", None), ("flex", 108), ("cubes", None)):
        for game, rng in positions(variant, tiles, games=2):
            for tile, cell, pending in tries(game, rng, count=20):
                why = game.refusal(tile, cell, pending)
                if why is not None:
                    assert refusal_category(why) == choice_of(why), why.to_json()
                    count += 1
    for rule, reason in (
        ("C4", "duplicate"),
        ("C5", "duplicate"),
        ("F5", "diagonal_too_long"),
        ("C5", "gap"),
        ("C2", "opening_size"),
        ("F1", "wrong_set"),
        ("C5", "mixed"),
        ("C5", "too_long"),
    ):
        error = IllegalMoveError(rule, "", reason=reason)
        assert refusal_category(error) == choice_of(error)
    assert count > 100
