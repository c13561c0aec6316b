"""The puzzle at the table (``app.puzzles.table``) with a real session and controller, no DOM: a puzzle opens as the
real game at its position with one human seat, the judged play counts as solved or missed, nothing is saved, the
game in play stays current, and try again / show solution / next / a theme / a bad link behave."""

from __future__ import annotations

from session_fakes import Events, FakeHost

from app.links.startlink import parse_start_link
from app.play.session import Session
from app.puzzles.table import PuzzleTable
from app.shared.seats import PUZZLE
from app.store.saves import DictStorage, SaveStore
from qwirkle.notation import parse_placements
from qwirkle.study.puzzles import daily, puzzle_from_id

PUZZLE_ID = "cm-ouax60-d"
TODAY = "2026-11-25"


def table(store: SaveStore | None = None) -> tuple[PuzzleTable, Session]:
    session = Session(store or SaveStore(DictStorage()), FakeHost(), Events())
    return PuzzleTable(session, lambda: TODAY, seeds=lambda: 7), session


def place_and_play(session: Session, play: str) -> None:
    c = session.controller
    hand = list(c.hand())
    for placement in parse_placements(play):
        c.select(hand.index(placement.tile))
        assert c.place(placement.cell), c.note
        hand[hand.index(placement.tile)] = None  # type: ignore[call-overload]
    result = c.play()
    assert result is not None
    session.after_move(result, human=True)


def judged_play(session: Session, t: PuzzleTable, play: str) -> None:
    place_and_play(session, play)
    assert session.controller.last is not None
    t.judge(session.controller.last)


def test_a_link_opens_the_position_with_one_player_and_nothing_to_save() -> None:
    t, session = table()
    assert t.open_link({"puzzle": PUZZLE_ID})
    c = session.controller
    puzzle = puzzle_from_id(PUZZLE_ID)
    assert t.is_on and not t.played and c.puzzle
    assert c.current.board.notation() == puzzle.board
    assert sorted(tile.notation() for tile in c.hand()) == sorted(puzzle.hand.split())
    assert c.interactive and c.seats.count(PUZZLE) == 1
    assert not c.exchange_availability().enabled and not c.can_pass() and c.advice.view() is None
    assert session.store.load_current() is None and not session.store.list()


def test_the_best_play_is_solved_and_counted_once() -> None:
    t, session = table()
    t.open_link({"puzzle": PUZZLE_ID})
    judged_play(session, t, puzzle_from_id(PUZZLE_ID).best)
    assert t.played and t.attempt is not None and t.attempt.result == "solved"
    assert not session.controller.interactive and not session.controller.can_undo()
    assert t.progress.solved("multi-line") == [PUZZLE_ID]
    assert session.store.load_current() is None


def test_a_lesser_play_is_missed_then_try_again_and_the_solution() -> None:
    t, session = table()
    t.open_link({"puzzle": PUZZLE_ID})
    puzzle = puzzle_from_id(PUZZLE_ID)
    lesser = min(session.controller.current.legal_plays(), key=lambda p: p.points)
    judged_play(session, t, " ".join(p.notation() for p in lesser.placements))
    assert t.attempt is not None and t.attempt.result == "missed"
    t.try_again()
    assert t.attempt.result is None and session.controller.interactive
    t.show_solution()
    assert t.played and t.attempt.result == "missed" and t.progress.counts()["multi-line"] == 0
    last = session.controller.last
    assert last is not None and last.points == puzzle.best_points
    assert {p.cell for p in parse_placements(last.move)} == {p.cell for p in parse_placements(puzzle.best)}


def test_the_daily_streak_counts_only_the_days_puzzle_solved_without_help() -> None:
    t, session = table()
    t.open_daily("classic")
    assert t.attempt is not None and t.attempt.puzzle.id == daily(TODAY, "classic").id
    judged_play(session, t, t.attempt.puzzle.best)
    assert t.streak("classic") == 1 and t.streak("flex") == 0


def test_next_and_a_theme_open_other_puzzles_of_the_rule_set() -> None:
    t, session = table()
    t.open_link({"puzzle": PUZZLE_ID})
    t.next()
    assert t.attempt is not None and t.attempt.puzzle.id != PUZZLE_ID and t.attempt.puzzle.variant == "classic"
    t.open_theme("flex", "diagonal")
    assert t.attempt.puzzle.theme == "diagonal" and session.controller.current.variant.name.startswith("flex")
    assert t.themes("classic") == ["qwirkle", "multi-line", "long", "endgame"]
    assert "diagonal" in t.themes("flex") and "cubes" in t.themes("cubes")


def test_a_bad_link_is_named_and_the_game_in_play_stays() -> None:
    store = SaveStore(DictStorage())
    t, session = table(store)
    spec = parse_start_link("?variant=classic&seats=human,computer&seed=3", "en")
    assert spec is not None
    session.start(spec)
    game_id = session.controller.game_id
    assert not t.open_link({"puzzle": "nonsense"})
    assert session.notice is not None and "nonsense" in str(session.notice.values["problem"])
    assert session.controller.game_id == game_id and not session.controller.puzzle
    t.open_link({"puzzle": PUZZLE_ID})
    assert store.load_current() is not None and store.load_current().id == game_id  # still the current save


def test_corrupt_progress_is_set_aside_and_said() -> None:
    storage = DictStorage({"qwirkle.puzzles.solved.multi-line": "{oops"})
    t, session = table(SaveStore(storage))
    t.open_link({"puzzle": PUZZLE_ID})
    judged_play(session, t, puzzle_from_id(PUZZLE_ID).best)
    assert t.progress.solved("multi-line") == [PUZZLE_ID]
    assert session.notice is not None and session.notice.key.startswith("save_")
