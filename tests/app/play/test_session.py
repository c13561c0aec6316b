"""The page's session without a browser: start links, resume, the computer loop, worker moves
and hints (with a stand-in worker), notices."""

from __future__ import annotations

import asyncio
from typing import Any

from session_fakes import Events, FakeHost, FakeWorker

from app.play.ai_service import choose_move
from app.play.session import Session
from app.store.saves import DictStorage, SaveStore


def session(worker: FakeWorker | None = None, store: SaveStore | None = None) -> tuple[Session, FakeHost, Events]:
    host, events = FakeHost(worker), Events()
    return Session(store or SaveStore(DictStorage()), host, events), host, events


def test_a_start_link_starts_its_game_and_computers_play_to_the_end() -> None:
    s, host, events = session()
    s.open("?variant=cubes&seats=greedy,medium&seed=3&pace=0", "en")
    assert s.has_game() and events.seen[0] == "entered" and s.running
    host.run()
    game = s.controller.game
    assert game.is_over and not s.running
    assert events.seen.count("moved:computer") == len(game.history)
    assert any(line.startswith("ai-move greedy") for line in host.logs)


def test_a_bad_start_link_is_reported_and_the_game_in_progress_comes_back() -> None:
    store = SaveStore(DictStorage())
    s, _, _ = session(store=store)
    s.open("?variant=classic&seats=human,human&seed=2", "en")
    assert s.controller.game_id is not None
    s2, _, _ = session(store=store)
    s2.open("?variant=chess&seats=human,human", "fr")
    assert (
        s2.notice is not None
        and s2.notice.key == "link_error"
        and s2.notice.values["error"]["reason"] == "link_variant"
    )
    s3, _, _ = session(store=store)
    s3.open("", "en")
    assert s3.has_game() and s3.notice is not None and s3.notice.key == "resumed"


class GreedyWorker(FakeWorker):
    """A worker that counts the Expert's calls but answers with greedy's move (the Expert's own answers are
    checked in the worker's tests; here only where the thinking happens matters)."""

    async def choose_move(self, record: str, seat: int, kind: str, seed: int, seconds: Any) -> str:
        self.calls.append(f"choose {kind}")
        return choose_move(record, seat, "greedy", seed, 0.05)


def test_a_slow_level_thinks_in_the_worker() -> None:
    worker = GreedyWorker()
    s, host, _ = session(worker)
    s.open("?variant=classic&seats=expert,greedy&seed=4&pace=0", "en")
    assert host.worker_started
    host.run()
    assert s.controller.game.is_over and "choose expert" in worker.calls and "choose greedy" not in worker.calls


def test_a_failing_worker_falls_back_to_thinking_on_the_page() -> None:
    worker = FakeWorker(fail=True)
    s, host, _ = session(worker)
    s.open("?variant=classic&seats=expert,greedy&seed=4&pace=0", "en")
    s.controller._players[0] = s.controller.ai_factory("greedy", 1)  # keep the test quick
    host.run()
    assert s.controller.game.is_over and any("worker failed" in line for line in host.logs)


def test_undo_and_a_new_game_stop_the_old_loop() -> None:
    s, host, _ = session()
    s.open("?variant=classic&seats=greedy,greedy&seed=6&pace=0", "en")
    generation = s.generation
    s.start(s.controller.rematch_spec())  # a new game before the first loop ran
    assert s.generation == generation + 1
    host.run()
    assert s.controller.game.is_over


def test_hints_in_the_worker_are_shown_and_counted_once_per_turn() -> None:
    worker = FakeWorker()
    store = SaveStore(DictStorage())
    store.save_settings(hint_level="expert")
    s, host, events = session(worker, store)
    s.open("?variant=classic&seats=human,greedy&seed=9&pace=0", "en")
    host.run()
    c = s.controller
    if not c.human_to_move:
        return
    if c.needs_handover:
        c.reveal()
    s.hint()
    assert s.hinting and c.note.key == "hint_thinking"
    host.run()
    assert not s.hinting and "hint" in events.seen and worker.calls == ["hint"]
    assert c.hints[c.game.to_move] == 1


class SilentWorker(FakeWorker):
    """A worker that never answers (it died, or hangs after a reload)."""

    async def choose_move(self, record: str, seat: int, kind: str, seed: int, seconds: Any) -> str:
        self.calls.append("choose")
        await asyncio.sleep(3600)
        return ""


def test_a_worker_that_never_answers_does_not_stop_the_game(monkeypatch) -> None:
    import app.play.session

    monkeypatch.setattr(app.play.session, "WORKER_SECONDS", 0.05)
    worker = SilentWorker()
    s, host, _ = session(worker)
    s.open("?variant=classic&seats=expert,greedy&seed=4&pace=0", "en")
    s.controller._players[0] = s.controller.ai_factory("greedy", 1)  # keep the test quick
    host.run()
    assert s.controller.game.is_over and "choose" in worker.calls
    assert any("worker failed" in line for line in host.logs)
