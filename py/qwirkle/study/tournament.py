"""Tournaments between computer players: seeded games, seats rotated, one summary per listed player (``run``).

Game ``i`` (0-based) of a tournament with seed ``S`` is dealt with seed ``S + i``; the listed players sit in the seats
rotated by ``i`` places, so each one sits in every seat equally often. Every player gets its own seed derived from
``S``, ``i`` and its place in the list (``player_seed``), so the whole tournament (except the timings) is the same for
the same seed, whatever the number of worker processes. See docs/research/strength.md.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..ai import make_player
from ..game import Game
from ..limits import check_options
from .match import MAX_TURNS


@dataclass
class Tally:
    name: str
    games: int = 0
    wins: float = 0.0
    score: int = 0
    points: int = 0
    turns: int = 0
    qwirkles: int = 0
    allowed: int = 0
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.score += other.score
        self.points += other.points
        self.turns += other.turns
        self.qwirkles += other.qwirkles
        self.allowed += other.allowed
        self.seconds += other.seconds

    def to_json(self) -> dict[str, Any]:
        games = max(1, self.games)
        turns = max(1, self.turns)
        return {
            "name": self.name,
            "wins": round(self.wins, 3),
            "mean_score": round(self.score / games, 3),
            "points_per_turn": round(self.points / turns, 3),
            "qwirkles": round(self.qwirkles / games, 3),
            "qwirkles_allowed": round(self.allowed / games, 3),
            "seconds_per_move": round(self.seconds / turns, 5),
        }


@dataclass(frozen=True)
class GameSpec:
    variant: str
    players: tuple[str, ...]
    seed: int
    index: int
    tiles: int | None = None
    options: tuple[tuple[str, Any], ...] = field(default=())


# Tournaments are reproducible: the Expert's time cap is off, its fixed iteration budget is the limit.
DETERMINISTIC: dict[str, dict[str, Any]] = {"expert": {"seconds": None}}


def parse_player(listed: str) -> tuple[str, dict[str, Any]]:
    """A listed player: a name, or a name with options after slashes, e.g. ``expert/endgame=search`` or
    ``expert/iterations=400`` (numbers are read as numbers), so that two settings of one level can meet."""
    name, *settings = listed.split("/")
    options: dict[str, Any] = {}
    for setting in settings:
        key, equals, text = setting.partition("=")
        if not equals or not key:
            raise ValueError(f"players: {listed!r}: write options as name/key=value")
        value: Any = text
        for kind in (int, float):
            try:
                value = kind(text)
                break
            except ValueError:
                pass
        options[key] = value
    return name, options


def player_seed(seed: int, index: int, place: int) -> int:
    return (seed * 1_000_003 + index) * 8 + place


def play_one(spec: GameSpec) -> list[Tally]:
    """Play game ``spec.index``; return one tally per listed player (in list order)."""
    n = len(spec.players)
    shift = spec.index % n
    place_of_seat = [(seat + shift) % n for seat in range(n)]  # seat -> index in the listed players
    names = [spec.players[place] for place in place_of_seat]
    options = dict(spec.options)
    players = []
    for listed, place in zip(names, place_of_seat, strict=True):
        name, own = parse_player(listed)
        players.append(
            make_player(
                name,
                player_seed(spec.seed, spec.index, place),
                **{**DETERMINISTIC.get(name, {}), **options.get(name, {}), **own},
            )
        )
    game = Game.new(
        spec.variant, [f"{name}{seat + 1}" for seat, name in enumerate(names)], spec.seed + spec.index, tiles=spec.tiles
    )
    tallies = [Tally(name, games=1) for name in spec.players]
    last_mover: int | None = None
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        seat = game.to_move
        tally = tallies[place_of_seat[seat]]
        start = time.process_time()
        move = players[seat].choose(game.view(seat))
        tally.seconds += time.process_time() - start
        result = game.apply(move)
        if result.kind == "roll" and not result.forced_pass:
            continue  # the same player now places
        turns += 1
        tally.turns += 1
        tally.points += result.points
        qwirkles = sum(1 for line in result.lines if line.qwirkle)
        tally.qwirkles += qwirkles
        if last_mover is not None and (last_mover + 1) % n == seat:
            tallies[place_of_seat[last_mover]].allowed += qwirkles
        last_mover = seat
    winners = game.winners()
    for seat in range(n):
        tally = tallies[place_of_seat[seat]]
        tally.score = game.scores[seat]
        if seat in winners:
            tally.wins = 1.0 / len(winners)
    return tallies


def run(
    variant: str,
    players: Sequence[str],
    games: int,
    seed: int,
    tiles: int | None = None,
    workers: int = 1,
    options: dict[str, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary ``{"games": N, "players": [...]}``. A player may carry its own
    options after its name (``parse_player``: ``expert/iterations=400``).

    ``options`` gives keyword options per player name (e.g. ``{"expert": {"iterations": 400}}``).

    Per listed player (in the order given; a name listed twice gives two entries):

    - ``wins``: games won; a win shared by k players counts 1/k to each.
    - ``mean_score``: mean final score.
    - ``points_per_turn``: points (end bonus included) per turn taken; a turn is a play, an exchange or a pass (a Cubes
      re-roll belongs to the turn it precedes).
    - ``qwirkles``: Qwirkles scored per game (each Qwirkle line or Flex diagonal counts once).
    - ``qwirkles_allowed``: Qwirkles scored per game by the next player on the turn right after this player's turn,
      i.e. Qwirkles this player left open for the opponent who moves next.
    - ``seconds_per_move``: thinking time per turn (all ``choose`` calls of the turn, re-roll decisions included), in
      CPU seconds of the process (``time.process_time``), so that other load on the machine does not inflate it.
    """
    if not 2 <= len(players) <= 4:
        raise ValueError("players: a tournament needs 2 to 4 players")
    check_options(players)  # before any worker starts
    frozen = tuple(sorted((name, dict(opts)) for name, opts in (options or {}).items()))
    specs = [GameSpec(variant, tuple(players), seed, i, tiles, frozen) for i in range(games)]
    totals = [Tally(name) for name in players]
    if workers > 1 and games > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(play_one, specs, chunksize=1)
    else:
        results = [play_one(spec) for spec in specs]
    for tallies in results:
        for total, tally in zip(totals, tallies, strict=True):
            total.add(tally)
    return {"games": games, "players": [t.to_json() for t in totals]}
