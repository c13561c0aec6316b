"""The analysis board without the DOM: a position being set up, a rack, and what the engine says of them.

Every change goes through the engine (``qwirkle.study.analysis``): a tile that would break a rule is refused
with its rule id and the board stays as it was; a link that does not read is refused whole, naming the field::

    >>> state = AnalysisState.from_query("?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs")
    >>> [(p.play, p.points) for p in state.plays()][:2]
    [('Bo@0,-1 Bs@1,-1', 6), ('Bo@0,1 Bs@1,1', 6)]
    >>> state.tap_cell((5, 5), Tile.from_notation("Gd"))   # touches nothing
    'C5'
    >>> state.link()
    '?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs

from qwirkle.board import Board
from qwirkle.errors import IllegalMoveError, NotationError
from qwirkle.game import HAND_SIZE
from qwirkle.notation import Cell
from qwirkle.position import Position
from qwirkle.study import analysis
from qwirkle.tiles import Tile
from qwirkle.variants import Variant, find_variant

if TYPE_CHECKING:
    from qwirkle.study.analysis import RankedPlay
    from ui.words import Translator

VARIANTS = ("classic", "cubes", "flex")


class AnalysisLinkError(ValueError):
    """An ``?analyse`` link that does not read: ``field`` is the parameter at fault, the message says why; the
    engine's error is the ``__cause__`` (``ui.problems`` says it in the player's words), else ``reason`` and
    ``details`` say what is wrong."""

    def __init__(self, field: str, message: str, reason: str = "", **details: Any) -> None:
        super().__init__(f"{field}: {message}")
        self.field, self.reason, self.details = field, reason, details

    def words(self, tr: Translator) -> str:
        """What the page says of the link: the part at fault, and why, in the player's language."""
        part = tr.t({"board": "board_label", "hand": "analysis_rack"}.get(self.field, "analysis_variant"))
        return tr.t("analysis_bad_link", field=part, error=tr.problem(self))


class AnalysisState:
    """The position (``variant``, ``board``), the rack (``hand``), the play chosen in the ranked list and the
    play checked by hand. ``refusal``: the engine's last refusal (an ``IllegalMoveError``, or the ``NotationError``
    or ``LimitError`` of a play typed that does not read), until the next change."""

    def __init__(self, variant: Variant, board: Board | None = None, hand: list[Tile] | None = None) -> None:
        self.variant = variant
        self.board = board if board is not None else Board({})
        self.hand: list[Tile] = list(hand or [])
        self.chosen: int | None = None
        self.checked: RankedPlay | None = None
        self.refusal: ValueError | None = None
        self._ranked: list[RankedPlay] | None = None

    @classmethod
    def empty(cls) -> AnalysisState:
        return cls(find_variant("classic"))

    @classmethod
    def of_table(cls, table: Any) -> AnalysisState:
        """The game at the table (``play.controller.Controller``): its board, and the rack of the player to move
        when this device may see it (their turn, hands open in Cubes); never a hidden rack."""
        game = table.current
        seat = game.to_move
        shown = not game.is_over and table.is_human(seat) and not table.needs_handover
        return cls.of_position(game.position().hidden(seat), seat if shown else None)

    @classmethod
    def of_position(cls, position: Position, seat: int | None = None) -> AnalysisState:
        """A position's board, with the hand of ``seat`` on the rack (an empty rack for None or a hand not shown).

        >>> state = AnalysisState.of_position(Position.parse("classic board=Ro@0,0 hands=Rs+Bo/2"), 0)
        >>> state.link()
        '?analyse&variant=classic&board=Ro@0,0&hand=Rs+Bo'
        """
        hand = position.hands[seat] if seat is not None else ()
        board = Board.from_placements(position.board)
        return cls(find_variant(position.variant), board, [] if isinstance(hand, int) else list(hand))

    # -- links ---------------------------------------------------------------------------------------------------
    @classmethod
    def from_query(cls, query: str) -> AnalysisState:
        """The position of an ``?analyse`` link (``board`` and ``hand`` joined with ``+``; both optional)."""
        values = parse_qs(query.lstrip("?"), keep_blank_values=True)
        name = (values.get("variant") or ["classic"])[0]
        if name not in VARIANTS:
            raise AnalysisLinkError(
                "variant",
                f"{name!r} is not one of {', '.join(VARIANTS)}",
                "analysis_variant",
                got=name[:40],
                choices=list(VARIANTS),
            )
        board_text = (values.get("board") or [""])[0]
        hand_text = (values.get("hand") or [""])[0]
        try:
            variant, board = (
                analysis.parse_board(name, board_text) if board_text.strip() else (find_variant(name), Board({}))
            )
        except (IllegalMoveError, NotationError, ValueError) as error:
            raise AnalysisLinkError("board", str(error)) from error
        try:
            hand = analysis.parse_hand(variant, hand_text) if hand_text.strip() else []
        except (IllegalMoveError, NotationError, ValueError) as error:
            raise AnalysisLinkError("hand", str(error)) from error
        return cls(variant, board, hand)

    def link(self) -> str:
        """The link that opens this position again."""
        board = "+".join(
            f"{tile.notation()}@{x},{y}"
            for (x, y), tile in sorted(self.board.tiles.items(), key=lambda item: item[0][::-1])
        )
        hand = "+".join(tile.notation() for tile in self.hand)
        return f"?analyse&variant={self.variant.name}&board={board}&hand={hand}"

    # -- setting the position up ---------------------------------------------------------------------------------
    def palette(self) -> list[Tile]:
        """Every distinct tile (or die face) of the rule set, in the set's order."""
        seen: dict[str, Tile] = {}
        for tile in self.variant.tile_set(self.variant.default_tiles):
            seen.setdefault(tile.notation(), tile)
        return list(seen.values())

    def tap_cell(self, cell: Cell, tile: Tile | None) -> str | None:
        """Put ``tile`` on an empty cell, or take the tile off a taken one; the rule id of a refusal, else None."""
        try:
            if cell in self.board:
                self._changed(analysis.remove(self.variant, self.board, cell))
            elif tile is not None:
                self._changed(analysis.place(self.variant, self.board, tile, cell))
            return None
        except IllegalMoveError as error:
            self.refusal = error
            return error.rule

    def add_to_hand(self, tile: Tile) -> bool:
        """A tile for the rack (at most six, C4's hand)."""
        if len(self.hand) >= HAND_SIZE:
            return False
        self.hand.append(tile)
        self._changed(self.board)
        return True

    def take_from_hand(self, index: int) -> None:
        if 0 <= index < len(self.hand):
            self.hand.pop(index)
            self._changed(self.board)

    def clear(self, board: bool = True) -> None:
        self._changed(Board({}) if board else self.board)
        if not board:
            self.hand.clear()

    def _changed(self, board: Board) -> None:
        self.board, self._ranked, self.chosen, self.checked, self.refusal = board, None, None, None, None

    # -- what the engine says ------------------------------------------------------------------------------------
    def plays(self) -> list[RankedPlay]:
        """Every legal play of the rack, best first (computed once per position)."""
        if self._ranked is None:
            self._ranked = analysis.rank(self.variant, self.board, self.hand) if self.hand else []
        return self._ranked

    def choose(self, index: int | None) -> None:
        self.chosen = index if index is not None and 0 <= index < len(self.plays()) else None
        self.checked = None

    def check(self, text: str) -> str | None:
        """Score a play entered by hand, line by line; the rule id (or ``notation``) of a refusal, else None."""
        self.chosen = None
        try:
            self.checked, self.refusal = analysis.score_lines(self.variant, self.board, text), None
            return None
        except IllegalMoveError as error:
            self.checked, self.refusal = None, error
            return error.rule
        except (NotationError, ValueError) as error:
            self.checked, self.refusal = None, error
            return "notation"

    def surroundings(self, play: RankedPlay) -> dict[Cell, tuple[Tile, bool]]:
        """Where a play goes, as a player sees it: its tiles (``True``) and the board's tiles (``False``) in the
        play's box and one cell around it, by cell counted from that box's top left corner. Two plays of the same
        tiles differ here by the tiles they touch and on which side::

            >>> state = AnalysisState.from_query("?analyse&variant=classic&board=Ro@0,0+Rs@1,0&hand=Bo+Bs")
            >>> around = state.surroundings(state.plays()[0])
            >>> sorted((cell, tile.notation(), new) for cell, (tile, new) in around.items())
            [((1, 1), 'Bo', True), ((1, 2), 'Ro', False), ((2, 1), 'Bs', True), ((2, 2), 'Rs', False)]
        """
        from qwirkle.notation import parse_placements

        placed = {p.cell: p.tile for p in parse_placements(play.play)}
        xs, ys = [x for x, _ in placed], [y for _, y in placed]
        left, top = min(xs) - 1, min(ys) - 1
        seen = {
            (x - left, y - top): (tile, False)
            for (x, y), tile in self.board.tiles.items()
            if left <= x <= max(xs) + 1 and top <= y <= max(ys) + 1
        }
        return seen | {(x - left, y - top): (tile, True) for (x, y), tile in placed.items()}

    def shown_play(self) -> RankedPlay | None:
        """The play drawn on the board: the one chosen in the list, or the one checked."""
        if self.chosen is not None:
            return self.plays()[self.chosen]
        return self.checked
