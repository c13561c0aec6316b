"""The engine's errors keep their fields wherever they go."""

import pickle

import pytest

from qwirkle.errors import IllegalMoveError, NotationError, RecordError
from qwirkle.limits import LimitError


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError("C5", "a line holds one tile of each kind", [(1, 2)], "duplicate", {"line": "row"}),
        NotationError("tile", "Zz", "no such color"),
        RecordError("move 4: not a move", 3),
        LimitError("board", "extent", "tiles lie too far apart", limit=3, got=9),
    ],
)
def test_the_engines_errors_pickle_whole(error):
    """A tournament's worker process sends its error back pickled: every field arrives (the default pickling called
    ``__init__`` with the message alone, which failed, and the process pool then waited forever)."""
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.args, copy.__dict__) == (type(error), str(error), error.args, error.__dict__)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Zz@0,0", "tile_format"),
        ("Ro@a,0", "cell_format"),
        ("Ro@1234567,0", "cell_digits"),
        ("Ro", "placement_format"),
        ("", "move_empty"),
        ("pass now", "pass_extra"),
        ("swap", "move_no_tiles"),
    ],
)
def test_notation_errors_carry_a_reason_for_the_ui(text, reason):
    """The UI translates an unreadable move by its reason and details, never by the English message."""
    from qwirkle.errors import NOTATION_REASONS
    from qwirkle.notation import parse_move

    with pytest.raises(NotationError) as info:
        parse_move(text)
    assert info.value.reason == reason and reason in NOTATION_REASONS
    assert NotationError(**{k: v for k, v in info.value.to_json().items()}).to_json() == info.value.to_json()
