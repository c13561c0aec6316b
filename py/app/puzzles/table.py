"""The puzzle at the table (no DOM): a puzzle opened into the session as the real game at its position, the
player's play judged by the engine once it is made, the progress kept, and what comes after (try again, the
solution, the next puzzle, another theme).

The session plays the puzzle like a game (``Session.open_puzzle``: the same board, rack, input and legal cells);
this object only decides which puzzle is on and reads the verdict. A bad link or id says what is wrong in the
session's notice and changes nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from qwirkle.study.puzzles import THEMES, PuzzleError, check_theme, generate

from ..shared.notes import Note
from .attempt import PuzzleAttempt
from .progress import PuzzleProgress
from .request import PuzzleLinkError, PuzzleRequest, parse_puzzle_link

if TYPE_CHECKING:
    from qwirkle import TurnResult

    from ..play.session import Session


class PuzzleTable:
    """Which puzzle is on (``attempt``), its verdict and the player's progress on this device."""

    def __init__(
        self,
        session: Session,
        today: Callable[[], str],
        seeds: Callable[[], int] = lambda: random.SystemRandom().randrange(1 << 30),
    ) -> None:
        self.session = session
        self.today = today
        self.seeds = seeds
        self.progress = PuzzleProgress(session.store)
        self.attempt: PuzzleAttempt | None = None

    @property
    def is_on(self) -> bool:
        """A puzzle is at the table (a game started or resumed since ends it)."""
        return self.attempt is not None and self.session.has_game() and self.session.controller.puzzle

    @property
    def played(self) -> bool:
        """The player made their play (or gave up): the verdict is known."""
        return self.is_on and not self.session.controller.human_to_move

    # -- opening ---------------------------------------------------------------------------------
    def open_link(self, params: Mapping[str, str]) -> bool:
        """``?puzzle=daily[&variant=...]`` or ``?puzzle=ID``; False (and the notice says why) when it opens
        nothing."""
        try:
            request = parse_puzzle_link(params, self.today())
            if request is None:
                return False
            self.open(PuzzleAttempt.open(request))
        except (PuzzleLinkError, PuzzleError) as error:
            from ui.problems import problem_of

            self.session.notice = Note("puzzle_bad_link", {"problem": problem_of(error)}, level="error")
            self.session.listener.changed()
            return False
        return True

    def open_daily(self, variant: str) -> None:
        """The puzzle of the day of ``variant`` by this device's date."""
        self.open(PuzzleAttempt.open(PuzzleRequest(True, variant, date=self.today())))

    def open_theme(self, variant: str, theme: str) -> None:
        """A fresh puzzle of ``theme`` in ``variant`` (one not solved yet when one of the next few is)."""
        check_theme(variant, theme)
        solved = set(self.progress.solved(theme))
        rng = random.Random(self.seeds())
        puzzle = None
        for _ in range(8):
            puzzle = next(generate(variant, 1, rng.randrange(1 << 30), theme))
            if puzzle.id not in solved:
                break
        assert puzzle is not None
        self.open(PuzzleAttempt(PuzzleRequest(False, variant, puzzle_id=puzzle.id), puzzle))

    def open(self, attempt: PuzzleAttempt) -> None:
        self.attempt = attempt
        self.session.open_puzzle(attempt.game())
        self.session.report_problems()  # progress found unreadable on the way was set aside: say so

    # -- the verdict -----------------------------------------------------------------------------
    def judge(self, result: TurnResult) -> None:
        """The player's play was made at the table: the engine judges it, a solve is counted."""
        attempt = self.attempt
        if not self.is_on or attempt is None or result.kind != "play" or attempt.solution_shown:
            return
        answer = attempt.answer(result.move)
        if answer.result == "solved":
            self.progress.record_solved(attempt.puzzle.id, attempt.puzzle.theme)
            if attempt.counts_for_daily() and attempt.request.date:
                self.progress.record_daily(attempt.request.variant, attempt.request.date)
        self.session.report_problems()

    # -- after the play --------------------------------------------------------------------------
    def try_again(self) -> None:
        if self.attempt is not None:
            self.attempt.try_again()
            self.session.open_puzzle(self.attempt.game())

    def show_solution(self) -> None:
        """The best play made on a fresh copy of the position, its lines marked; a puzzle not solved before counts
        as missed."""
        attempt = self.attempt
        if attempt is None:
            return
        attempt.show_solution()
        self.session.open_puzzle(attempt.game())
        result = self.session.controller.play_solution(attempt.puzzle.best)
        if result is not None:
            self.session.after_move(result, human=False)

    def next(self) -> None:
        """The next puzzle of the same rule set (the day's puzzle is followed by ordinary ones)."""
        if self.attempt is not None:
            solved = [puzzle_id for theme in THEMES for puzzle_id in self.progress.solved(theme)]
            self.open(self.attempt.next(solved))

    # -- what the panel and the chooser show ---------------------------------------------------------
    def themes(self, variant: str) -> list[str]:
        """The themes ``variant`` has (a Flex diagonal only in Flex, a Cubes position only in Cubes)."""
        found = []
        for theme in THEMES:
            try:
                check_theme(variant, theme)
            except PuzzleError:
                continue
            found.append(theme)
        return found

    def streak(self, variant: str) -> int:
        return self.progress.streak(variant, self.today())
