"""Texts of the game screen as plain data (no DOM), so they are tested under CPython: the players'
names and scores, the status line, the bag, the preview of the pending play, the move log, the opening
explanation and the notes. The end-of-game summary is ``summary.py``."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ui.problems import is_problem
from ui.values import Value
from ui.words import DEFAULT_LANGUAGE, LANGUAGES, Translator

from ..shared import seats as seat_registry
from ..shared.notes import EXCHANGE, ROLL, Note
from ..shared.seats import FRIEND

if TYPE_CHECKING:
    from qwirkle.tiles import Tile

    from .controller import Controller

# What the status line says (its ``data-status``): the game is over, a computer thinks, the
# device must change hands, a human plays, or waits for another human's move.
OVER, THINKING, HANDOVER, WAITING, PLAYING = "over", "thinking", "handover", "waiting", "play"


@lru_cache(maxsize=32)
def _defaults(seats: tuple[str, ...], lang: str, numbered: bool = False) -> tuple[str, ...]:
    from ..links.startlink import default_names

    return default_names(seats, lang, numbered)


def seat_kinds(c: Controller) -> tuple[str, ...]:
    """Who sits in each seat, as the players know it: on a phone at a live table, the table's kinds (a person at the
    table, a computer, a phone; the phone itself plays its own seat only), else the game's seats."""
    return c.live.kinds or tuple(c.seats)


def _may_be_default(name: str, seat: int, kind: str) -> bool:
    """Whether ``name`` may be another language's default name for this seat: a computer's may (its level's name), a
    person's only with its seat's number in it, as every language numbers them ("Player 2", "Joueur 2";
    tests/ui/test_catalogs.py). Typed names ("Ann") then cost no catalog.

    >>> _may_be_default("Ann", 0, "human"), _may_be_default("Speler 1", 0, "human"), _may_be_default("Zoé", 1, "hard")
    (False, True, True)
    """
    return seat_registry.is_computer(kind) or str(seat + 1) in name


def player_names(c: Controller, tr: Translator) -> tuple[str, ...]:
    """The names as shown: a default name ("Player 1", "Joueur 1", "Hard", or "Hard 2" as older games have it)
    follows the language; a name someone typed is kept as typed."""
    assert c.game is not None
    names = c.game.options.players
    seats = seat_kinds(c)
    if c.puzzle:
        return tuple(tr.t("puzzle_you" if c.is_human(seat) else "puzzle_opponent") for seat in range(len(names)))
    if len(seats) != len(names):
        return tuple(names)
    shown = _defaults(seats, tr.lang)
    if all(name == shown[i] for i, name in enumerate(names)):
        return shown
    if not any(name != shown[i] and _may_be_default(name, i, seats[i]) for i, name in enumerate(names)):
        return tuple(names)
    # the other languages' defaults, read only when needed: each is a catalog to load (5-12 ms each in the page)
    langs = (DEFAULT_LANGUAGE, *LANGUAGES)
    known = [_defaults(seats, lang, numbered) for lang in langs for numbered in (False, True)]
    return tuple(shown[i] if any(name == d[i] for d in known) else name for i, name in enumerate(names))


class ScoreRow(Value):
    """A player's row of the scores: ``level`` is " (Hard)" beside a computer's name, "" for a person."""

    __slots__ = ("seat", "name", "level", "score", "turn", "winner")

    def __init__(self, seat: int, name: str, level: str, score: int, turn: bool, winner: bool) -> None:
        self.seat, self.name, self.level, self.score, self.turn, self.winner = seat, name, level, score, turn, winner


def score_rows(c: Controller, tr: Translator) -> list[ScoreRow]:
    """The scores as the HUD draws them (``regions.hud``; and the glance before Python, ``regions.glance``)."""
    game = c.current
    names = player_names(c, tr)
    kinds = seat_kinds(c)
    winners = set(game.winners()) if game.is_over else set()
    rows = []
    for seat, name in enumerate(names):
        kind = kinds[seat]
        level = seat_registry.seat_label(kind, tr)
        computer = kind not in (seat_registry.HUMAN, seat_registry.PUZZLE) and not name.startswith(level)
        turn = seat == game.to_move and not game.is_over and not (c.puzzle and not c.human_to_move)
        rows.append(ScoreRow(seat, name, f" ({level})" if computer else "", game.scores[seat], turn, seat in winners))
    return rows


def tiles_of(note: Note | None) -> list[Tile]:
    """The tiles a note speaks of, drawn beside its words."""
    if note is None:
        return []
    return [value for value in note.values.values() if hasattr(value, "color") and hasattr(value, "shape")]


def note_text(note: Note | None, tr: Translator) -> str:
    """A controller note in the player's language (refusals cite their rule id; a note with its own
    text gets the refusal as ``{why}``)."""
    if note is None:
        return ""
    if note.error is not None and note.key == "error":
        return tr.explain(note.error)
    values = dict(note.values)
    if note.error is not None:
        values["why"] = tr.explain(note.error)
    if note.key.startswith("hint_") and isinstance(values.get("level"), str):
        from ..shared.seats import display_name

        values["level"] = display_name(values["level"], tr)
    for key, value in list(values.items()):
        if hasattr(value, "color") and hasattr(value, "shape"):
            values[key] = tr.tile(value)
        elif is_problem(value):
            values[key] = tr.problem(value)
    if note.count is not None:
        return tr.tn(note.key, note.count, **values)
    return tr.t(note.key, **values)


def status(c: Controller, tr: Translator) -> tuple[str, str, str]:
    """(kind, whose turn, what to do) for the status line; kind is its ``data-status``."""
    game = c.game
    if game is None:
        return "", "", ""
    names = player_names(c, tr)
    if c.puzzle and not c.human_to_move:
        return OVER, tr.t("puzzle_over"), ""
    if game.is_over:
        winners = [names[s] for s in game.winners()]
        return OVER, tr.t("game_over"), tr.t("winners" if len(winners) > 1 else "winner", names=tr.join_names(winners))
    name = names[game.to_move]
    if c.computer_to_move:
        return THINKING, tr.t("thinking", name=name), ""
    if c.seats[game.to_move] == FRIEND:
        return WAITING, tr.t("friend_turn", name=name), ""
    if c.live.phone_to_move:  # on a phone at the table, every other seat plays elsewhere: by name only
        return WAITING, tr.t("to_play" if c.live.outbox else "phone_turn", name=name), ""
    if c.needs_handover:
        return HANDOVER, tr.t("privacy_title", name=name), ""
    who = tr.t("puzzle_to_play") if c.puzzle else tr.t("your_turn" if len(c.human_seats) == 1 else "to_play", name=name)
    mode = c.turn.mode
    if mode == EXCHANGE:
        todo = tr.t("todo_exchange")
    elif mode == ROLL:
        todo = tr.t("todo_roll")
    elif c.turn.pending:
        todo = tr.t("todo_pending")
    elif game.is_opening:
        todo = tr.t("todo_opening", size=game.opening_size())
    else:
        todo = tr.t("todo_place")
    return PLAYING, who, todo


def status_text(c: Controller, tr: Translator) -> str:
    """Whose turn it is, in words."""
    return status(c, tr)[1]


def bag_text(c: Controller, tr: Translator) -> str:
    assert c.game is not None
    return tr.with_dice(c.game.variant.dice).tn("bag", c.game.bag_count)


class LogEntry(Value):
    """One turn of the log: ``text`` says it all in words (screen readers, announcements); the
    page draws ``name``, the ``tiles`` as pictures and ``points`` for a play."""

    __slots__ = ("text", "details", "seat", "name", "tiles", "points", "qwirkles")

    def __init__(
        self,
        text: str,
        details: list[str],
        seat: int,
        name: str = "",
        tiles: tuple[Any, ...] = (),
        points: str = "",
        qwirkles: int = 0,
    ) -> None:
        self.text = text
        self.details = details
        self.seat = seat
        self.name = name
        self.tiles = tiles
        self.points = points
        self.qwirkles = qwirkles


def log_entries(c: Controller, tr: Translator, start: int = 0) -> list[LogEntry]:
    """Every turn from the ``start``-th on in words, with the tiles of each play (never the engine's notation). Each
    entry words its turn's lines: a log that grows asks for its new turns only (``start``)."""
    assert c.game is not None
    names = player_names(c, tr)
    die = c.game.variant.dice
    entries = []
    first = max(0, start)
    for index, turn in enumerate(c.game.history[first:], first):
        name = names[turn.seat]
        details: list[str] = []
        if turn.kind == "play":
            from qwirkle.notation import parse_placements

            tiles = tuple(p.tile for p in parse_placements(turn.move))
            words = tr.join_names([tr.tile(t, die=die) for t in tiles])
            points = tr.points(turn.points)
            details = tr.breakdown(turn.lines, c.game.board.tiles, turn.end_bonus)
            if index == 0:
                details.insert(0, tr.t("log_opening"))
            qwirkles = sum(1 for line in turn.lines if line.qwirkle)
            entries.append(
                LogEntry(
                    tr.t("log_play", name=name, tiles=words, points=points),
                    details,
                    turn.seat,
                    name,
                    tiles,
                    points,
                    qwirkles,
                )
            )
            continue
        if turn.kind == "exchange":
            text = tr.tn("log_exchange", turn.count, name=name)
        elif turn.kind == "roll":
            text = tr.tn("log_roll", turn.count, name=name)
            if turn.forced_rolls:
                details.append(tr.tn("log_forced", turn.forced_rolls))
            if turn.forced_pass:
                details.append(tr.t("log_forced_pass"))
        else:
            text = tr.t("log_pass", name=name)
        entries.append(LogEntry(text, details, turn.seat, name))
    return entries


def preview_lines(c: Controller, tr: Translator) -> tuple[str, list[str], bool]:
    """(headline, breakdown, is_error) for the pending tiles of the human to move."""
    if not c.interactive or c.game is None:
        return "", [], False
    p = c.preview()
    if p.points is not None:
        tiles = {**c.game.board.tiles, **{cell: placement.tile for cell, placement in c.turn.cells().items()}}
        return tr.t("preview", points=tr.points(p.points)), tr.breakdown(p.lines, tiles), False
    if p.opening_size and (p.error is None or p.error.get("reason") == "opening_size"):
        return tr.t("preview_opening", size=p.opening_size), [], False
    if p.error is not None:
        return tr.explain(p.error), [], True
    return "", [], False


def play_key_note(c: Controller) -> Note | None:
    """Why P (play) cannot play now, or None when it can."""
    if not c.interactive or c.turn.mode != "place":
        return None
    if not c.turn.pending:
        return Note("play_nothing", level="warn")
    if c.can_play():
        return None
    error = c.preview().error
    return Note("error", error=error, level="error") if error is not None else None


def opening_text(c: Controller, tr: Translator) -> str:
    """'Anna has 3 tiles that share a colour: Anna starts (C2).' plus the tie-break when any: the
    engine says who started and why (``Game.opening``)."""
    assert c.game is not None
    opening = c.game.opening
    names = player_names(c, tr)
    starter = names[opening.starter]
    text = tr.tn(f"opening_{opening.attribute}", opening.sizes[opening.starter], name=starter)
    others = [names[s] for s in opening.tied if s != opening.starter]
    if others:
        if opening.by_age:
            who = tr.t("youngest" if opening.youngest else "oldest")
            text += " " + tr.t("opening_tie_age", others=tr.join_names(others), who=who)
        else:
            text += " " + tr.t("opening_tie_seat", others=tr.join_names(others))
    return text
