"""``python3 -m qwirkle endgame``: the exact end game of a two-player classic or Flex position, bag empty.

``--variant {classic,flex} --board B --hand H --other O``: the player on move holds H, the opponent O (every tile is
known once the bag is empty). Prints one JSON object: ``best`` (a play in notation, or ``pass``), ``margin`` (the
mover's points minus the opponent's from here to the end, both perfect, the +6 for going out included), ``line`` (the
perfect continuation, plays and passes in notation), ``exact`` (the margin is proven), ``nodes`` and ``seconds``.
``--seconds S`` caps the search (then ``exact`` may be false and the answer is the best found). The board and the
hands are checked as ``score`` checks its board (exit 2 with ``error: ...`` on stderr); the solver is
``qwirkle.ai.solver``.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from ..movegen import ScoredPlay

VARIANTS = ("classic", "flex")  # two players, tiles not dice: the rule sets where the bag empty means all is known


def move_notation(play: ScoredPlay | None) -> str:
    """A play of the line in notation, ``pass`` for None."""
    return "pass" if play is None else play.notation()


def endgame_one(
    variant_name: str, board_text: str, hand_text: str, other_text: str, seconds: float | None = None
) -> dict[str, Any]:
    """The JSON answer of ``endgame``; InputError, NotationError or LimitError for bad input."""
    from ..ai.solver import solve
    from ..game import HAND_SIZE
    from ..limits import check_count, check_tiles
    from ..tiles import parse_tiles
    from ..variants import find_variant
    from .inputs import InputError, check_set
    from .inputs import board as parse_board

    if variant_name not in VARIANTS:
        raise InputError(f"variant: the end-game solver plays {' or '.join(VARIANTS)}")
    variant = find_variant(variant_name)
    board = parse_board(variant, board_text)
    hands = []
    for field, text in (("hand", hand_text), ("other", other_text)):
        check_count(text, field, HAND_SIZE)
        tiles = parse_tiles(text)
        if not tiles:
            raise InputError(
                f"{field}: empty; give the tiles in hand, e.g. 'Ro Rs Bd' (a game with an empty hand is over)"
            )
        check_set(variant, tiles, field)
        hands.append(tiles)
    check_tiles(variant, [*board.tiles.values(), *hands[0], *hands[1]], "tiles")
    if seconds is not None and not seconds > 0:
        raise InputError("--seconds: give a positive number of seconds")
    start = time.perf_counter()
    solution = solve(board, variant, hands[0], hands[1], seconds=seconds)
    return {
        "best": move_notation(solution.best),
        "margin": solution.margin,
        "line": [move_notation(play) for play in solution.line],
        "exact": solution.exact,
        "nodes": solution.nodes,
        "seconds": round(time.perf_counter() - start, 3),
    }


def _cmd_endgame(args: argparse.Namespace) -> int:
    print(json.dumps(endgame_one(args.variant, args.board, args.hand, args.other, args.seconds)))
    return 0


def add(commands: Any) -> None:
    """Register the ``endgame`` command on the CLI's subparsers."""
    endgame = commands.add_parser("endgame", help="solve a two-player end game exactly (bag empty, all tiles known)")
    endgame.add_argument("--variant", choices=VARIANTS, default="classic")
    endgame.add_argument("--board", default="", help="placements on the board, e.g. 'Ro@0,0 Rs@1,0'")
    endgame.add_argument("--hand", required=True, help="the tiles of the player on move, e.g. 'Ro Rs Bd'")
    endgame.add_argument("--other", required=True, help="the opponent's tiles")
    endgame.add_argument("--seconds", type=float, help="stop after this long (the answer may then not be exact)")
    endgame.set_defaults(run=_cmd_endgame)
