"""Game review: every move of a record set against the best play by points, and optionally against a level's move.

``review_moves(game)`` replays a record and yields one ``MoveReview`` per record move, in order: the mover, their hand
just before the move, the move and its points, the best play by points and its points, the points lost, the Qwirkle
that was available and missed, the Qwirkle chances the move left and the Qwirkles the next player made; a generator,
so that a page can show progress. ``level_moves(game, level, budget)`` is the slower second pass, what a computer
level would have played in each position (``LevelReplay``); ``win_moves`` is the third, the mover's chances of
winning around each move (``win_cost``), from which each player's ``accuracy`` and the level they ``played_like``
follow. ``review_moves(game, level=..., win=True)`` does them in one pass; ``summarize`` adds up each player's moves
and ``review`` gives the whole JSON object of ``python3 -m qwirkle review``.

Points are the game's own (``TurnResult.points``): lines, Qwirkle bonuses and the end bonus (C9) of a play that goes
out. The best play is measured the same way (a play that empties the hand while the bag is empty scores its +6), so
for every move ``lost = best_points - points`` is never negative.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..ai import ALIASES, hint
from ..ai.bestplay import Carried
from ..ai.expert import DEFAULT_ITERATIONS
from ..ai.lines import DIAGONAL_STEPS, STEPS, accepts, cell_accepts, diagonal_run, line, missing, touches
from ..game import END_BONUS, Game, TurnResult
from ..movegen import ScoredPlay
from ..notation import Cell, Move, Play, cell_notation, parse_move
from ..record import from_record, parse_json
from ..rules import QWIRKLE, score_play
from ..tiles import Tile, kind_bits, kinds_by_cell, tile_of, tiles_notation
from .accuracy import player_accuracy
from .win_cost import DEFAULT_CANDIDATES, DEFAULT_SAMPLES, MoveChances, move_chances, win_settings

# The Expert's end-game solver nodes per look-ahead iteration of budget in a review (320 at the default budget): about
# what the page's Expert reaches on its clock; a larger end game is played by its first, shallow iteration or, past
# that, by the look-ahead.
REVIEW_SOLVER_NODES = 2
DEFAULT_LEVEL = "expert"


@dataclass(frozen=True)
class OpenFive:
    """A line of five left by a move that one tile completes into a Qwirkle (the JSON calls them ``chances``)."""

    cells: tuple[Cell, ...]  # the five cells of the row, column or (Flex) diagonal
    ends: tuple[Cell, ...]  # the empty cells where a completing tile may go
    tiles: tuple[Tile, ...]  # the completing tiles: a row's or column's missing kind (any background); for a Flex
    #                             diagonal, every kind that fits an end, with the diagonal's background
    unseen: int  # completing tiles the mover had not seen after the move (Cubes: unseen dice of their
    #                             colors, which may show the face)

    def to_json(self) -> dict[str, Any]:
        return {
            "cells": [cell_notation(c) for c in self.cells],
            "ends": [cell_notation(c) for c in self.ends],
            "tiles": [t.notation() for t in self.tiles],
            "unseen": self.unseen,
        }


@dataclass(frozen=True)
class MoveReview:
    """One record move judged. Exchanges, Cubes re-rolls and passes score 0; their best play is the best play they
    gave up. For a re-roll the hand is the faces before re-rolling, its best play the best one before the re-roll and
    ``best_after`` the best one it gave (the play entry that follows has its own hand and best)."""

    index: int  # the move's place in the record (0-based)
    seat: int  # the mover
    kind: str  # "play", "exchange", "roll" or "pass"
    move: str  # the move as recorded
    hand: tuple[Tile, ...]  # the mover's hand just before the move
    points: int  # what the move scored (0 unless a play)
    best: str | None  # the best play by points (None when nothing could be placed; the move
    #                                     itself when it was a best play)
    best_points: int
    qwirkles: int  # Qwirkles the move made
    missed_qwirkle: str | None  # the best Qwirkle-making play, when there was one and the turn made no
    #                                     Qwirkle and scored less
    missed_qwirkle_points: int
    chances: tuple[OpenFive, ...]  # lines of five the move left open
    qwirkles_allowed: int  # Qwirkles the next player made on the turn after this one
    best_after: str | None = None  # a re-roll: the best play after it (None when nothing could be placed)
    best_after_points: int | None = None
    level_move: str | None = None  # the level's move, when a level was asked for
    level_points: int | None = None
    win: MoveChances | None = None  # the mover's chances of winning around the move, when asked for

    @property
    def lost(self) -> int:
        return self.best_points - self.points

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "player": self.seat,
            "kind": self.kind,
            "move": self.move,
            "hand": tiles_notation(self.hand),
            "points": self.points,
            "best": self.best,
            "best_points": self.best_points,
            "lost": self.lost,
            "qwirkles": self.qwirkles,
            "missed_qwirkle": self.missed_qwirkle,
            "missed_qwirkle_points": self.missed_qwirkle_points,
            "chances": [chance.to_json() for chance in self.chances],
            "qwirkles_allowed": self.qwirkles_allowed,
        }
        if self.kind == "roll":
            entry.update(best_after=self.best_after, best_after_points=self.best_after_points)
        if self.level_move is not None:
            entry.update(level_move=self.level_move, level_points=self.level_points)
        if self.win is not None:
            entry.update(self.win.to_json())
        return entry


@dataclass(frozen=True)
class LevelMove:
    """What a level would have played in the position before record move ``index``."""

    index: int
    move: str
    points: int  # as the game would score it (end bonus included); 0 unless a play


@dataclass(frozen=True)
class PlayerReview:
    """One player's moves added up by turn."""

    seat: int
    name: str
    points: int
    best_points: int
    turns: int
    qwirkles: int
    qwirkles_missed: int  # turns with a missed Qwirkle
    qwirkles_allowed: int

    @property
    def lost(self) -> int:
        return self.best_points - self.points

    @property
    def efficiency(self) -> float | None:
        """Points over the sum of the best plays (None when nothing could ever be scored)."""
        return self.points / self.best_points if self.best_points else None

    @property
    def lost_per_turn(self) -> float:
        return self.lost / self.turns if self.turns else 0.0

    def to_json(self) -> dict[str, Any]:
        efficiency = self.efficiency
        return {
            "name": self.name,
            "points": self.points,
            "best_points": self.best_points,
            "efficiency": None if efficiency is None else round(efficiency, 3),
            "lost": self.lost,
            "lost_per_turn": round(self.lost_per_turn, 3),
            "turns": self.turns,
            "qwirkles": self.qwirkles,
            "qwirkles_missed": self.qwirkles_missed,
            "qwirkles_allowed": self.qwirkles_allowed,
        }


# -- input -------------------------------------------------------------------------------------------------------------
def load(source: Game | dict[str, Any] | str) -> Game:
    """The finished (or unfinished) game of a record: a ``Game``, a record, or its JSON text. The page's export (a
    record with ``seats``) is accepted too."""
    if isinstance(source, Game):
        return source
    return from_record(parse_json(source) if isinstance(source, str) else source)


# -- the best-by-points pass -------------------------------------------------------------------------------------------
def review_moves(
    source: Game | dict[str, Any] | str, level: str | None = None, budget: int | None = None, win: bool = False
) -> Iterator[MoveReview]:
    """One ``MoveReview`` per record move, in order; with ``level``, each carries that level's move too; with
    ``win``, the mover's chances of winning before and after it and after the best move (``win_cost``; None once
    the game is over)."""
    game = load(source)
    history = game.history
    turns = _Turns(history)
    live = Game(game.options)
    carried = Carried()
    for index, turn in enumerate(history):
        seat = live.to_move
        hand = live.hands[seat]
        plays, best, best_points = best_by_points(live)
        move = parse_move(turn.move)
        if isinstance(move, Play) and turn.points == best_points:
            best = turn.move  # a best play: show the one made
        turn_points, turn_qwirkles = turns.outcome(index)
        missed, missed_points = None, 0
        if not turn_qwirkles:
            found = _best_qwirkle(live, plays)
            if found is not None and found[1] > turn_points:
                missed, missed_points = found
        level_move = None if level is None else _level_move(live, index, level, budget, carried)
        winning = _win(live, move, index) if win else None
        live.apply(move)
        left: tuple[OpenFive, ...] = ()
        best_after: tuple[str | None, int] = (None, 0)
        if isinstance(move, Play):
            left = lines_left(live, seat, [p.cell for p in move.placements])
        elif turn.kind == "roll" and live.to_move == seat and not live.is_over:
            best_after = best_by_points(live)[1:]
        entry = MoveReview(
            index,
            seat,
            turn.kind,
            turn.move,
            hand,
            turn.points,
            best,
            best_points,
            _qwirkles(turn),
            missed,
            missed_points,
            left,
            turns.allowed(index),
            win=winning,
        )
        if turn.kind == "roll":
            entry = replace(entry, best_after=best_after[0], best_after_points=best_after[1])
        if level_move is not None:
            entry = replace(entry, level_move=level_move.move, level_points=level_move.points)
        yield entry


def level_moves(
    source: Game | dict[str, Any] | str, level: str = DEFAULT_LEVEL, budget: int | None = None
) -> Iterator[LevelMove]:
    """The second, slower pass: what ``level`` would have played before each record move (seeded, no clock)."""
    replay = LevelReplay(source, level, budget)
    for index in range(replay.total):
        yield replay.at(index)


class Replay:
    """A record's positions in any order: ``position(index)`` is the game just before record move ``index``. The live
    game only moves forward, and starts over when an earlier move is asked for."""

    def __init__(self, source: Game | dict[str, Any] | str) -> None:
        self.game = load(source)
        self._live = Game(self.game.options)

    @property
    def total(self) -> int:
        return len(self.game.moves)

    def position(self, index: int) -> Game:
        if not 0 <= index < self.total:
            raise IndexError(f"move {index}: the record has {self.total} moves")
        if len(self._live.history) > index:
            self._live = Game(self.game.options)
        while len(self._live.history) < index:
            self._live.apply(self.game.moves[len(self._live.history)])
        return self._live


class LevelReplay(Replay):
    """What ``level`` would have played before any record move, in any order: the choice before move
    ``index`` is seeded by the record's seed and ``index`` alone, so it is the same whatever was asked
    before (``level_moves`` gives them in order). The Expert runs on its fixed look-ahead budget (``budget``
    iterations, no clock), its exact end-game search on ``REVIEW_SOLVER_NODES`` nodes per iteration, so the same
    record and budget give the same review."""

    def __init__(
        self, source: Game | dict[str, Any] | str, level: str = DEFAULT_LEVEL, budget: int | None = None
    ) -> None:
        super().__init__(source)
        self.level, self.budget = level, budget
        self.carried = Carried()  # the Expert's line lists, from one position to the next (same moves, less work)

    def at(self, index: int) -> LevelMove:
        return _level_move(self.position(index), index, self.level, self.budget, self.carried)


def win_moves(
    source: Game | dict[str, Any] | str, samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES
) -> Iterator[MoveChances | None]:
    """The win-chance pass on its own, a move at a time (for a page that shows progress): the mover's chances around
    each record move, as ``review_moves(..., win=True)`` gives them."""
    game = load(source)
    live = Game(game.options)
    for index, move in enumerate(game.moves):
        yield _win(live, parse_move(move), index, samples, limit)
        live.apply(move)


def summarize(source: Game | dict[str, Any] | str, entries: Sequence[MoveReview]) -> list[PlayerReview]:
    """Each player's totals by turn, in seat order. A Cubes re-roll belongs to the turn it precedes; a turn's best is
    its best play (for a turn with a re-roll, the better of the best plays before and after it), so ``points + lost
    = best_points`` and efficiency ``points / best_points`` lies in [0, 1]."""
    game = load(source)
    names = game.options.players
    totals = [dict(points=0, best=0, turns=0, qwirkles=0, missed=0, allowed=0) for _ in names]
    for group in _Turns(game.history).groups:
        first, last = entries[group[0]], entries[group[-1]]
        total = totals[first.seat]
        total["points"] += last.points
        total["best"] += max(entries[i].best_points for i in group)
        total["turns"] += 1
        total["qwirkles"] += last.qwirkles
        total["missed"] += any(entries[i].missed_qwirkle for i in group)
        total["allowed"] += last.qwirkles_allowed
    return [
        PlayerReview(seat, name, t["points"], t["best"], t["turns"], t["qwirkles"], t["missed"], t["allowed"])
        for seat, (name, t) in enumerate(zip(names, totals, strict=True))
    ]


def review(
    source: Game | dict[str, Any] | str,
    level: str | None = DEFAULT_LEVEL,
    budget: int | None = None,
    endgame: bool = True,
    win: bool = False,
) -> dict[str, Any]:
    """The whole review as JSON: ``{"variant", "level", "budget", "players": [...], "moves": [...]}``. With
    ``endgame``, a two-player classic or Flex game's moves made with the bag empty get the exact solver's verdict under
    the key ``endgame`` (``qwirkle.study.endgame_review``). With ``win``, every move gets ``win_before``,
    ``win_after``, ``best_win`` (percentages, the mover's) and ``best_win_move`` (``win_cost``, any number of
    players), every player ``accuracy`` and ``played_like`` (``accuracy``; null for a player who made no move), and
    the object gets ``win``: how they were estimated and from which table."""
    game = load(source)
    entries = list(review_moves(game, level, budget, win))
    moves = [entry.to_json() for entry in entries]
    if endgame:
        from .endgame_review import endgame_notes

        for index, note in endgame_notes(game).items():
            moves[index]["endgame"] = note
    players = [p.to_json() for p in summarize(game, entries)]
    if win:
        for seat, player in enumerate(players):
            player.update(
                player_accuracy(game.options.variant, [e.win for e in entries if e.seat == seat], len(players))
            )
    result: dict[str, Any] = {
        "variant": game.options.variant,
        "level": level,
        "budget": level_budget(level, budget),
        "players": players,
        "moves": moves,
    }
    if win:
        result["win"] = win_settings()
    return result


# -- helpers -----------------------------------------------------------------------------------------------------------
class _Turns:
    """The record's moves grouped by turn (a Cubes re-roll with the play that follows it)."""

    def __init__(self, history: Sequence[TurnResult]) -> None:
        self.history = history
        self.groups: list[list[int]] = []
        self.group_of: list[int] = []
        for index, turn in enumerate(history):
            previous = history[index - 1] if index else None
            if previous is not None and previous.kind == "roll" and previous.seat == turn.seat:
                self.groups[-1].append(index)
            else:
                self.groups.append([index])
            self.group_of.append(len(self.groups) - 1)

    def outcome(self, index: int) -> tuple[int, int]:
        """Points and Qwirkles of the turn that move ``index`` belongs to (its last move)."""
        last = self.history[self.groups[self.group_of[index]][-1]]
        return last.points, _qwirkles(last)

    def allowed(self, index: int) -> int:
        """Qwirkles made by the next player on the turn right after this move's turn."""
        following = self.group_of[index] + 1
        if following >= len(self.groups):
            return 0
        return self.outcome(self.groups[following][0])[1]


def _qwirkles(turn: TurnResult) -> int:
    return sum(1 for line in turn.lines if line.qwirkle)


def with_bonus(game: Game, play: ScoredPlay | Play, points: int) -> int:
    """A play's points as the game would score them: +6 (C9) when it empties the hand and the bag is empty."""
    out = game.bag_count == 0 and len(play.placements) == len(game.hands[game.to_move])
    return points + (END_BONUS if out else 0)


def best_by_points(game: Game) -> tuple[list[ScoredPlay], str | None, int]:
    """The legal plays of the player to move and the best one by points (ties: the first by placements)."""
    plays = game.legal_plays()
    if not plays:
        return plays, None, 0
    best = min(plays, key=lambda p: (-with_bonus(game, p, p.points), p.placements))
    return plays, best.notation(), with_bonus(game, best, best.points)


def _best_qwirkle(game: Game, plays: Sequence[ScoredPlay]) -> tuple[str, int] | None:
    """The best play that makes a Qwirkle (a line of 6 scores at least 12, so only those are scored again)."""
    found: tuple[int, str] | None = None
    for play in plays:
        if play.points < 2 * QWIRKLE:
            continue
        lines = score_play(game.board, play.placements, game.variant).lines
        if any(line.qwirkle for line in lines):
            points = with_bonus(game, play, play.points)
            if found is None or points > found[0]:
                found = (points, play.notation())
    return None if found is None else (found[1], found[0])


def lines_left(game: Game, seat: int, placed: Sequence[Cell]) -> tuple[OpenFive, ...]:
    """Lines of five through the placed cells that one tile completes, after the move (F3-F4: with Flex diagonals,
    found through the tiles' backgrounds), with what the mover had not seen; none after a move that ends the game,
    which leaves no next turn to make a Qwirkle in."""
    if game.is_over:
        return ()
    tiles = game.board.tiles
    kinds = kinds_by_cell(tiles)
    found: list[tuple[tuple[Cell, ...], tuple[Cell, ...], int, int]] = []  # cells, ends, kinds, background
    seen: set[tuple[Cell, int, int]] = set()
    for x, y in placed:
        for dx, dy in STEPS:
            mask, before, after = line(kinds, x, y, dx, dy)
            start = (x - before * dx, y - before * dy)
            if before + after + 1 != QWIRKLE - 1 or (start, dx, dy) in seen:
                continue
            seen.add((start, dx, dy))
            need = missing(mask)
            cells = tuple((start[0] + i * dx, start[1] + i * dy) for i in range(QWIRKLE - 1))
            ends = tuple(
                end
                for end, beyond in _ends(cells, dx, dy)
                if beyond not in kinds and accepts(kinds, end[0], end[1], dy, dx) & need
            )
            if ends:
                found.append((cells, ends, need, 0))
        background = tiles[(x, y)].background
        if not background:
            continue
        backs = {cell: tile.background for cell, tile in tiles.items()}
        for dx, dy in DIAGONAL_STEPS:
            before, after = diagonal_run(backs, x, y, dx, dy, background)
            start = (x - before * dx, y - before * dy)
            if before + after + 1 != QWIRKLE - 1 or (start, dx, dy) in seen:
                continue
            seen.add((start, dx, dy))
            cells = tuple((start[0] + i * dx, start[1] + i * dy) for i in range(QWIRKLE - 1))
            fits = {
                end: cell_accepts(kinds, *end)
                for end, beyond in _ends(cells, dx, dy)
                if end not in kinds and backs.get(beyond) != background and touches(kinds, *end)
            }
            ends = tuple(end for end, mask in fits.items() if mask)
            if ends:
                found.append((cells, ends, _union(fits.values()), background))
    if not found:
        return ()
    view = game.view(seat)
    unseen = view.unseen()
    dice = view.open_hands is not None  # Cubes: unseen dice are known by color only (PlayerView.unseen)
    chances = []
    for cells, ends, mask, background in found:
        completing = tuple(tile_of(kind, background) for kind in kind_bits(mask))
        if dice:
            count = sum(n for tile, n in unseen.items() if any(t.color == tile.color for t in completing))
        else:
            count = sum(
                n
                for tile, n in unseen.items()
                if mask >> tile.kind & 1 and (not background or tile.background == background)
            )
        chances.append(OpenFive(cells, ends, completing, count))
    return tuple(chances)


def _ends(cells: Sequence[Cell], dx: int, dy: int) -> tuple[tuple[Cell, Cell], ...]:
    """The cells just past each end of a line, each with the cell beyond it."""
    (x0, y0), (x1, y1) = cells[0], cells[-1]
    return (((x0 - dx, y0 - dy), (x0 - 2 * dx, y0 - 2 * dy)), ((x1 + dx, y1 + dy), (x1 + 2 * dx, y1 + 2 * dy)))


def _union(masks: Any) -> int:
    union = 0
    for mask in masks:
        union |= mask
    return union


def level_budget(level: str | None, budget: int | None) -> int | None:
    """The Expert's look-ahead budget (iterations); other levels have none."""
    if level is None or ALIASES.get(level, level) != "expert":
        return None
    return DEFAULT_ITERATIONS if budget is None else budget


def _win(
    game: Game, move: Move, index: int, samples: int = DEFAULT_SAMPLES, limit: int = DEFAULT_CANDIDATES
) -> MoveChances | None:
    """The mover's chances around record move ``index``, its deals seeded from the record's seed and the index."""
    return move_chances(game, move, game.options.seed * 1_000_003 + index, samples, limit)


def _level_move(game: Game, index: int, level: str, budget: int | None, carried: Carried | None = None) -> LevelMove:
    """The move ``level`` makes before record move ``index``, seeded from the record's seed and the index (with
    ``carried``, the Expert starts from the line lists of the position asked for before: the same move, sooner)."""
    iterations = level_budget(level, budget)
    options: dict[str, Any] = (
        {}
        if iterations is None
        else {"seconds": None, "iterations": iterations, "solver_nodes": REVIEW_SOLVER_NODES, "carried": carried}
    )
    seed = game.options.seed * 1_000_003 + index
    advice = hint(game.view(game.to_move), level, seed, **options)
    assert advice is not None  # a level always has a move for the player to move
    points = with_bonus(game, advice.move, advice.points) if isinstance(advice.move, Play) else 0
    return LevelMove(index, advice.move.notation(), points)
