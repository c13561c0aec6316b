"""Games with friends on other devices, by turn links and with no server: the link the page shows after a move
(``outgoing``), and what a device does with a link it opens (``receive``). No DOM (tests/app/links/test_friend.py).

A friend game seats one human on this device and friends (``seats.FRIEND``) on theirs. Each device keeps its own
save of the game, under ``GAME-SEAT`` (``save_id``): GAME names the game on every device (made when it starts,
carried by every link), SEAT is the seat this device plays.

The link holds the seed, so a determined player could work out the other racks: it is a game among friends, like a
bag on the table (the new-game dialog and docs/playing.md say so).
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from ui.problems import problem_of

from ..shared import seats as seat_registry
from ..shared.notes import Note
from ..store.save_format import SavedGame
from ..store.saves import SaveStore
from .startlink import MAX_NAME, GameSpec, clean_name
from .turn_link import TurnLink, TurnLinkError, from_fragment, label, to_fragment

if TYPE_CHECKING:
    from qwirkle import Game


class Table(Protocol):
    """What ``outgoing`` reads of the game at the table (``app.play.controller.Controller``): links sit
    below play, so they name only what they need."""

    @property
    def game(self) -> Game | None: ...
    @property
    def game_id(self) -> str | None: ...
    @property
    def seats(self) -> Sequence[str]: ...
    def is_human(self, seat: int) -> bool: ...


SAVE_ID = re.compile(r"^([0-9a-f]{4,32})-([0-3])$")
OPTION_FIELDS = ("variant", "players", "seed", "ages", "tiles")


def new_game_id(now: float, rng: random.Random | None = None) -> str:
    """A game's name on every device: when it started (milliseconds in hex, so saves sort by age)
    and 16 random bits, so that two games started in the same millisecond differ."""
    rng = rng or random.SystemRandom()
    return f"{int(now * 1000):x}{rng.randrange(1 << 16):04x}"


def save_id(game: str, seat: int) -> str:
    """This device's save of ``game``, in which it plays ``seat``."""
    return f"{game}-{seat}"


def game_of(saved_id: str) -> str:
    """The game's name from a save id (a friend game saved another way, imported say, is named by its id)."""
    match = SAVE_ID.match(saved_id)
    return match.group(1) if match else saved_id


def prepare(spec: GameSpec, now: float) -> GameSpec:
    """A friend game's spec gets its save id (``GAME-SEAT``, see ``save_id``); others stay as they are."""
    if seat_registry.FRIEND not in spec.seats:
        return spec
    seat = spec.seats.index(seat_registry.HUMAN)
    return replace(spec, extra={**spec.extra, "save_id": save_id(new_game_id(now), seat)})


# -- the links this device sends ---------------------------------------------------------------
@dataclass(frozen=True)
class Outgoing:
    """A link to send: the seat it is for, their name, its fragment (``turn=...``), whether the game is over."""

    seat: int
    name: str
    fragment: str
    final: bool


def outgoing(c: Table) -> list[Outgoing]:
    """The links to send now, each the whole record addressed to a friend's seat: to the friend to move (after the
    local player moves, or when a friend starts), or, when this device's player ended the game, to every friend.
    None while it is this device's turn."""
    game = c.game
    if game is None or c.game_id is None or seat_registry.FRIEND not in c.seats:
        return []
    friends = [seat for seat, kind in enumerate(c.seats) if kind == seat_registry.FRIEND]
    if game.is_over:
        last = game.history[-1] if game.history else None
        seats = friends if last is not None and c.is_human(last.seat) else []
    else:
        seats = [game.to_move] if game.to_move in friends else []
    if not seats:
        return []
    from qwirkle.record import to_record

    record = to_record(game)
    name = game_of(c.game_id)
    return [
        Outgoing(seat, game.options.players[seat], to_fragment(TurnLink(name, seat, record)), game.is_over)
        for seat in seats
    ]


# -- the links this device opens ---------------------------------------------------------------
@dataclass(frozen=True)
class Received:
    """What opening a link did: the game to show (None: what is on stays on) and what to say."""

    saved: SavedGame | None
    note: Note


class Refused(ValueError):
    """A link this device does not open; ``note`` gives the reason in the player's words."""

    def __init__(self, key: str, link: str, error: dict[str, Any] | None = None, **values: Any) -> None:
        super().__init__(key)
        self.note = Note(key, {"link": link, **values}, error=error, level="error")


def receive(store: SaveStore, fragment: str) -> Received:
    """Open a turn link: check it, then save and show its game from the seat it is for.

    The engine replays and checks every move of the link (``qwirkle.record``), those this device has already checked
    excepted (a link that continues the game here replays only its new moves, onto the saved game); then the link
    must follow the game this device has: the same game, the same moves so far, no move made for this device's seat
    elsewhere. A newer link updates the save; the same or an older one changes nothing and says so (links never roll
    a game back); a link of another game touches no other save; anything wrong is refused with the reason (the rule
    broken, the move number) and nothing local changes."""
    try:
        return _receive(store, fragment)
    except Refused as refused:
        return Received(None, refused.note)


def _receive(store: SaveStore, fragment: str) -> Received:
    link_name = label(fragment)
    try:
        link = from_fragment(fragment)
    except TurnLinkError as error:
        raise Refused("link_unreadable", link_name, problem=problem_of(error)) from None
    local = _local(store, link.game, link.to)
    mine = local.game.moves if local is not None else ()
    game = replay(link, link_name, local.game if local is not None else None)
    players = game.options.players
    to = link.to
    if to >= len(players):
        problem = {"reason": "turn_seat", "details": {"seat": to + 1, "players": len(players)}}
        raise Refused("link_bad_record", link_name, problem=problem)
    if any(clean_name(name) != name or not name for name in players):
        raise Refused("link_bad_record", link_name, problem={"reason": "turn_names", "details": {"limit": MAX_NAME}})
    if not game.is_over and game.to_move != to:
        raise Refused("link_wrong_seat", link_name, name=players[to], turn=players[game.to_move])
    if local is None:
        other = _other_seat(store, link.game, to, len(players))
        if other is not None:
            note = Note(
                "link_for_other",
                {"name": players[to], "you": players[other.seats.index(seat_registry.HUMAN)]},
                level="warn",
            )
            return Received(other, note)
        seats = tuple(seat_registry.HUMAN if seat == to else seat_registry.FRIEND for seat in range(len(players)))
        return _keep(store, save_id(link.game, to), game, seats, None, {})
    return _follow(store, local, mine, game, to, link_name)


def replay(link: TurnLink, link_name: str, known: Game | None = None) -> Game:
    """The link's game, every move replayed and checked by the engine; ``Refused`` names the first bad move.

    ``known`` is this device's game, every move of it checked when it came: when the link's game starts with it (the
    same options, the same moves), only the moves after it are replayed, onto ``known`` itself. Any other link is
    replayed whole, so it is refused exactly as on a device that never saw the game."""
    from qwirkle.errors import IllegalMoveError, RecordError
    from qwirkle.record import extend_record, from_record

    try:
        extended = extend_record(known, link.record) if known is not None else None
        return extended if extended is not None else from_record(link.record)
    except RecordError as error:
        if error.move_index is None:
            raise Refused("link_bad_record", link_name, problem=problem_of(error)) from None
        n, move = error.move_index + 1, str(link.record["moves"][error.move_index])
        cause = error.__cause__
        if isinstance(cause, IllegalMoveError):
            raise Refused("link_bad_move", link_name, error=cause.to_json(), n=n, move=move) from None
        problem = problem_of(cause) if cause is not None else problem_of(error)
        raise Refused("link_bad_notation", link_name, n=n, move=move, problem=problem) from None


def _local(store: SaveStore, game: str, seat: int) -> SavedGame | None:
    """This device's save of ``game`` in which it plays ``seat`` (an imported one is named by its id)."""
    for candidate in (save_id(game, seat), game):
        if store.exists(candidate):
            saved = store.load(candidate)
            if saved is not None and _plays(saved, seat):
                return saved
    return None


def _other_seat(store: SaveStore, game: str, seat: int, players: int) -> SavedGame | None:
    """This device's save of ``game`` in which it plays another seat than ``seat``."""
    candidates = [save_id(game, other) for other in range(players) if other != seat] + [game]
    for candidate in candidates:
        if store.exists(candidate):
            saved = store.load(candidate)
            if saved is not None and seat_registry.FRIEND in saved.seats and not _plays(saved, seat):
                return saved
    return None


def _plays(saved: SavedGame, seat: int) -> bool:
    return seat < len(saved.seats) and saved.seats[seat] == seat_registry.HUMAN and seat_registry.FRIEND in saved.seats


def _follow(store: SaveStore, local: SavedGame, mine: tuple[str, ...], game: Game, to: int, link_name: str) -> Received:
    """A link of a game this device has (its moves ``mine`` when the link came): newer updates it, older or the same
    leaves it as it is."""
    differ = [name for name in OPTION_FIELDS if getattr(local.game.options, name) != getattr(game.options, name)]
    if differ:
        raise Refused("link_other_game", link_name, fields=", ".join(differ))
    theirs = game.moves
    for index, (here, there) in enumerate(zip(mine, theirs, strict=False)):
        if here != there:
            raise Refused("link_diverges", link_name, n=index + 1, theirs=there, mine=here)
    if len(theirs) < len(mine):
        return Received(local, Note("link_stale", {"mine": len(mine), "theirs": len(theirs)}, level="warn"))
    if len(theirs) == len(mine):
        return Received(local, Note("link_same", {"n": len(mine)}))
    for index in range(len(mine), len(theirs)):
        if game.history[index].seat == to:
            raise Refused("link_forged", link_name, n=index + 1, name=game.options.players[to])
    return _keep(store, local.id, game, local.seats, local.created, local.app, local.pace)


def _keep(
    store: SaveStore,
    saved_id: str,
    game: Game,
    seats: tuple[str, ...],
    created: float | None,
    app: dict[str, Any],
    pace: int = 1,
) -> Received:
    """Save the link's game on this device and say what came."""
    from qwirkle.record import to_record

    record = to_record(game)
    seat = seats.index(seat_registry.HUMAN)
    moves = len(game.moves)
    if game.is_over:
        note = Note("link_opened_over", count=moves)
    else:
        note = Note("link_opened", {"name": game.options.players[seat]}, count=moves)
    revision = 0
    try:
        revision = store.save(saved_id, record, seats, pace, created, app=app or None, over=game.is_over)
        if game.is_over:  # counted here as on the device that made the last move
            from ..store.stats import record_game

            record_game(store, saved_id, game, seats)
    except Exception as error:  # noqa: BLE001 - a full store: the game is still shown
        note = Note("storage_failed", {"error": str(error)}, level="warn")
    now = store.clock()
    return Received(SavedGame(saved_id, seats, pace, created or now, now, record, game, dict(app), revision), note)
