"""Writes the golden records: whole games whose every deal, draw and roll must replay identically forever.

A record holds the seed and the moves; replaying it deals, draws and rolls again from the seed. Each golden game
keeps, beside its record, what the replay must rebuild: the hands and the bag (in order) after every move, as one
SHA-256 over a line per move, and the final hands, bag, board and scores in plain text for a readable failure.

* ``tests/data/golden_v1.json``: record version 1 (Python's ``random.shuffle``/``randrange``). Written once by the
  engine as it was before version 2 (commit 9f55709); version-1 records must keep replaying exactly so.
* ``tests/data/golden_v2.json``: record version 2 (the engine's own algorithm over ``random()``, which Python
  promises to keep for a seed). Written once when version 2 was made.

Never regenerate a committed golden file to make a test pass: a difference means that old records no longer replay.
Run from the repository root:  python3 tests/reference/make_golden.py --version 2 [--check]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from qwirkle import Exchange, Game, Move, PlayerView, Roll  # noqa: E402
from qwirkle.ai import Player, make_player  # noqa: E402
from qwirkle.record import to_record  # noqa: E402
from qwirkle.tiles import Tile, tiles_notation  # noqa: E402

# (variant, tiles, players' computer levels, seed): rolls, exchanges, Flex backgrounds, 2 to 4 players.
GAMES = (
    ("classic", None, ("random", "greedy"), 11),
    ("classic", None, ("greedy", "random", "medium", "random"), 12),
    ("cubes", None, ("random", "greedy", "random"), 13),
    ("flex", 72, ("greedy", "random"), 14),
    ("flex", 108, ("random", "medium", "greedy"), 15),
)
MAX_MOVES = 600
SHAKE_EVERY = 3  # one turn in three, a player exchanges or re-rolls first when the rules let it


class Shaker:
    """A computer player that also exchanges (C8) or re-rolls (Q3) now and then, so that the golden games shuffle
    the bag and roll dice often; its moves depend only on its view."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name

    def choose(self, view: PlayerView) -> Move:
        if len(view.history) % SHAKE_EVERY == 0:
            if view.exchange_limit >= 2:
                return Exchange(view.hand[: min(view.exchange_limit, 3)])
            if view.can_roll:
                return Roll(view.hand[::2])
        return self.player.choose(view)


def drawing_order(game: Game) -> list[Tile]:
    """The bag as the golden files list it: the order the seed decides, the next draw last."""
    bag = game.position().bag
    assert not isinstance(bag, int)  # a game's own position shows its bag
    return list(reversed(bag))


def state_line(game: Game) -> str:
    """The hidden state a replay must rebuild after a move: every hand, and the bag in drawing order."""
    bag = drawing_order(game)
    hands = " | ".join(tiles_notation(hand) for hand in game.hands)
    return f"{hands} || {tiles_notation(bag)} || {list(game.scores)} {game.to_move}"


def fingerprint(game: Game, moves: list[str]) -> dict[str, Any]:
    """Replay ``moves`` on ``game`` (fresh from its options) and describe every state on the way."""
    digest = hashlib.sha256(state_line(game).encode())
    dealt = [tiles_notation(hand) for hand in game.hands]
    for move in moves:
        game.apply(move)
        digest.update(b"\n" + state_line(game).encode())
    return {
        "dealt": dealt,
        "states_sha256": digest.hexdigest(),
        "hands": [tiles_notation(h) for h in game.hands],
        "bag": tiles_notation(drawing_order(game)),
        "board": game.board.notation(),
        "scores": list(game.scores),
        "ended": game.end_reason,
    }


def make(variant: str, tiles: int | None, levels: tuple[str, ...], seed: int, version: int) -> dict[str, Any]:
    names = [f"{level}{seat + 1}" for seat, level in enumerate(levels)]
    game = Game.new(variant, names, seed, tiles=tiles, version=version)
    players = [Shaker(make_player(level, seed * 10 + seat)) for seat, level in enumerate(levels)]
    while not game.is_over and len(game.moves) < MAX_MOVES:
        game.apply(players[game.to_move].choose(game.view(game.to_move)))
    record = to_record(game)
    fresh = Game.new(variant, names, seed, tiles=tiles, version=version)
    return {"record": record, "expect": fingerprint(fresh, list(record["moves"]))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", type=int, choices=(1, 2), required=True)
    parser.add_argument("--check", action="store_true", help="compare with the committed file instead of writing")
    args = parser.parse_args()
    out = ROOT / "tests" / "data" / f"golden_v{args.version}.json"
    games = [make(*game, version=args.version) for game in GAMES]
    text = json.dumps({"about": __doc__.splitlines()[0], "games": games}, indent=1, ensure_ascii=False) + "\n"
    if args.check:
        same = out.read_text(encoding="utf-8") == text
        print(f"{out.name}: {'up to date' if same else 'DIFFERENT'}")
        return 0 if same else 1
    out.write_text(text, encoding="utf-8")
    print(f"wrote {out.relative_to(ROOT)}: {sum(len(g['record']['moves']) for g in games)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
