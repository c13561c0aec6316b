"""The review's end-game verdicts: each move of a two-player classic or Flex game made with the bag empty, set against
the exact solver (``qwirkle.ai.solver``).

With the bag empty every tile is known, so a move has an exact worth: the *margin*, the mover's points minus the
opponent's from that move to the end with both playing perfectly (the +6 for going out included, C9). For each such
move ``endgame_notes`` gives ``best_margin`` (the solver's best), ``margin`` (the move made, followed by perfect
play), ``lost`` (their difference, never negative), ``best`` and ``line`` (the solver's best play and the perfect
continuation from it, in notation, ``pass`` for a pass), ``goes_out_in`` (how many of the mover's own plays the line
takes to go out, or None when it does not go out) and ``exact`` (both margins proven within the node budget).

``review`` adds the note as the key ``endgame`` of each such move (``python3 -m qwirkle review``); the page says it in
words ("this end game was won: Xc@... goes out in two").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..ai.solver import Solution, solve
from ..board import Board
from ..game import END_BONUS, Game
from ..notation import Play, parse_move
from ..tiles import Tile
from ..variants import Variant

NODES = 40_000  # per solve: reproducible (no clock), at most a few seconds for six tiles a hand
VARIANTS = ("classic", "flex")
KEPT = 512  # solutions kept by ``solved`` before it forgets them all
_KEPT: dict[tuple[object, ...], Solution] = {}


def solved(
    board: Board, variant: Variant, hand: Sequence[Tile], other: Sequence[Tile], nodes: int, passed: bool = False
) -> Solution:
    """``solver.solve`` of this end game on ``nodes``, kept: the review's verdicts and its chances of winning
    (``win_cost``) ask for the same positions, and a node budget gives the same answer every time."""
    key = (variant.name, frozenset(board.tiles.items()), tuple(sorted(hand)), tuple(sorted(other)), nodes, passed)
    found = _KEPT.get(key)
    if found is None:
        if len(_KEPT) >= KEPT:
            _KEPT.clear()
        found = _KEPT[key] = solve(board, variant, hand, other, nodes=nodes, passed=passed)
    return found


def applies(game: Game) -> bool:
    """Whether the solver can judge this game's end game: two players, a rule set of tiles (not dice)."""
    return len(game.options.players) == 2 and game.options.variant in VARIANTS


def endgame_notes(game: Game, nodes: int = NODES) -> dict[int, dict[str, Any]]:
    """The note of every record move made with the bag empty, by the move's index (empty when ``applies`` is False)."""
    notes: dict[int, dict[str, Any]] = {}
    if not applies(game):
        return notes
    live = Game(game.options)
    for index, text in enumerate(game.moves):
        if live.is_over:
            break
        move = parse_move(text)
        note = move_note(live, move, nodes)
        if note is not None:
            notes[index] = note
        live.apply(move)
    return notes


def move_note(live: Game, move: Any, nodes: int = NODES) -> dict[str, Any] | None:
    """The note of ``move`` made in ``live``'s position, when the bag is empty in a game the solver judges (else
    None); whether the move before was a pass is read from the game's history (two in a row end the game, C10)."""
    if not applies(live) or live.bag_count or live.is_over:
        return None
    passed = bool(live.history) and live.history[-1].kind == "pass"
    return _note(live, move, passed, nodes)


def _note(live: Game, move: Any, passed: bool, nodes: int) -> dict[str, Any]:
    seat = live.to_move
    mine, theirs = list(live.hands[seat]), list(live.hands[1 - seat])
    best = solved(live.board, live.variant, mine, theirs, nodes, passed)
    margin, exact = best.margin, best.exact
    if isinstance(move, Play):
        margin, proven = play_margin(
            live.board, live.variant, mine, theirs, move, live.check(move.placements).points, nodes
        )
        exact = exact and proven
    return {
        "best_margin": best.margin,
        "margin": margin,
        "lost": max(0, best.margin - margin),
        "best": "pass" if best.best is None else best.best.notation(),
        "line": ["pass" if play is None else play.notation() for play in best.line],
        "goes_out_in": goes_out_in(best) if best.exact else None,
        "exact": exact,
    }


def play_margin(
    board: Board, variant: Variant, hand: Sequence[Tile], other: Sequence[Tile], play: Play, points: int, nodes: int
) -> tuple[int, bool]:
    """The mover's points minus the opponent's from ``play`` (scoring ``points``) to the end, both playing perfectly
    after it (``solved`` on ``nodes``; going out ends the game with its +6, C9), and whether that is proven."""
    rest = list(hand)
    for placement in play.placements:
        rest.remove(placement.tile)
    if not rest:
        return points + END_BONUS, True
    after_board = board.copy()
    after_board.tiles.update((p.cell, p.tile) for p in play.placements)
    after = solved(after_board, variant, other, rest, nodes)
    return points - after.margin, after.exact


def goes_out_in(solution: Solution) -> int | None:
    """How many of the mover's own plays the solution's line takes to go out (None when the mover does not)."""
    line = solution.line
    if not line or len(line) % 2 == 0 or line[-1] is None:
        return None  # the line ends with the opponent's move or with two passes
    return sum(1 for play in line[::2] if play is not None)
