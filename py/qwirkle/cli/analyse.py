"""``python3 -m qwirkle analyse``: the analysis board from the command line (see ``qwirkle.study.analysis``).

``--variant V --board B --hand H`` checks the set-up board (refused naming the rule, exit 1) and prints every legal
play of the hand ranked best first with its lines; ``--play P`` instead scores one play line by line. Tiles and
placements may be joined with ``+`` as in the page's link (``?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs``).
"""

from __future__ import annotations

import argparse
import json
from typing import Any


def _cmd_analyse(args: argparse.Namespace) -> int:
    from ..errors import IllegalMoveError
    from ..study.analysis import parse_board, parse_hand, rank, score_lines

    try:
        variant, board = parse_board(args.variant, args.board)
        if args.play is not None:
            print(json.dumps({"legal": True, **score_lines(variant, board, args.play).to_json()}))
            return 0
        hand = parse_hand(variant, args.hand or "")
        print(json.dumps({"plays": [play.to_json() for play in rank(variant, board, hand)]}))
    except IllegalMoveError as error:
        print(json.dumps({"legal": False, **error.to_json()}))
        return 1
    return 0


def add(commands: Any, variants: list[str]) -> None:
    """Register the ``analyse`` command on the CLI's subparsers."""
    analyse = commands.add_parser("analyse", help="check a set-up board; rank every play of a hand with its lines")
    analyse.add_argument("--variant", choices=variants, default="classic")
    analyse.add_argument("--board", default="", help="placements, space- or +-separated, e.g. 'Ro@0,0+Rs@1,0'")
    analyse.add_argument("--hand", help="the rack, e.g. 'Bo+Bs'")
    analyse.add_argument("--play", help="score this play line by line instead, e.g. 'Rd@2,0'")
    analyse.set_defaults(run=_cmd_analyse)
