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
