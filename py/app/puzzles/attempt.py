"""The puzzle on the table (no DOM): which puzzle, the game at its position, the player's answer judged by the
engine, the solution when asked for, and which puzzle comes next (``PuzzleAttempt``).

The board and rack are a real ``Game`` at the puzzle's position (``qwirkle.study.puzzles.puzzle_game``), so the
page plays it with the game's own regions and input; the judgement is the engine's ``judge``. The link to share
is ``?puzzle=ID`` (the day's puzzle is shared by its id, so a friend gets the same one on any date).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING

from qwirkle.study.puzzles import Answer, Puzzle, daily, generate, puzzle_from_id, puzzle_game

from .request import PuzzleRequest

if TYPE_CHECKING:
    from qwirkle import Game

NEXT_TRIES = 8  # puzzles looked at for one not solved yet before taking any


class PuzzleAttempt:
    """One puzzle being solved: ``answer`` judges a play, ``try_again`` clears it, ``show_solution`` gives up.

    >>> attempt = PuzzleAttempt.open(PuzzleRequest(False, "classic", puzzle_id="cm-ouax60-d"))
    >>> attempt.puzzle.best, attempt.result
    ('Oc@-6,7 Pc@-5,7', None)
    >>> attempt.answer("Oc@-6,7").result, attempt.result
    ('missed', 'missed')
    >>> attempt.try_again(); attempt.answer("Oc@-6,7 Pc@-5,7").result
    'solved'
    >>> attempt.share_query()
    '?puzzle=cm-ouax60-d'
    """

    def __init__(self, request: PuzzleRequest, puzzle: Puzzle) -> None:
        self.request = request
        self.puzzle = puzzle
        self.last: Answer | None = None
        self.solution_shown = False

    @classmethod
    def open(cls, request: PuzzleRequest) -> PuzzleAttempt:
        """The puzzle a request names (the engine raises ``PuzzleError`` naming the problem when there is none)."""
        if request.daily:
            return cls(request, daily(str(request.date), request.variant))
        return cls(request, puzzle_from_id(str(request.puzzle_id)))

    def game(self) -> Game:
        """A fresh game at the puzzle's position (a new one each time: a try never changes the next)."""
        return puzzle_game(self.puzzle)

    @property
    def result(self) -> str | None:
        """ "solved" or "missed" once a play was judged (giving up is a miss); None while the player thinks."""
        if self.last is not None:
            return self.last.result
        return "missed" if self.solution_shown else None

    def answer(self, play_text: str) -> Answer:
        """Judge the played placements (notation) against the best play; the first verdict stands until a try
        again."""
        if self.last is None:
            from qwirkle.study.puzzles import judge

            self.last = judge(self.puzzle, play_text)
        return self.last

    def show_solution(self) -> None:
        self.solution_shown = True

    def try_again(self) -> None:
        self.last = None
        self.solution_shown = False

    def counts_for_daily(self) -> bool:
        """Whether solving this counts for the daily streak: only the day's puzzle solved without the solution."""
        return self.request.daily and self.result == "solved" and not self.solution_shown

    def share_query(self) -> str:
        return f"?puzzle={self.puzzle.id}"

    def next(self, solved: Iterable[str]) -> PuzzleAttempt:
        """The next puzzle of the same rule set, one not solved yet when one of the next few is; the same on every
        device after this puzzle (seeded by its id)."""
        done = set(solved) | {self.puzzle.id}
        rng = random.Random(self.puzzle.id)
        candidate = self.puzzle
        for _ in range(NEXT_TRIES):
            candidate = next(generate(self.puzzle.variant, 1, rng.randrange(1 << 30)))
            if candidate.id not in done:
                break
        return PuzzleAttempt(PuzzleRequest(False, candidate.variant, puzzle_id=candidate.id), candidate)
