"""The review of a finished game in the page, without the DOM: what is computed so far and which move is shown.

A ``ReviewSession`` holds the game (over: every rack may be shown), the engine's review of each move as it
arrives from the worker or the page (``service``: best pass first, then the chances of
winning, then the level's choices), the
per-player totals, and the move on show. Everything the view draws is derived here as data and tested under
CPython: the board before a move, every player's rack at that moment, the tiles the move used.

Racks come from the review itself: a player's rack only changes on their own moves, so before move ``i`` it is
the rack recorded for that player's next move from ``i`` on (``hand`` in the review), or their final rack.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from qwirkle.notation import Cell, Exchange, Play, Roll, parse_move, parse_placements
from qwirkle.tiles import Tile

if TYPE_CHECKING:
    from qwirkle import Game

BEST, WIN, LEVEL, DONE = "best", "win", "level", "done"


@dataclass(frozen=True)
class Entry:
    """One record move as reviewed (the engine's ``MoveReview.to_json()``)."""

    index: int
    player: int
    kind: str  # play, exchange, roll, pass
    move: str
    hand: tuple[Tile, ...]
    points: int
    best: str | None
    best_points: int
    qwirkles: int
    missed_qwirkle: str | None
    missed_qwirkle_points: int
    chances: tuple[dict[str, Any], ...]
    qwirkles_allowed: int

    @property
    def lost(self) -> int:
        return self.best_points - self.points

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        hand = tuple(Tile.from_notation(code) for code in str(data["hand"]).split())
        return cls(
            int(data["index"]),
            int(data["player"]),
            str(data["kind"]),
            str(data["move"]),
            hand,
            int(data["points"]),
            data.get("best"),
            int(data["best_points"]),
            int(data["qwirkles"]),
            data.get("missed_qwirkle"),
            int(data.get("missed_qwirkle_points") or 0),
            tuple(data.get("chances") or ()),
            int(data.get("qwirkles_allowed") or 0),
        )


@dataclass(frozen=True)
class LevelChoice:
    """What the chosen level would have played before a move."""

    index: int
    move: str
    points: int


def move_tiles(notation: str) -> tuple[Tile, ...]:
    """The tiles a move uses: placed, exchanged or re-rolled (none for a pass)."""
    move = parse_move(notation)
    if isinstance(move, Play):
        return tuple(p.tile for p in move.placements)
    if isinstance(move, (Exchange, Roll)):
        return tuple(move.tiles)
    return ()


def marked(hand: tuple[Tile, ...], used: tuple[Tile, ...]) -> list[bool]:
    """Which tiles of ``hand`` a move used (each used tile marks one copy)."""
    left = list(used)
    marks = []
    for tile in hand:
        marks.append(tile in left)
        if tile in left:
            left.remove(tile)
    return marks


@dataclass(frozen=True)
class WinOption:
    """One side of "most points" against "best chances" (``qwirkle.study.win_review.Option``)."""

    move: str
    points: int
    win: float  # the mover's chance after it, in %
    kept: tuple[Tile, ...]
    open: int  # lines of five it leaves that one tile completes
    unseen: int  # completing tiles the mover had not seen

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WinOption:
        kept = tuple(Tile.from_notation(code) for code in str(data["kept"]).split())
        return cls(
            str(data["move"]), int(data["points"]), float(data["win"]), kept, int(data["open"]), int(data["unseen"])
        )


@dataclass(frozen=True)
class EndgameNote:
    """The exact solver's verdict on a move made with the bag empty (``qwirkle.study.endgame_review``): the margins
    (the mover's points minus the opponent's to the end, both playing perfectly) of the best play and of the move
    made, the best play, in how many of the mover's plays it goes out (None: it does not), whether proven."""

    best: str
    best_margin: int
    margin: int
    lost: int
    goes_out_in: int | None
    exact: bool

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EndgameNote:
        out = data.get("goes_out_in")
        return cls(
            str(data["best"]),
            int(data["best_margin"]),
            int(data["margin"]),
            int(data["lost"]),
            None if out is None else int(out),
            bool(data["exact"]),
        )


@dataclass(frozen=True)
class WinChoice:
    """A move's chances of winning (``qwirkle.study.win_review.WinMove.to_json()``), in % of the mover's."""

    index: int
    before: float
    after: float
    best: float
    best_move: str
    cost: float  # the chances the move cost, in % (one decimal, as shown)
    lost: float  # the same as a fraction, unrounded (for accuracy, as ``review --win`` computes it)
    first: float  # the first player's chance before the move
    why: tuple[WinOption, WinOption] | None  # most points, best chances: when they differ
    endgame: EndgameNote | None = None  # the exact solver's verdict, a move made with the bag empty

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WinChoice:
        why = data.get("why")
        pair = None if not why else (WinOption.from_json(why["most"]), WinOption.from_json(why["best"]))
        note = data.get("endgame")
        return cls(
            int(data["index"]),
            float(data["win_before"]),
            float(data["win_after"]),
            float(data["best_win"]),
            str(data["best_win_move"]),
            float(data["win_lost"]),
            float(data["lost"]),
            float(data["first"]),
            pair,
            None if not note else EndgameNote.from_json(note),
        )


class ReviewSession:
    """The review of one finished game: computed parts, the chosen level, the move shown (``step``).
    ``level``: Expert by default, as the command line (``qwirkle.study.review.DEFAULT_LEVEL``, which is not imported
    here: the engine's review is imported a step later, see ``runner``); ``budget``: the Expert's fixed
    look-ahead budget (None: the engine's default)."""

    def __init__(
        self, game: Game, game_id: str | None = None, level: str = "expert", budget: int | None = None
    ) -> None:
        from qwirkle.record import dumps

        if not game.is_over:
            raise ValueError("review: the game is not over (a review would show hidden racks)")
        # what the review needs, copied: the game object may change after (a rematch, an undo)
        self.options = game.options
        self.variant = game.variant
        self.history = game.history
        self.final_hands = game.hands
        self.game_id = game_id
        self.record_json = dumps(game)
        self.total = len(self.history)
        self.entries: list[Entry] = []
        self.players: list[dict[str, Any]] | None = None
        self.level = level
        self.budget = budget
        self.levels: dict[int, LevelChoice] = {}
        self.wins: dict[int, WinChoice] = {}
        self.win_raw: dict[int, dict[str, Any]] = {}  # the same as the service sent them (kept with the save)
        self.win_kept: dict[str, Any] = {}  # what the save kept from an earlier look (``restore_kept``)
        self.win_settings: dict[str, Any] | None = None  # how the engine estimates them (``win_cost.win_settings``)
        self.step = 0
        self.run = 0  # bumped when the level pass restarts (another level) or the review closes
        self.closed = False
        self.error: str | None = None

    # -- what is computed ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        if len(self.entries) < self.total or (self.total and self.players is None):
            return BEST
        if len(self.wins) < self.total:
            return WIN
        return LEVEL if len(self.levels) < self.total else DONE

    def progress(self) -> tuple[str, int, int]:
        """(phase, done, total) for the progress bar."""
        phase = self.phase
        done = {BEST: len(self.entries), WIN: len(self.wins), LEVEL: len(self.levels)}.get(phase, self.total)
        return phase, done, self.total

    def add_best(self, text: str) -> int:
        """Take a chunk of ``service.review_best``; returns how many moves it added."""
        data = json.loads(text)
        added = 0
        for item in data["moves"]:
            if int(item["index"]) == len(self.entries):
                self.entries.append(Entry.from_json(item))
                added += 1
        if data.get("players") is not None and len(self.entries) == self.total:
            self.players = list(data["players"])
        return added

    def add_levels(self, text: str) -> int:
        data = json.loads(text)
        for item in data["moves"]:
            index = int(item["index"])
            self.levels[index] = LevelChoice(index, str(item["move"]), int(item["points"]))
        return len(data["moves"])

    def add_win(self, text: str) -> int:
        """Take a chunk of ``service.review_win``; returns how many moves it brought."""
        return self.restore_wins(json.loads(text)["moves"])

    def restore_wins(self, items: list[Any]) -> int:
        """Take chances of winning as the service gives them (a chunk, or kept with the save)."""
        for item in items:
            choice = WinChoice.from_json(item)
            if 0 <= choice.index < self.total:
                self.wins[choice.index] = choice
                self.win_raw[choice.index] = item
        return len(items)

    def restore_kept(self, settings: dict[str, Any]) -> int:
        """Take the chances kept with the save when they were estimated as the engine does now (``settings``)."""
        self.win_settings = json.loads(json.dumps(settings))
        kept = self.win_kept
        if kept.get("settings") != self.win_settings or kept.get("total") != self.total:
            return 0
        try:
            return self.restore_wins(list(kept.get("moves") or []))
        except (KeyError, ValueError, TypeError, AttributeError):  # a kept value that cannot be read: computed again
            self.wins.clear()
            self.win_raw.clear()
            return 0

    def kept_json(self) -> dict[str, Any]:
        """The chances of winning to keep with the save (``restore_kept`` reads them back)."""
        return {
            "settings": self.win_settings,
            "total": self.total,
            "moves": [self.win_raw[index] for index in sorted(self.win_raw)],
        }

    def set_level(self, level: str) -> bool:
        """Compare with another level: its choices are computed again. False if it is the same one."""
        if level == self.level:
            return False
        self.level = level
        self.levels = {}
        self.run += 1
        return True

    def close(self) -> None:
        self.closed = True
        self.run += 1

    # -- the move on show ------------------------------------------------------------------------
    def go(self, index: int) -> None:
        self.step = min(max(index, 0), max(self.total - 1, 0))

    def entry(self, index: int | None = None) -> Entry | None:
        index = self.step if index is None else index
        return self.entries[index] if 0 <= index < len(self.entries) else None

    def board_before(self, index: int) -> dict[Cell, Tile]:
        """The tiles on the board before record move ``index``."""
        tiles: dict[Cell, Tile] = {}
        for turn in self.history[:index]:
            if turn.kind == "play":
                tiles.update((p.cell, p.tile) for p in parse_placements(turn.move))
        return tiles

    def played(self, index: int) -> dict[Cell, Tile]:
        """The tiles move ``index`` placed (none for an exchange, a re-roll or a pass)."""
        turn = self.history[index]
        return {p.cell: p.tile for p in parse_placements(turn.move)} if turn.kind == "play" else {}

    def best_play(self, index: int) -> dict[Cell, Tile]:
        """The best play by points before move ``index``, when it differs from the move (else nothing)."""
        entry = self.entry(index)
        if entry is None or entry.best is None or entry.best == entry.move:
            return {}
        return {p.cell: p.tile for p in parse_placements(entry.best)}

    def hands_before(self, index: int) -> list[tuple[Tile, ...] | None]:
        """Every player's rack before move ``index`` (None while the review has not reached it)."""
        players = len(self.options.players)
        final = self.final_hands
        hands: list[tuple[Tile, ...] | None] = []
        for seat in range(players):
            following = [turn.seat == seat for turn in self.history[index:]]
            if True not in following:
                hands.append(final[seat])
                continue
            entry = self.entry(index + following.index(True))
            hands.append(entry.hand if entry is not None else None)
        return hands

    def scores_before(self, index: int) -> list[int]:
        scores = [0] * len(self.options.players)
        for turn in self.history[:index]:
            scores[turn.seat] += turn.points
        return scores
