"""Loading a game record: replay time and peak memory for records of 100, 1,000 and 8,000 moves.

A record is replayed move by move when a save is opened, imported or reviewed, so its cost must grow linearly with
its moves. The records are legal classic games stretched the only way the rules allow: after the opening, the
players exchange two tiles turn after turn (C8 lets them while the bag holds tiles), then the greedy player makes
the last 30 moves (plays: boards, scoring, drawing). 8,000 moves is about 110 KB of JSON.

Run: make bench B=replay ARGS="[--moves 100,1000,8000] [--repeat 3]"

Prints one line per size: the record's moves and bytes, the best load time of ``qwirkle.record.loads`` and its
peak memory under ``tracemalloc`` (measured in a separate run: tracing slows Python down).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

from qwirkle import Exchange, Game
from qwirkle.ai import make_player
from qwirkle.record import dumps, loads

PLAYED = 30  # the last moves are plays


def long_record(moves: int, seed: int = 1) -> str:
    """A legal classic record of ``moves`` moves (fewer only if the game ends first)."""
    game = Game.new("classic", ["Ann", "Bob"], seed)
    greedy = make_player("greedy", seed)
    game.apply(greedy.choose(game.view(game.to_move)))  # the opening (C2): no exchange before it
    while len(game.moves) < moves - PLAYED and game.exchange_limit() >= 2:
        game.apply(Exchange(game.hands[game.to_move][:2]))
    while not game.is_over and len(game.moves) < moves:
        game.apply(greedy.choose(game.view(game.to_move)))
    return dumps(game)


def measure(text: str, repeat: int) -> tuple[float, float]:
    """(best seconds of ``repeat`` loads, peak MiB) to load ``text``; the best time is the one least disturbed by
    other work on the machine."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        loads(text)
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    loads(text)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return min(times), peak / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", default="100,1000,8000", help="comma-separated record sizes")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for size in (int(n) for n in args.moves.split(",")):
        text = long_record(size)
        seconds, peak = measure(text, args.repeat)
        moves = len(loads(text).moves)
        rows.append((moves, seconds, peak))
        print(
            f"{moves:>6} moves  {len(text.encode()) / 1024:7.1f} KB  load {seconds * 1000:8.1f} ms"
            f"  ({seconds / moves * 1e6:6.1f} us/move)  peak {peak:7.2f} MiB  ({peak * 1024 / moves:6.2f} KiB/move)",
            flush=True,
        )
    if len(rows) > 1:
        (m0, t0, p0), (m1, t1, p1) = rows[0], rows[-1]
        print(f"growth {m0} -> {m1} moves (x{m1 / m0:.0f}): time x{t1 / t0:.1f}, memory x{p1 / p0:.1f}")


if __name__ == "__main__":
    main()
