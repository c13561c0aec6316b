"""Writes tests/data/positions.jsonl: perft-like positions for the move generator.

Each line is one position: a board reached by random legal plays from an empty
board (tests/reference/randpos.py, seeded), the next player's hand, and what the
naive reference finds for it: the number of distinct legal plays (``count``), the
best points (``max_points``) and how many plays reach them (``max_count``).

Sets: classic (108 tiles), cubes (90 dice; looks like classic), flex72 (black and
white backgrounds) and flex108 (with two-tone). Empty boards are included: there
the count follows C2 (only the hand's largest combination, at 0,0 right or down).
Two hand-made positions close the file: the end of the classic example game with a
hand full of identical copies, and the Flex example game's board where a black
tile at 4,-5 would break F5.

Run from the repository root:  python3 tests/reference/make_positions.py
(``--check`` verifies the committed file instead of writing it).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import naive
import randpos
from generated import write_or_check

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "positions.jsonl"
SEED_EXAMPLES = ROOT / "tests" / "data" / "seed_examples.json"

# Plays made before the position, per tile set (0 = empty board: an opening).
PLAN = {
    "classic": [0, 0, 2, 4, 6, 9, 12, 16, 22, 30],
    "cubes": [0, 0, 2, 4, 6, 9, 12, 16, 22, 30],
    "flex72": [0, 2, 4, 6, 9, 12, 16, 22, 30, "diagonal"],
    "flex108": [0, 2, 4, 6, 9, 12, 16, 22, 30, "diagonal"],
}


def summary(board, hand, variant):
    plays = naive.legal_plays(board, hand, variant)
    best = plays[0]["points"] if plays else None
    return {"count": len(plays), "max_points": best, "max_count": sum(1 for p in plays if p["points"] == best)}


def record(name, tile_set, variant, board, hand, seed, note=None):
    entry = {
        "id": name,
        "set": tile_set,
        "variant": variant,
        "board": randpos.board_text(board),
        "hand": randpos.hand_text(hand),
        "tiles_on_board": len(board),
    }
    entry.update(summary(board, hand, variant))
    entry["seed"] = seed
    if note:
        entry["note"] = note
    return entry


def seed_board(example_id):
    example = next(
        e for e in json.loads(SEED_EXAMPLES.read_text(encoding="utf-8"))["examples"] if e["id"] == example_id
    )
    last = [t for t in example["turns"] if t["legal"]][-1]
    variant = example["variant"]
    board = naive.parse_board(last["board"], variant)
    board.update(dict(naive.parse_placements(last["play"], variant)))
    return board, variant


def build():
    out = []
    for tile_set, plan in PLAN.items():
        for index, plays in enumerate(plan):
            seed = f"positions/{tile_set}/{index}"
            rng = random.Random(seed)
            if plays == "diagonal":
                board, hand, variant = randpos.build_position(
                    tile_set, rng, 25, greedy=0.95, prefer=randpos.diagonal_points
                )
                note = "grown for long same-background diagonals"
            else:
                board, hand, variant = randpos.build_position(tile_set, rng, plays)
                note = "empty board: C2 opening" if not board else None
            out.append(record(f"{tile_set}-{index:02d}", tile_set, variant, board, hand, seed, note))

    board, variant = seed_board("classic-example-game")
    out.append(
        record(
            "classic-seed-game-end",
            "classic",
            variant,
            board,
            naive.parse_hand("Ro Ro Rs Bs Bs Yt"),
            None,
            "board after turn 11 of the classic example game; identical copies in hand",
        )
    )
    board, variant = seed_board("flex-example-game")
    out.append(
        record(
            "flex108-seed-game-end",
            "flex108",
            variant,
            board,
            naive.parse_hand("Ook Oow Oom Pck Ydw Gsm", "flex"),
            None,
            "board after turn 7 of the Flex example game; Ook@4,-5 would break F5",
        )
    )
    return out


def main(argv):
    text = "".join(json.dumps(entry, ensure_ascii=False) + "\n" for entry in build())
    return write_or_check(OUT, text, argv, Path(__file__).name, f"{text.count(chr(10))} positions")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
