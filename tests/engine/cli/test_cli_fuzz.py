"""Fuzzing the command line in-process: whatever the arguments, batch lines or record files, ``python3 -m qwirkle``
answers with JSON or a one-line error (exit 2), never a Python traceback. Runs in ``make test``."""

import contextlib
import io
import json
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from qwirkle.cli import main

TILES = st.sampled_from(["Ro", "Rs", "Bd", "Gc", "Yx", "Pt", "Ok", "Rok", "Rsw", "Bdm", "Zz", "R", "", "Ro@", "@0,0"])
CELLS = st.sampled_from(
    ["0,0", "1,0", "0,1", "-1,0", "2,0", "999999,0", "1" * 30 + ",0", "5" * 4400 + ",1", "a,b", "0,", ",", "1,2,3"]
)
PLACEMENT = st.builds(lambda t, c: f"{t}@{c}", TILES, CELLS)
LIST = st.lists(PLACEMENT | TILES | st.text(max_size=8), max_size=10).map(" ".join)
VALUE = LIST | st.text(max_size=30) | st.sampled_from(["classic", "cubes", "flex", "-1", "0", "99999", "1e9"])
FLAGS = st.sampled_from(["--variant", "--board", "--play", "--hand", "--batch", "--level", "--budget", "--tiles"])


def quietly(argv):
    """Run the CLI; its exit status, or argparse's (usage errors exit 2 through SystemExit)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            status = main(argv)
        except SystemExit as exit_:
            return exit_.code, err.getvalue()
    return status, err.getvalue()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["score", "moves"]), pairs=st.lists(st.tuples(FLAGS, VALUE), max_size=4))
def test_fuzz_score_and_moves(command, pairs):
    argv = [command] + [item for pair in pairs for item in pair if not pair[0] == "--batch"]
    status, err = quietly(argv)
    assert status in (0, 1, 2) and "Traceback" not in err


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
LINE = st.fixed_dictionaries(
    {},
    optional={
        "variant": st.sampled_from(["classic", "cubes", "flex"]) | JSONISH,
        "board": LIST | JSONISH,
        "play": LIST | JSONISH,
        "hand": LIST | JSONISH,
    },
).map(json.dumps) | st.text(max_size=40)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command=st.sampled_from(["score", "moves"]), lines=st.lists(LINE, min_size=1, max_size=6))
def test_fuzz_batch_lines(command, lines):
    """Every non-blank line gets exactly one JSON answer, whatever it holds."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", encoding="utf-8", delete=False) as batch:
        batch.write("\n".join(line.replace("\n", " ").replace("\r", " ") for line in lines) + "\n")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main([command, "--batch", batch.name]) == 0
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    with open(batch.name, encoding="utf-8-sig") as written:
        assert len(answers) == sum(1 for line in written if line.strip())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    content=JSONISH.map(json.dumps)
    | st.text(max_size=100)
    | st.binary(max_size=100).map(lambda b: b.decode("latin-1"))
    | st.builds(lambda n, open_: open_ * n, st.integers(500, 100_000), st.sampled_from(["[", '{"a":'])),
    command=st.sampled_from(["replay", "review"]),
)
def test_fuzz_record_files(content, command):
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as file:
        file.write(content)
    status, err = quietly([command, file.name] + (["--level", "none"] if command == "review" else []))
    assert status in (0, 2) and "Traceback" not in err
