"""Save and load: JSON records with a version, validated by replay."""
import json

import pytest

from qwirkle import Game, RecordError, dumps, loads
from qwirkle.ai import make_player


def played(variant="classic", turns=6, **options):
    game = Game.new(variant, ["Ann", "Bob"], seed=21, **options)
    bot = make_player("greedy", 1)
    for _ in range(turns):
        game.apply(bot.choose(game.view(game.to_move)))
    return game


@pytest.mark.parametrize("variant,options", [("classic", {}), ("cubes", {}), ("flex", {"tiles": 72}),
                                             ("flex", {}), ("classic", {"ages": [40, None]})])
def test_round_trip(variant, options):
    game = played(variant, **options)
    copy = loads(dumps(game))
    assert copy.board == game.board and copy.hands == game.hands and copy.scores == game.scores
    assert copy.moves == game.moves and copy.options == game.options


def test_record_shape():
    record = json.loads(dumps(played()))
    assert record["format"] == "qwirkle-game" and record["version"] == 1
    assert record["variant"] == "classic" and record["players"] == ["Ann", "Bob"] and record["seed"] == 21
    assert len(record["moves"]) == 6


def test_unknown_version_is_a_clear_error():
    record = json.loads(dumps(played()))
    record["version"] = 99
    with pytest.raises(RecordError, match="version"):
        loads(json.dumps(record))
    record["format"] = "chess"
    with pytest.raises(RecordError, match="format"):
        loads(json.dumps(record))


def test_first_bad_move_is_reported():
    record = json.loads(dumps(played()))
    record["moves"][3] = "Ro@100,100"
    with pytest.raises(RecordError) as error:
        loads(json.dumps(record))
    assert error.value.move_index == 3 and "move 4" in str(error.value)


@pytest.mark.parametrize("text", ["", "[]", "{", '{"format": "qwirkle-game", "version": 1}',
                                  '{"format": "qwirkle-game", "version": 1, "variant": "go", "players": ["a","b"],'
                                  ' "seed": 1, "moves": []}'])
def test_corrupt_records(text):
    with pytest.raises(RecordError):
        loads(text)
