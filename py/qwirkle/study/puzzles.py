"""Puzzles: a position from a real game where one play scores more than every other; find it.

A puzzle is found, never stored. Seeded greedy self-play (each player makes its best play by points, ties broken by
placements, so the game is the same on every Python) walks a game; a position qualifies when the player to move has
exactly one distinct play that scores the most (the game's own points: lines, Qwirkle bonuses and the +6 of going out,
C9) and that play shows a theme (``THEMES``). The id (``make_id``) names the variant, the theme, the game's seed and
the move, so ``puzzle_from_id`` replays that game to that move and finds the same puzzle anywhere, with no list
shipped. ``difficulty`` rates a puzzle 1 to 5; ``daily`` gives the puzzle of the day and ``judge`` an answer.

Generation is bounded: greedy self-play costs one legal-play list per move (which the puzzle check reuses), and at
most ``MAX_GAMES`` games are tried per puzzle.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalMoveError
from ..game import END_BONUS, Game
from ..movegen import ScoredPlay
from ..notation import Exchange, Move, Pass, Play, Roll, parse_placements
from ..position import Position
from ..rules import score_play
from ..tiles import parse_tiles, tiles_notation
from ..variants import VARIANTS, find_variant

VARIANT_CODES = {"classic": "c", "cubes": "k", "flex": "f"}
# qwirkle: the best play completes a Qwirkle; multi-line: it scores two or more lines; long: it places three or more
# tiles; diagonal: it scores a Flex diagonal (F3); cubes: a Cubes position; endgame: it goes out for the +6 (C9).
THEMES = {"qwirkle": "q", "multi-line": "m", "long": "l", "diagonal": "d", "cubes": "u", "endgame": "e"}
# A puzzle without a theme asked for takes its first theme in this order (the rarest first).
THEME_ORDER = ("endgame", "qwirkle", "diagonal", "long", "multi-line", "cubes")
THEME_VARIANT = {"diagonal": "flex", "cubes": "cubes"}  # themes that only one rule set has
PLAYERS = ("A", "B")
MAX_GAMES = 40  # games tried for one puzzle before giving up (a rare theme in an unlucky seed)
MAX_MOVES = 400  # moves of one self-play game (a greedy game ends in about 60)
SEED_RANGE = 36**6  # game seeds: six base-36 digits at most
DAILY_LEAST = 2  # the puzzle of the day is never of the easiest difficulty


class PuzzleError(ValueError):
    """A bad puzzle request: an unknown theme or variant, a malformed id, or an id that names no puzzle."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: the position, the solution and what makes it a puzzle."""

    id: str
    variant: str
    theme: str
    board: str  # placements in notation
    hand: str  # tiles, space-separated
    best: str  # the solution, placements in notation
    best_points: int
    second_points: int  # the best score of any other play (0 when the best is the only play)
    legal_plays: int
    difficulty: int
    bag: int  # tiles left in the bag (an end-game finish needs it empty)
    lines: tuple[dict[str, Any], ...]  # the solution's scored lines
    end_bonus: int  # the +6 the solution earns by going out (C9), or 0

    def position(self) -> Position:
        """The puzzle's position: its board and hand to move, the other hand not shown, the bag by its count.

        >>> puzzle = next(generate("classic", 1, seed=5))
        >>> position = puzzle.position()
        >>> tiles_notation(position.hands[0]) == puzzle.hand, position.hands[1], position.bag == puzzle.bag
        (True, 6, True)
        """
        full = find_variant(self.variant).default_tiles
        hand = parse_tiles(self.hand)
        other = full - len(parse_placements(self.board)) - len(hand) - self.bag
        return Position.of(self.variant, board=self.board, hands=[hand, other], bag=self.bag)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "variant": self.variant,
            "theme": self.theme,
            "board": self.board,
            "hand": self.hand,
            "best": self.best,
            "best_points": self.best_points,
            "second_points": self.second_points,
            "difficulty": self.difficulty,
            "legal_plays": self.legal_plays,
            "bag": self.bag,
            "lines": list(self.lines),
            "end_bonus": self.end_bonus,
        }


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
        if not number:
            return text


def make_id(variant: str, theme: str, seed: int, move: int) -> str:
    """``<variant><theme>-<seed>-<move>``, seed and move in base 36: ``cq-k3x9a-1f`` is classic, a Qwirkle, game seed
    ``k3x9a``, before move 51."""
    return f"{VARIANT_CODES[variant]}{THEMES[theme]}-{_b36(seed)}-{_b36(move)}"


def parse_id(text: str) -> tuple[str, str, int, int]:
    """The variant, theme, game seed and move index of a puzzle id; ``PuzzleError`` naming what is wrong."""
    parts = text.strip().lower().split("-")
    example = "e.g. cq-k3x9a-1f"
    if len(parts) != 3 or len(parts[0]) != 2:
        raise PuzzleError(f"id: {text[:40]!r} is not a puzzle id ({example})")
    variants = {code: name for name, code in VARIANT_CODES.items()}
    themes = {code: name for name, code in THEMES.items()}
    if parts[0][0] not in variants:
        raise PuzzleError(f"id: {text[:40]!r} names no variant (first letter: c, k or f)")
    if parts[0][1] not in themes:
        raise PuzzleError(f"id: {text[:40]!r} names no theme (second letter: {', '.join(themes)})")
    numbers = []
    for part, most in ((parts[1], 6), (parts[2], 3)):
        if not part or len(part) > most or not part.isalnum() or not part.isascii():
            raise PuzzleError(f"id: {text[:40]!r} is not a puzzle id ({example})")
        numbers.append(int(part, 36))
    return variants[parts[0][0]], themes[parts[0][1]], numbers[0], numbers[1]


def check_theme(variant: str, theme: str | None) -> None:
    if variant not in VARIANT_CODES or variant not in VARIANTS:
        raise PuzzleError(f"variant: unknown {variant!r}; one of {', '.join(VARIANT_CODES)}")
    if theme is None:
        return
    if theme not in THEMES:
        raise PuzzleError(f"theme: unknown {theme!r}; one of {', '.join(THEMES)}")
    only = THEME_VARIANT.get(theme)
    if only is not None and only != variant:
        raise PuzzleError(f"theme: {theme} puzzles are {only} positions, not {variant}")


# -- self-play ----------------------------------------------------------------------------------------------------
def _points(game: Game, play: ScoredPlay) -> int:
    """A play's points as the game scores them: +6 (C9) when it empties the hand and the bag is empty."""
    out = game.bag_count == 0 and len(play.placements) == len(game.hands[game.to_move])
    return play.points + (END_BONUS if out else 0)


def _greedy(game: Game, plays: list[ScoredPlay]) -> Move:
    """The self-play move: the best play by points (ties: the first by placements); else the largest exchange or
    re-roll; else pass. No randomness, so a game is its seed alone."""
    if plays:
        return Play(min(plays, key=lambda p: (-_points(game, p), p.placements)).placements)
    hand = tuple(sorted(game.hands[game.to_move]))
    limit = game.exchange_limit()
    if limit:
        return Exchange(hand[:limit])
    if game.can_roll():
        return Roll(hand)
    return Pass()


def _positions(variant: str, seed: int) -> Iterator[tuple[int, Game, list[ScoredPlay]]]:
    """Each position of a seeded greedy game with the legal plays of the player to move (the game is live: read it
    before taking the next position)."""
    game = Game.new(variant, PLAYERS, seed)
    index = 0
    while not game.is_over and index < MAX_MOVES:
        plays = game.legal_plays()
        yield index, game, plays
        game.apply(_greedy(game, plays))
        index += 1


# -- what makes a puzzle ---------------------------------------------------------------------------------------------
def _themes(game: Game, best: ScoredPlay, points: int) -> list[str]:
    lines = score_play(game.board, best.placements, game.variant).lines
    found = []
    for theme in THEME_ORDER:
        if theme == "endgame":
            ok = points > best.points
        elif theme == "qwirkle":
            ok = any(line.qwirkle for line in lines)
        elif theme == "diagonal":
            ok = any(line.kind == "diagonal" for line in lines)
        elif theme == "long":
            ok = len(best.placements) >= 3
        elif theme == "multi-line":
            ok = len(lines) >= 2
        else:
            ok = game.variant.name == "cubes"
        if ok:
            found.append(theme)
    return found


def difficulty(count: int, best_points: int, best_tiles: int, obvious_points: int) -> int:
    """1 (easy) .. 5 (hard), from how hard the best play is to see: one point for the choice (``count``: 25 or more
    legal plays, another for 75 or more), one or two for how far the best is ahead of the best one-tile play, the
    play a player sees first (5 or more points ahead, 10 or more), and one when the best places four or more tiles;
    1 + those, at most 5."""
    ahead = best_points - obvious_points
    score = 1 + (count >= 25) + (count >= 75) + (ahead >= 5) + (ahead >= 10) + (best_tiles >= 4)
    return min(5, score)


def _puzzle_at(
    game: Game, plays: list[ScoredPlay], seed: int, move: int, theme: str | None, least: int = 1
) -> Puzzle | None:
    """The puzzle of this position (of ``theme``, or of its first theme, and of difficulty ``least`` or more), or None
    when it is not one."""
    if len(plays) < 2 or game.is_opening:
        return None
    scored = sorted(((_points(game, p), p) for p in plays), key=lambda item: (-item[0], item[1].placements))
    best_points, best = scored[0]
    second_points = scored[1][0]
    if second_points == best_points:
        return None
    themes = _themes(game, best, best_points)
    if theme is not None and theme not in themes:
        return None
    chosen = theme if theme is not None else (themes[0] if themes else None)
    if chosen is None:
        return None
    obvious = max((points for points, play in scored if len(play.placements) == 1), default=0)
    level = difficulty(len(plays), best_points, len(best.placements), obvious)
    if level < least:
        return None
    lines = score_play(game.board, best.placements, game.variant).lines
    name = game.variant.name
    return Puzzle(
        make_id(name, chosen, seed, move),
        name,
        chosen,
        game.board.notation(),
        tiles_notation(sorted(game.hands[game.to_move])),
        best.notation(),
        best_points,
        second_points,
        len(plays),
        level,
        game.bag_count,
        tuple(line.to_json() for line in lines),
        best_points - best.points,
    )


def _from_game(variant: str, seed: int, theme: str | None, start: int, least: int) -> Puzzle | None:
    """The first puzzle of a game at or after move ``start``."""
    for index, game, plays in _positions(variant, seed):
        if index >= start:
            found = _puzzle_at(game, plays, seed, index, theme, least)
            if found is not None:
                return found
    return None


def generate(variant: str, count: int, seed: int, theme: str | None = None, least: int = 1) -> Iterator[Puzzle]:
    """``count`` puzzles of ``variant`` (and ``theme``, and of difficulty ``least`` or more), one per game, from
    ``seed``; the same on every Python."""
    check_theme(variant, theme)
    if count < 1:
        raise PuzzleError("count: at least 1")
    rng = random.Random(seed)
    made = 0
    misses = 0
    while made < count:
        game_seed = int(rng.random() * SEED_RANGE)
        start = 6 + int(rng.random() * 24)
        found = _from_game(variant, game_seed, theme, start, least)
        if found is None:
            misses += 1
            if misses > MAX_GAMES:
                raise PuzzleError(
                    f"theme: no {theme or 'puzzle'} found in {MAX_GAMES} {variant} games from seed {seed}"
                )
            continue
        misses = 0
        made += 1
        yield found


def puzzle_from_id(text: str) -> Puzzle:
    """The puzzle an id names, rebuilt by replaying its game; ``PuzzleError`` when the id names none."""
    variant, theme, seed, move = parse_id(text)
    check_theme(variant, theme)
    for index, game, plays in _positions(variant, seed):
        if index == move:
            found = _puzzle_at(game, plays, seed, index, theme)
            if found is None:
                break
            return found
    raise PuzzleError(f"id: {text[:40]!r} names no puzzle (no {theme} puzzle at move {move} of that game)")


def puzzle_game(puzzle: Puzzle) -> Game:
    """The real game at the puzzle's position (its seeded game replayed to its move), for a page to play it on the
    same board and rack as a game; ``PuzzleError`` when the id names no position."""
    _variant, _theme, seed, move = parse_id(puzzle.id)
    for index, game, _plays in _positions(puzzle.variant, seed):
        if index == move:
            if game.board.notation() != puzzle.board:
                break
            return game
    raise PuzzleError(f"id: {puzzle.id!r} names no position")


def daily_seed(date: str) -> int:
    """The seed of a date's puzzle (``YYYY-MM-DD``), the same for everyone on that date."""
    try:
        day = datetime.date.fromisoformat(date.strip())
    except ValueError:
        raise PuzzleError(f"date: {date[:20]!r} is not a date (YYYY-MM-DD)") from None
    return day.toordinal()


def daily(date: str, variant: str = "classic") -> Puzzle:
    """The puzzle of the day for ``variant``: derived from the date alone; never of the easiest difficulty."""
    check_theme(variant, None)
    return next(generate(variant, 1, daily_seed(date) * 8 + list(VARIANT_CODES).index(variant), least=DAILY_LEAST))


@dataclass(frozen=True)
class Answer:
    """A player's play judged against the puzzle: solved only by the one best play."""

    result: str  # "solved" or "missed"
    points: int  # the play's points as the game scores them (0 when illegal)
    best_points: int
    legal: bool
    lines: tuple[dict[str, Any], ...]
    rule: str | None = None  # the rule an illegal play breaks

    def to_json(self) -> dict[str, Any]:
        return {
            "result": self.result,
            "points": self.points,
            "best_points": self.best_points,
            "legal": self.legal,
            "lines": list(self.lines),
            "rule": self.rule,
        }


def judge(puzzle: Puzzle, play_text: str) -> Answer:
    """Play ``play_text`` on the puzzle's position (``IllegalMoveError`` becomes a missed answer naming the rule);
    solved when it scores ``best_points`` as the game scores it (+6 for going out, C9), which only the best play
    does."""
    placements = parse_placements(play_text.replace("+", " "))
    if not placements:
        raise PuzzleError("answer: empty; give placements like 'Rd@1,0 Rs@2,0'")
    try:
        turn = Game.from_position(puzzle.position()).apply(Play(tuple(placements)))
    except IllegalMoveError as error:
        return Answer("missed", 0, puzzle.best_points, False, (), error.rule)
    result = "solved" if turn.points == puzzle.best_points else "missed"
    return Answer(result, turn.points, puzzle.best_points, True, tuple(line.to_json() for line in turn.lines))
