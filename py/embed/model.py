"""The headless state of one embedded board: replay steps, exercise input and answers.

No DOM here (render.py turns a ``BoardState`` into markup, page.py wires it to the page), so
every behaviour is tested under CPython::

    >>> from embed.spec import spec_from_attributes
    >>> state = BoardState(spec_from_attributes({"board": "Ro@0,0", "moves": "Rd@1,0; Bd@1,1"}))
    >>> state.step, len(state.steps)
    (0, 2)
    >>> state.next(); state.current_step().score.points
    2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qwirkle import Board, IllegalMoveError, Placement, Score, Tile, legal_plays, refusal_category, score_play
from qwirkle.notation import Cell, placements_notation
from ui.pending import PendingPlay

from .spec import EmbedError, Spec


@dataclass(frozen=True)
class Step:
    """One move of a replay: the board before it, its tiles, its score."""

    before: Board
    placements: tuple[Placement, ...]
    score: Score

    def after(self) -> dict[Cell, Tile]:
        return {**self.before.tiles, **{p.cell: p.tile for p in self.placements}}


@dataclass(frozen=True)
class Feedback:
    """What the board says after an action: ``kind`` ("info", "right", "wrong", "answer"),
    a message key of ui's string tables and its values, and cells to highlight."""

    kind: str
    key: str
    values: dict[str, Any]
    cells: tuple[Cell, ...] = ()


# The answers of "why is this illegal?", each a category of the engine's refusals
# (``qwirkle.errors.refusal_category``); "diagonal" only where diagonals score.
CHOICES = ("choice", "place", "line", "diagonal")


class BoardState:
    """One board: its position, and for replays and exercises what the reader has done."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.variant = spec.variant
        self.steps: list[Step] = []
        self.step = 0
        self.play = PendingPlay()  # exercise "best": the hand tiles put down
        self.feedback: Feedback | None = None
        self.revealed = False
        self.error: IllegalMoveError | None = None  # task "illegal": the engine's refusal
        self._best: list[Any] | None = None
        if spec.mode == "replay":
            self._build_replay()
        elif spec.task == "illegal":
            self._check_illegal_play()
        elif spec.task == "best" and not self.best_plays():
            raise EmbedError("no_play")

    # -- replay ---------------------------------------------------------------------------------
    def _build_replay(self) -> None:
        board = self.spec.board.copy()
        for i, placements in enumerate(self.spec.moves, 1):
            try:
                score = score_play(board, placements, self.variant)
            except IllegalMoveError as error:
                raise EmbedError("replay", i=i, play=placements_notation(placements), error=error) from None
            self.steps.append(Step(board, placements, score))
            board = Board({**board.tiles, **{p.cell: p.tile for p in placements}})
        wanted = self.spec.step
        if wanted in ("end", "last"):
            self.step = len(self.steps)
        elif wanted.isdigit():
            self.step = min(int(wanted), len(self.steps))

    def current_step(self) -> Step | None:
        """The move just played at the current step (None before the first move)."""
        return self.steps[self.step - 1] if self.step else None

    def next(self) -> None:
        self.step = min(self.step + 1, len(self.steps))

    def previous(self) -> None:
        self.step = max(self.step - 1, 0)

    # -- what to draw -----------------------------------------------------------------------------
    def tiles(self) -> dict[Cell, Tile]:
        """Tiles on the board as shown now (replay step, or the position), without pending ones."""
        if self.spec.mode == "replay":
            step = self.current_step()
            return step.after() if step else dict(self.spec.board.tiles)
        return dict(self.spec.board.tiles)

    def overlay(self) -> dict[Cell, tuple[Tile, str]]:
        """Tiles drawn over the position: ``(tile, role)`` with role "last" (the move of a
        replay step), "pending" (placed by the reader), "proposed" (the play to explain) or
        "answer" (the revealed best play)."""
        if self.spec.mode == "replay":
            step = self.current_step()
            return {p.cell: (p.tile, "last") for p in step.placements} if step else {}
        if self.spec.task == "illegal":
            return {p.cell: (p.tile, "proposed") for p in self.spec.play}
        if self.spec.task == "best":
            if self.revealed:
                return {p.cell: (p.tile, "answer") for p in self.best_plays()[0].placements}
            return {cell: (p.tile, "pending") for cell, p in self.play.cells().items()}
        return {}

    def extent(self) -> tuple[int, int, int, int]:
        """(min_x, min_y, max_x, max_y) of the cells to draw: every tile a replay will show, and
        in exercises one empty cell around the tiles to place against, the reader's too (the grid
        grows as they play, never to where the answer lies: js/early.js draws the same grid from
        the markup before Python starts, so the box keeps its size)."""
        cells = set(self.spec.board.tiles)
        for step in self.steps:
            cells.update(p.cell for p in step.placements)
        cells.update(self.overlay())
        if not cells:
            cells = {(0, 0)}
        margin = 1 if self.spec.task == "best" else 0
        xs = [x for x, _ in cells]
        ys = [y for _, y in cells]
        return min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin

    def hand_left(self) -> list[tuple[int, Tile]]:
        """(index, tile) of the hand tiles not placed yet."""
        if self.revealed:
            used = {self.spec.hand.index(p.tile) for p in self.best_plays()[0].placements}
            return [(i, t) for i, t in enumerate(self.spec.hand) if i not in used]
        return self.play.left(self.spec.hand)

    # -- exercise "best" --------------------------------------------------------------------------
    def best_plays(self) -> list[Any]:
        """The legal plays of the hand scoring the most (computed once, when first needed)."""
        if self._best is None:
            plays = legal_plays(self.spec.board, list(self.spec.hand), self.variant)
            top = max((p.points for p in plays), default=0)
            self._best = [p for p in plays if p.points == top]
        return self._best

    @property
    def selected(self) -> int | None:
        """The hand index selected (exercise "best")."""
        return self.play.selected

    @property
    def pending(self) -> dict[Cell, Placement]:
        """The hand tiles put down on the board (exercise "best")."""
        return self.play.cells()

    def select(self, index: int) -> None:
        if self.revealed or not 0 <= index < len(self.spec.hand):
            return
        self.play.select(index)
        self.feedback = None

    def place(self, cell: Cell) -> bool:
        """Put the selected hand tile on an empty cell; True when something changed."""
        if self.revealed or cell in self.spec.board or not self.play.put(self.spec.hand, cell):
            return False
        self.feedback = None
        return True

    def take_back(self, cell: Cell | None = None) -> None:
        """Return one pending tile (or all of them) to the hand."""
        if cell is None:
            self.play.recall()
            self.revealed = False
        else:
            self.play.take_back(cell)
        self.play.selected = None
        self.feedback = None

    def placements(self) -> list[Placement]:
        return self.play.placements()

    def check(self) -> Feedback:
        """Judge the reader's placement with the engine: legal? how many points? the best?"""
        placements = self.placements()
        if not placements:
            self.feedback = Feedback("info", "result_empty", {})
            return self.feedback
        try:
            score = score_play(self.spec.board, placements, self.variant)
        except IllegalMoveError as error:
            self.feedback = Feedback("wrong", "result_illegal", {"error": error}, error.cells)
            return self.feedback
        best = self.best_plays()[0].points
        after = {**self.spec.board.tiles, **{p.cell: p.tile for p in placements}}
        values = {"score": score, "tiles": after, "best": best}
        key = "result_best" if score.points >= best else "result_legal"
        self.feedback = Feedback("right" if key == "result_best" else "wrong", key, values)
        return self.feedback

    # -- exercise "illegal" -----------------------------------------------------------------------
    def _check_illegal_play(self) -> None:
        try:
            score = score_play(self.spec.board, self.spec.play, self.variant)
        except IllegalMoveError as error:
            self.error = error
            return
        raise EmbedError("legal", play=placements_notation(self.spec.play), points=score.points)

    def choices(self) -> tuple[str, ...]:
        return CHOICES if self.variant.diagonals else CHOICES[:3]

    def choose(self, choice: str) -> Feedback:
        assert self.error is not None
        if refusal_category(self.error) == choice:
            self.revealed = True
            self.feedback = Feedback("right", "choice_right", {"error": self.error}, self.error.cells)
        else:
            self.feedback = Feedback("wrong", "choice_wrong", {"choice": choice})
        return self.feedback

    # -- both exercises -------------------------------------------------------------------------
    def reveal(self) -> Feedback:
        self.revealed = True
        self.play.selected = None
        if self.spec.task == "illegal":
            assert self.error is not None
            self.feedback = Feedback("answer", "answer_illegal", {"error": self.error}, self.error.cells)
            return self.feedback
        best = self.best_plays()
        play = best[0]
        after = {**self.spec.board.tiles, **{p.cell: p.tile for p in play.placements}}
        score = score_play(self.spec.board, play.placements, self.variant)
        self.play.recall()
        self.feedback = Feedback("answer", "answer_best", {"score": score, "tiles": after, "ties": len(best)})
        return self.feedback
