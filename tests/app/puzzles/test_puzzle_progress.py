"""The puzzle progress kept on this device (app.puzzles.progress): solved ids per theme, the daily streak per
rule set, kept across a reload (a new store on the same storage), a damaged value set aside and reported
without losing the rest."""

from __future__ import annotations

import doctest
import json

import pytest

from app.puzzles import progress as progress_module
from app.puzzles.progress import DAILY_PREFIX, MAX_SOLVED, SOLVED_PREFIX, PuzzleProgress
from app.store.saves import DictStorage, SaveStore, StorageFull


def test_docstring_examples() -> None:
    assert doctest.testmod(progress_module).failed == 0


def reload(storage: DictStorage) -> PuzzleProgress:
    return PuzzleProgress(SaveStore(storage))


def test_solved_ids_are_kept_per_theme_once_each_and_survive_a_reload() -> None:
    storage = DictStorage()
    progress = reload(storage)
    assert progress.record_solved("cq-1-a", "qwirkle")
    assert progress.record_solved("cq-1-a", "qwirkle")
    assert progress.record_solved("cl-2-b", "long")
    again = reload(storage)
    assert again.solved("qwirkle") == ["cq-1-a"]
    assert again.solved("long") == ["cl-2-b"]
    assert again.is_solved("cl-2-b") and not again.is_solved("cm-3-c")
    assert again.counts() == {"qwirkle": 1, "multi-line": 0, "long": 1, "diagonal": 0, "cubes": 0, "endgame": 0}


def test_an_unknown_theme_is_refused() -> None:
    with pytest.raises(ValueError, match="theme"):
        reload(DictStorage()).record_solved("cq-1-a", "fun")


def test_only_the_newest_ids_are_kept_beyond_the_cap() -> None:
    storage = DictStorage({SOLVED_PREFIX + "long": json.dumps([f"cl-{n}-a" for n in range(MAX_SOLVED)])})
    progress = reload(storage)
    progress.record_solved("cl-new-a", "long")
    ids = progress.solved("long")
    assert len(ids) == MAX_SOLVED and ids[-1] == "cl-new-a" and "cl-0-a" not in ids


@pytest.mark.parametrize("damaged", ["{oops", '{"a": 1}', "[1, 2]", '["' + "x" * 50 + '"]'])
def test_a_damaged_theme_is_set_aside_and_reported_and_the_others_stay(damaged: str) -> None:
    storage = DictStorage(
        {
            SOLVED_PREFIX + "long": damaged,
            SOLVED_PREFIX + "qwirkle": '["cq-1-a"]',
            DAILY_PREFIX + "classic": '{"last": "2026-11-24", "streak": 3, "best": 5}',
        }
    )
    store = SaveStore(storage)
    progress = PuzzleProgress(store)
    assert progress.solved("long") == []
    assert progress.solved("qwirkle") == ["cq-1-a"]
    assert progress.streak("classic", today="2026-11-25") == 3
    problems = store.take_problems()
    assert [(p.key, p.moved_to) for p in problems] == [(SOLVED_PREFIX + "long", "qwirkle.aside.puzzles.solved.long.1")]
    assert storage.data["qwirkle.aside.puzzles.solved.long.1"] == damaged
    progress.record_solved("cl-2-b", "long")
    assert reload(storage).solved("long") == ["cl-2-b"]


def test_the_daily_streak_runs_on_consecutive_days_and_starts_again_after_a_gap() -> None:
    storage = DictStorage()
    progress = reload(storage)
    assert progress.streak("classic", today="2026-11-20") == 0
    assert [progress.record_daily("classic", day) for day in ("2026-11-20", "2026-11-21", "2026-11-21")] == [1, 2, 2]
    assert progress.record_daily("classic", "2026-11-22") == 3
    again = reload(storage)
    assert again.streak("classic", today="2026-11-23") == 3  # yesterday solved: still alive
    assert again.streak("classic", today="2026-11-24") == 0  # a day missed
    assert again.record_daily("classic", "2026-11-25") == 1
    assert again.best_streak("classic") == 3
    assert again.streak("flex", today="2026-11-25") == 0  # per rule set
    assert again.record_daily("flex", "2026-11-25") == 1


@pytest.mark.parametrize(
    "damaged",
    [
        "nope",
        '{"last": "yesterday", "streak": 1, "best": 1}',
        '{"last": "2026-11-24", "streak": true, "best": 1}',
        '{"last": "2026-11-24"}',
    ],
)
def test_a_damaged_streak_is_set_aside_and_starts_again(damaged: str) -> None:
    storage = DictStorage({DAILY_PREFIX + "classic": damaged, SOLVED_PREFIX + "qwirkle": '["cq-1-a"]'})
    store = SaveStore(storage)
    progress = PuzzleProgress(store)
    assert progress.streak("classic", today="2026-11-25") == 0
    assert [p.key for p in store.take_problems()] == [DAILY_PREFIX + "classic"]
    assert progress.record_daily("classic", "2026-11-25") == 1
    assert progress.solved("qwirkle") == ["cq-1-a"]


def test_bad_dates_and_variants_are_refused() -> None:
    progress = reload(DictStorage())
    with pytest.raises(ValueError, match="date"):
        progress.record_daily("classic", "25/11/2026")
    with pytest.raises(ValueError, match="variant"):
        progress.record_daily("chess", "2026-11-25")


class FullStorage(DictStorage):
    def set(self, key: str, value: str) -> None:
        raise StorageFull(key)


def test_a_full_storage_loses_only_the_progress() -> None:
    progress = reload(FullStorage())
    assert progress.record_solved("cq-1-a", "qwirkle") is False
    assert progress.record_daily("classic", "2026-11-25") == 1
    assert progress.solved("qwirkle") == []
