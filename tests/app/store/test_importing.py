"""Importing a file (app.store.importing): only the record's own fields are kept, names are cut to 40 characters,
unknown seat kinds are refused with a message, a byte-order mark is fine, a wrong seed is named."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.store.saves import DictStorage, SaveStore
from qwirkle import Game, Play, RecordError
from qwirkle.record import FIELDS, to_record

ROOT = Path(__file__).resolve().parents[3]


def record(**changes):
    game = Game.new("classic", ["Ann", "Bob"], 12)
    game.apply(Play(max(game.legal_plays(), key=lambda p: p.points).placements))
    return {**to_record(game), **changes}


@pytest.fixture
def store():
    return SaveStore(DictStorage())


def test_unknown_fields_are_dropped_and_not_exported_again(store):
    text = json.dumps(record(comment="<script>", seats=["human", "hard"], extra={"deep": [[[]]]}))
    saved = store.import_text("\ufeff" + text)
    assert set(saved.record) == set(FIELDS) and saved.seats == ("human", "hard")
    exported = json.loads(store.export_text(saved.id))
    assert set(exported) == set(FIELDS) | {"seats"}


def test_names_are_cut_to_40_characters(store):
    saved = store.import_text(json.dumps(record(players=["A" * 300, "  Bob   the\tbuilder "])))
    assert saved.game.options.players == ("A" * 40, "Bob the builder")


@pytest.mark.parametrize(
    "seats,message",
    [
        (["human", "wizard"], "seats: unknown player kind 'wizard'"),
        (["human"], "seats: 1 seats for 2 players"),
        ("human", "seats: expected a list"),
    ],
)
def test_unknown_seat_kinds_are_refused(store, seats, message):
    with pytest.raises(RecordError, match=message):
        store.import_text(json.dumps(record(seats=seats)))
    assert store.list() == []


def test_a_wrong_seed_and_bad_files_are_named(store):
    with pytest.raises(RecordError, match=r"^seed: seed 13 \(version 2\) does not deal"):
        store.import_text(json.dumps(record(seed=13)))
    for text, field in (
        ("[" * 100_000, "file"),
        ('{"seed": ' + "9" * 5000 + "}", "file"),
        ("{}", "format"),
        ('{"format": "qwirkle-save", "record": 3}', "record"),
    ):
        with pytest.raises(RecordError, match=f"^{field}:"):
            store.import_text(text)


def test_a_whole_save_file_with_its_seats(store):
    source = SaveStore(DictStorage())
    source.save("g", record(), ["greedy", "human"])
    saved = store.import_text(source.storage.data["qwirkle.save.g"])
    assert saved.seats == ("greedy", "human") and saved.game.moves == (
        *Game.new("classic", ["a", "b"], 12).moves,
        record()["moves"][0],
    )


def test_saves_with_longer_names_still_load_and_the_limit_is_the_start_links():
    from app.links.startlink import MAX_NAME
    from app.store.save_format import parse_save
    from qwirkle.limits import MAX_NAME as ENGINE_MAX_NAME

    assert MAX_NAME == ENGINE_MAX_NAME == 40
    text = json.dumps(
        {
            "format": "qwirkle-save",
            "version": 1,
            "seats": ["human", "human"],
            "record": record(players=["N" * 90, "Bob"]),
        }
    )
    assert parse_save(text).game.options.players == ("N" * 40, "Bob")


def test_the_command_line_reviews_a_save_file_as_the_page_stores_it(store, tmp_path):
    """``python3 -m qwirkle review`` reads the page's whole save file (app.store.save_format) as its record: the
    engine's review knows nothing of that format, the command line takes the record out of it."""
    from app.store.saves import SAVE_PREFIX

    store.save("g1", record(), ["human", "hard"])
    path = tmp_path / "save.json"
    path.write_text(store.storage.get(SAVE_PREFIX + "g1"), encoding="utf-8")
    (tmp_path / "record.json").write_text(json.dumps(record()), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    reviews = [
        subprocess.run(
            [sys.executable, "-m", "qwirkle", "review", str(tmp_path / name), "--level", "none"],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
            check=True,
        ).stdout
        for name in ("save.json", "record.json")
    ]
    assert json.loads(reviews[0])["moves"] and reviews[0] == reviews[1]
