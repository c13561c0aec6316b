"""The page's game review without a browser: the worker's chunked functions, the review session's
positions and racks, the runner (worker, page, and a worker that fails), and the texts in both languages."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from session_fakes import FakeHost

from app.review import panels
from app.review import service as review_service
from app.review.runner import ReviewRunner
from app.review.session import BEST, DONE, WIN, ReviewSession, marked, move_tiles
from qwirkle import Game, dumps, parse_move
from qwirkle.ai import make_player
from qwirkle.study.match import play_out
from qwirkle.study.review import level_moves, review, review_moves
from qwirkle.tiles import Tile
from ui.words import Translator


def finished(variant: str = "classic", seed: int = 4, first: str = "hard") -> Game:
    game = Game.new(variant, ["P0", "P1"], seed)
    play_out(game, [make_player(first, seed), make_player("greedy", seed + 1)])
    return game


# -- the worker's functions ------------------------------------------------------------------------------------------
def test_chunks_add_up_to_the_cli_review() -> None:
    game = finished("cubes", 6)
    text = dumps(game)
    expected = review(game, None)
    moves: list[dict] = []
    players = None
    start = 0
    while start < len(game.moves):
        chunk = json.loads(review_service.review_best(text, start, 5))
        assert chunk["total"] == len(game.moves)
        moves += chunk["moves"]
        players = chunk["players"]
        assert (players is None) == (start + 5 < len(game.moves))
        start += 5
    assert [{k: v for k, v in m.items() if k != "index"} for m in moves] == expected["moves"]
    assert [m["index"] for m in moves] == list(range(len(game.moves)))
    assert players == expected["players"]
    levels = [
        json.loads(review_service.review_levels(text, "medium", None, i, 1))["moves"][0] for i in range(len(game.moves))
    ]
    assert [(m["index"], m["move"], m["points"]) for m in levels] == [
        (m.index, m.move, m.points) for m in level_moves(game, "medium")
    ]


def test_a_chunk_out_of_order_or_after_the_cache_is_gone_is_the_same() -> None:
    game = finished("flex", 8)
    text = dumps(game)
    first = json.loads(review_service.review_best(text, 3, 2))
    review_service._PASSES.clear()
    assert json.loads(review_service.review_best(text, 3, 2)) == first
    assert json.loads(review_service.review_best(text, 0, 1))["moves"][0]["index"] == 0
    # the Expert's budget arrives from JavaScript as a number or null
    expert = json.loads(review_service.review_levels(text, "expert", 4, 0, 1))["moves"]
    assert expert == [{"index": 0, **{"move": m.move, "points": m.points}} for m in level_moves(game, "expert", 4)][:1]


# -- the session -----------------------------------------------------------------------------------------------------
def filled(game: Game, level: str = "medium") -> ReviewSession:
    session = ReviewSession(game, "id1", level)
    session.add_best(review_service.review_best(session.record_json, 0, len(game.moves)))
    return session


def test_the_page_reviews_with_the_command_line_s_level_by_default() -> None:
    from qwirkle.study.review import DEFAULT_LEVEL

    assert ReviewSession(finished()).level == DEFAULT_LEVEL


def test_a_game_in_progress_cannot_be_reviewed() -> None:
    game = Game.new("classic", ["A", "B"], 1)
    with pytest.raises(ValueError, match="not over"):
        ReviewSession(game)


def test_positions_racks_and_best_plays_at_each_move() -> None:
    game = finished("classic", 12)
    session = filled(game)
    assert session.phase == WIN and session.players is not None
    replay = Game(game.options)
    for index, move in enumerate(game.moves):
        assert session.board_before(index) == dict(replay.board.tiles)
        assert session.hands_before(index) == list(replay.hands)
        assert session.scores_before(index) == list(replay.scores)
        entry = session.entry(index)
        assert entry is not None and entry.hand == replay.hands[replay.to_move]
        best = session.best_play(index)
        if entry.best is None or entry.best == entry.move:
            assert best == {}
        else:
            assert all(cell not in replay.board.tiles for cell in best)
            assert (
                replay.check(parse_move(entry.best).placements).points
                + (6 if replay.bag_count == 0 and len(best) == len(entry.hand) else 0)
                == entry.best_points
            )
        replay.apply(move)
        assert set(session.played(index)) == set(replay.board.tiles) - set(session.board_before(index))
    assert session.hands_before(len(game.moves)) == list(game.hands)


def test_racks_wait_for_the_review_and_steps_are_clamped() -> None:
    game = finished("classic", 3)
    session = ReviewSession(game)
    assert session.phase == BEST and session.hands_before(0) == [None, None]
    session.add_best(review_service.review_best(session.record_json, 0, 1))
    assert session.hands_before(0)[game.history[0].seat] is not None
    session.go(-5)
    assert session.step == 0
    session.go(10_000)
    assert session.step == session.total - 1


def test_level_choices_restart_with_another_level() -> None:
    game = finished("classic", 5)
    session = filled(game, "medium")
    session.add_levels(review_service.review_levels(session.record_json, "medium", None, 0, 3))
    assert len(session.levels) == 3 and session.progress() == (WIN, 0, session.total)  # the chances come first
    run = session.run
    assert not session.set_level("medium") and session.set_level("hard")
    assert session.levels == {} and session.run == run + 1


def test_tiles_a_move_used_are_marked_once_each() -> None:
    hand = tuple(Tile.from_notation(c) for c in "Rd Rd Bs Go".split())
    assert move_tiles("Rd@0,0 Bs@0,1") == (Tile.from_notation("Rd"), Tile.from_notation("Bs"))
    assert marked(hand, move_tiles("Rd@0,0 Bs@0,1")) == [True, False, True, False]
    assert marked(hand, move_tiles("swap Rd Rd")) == [True, True, False, False]
    assert move_tiles("pass") == ()


# -- the runner ------------------------------------------------------------------------------------------------------
class Worker:
    """The worker's review functions, computed here, counting calls (``fail``: it dies at once)."""

    def __init__(self, fail: bool = False) -> None:
        self.calls: list[str] = []
        self.fail = fail

    async def review_best(self, record: str, start: int, count: int) -> str:
        self.calls.append("best")
        if self.fail:
            raise RuntimeError("worker died")
        return review_service.review_best(record, start, count)

    async def review_levels(self, record: str, level: str, budget: Any, start: int, count: int) -> str:
        self.calls.append("level")
        return review_service.review_levels(record, level, budget, start, count)

    async def review_win(self, record: str, start: int, count: int) -> str:
        self.calls.append("win")
        return review_service.review_win(record, start, count)


@pytest.fixture(autouse=True)
def quick_chances(monkeypatch: pytest.MonkeyPatch) -> Any:
    """The runner is tested here, not the estimate: one deal and no extra candidate per move, and the end-game
    solver's verdicts on a small budget (they took two thirds of the time here; test_win_review checks them)."""
    from qwirkle.study import win_review

    monkeypatch.setattr(win_review.WinReplay.__init__, "__defaults__", (1, 0))
    monkeypatch.setattr(win_review, "ENDGAME_NODES", 200)
    review_service._REPLAYS.clear()
    yield
    review_service._REPLAYS.clear()


class Host(FakeHost):
    """The session tests' host, whose sleeps yield to the event loop; its worker is up after ``ready_after``
    such yields."""

    def __init__(self, worker: Worker | None, ready_after: int = 0) -> None:
        super().__init__(worker)  # type: ignore[arg-type]
        self.ready_after = ready_after

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(0)

    async def worker(self) -> Worker | None:  # type: ignore[override]
        for _ in range(self.ready_after):
            await asyncio.sleep(0)
        return self._worker  # type: ignore[return-value]


def run_review(host: Host, level: str = "medium") -> tuple[ReviewSession, list[int]]:
    game = finished("classic", 9)
    session = ReviewSession(game, level=level)
    seen: list[int] = []
    kept: list[int] = []
    runner = ReviewRunner(
        host,
        lambda s: seen.append(len(s.entries) + len(s.wins) + len(s.levels)),
        lambda s: kept.append(len(s.kept_json()["moves"])),
    )
    runner.start(session)
    host.run()
    from qwirkle.study.win_review import WinReplay

    replay = WinReplay(game)
    assert [c.to_json() for c in map(replay.at, range(session.total))] == [
        session.win_raw[i] for i in range(session.total)
    ]
    assert kept == list(range(1, session.total + 1))  # kept with the save after each move
    expected = [e.to_json() for e in review_moves(game)]
    assert [{"index": e.index, **expected[e.index]}["points"] for e in session.entries] == [
        e["points"] for e in expected
    ]
    assert [(c.move, c.points) for _, c in sorted(session.levels.items())] == [
        (m.move, m.points) for m in level_moves(game, level)
    ]
    assert session.phase == DONE and session.players is not None
    return session, seen


def test_the_worker_computes_both_passes_when_it_is_up() -> None:
    worker = Worker()
    host = Host(worker)
    session, seen = run_review(host)
    assert host.worker_started and worker.calls.count("level") == worker.calls.count("win") == session.total
    assert seen == sorted(seen)  # the view hears of every chunk, in order
    assert any(line.startswith("review-best") and "where=worker" in line for line in host.logs)


def test_the_page_starts_while_the_worker_starts_then_hands_over() -> None:
    worker = Worker()
    host = Host(worker, ready_after=5)
    run_review(host)
    best_line = next(line for line in host.logs if line.startswith("review-best"))
    assert "page" in best_line and "worker" in best_line
    assert "level" in worker.calls


def test_without_a_worker_or_with_a_failing_one_the_page_computes_everything() -> None:
    host = Host(None)
    run_review(host)
    assert all("where=page" in line for line in host.logs if line.startswith("review-"))
    broken = Worker(fail=True)
    host = Host(broken)
    run_review(host)
    assert broken.calls == ["best"] and any("review worker failed" in line for line in host.logs)


def test_closing_stops_the_review() -> None:
    host = Host(None)
    session = ReviewSession(finished("classic", 9))
    ReviewRunner(host, lambda s: s.close() if len(s.entries) == 3 else None).start(session)
    host.run()
    assert len(session.entries) == 3 and session.levels == {}


# -- texts -----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_texts_and_board_cells(lang: str) -> None:
    tr = Translator(lang)
    game = finished("flex", 14, first="random")
    session = filled(game, "medium")
    assert len(panels.summary_rows(session, tr)) == 2
    assert panels.progress_text(session, tr)
    worse = next(e for e in session.entries if e.kind == "play" and e.lost)
    session.go(worse.index)
    cells = panels.cells(session, worse.index, tr)
    ghosts = {cell: model.ghost for cell, model in cells.items() if model.ghost is not None}
    assert ghosts == session.best_play(worse.index)
    assert {cell for cell, model in cells.items() if model.last} == set(session.played(worse.index))
    lines = panels.details(session, tr)
    assert str(worse.points) in lines[0] and str(worse.best_points) in lines[1]
    label = panels.row_label(session, worse, tr)
    assert game.options.players[worse.player] in label and str(worse.lost) in label
    racks = panels.racks(session)
    assert [r.mover for r in racks] == [seat == worse.player for seat in range(2)]
    assert sum(racks[worse.player].used) == len(worse.move.split())
    session.add_levels(review_service.review_levels(session.record_json, "medium", None, worse.index, 1))
    assert panels.level_text(session.levels[worse.index], worse, "medium", tr)
    assert panels.budget_note(session, tr) == tr.t("review_seeded", level=tr.t("level_medium"))
    session.set_level("expert")
    assert "160" in panels.budget_note(session, tr) and "python3" not in panels.budget_note(session, tr)


def test_level_choices_are_the_same_in_any_order() -> None:
    from qwirkle.study.review import LevelReplay

    game = Game.new("classic", ["a", "b"], seed=8)
    while not game.is_over and len(game.history) < 14:
        plays = game.legal_plays()
        game.apply(max(plays, key=lambda p: (p.points, p.notation())).notation() if plays else "pass")
    in_order = [(m.index, m.move, m.points) for m in level_moves(game, "medium")]
    replay = LevelReplay(game, "medium")
    shuffled = [9, 10, 3, 13, 0, 7]
    assert [(m.index, m.move, m.points) for m in map(replay.at, shuffled)] == [in_order[i] for i in shuffled]
    with pytest.raises(IndexError):
        replay.at(len(in_order))


def test_the_level_pass_starts_with_the_move_on_show() -> None:
    from types import SimpleNamespace

    from app.review.runner import next_to_compute

    review = SimpleNamespace(step=5, total=8, levels={5: None, 6: None})
    assert next_to_compute(review) == 7
    review.levels.update({7: None})
    assert next_to_compute(review) == 0


def test_a_level_chosen_during_the_win_pass_is_the_one_computed_once() -> None:
    worker = Worker()
    host = Host(worker)
    session = ReviewSession(finished("classic", 9), level="medium")
    runner = ReviewRunner(host, lambda s: None)

    def changed(review: ReviewSession) -> None:
        if len(review.wins) == 2 and review.set_level("easy"):
            runner.restart_levels(review)  # as the view does when the list changes

    runner.changed = changed
    runner.start(session)
    host.run()
    assert session.phase == DONE and session.level == "easy"
    assert worker.calls.count("level") == session.total  # one pass, of the level chosen
    assert [(c.move, c.points) for _, c in sorted(session.levels.items())] == [
        (m.move, m.points) for m in level_moves(session.record_json, "easy")
    ]
