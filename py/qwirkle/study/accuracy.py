"""How well a player played a game, in one figure from 0 to 100, and the computer level it matches.

Each move's cost in chances of winning (``win_cost.MoveChances.lost``: the mover's chance after the best move found
minus after the move made) becomes a move accuracy, 100 for a move that lost nothing, falling off exponentially
with the loss in percentage points::

    move accuracy = 100 * exp(-DECAY * lost)

The game's figure (``accuracy``) is the mean of the plain and the harmonic mean of the move accuracies (each at
least ``FLOOR``), so that a single blunder weighs more than its share of the moves, as in lichess's accuracy.
``played_like(variant, value)`` is the computer level whose own mean accuracy over seeded games (the table
``qwirkle/data/accuracy.json``, written by ``make tables``) is nearest to ``value``; ``pair_game`` and
``same_positions`` play and measure those games. See docs/research/accuracy.md.

One game says little: the levels' accuracies spread widely from game to game (a standard deviation of 8 to 22
points in the table) and overlap, and a short game spreads wider still. ``likeness`` weighs every level by how often
it plays a game of that accuracy (a normal law of the table's mean and deviation, widened for a game of fewer moves
than ``REFERENCE_MOVES``) and claims the likeliest only with the share of the weight it gets: ``high`` confidence
from ``SURE``, ``low`` from ``LEAN`` with a clear lead (``LEAD`` times the next level's), else no claim; and none
under ``MIN_MOVES`` moves. Between 75 and 92 the levels from greedy to expert are alike: no single game there names
one, and an accuracy of about 55 fits random, beginner and easy alike.
"""

from __future__ import annotations

import json
import math
import pkgutil
from collections.abc import Sequence
from typing import Any, Protocol

from ..ai import make_player
from ..game import Game
from .endgame_review import applies
from .match import MAX_TURNS
from .tournament import DETERMINISTIC, player_seed
from .win_cost import DEFAULT_SAMPLES, LookAhead, candidates, move_chances

DECAY = 0.2  # per percentage point of win chance lost
FLOOR = 1.0  # a move accuracy below this counts as this in the harmonic mean
DATA_NAME = "data/accuracy.json"
FORMAT = "qwirkle-accuracy"
MIN_MOVES = 8  # of a player: fewer say nothing of a level
REFERENCE_MOVES = 20  # about a player's moves in the table's two-player games: its deviations are for that many
SURE = 0.75  # share of the levels' weight for a claim of high confidence
LEAN = 0.3  # share for a claim of low confidence, when it also leads the next level's by LEAD; else no claim
LEAD = 1.5


def move_accuracy(lost: float) -> float:
    """One move's accuracy (0 to 100) from the chance it lost (0 to 1)."""
    return 100.0 * math.exp(-DECAY * 100.0 * max(0.0, lost))


def accuracy(lost: Sequence[float]) -> float | None:
    """One player's accuracy over a game (0 to 100) from the chance each of their moves lost (fractions 0 to 1);
    None when they made no move.

    >>> accuracy([0.0, 0.0])
    100.0
    >>> accuracy([]) is None
    True
    """
    if not lost:
        return None
    moves = [move_accuracy(x) for x in lost]
    mean = math.fsum(moves) / len(moves)
    harmonic = len(moves) / math.fsum(1.0 / max(FLOOR, x) for x in moves)
    return min(100.0, (mean + harmonic) / 2.0)


class Lost(Protocol):
    """What a move's chances give here (``win_cost.MoveChances``)."""

    @property
    def lost(self) -> float: ...


_TABLE: list[dict[str, Any]] = []


def table() -> dict[str, Any]:
    """The shipped table of the levels' accuracies, read once on first use."""
    if not _TABLE:
        raw = pkgutil.get_data(__name__.rpartition(".")[0].rpartition(".")[0] or "qwirkle", DATA_NAME)
        if raw is None:
            raise OSError(f"accuracy: {DATA_NAME} not found beside the engine")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError(f"accuracy table: not a {FORMAT} file")
        _TABLE.append(data)
    return _TABLE[0]


def levels_measured(players: int = 2) -> dict[str, dict[str, dict[str, float]]] | None:
    """The table's levels by rule set for games of ``players`` (the two-player ones under ``variants``, others under
    ``players``), None when it has none for that many."""
    data = table()
    if players == 2:
        return dict(data["variants"])
    found = data.get("players", {}).get(str(players))
    return dict(found) if found else None


def played_like(variant: str, value: float, players: int = 2) -> str | None:
    """The key of the computer level (``qwirkle.ai.registry``) whose mean accuracy in ``variant`` (a rule set's
    name; one the table does not hold reads classic) in games of ``players`` is nearest to ``value``; on a tie, the
    stronger level. None when the table has no levels measured in games of that many players."""
    levels = levels_measured(players)
    if levels is None:
        return None
    rows: dict[str, dict[str, float]] = levels.get(variant, levels["classic"])
    return str(min(rows, key=lambda name: (abs(rows[name]["mean"] - value), -rows[name]["mean"])))


def likeness(variant: str, value: float, moves: int, players: int = 2) -> tuple[str | None, str | None]:
    """(the level a game's accuracy ``value`` over ``moves`` moves is likeliest from, the confidence: ``"high"`` or
    ``"low"``), or (None, None) when the game cannot tell: too few moves, levels too alike at that accuracy, or no
    levels measured in games of ``players``.

    >>> likeness("classic", 99.0, 30), likeness("classic", 99.0, 3)
    (('expert', 'low'), (None, None))
    >>> likeness("classic", 88.0, 30), likeness("classic", 55.0, 30)   # levels alike: no claim
    ((None, None), (None, None))
    """
    levels = levels_measured(players)
    if levels is None or moves < MIN_MOVES:
        return None, None
    rows: dict[str, dict[str, float]] = levels.get(variant, levels["classic"])
    widen = math.sqrt(max(1.0, REFERENCE_MOVES / moves))
    weight = {}
    for name, row in rows.items():
        spread = max(1.0, row["sd"]) * widen
        weight[name] = math.exp(-0.5 * ((value - row["mean"]) / spread) ** 2) / spread
    total = math.fsum(weight.values())
    if total <= 0.0:
        return None, None
    best, *others = sorted(weight, key=lambda name: (weight[name], rows[name]["mean"]), reverse=True)
    share, runner_up = weight[best] / total, (weight[others[0]] / total if others else 0.0)
    if share >= SURE:
        return best, "high"
    return (best, "low") if share >= LEAN and share >= LEAD * runner_up else (None, None)


def player_accuracy(variant: str, chances: Sequence[Lost | None], players: int = 2) -> dict[str, Any]:
    """What the review adds to a player of a game of ``players``: ``accuracy`` (one decimal), and ``played_like``
    with its ``like_confidence`` (``likeness``), from their moves' chances (``MoveChances``; all None when there
    are none; ``played_like`` None when the game cannot tell a level)."""
    lost = [found.lost for found in chances if found is not None]
    value = accuracy(lost)
    if value is None:
        return {"accuracy": None, "played_like": None, "like_confidence": None}
    level, confidence = likeness(variant, value, len(lost), players)
    return {"accuracy": round(value, 1), "played_like": level, "like_confidence": confidence}


def level_game(
    variant: str, level: str, seed: int, index: int, opponent: str = "greedy", samples: int = DEFAULT_SAMPLES
) -> list[float]:
    """Game ``index`` of a seeded run of ``level`` against ``opponent`` (``pair_game``, the level first in the even
    games): the chance each of the level's moves lost."""
    names = (level, opponent) if index % 2 == 0 else (opponent, level)
    mine = index % 2
    return pair_game(variant, names, seed, index, samples, (mine,))[mine]


def pair_game(
    variant: str,
    names: Sequence[str],
    seed: int,
    index: int,
    samples: int = DEFAULT_SAMPLES,
    measured: Sequence[int] = (0, 1),
) -> list[list[float]]:
    """Game ``index`` of a seeded run between the levels ``names`` (by seat): the chance each move of the
    ``measured`` seats lost (an empty list for a seat not measured).

    The game is dealt with seed ``seed + index`` and the players seeded as in ``qwirkle.study.tournament`` (the
    Expert on its fixed budget, no clock), and each move's cost is measured as ``review --win`` measures it
    (``move_chances``, the deals seeded from the game's seed and the move's index), so the same arguments give the
    same losses on any machine, and a seat's figure is what the review of that game gives that player."""
    players = [
        make_player(name, player_seed(seed, index, seat), **DETERMINISTIC.get(name, {}))
        for seat, name in enumerate(names)
    ]
    game = Game.new(variant, [f"{name}{seat + 1}" for seat, name in enumerate(names)], seed + index)
    lost: list[list[float]] = [[] for _ in names]
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        seat = game.to_move
        move = players[seat].choose(game.view(seat))
        if seat in measured:
            found = move_chances(game, move, game.options.seed * 1_000_003 + len(game.history), samples)
            if found is not None:
                lost[seat].append(found.lost)
        result = game.apply(move)
        turns += result.kind != "roll" or result.forced_pass
    return lost


def same_positions(
    variant: str,
    seed: int,
    levels: Sequence[str],
    driver: str = "hard",
    every: int = 4,
    samples: int = DEFAULT_SAMPLES,
    ended: bool = False,
) -> list[list[float]]:
    """Per level of ``levels``, the chance each of its choices lost at the same positions of game ``seed`` (dealt
    with that seed, ``driver`` on both seats): every ``every``-th position (with ``ended``, every position with the
    bag empty too) that the measure judges (``judged``), each level choosing from the mover's view, every choice and
    the review's candidates valued together on the same deals (seeded as the review seeds the move)."""
    game = Game.new(variant, ["a", "b"], seed)
    drivers = [make_player(driver, seed * 2 + seat, **DETERMINISTIC.get(driver, {})) for seat in (0, 1)]
    lost: list[list[float]] = [[] for _ in levels]
    turns = 0
    while not game.is_over and turns < MAX_TURNS:
        view = game.view(game.to_move)
        if (len(game.history) % every == 0 or (ended and not game.bag_count)) and judged(game):
            chosen = [
                make_player(level, seed * 1000 + len(game.history), **DETERMINISTIC.get(level, {})).choose(view)
                for level in levels
            ]
            moves = candidates(game, chosen[0])
            where = {move.notation(): i for i, move in enumerate(moves)}
            for move in chosen:
                if move.notation() not in where:
                    where[move.notation()] = len(moves)
                    moves.append(move)
            values = LookAhead(game, samples, game.options.seed * 1_000_003 + len(game.history)).chances(moves)
            best = max(values)
            for row, move in zip(lost, chosen, strict=True):
                row.append(best - values[where[move.notation()]])
        result = game.apply(drivers[game.to_move].choose(view))
        turns += result.kind != "roll" or result.forced_pass
    return lost


def judged(game: Game) -> bool:
    """Whether the measure tells moves apart in ``game``'s position: not in an end game the solver did not prove
    (``win_cost``: every move there keeps the chance as it stands)."""
    return bool(game.bag_count) or not applies(game) or LookAhead(game, 1).solution().exact
