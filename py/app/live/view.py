"""The state message one seat receives, built from the engine's game: what every player may see, and that seat's rack.

What it holds is what ``Position.hidden(seat)`` shows (the board, the receiver's hand, every hand in Cubes where dice
are open (Q1), the other hands and the bag by their counts, the scores, the seat to move, the passes in a row and the
Cubes re-roll), so the phone can play on from it with ``Game.from_position`` (``phone.game_of``) and light its legal
cells and score its play itself; and the last turns as every player saw them (``Game.view``'s rule: another seat's
exchanged tiles are hidden). Never the seed, never the bag's order, never another hand while the game goes on. Once
the game is over, nothing is hidden any more: the state carries the whole record (``to_record`` plus the seats'
kinds, as the page exports it), so a phone can open the review. The state that answers a hello while the receiver
is to move also says what the engine says of that turn (``yours``), for the phone to draw it before its own engine
runs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .protocol import MAX_BYTES, Over, Player, ProtocolError, State, Turn, Yours, encode

if TYPE_CHECKING:
    from qwirkle import Game, TurnResult

RECENT = 8  # turns a state repeats: enough to show the last round of four players with their Cubes re-rolls


def state_for(game: Game, seat: int, n: int, players: Sequence[Player], seq: int = 0, with_turn: bool = False) -> State:
    """What ``seat`` may see of ``game``: state number ``n``, the seats' names and kinds, the last move number the
    table took from the seat (``seq``); ``with_turn``: with what the engine says of the seat's turn (``yours``)."""
    from qwirkle.notation import Placement, canonical
    from qwirkle.tiles import tiles_notation

    shown = game.variant.hands_open or game.is_over
    hands = tuple(tiles_notation(h) if s == seat or shown else len(h) for s, h in enumerate(game.hands))
    board = " ".join(p.notation() for p in canonical(Placement(t, c) for c, t in game.board.tiles.items()))
    history = game.history
    reason = game.end_reason
    return State(
        n,
        seat,
        game.variant.name,
        len(game.full_set),
        tuple(players),
        board,
        hands,
        game.bag_count,
        game.scores,
        game.to_move,
        game.position().passes,
        game.has_rolled,
        seq,
        len(history),
        tuple(_turn(t, seat, game.is_over) for t in history[-RECENT:]),
        None if reason is None else Over(reason, game.winners()),
        _record(game, players) if game.is_over else None,
        yours(game, seat) if with_turn else None,
    )


def yours(game: Game, seat: int) -> Yours | None:
    """What the engine says of ``seat``'s turn, None when it is not to move: its tiles that fit nowhere (as its rack
    marks them, ``placeable.unplaceable``) and the tiles the opening asks (C2).

    >>> from qwirkle import Game
    >>> game = Game.new("classic", ["Ann", "Bob"], seed=7)
    >>> mine = yours(game, game.to_move)
    >>> mine.opening == game.opening_size() and yours(game, 1 - game.to_move) is None
    True
    """
    if game.is_over or game.to_move != seat:
        return None
    from qwirkle.tiles import tiles_notation

    from ..shared.placeable import unplaceable

    hand = game.hands[seat]
    stuck = unplaceable(game, hand, ())
    return Yours(tiles_notation(tile for index, tile in enumerate(hand) if index in stuck), game.opening_size())


def _turn(turn: TurnResult, seat: int, over: bool) -> Turn:
    hidden = turn.kind == "exchange" and turn.seat != seat and not over
    qwirkles = sum(1 for line in turn.lines if line.qwirkle)
    return Turn(turn.seat, turn.kind, None if hidden else turn.move, turn.points, turn.count, qwirkles)


def _record(game: Game, players: Sequence[Player]) -> dict[str, Any] | None:
    """The finished game's record as the page exports it (``SaveStore.export_text``); None for a game set up from a
    position, which has none."""
    from qwirkle.record import to_record

    if game.options.start is not None:
        return None
    return {**to_record(game), "seats": [p.kind for p in players]}


def state_text(state: State) -> str:
    """The state's text, within ``MAX_BYTES``: the repeated turns are dropped first, then the record (a game of
    thousands of moves; the phone then has the final board and scores, and the table keeps the save)."""
    for fitted in (state, _without(state, recent=True), _without(state, recent=True, record=True)):
        try:
            return encode(fitted)
        except ProtocolError:
            continue
    raise ProtocolError("too_big", f"a state of more than {MAX_BYTES} bytes without its record")


def _without(state: State, recent: bool = False, record: bool = False) -> State:
    fields = {name: getattr(state, name) for name in State.__slots__}
    if recent:
        fields["recent"] = ()
    if record:
        fields["record"] = None
    return State(**fields)
