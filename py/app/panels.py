"""Texts of the side panel as plain data (no DOM), so they are tested under CPython: status line,
score rows, bag, preview breakdown, move log, end-of-game summary, opening explanation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ui.words import Translator

from .notes import Note
from .seats import FRIEND

if TYPE_CHECKING:
    from .controller import Controller


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
        from .seats import display_name
        values["level"] = display_name(values["level"], tr)
    for key, value in list(values.items()):
        if hasattr(value, "color") and hasattr(value, "shape"):
            values[key] = tr.tile(value)
    if note.count is not None:
        return tr.tn(note.key, note.count, **values)
    return tr.t(note.key, **values)


def status_text(c: Controller, tr: Translator) -> str:
    game = c.game
    if game is None:
        return ""
    if game.is_over:
        return tr.t("game_over")
    name = game.options.players[game.to_move]
    if c.computer_to_move:
        return tr.t("thinking", name=name)
    if c.seats[game.to_move] == FRIEND:
        return tr.t("friend_turn", name=name)
    if len(c.human_seats) == 1:
        return tr.t("your_turn", name=name)
    return tr.t("to_play", name=name)


def bag_text(c: Controller, tr: Translator) -> str:
    assert c.game is not None
    key = "bag_dice" if c.game.variant.dice else "bag"
    return tr.tn(key, c.game.bag_count)


@dataclass(frozen=True)
class LogEntry:
    text: str
    details: list[str]
    seat: int


def log_entries(c: Controller, tr: Translator) -> list[LogEntry]:
    assert c.game is not None
    names = c.game.options.players
    entries = []
    for index, turn in enumerate(c.game.history):
        name = names[turn.seat]
        details: list[str] = []
        if turn.kind == "play":
            text = tr.t("log_play", name=name, notation=turn.move, points=tr.points(turn.points))
            details = tr.breakdown(turn.lines, c.game.board.tiles, turn.end_bonus)
            if index == 0:
                details.insert(0, tr.t("log_opening"))
        elif turn.kind == "exchange":
            text = tr.tn("log_exchange", turn.count, name=name)
        elif turn.kind == "roll":
            text = tr.tn("log_roll", turn.count, name=name)
            if turn.forced_rolls:
                details.append(tr.tn("log_forced", turn.forced_rolls))
            if turn.forced_pass:
                details.append(tr.t("log_forced_pass"))
        else:
            text = tr.t("log_pass", name=name)
        entries.append(LogEntry(text, details, turn.seat))
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


def opening_text(c: Controller, tr: Translator) -> str:
    """'Anna has 3 tiles that share a color: Anna starts (C2).' plus the tie-break when any: the
    engine says who started and why (``Game.opening``)."""
    assert c.game is not None
    opening = c.game.opening
    names = c.game.options.players
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


def hint_lines(c: Controller, tr: Translator) -> list[str]:
    """Hints used by each human seat, for the end-of-game summary."""
    assert c.game is not None
    names = c.game.options.players
    hints = c.hints if len(c.hints) == len(names) else [0] * len(names)
    return [tr.tn("hints_used", hints[seat], name=names[seat]) for seat in c.human_seats]


def result_lines(c: Controller, tr: Translator) -> tuple[str, list[tuple[str, int, bool]], str]:
    """(winners sentence, [(name, score, winner)] best first, how it ended)."""
    game = c.game
    assert game is not None and game.is_over
    names = game.options.players
    winners = game.winners()
    win_names = tr.join_names([names[s] for s in winners])
    headline = tr.t("winners" if len(winners) > 1 else "winner", names=win_names)
    rows = sorted(((names[i], s, i in winners) for i, s in enumerate(game.scores)), key=lambda r: -r[1])
    last = game.history[-1] if game.history else None
    if game.end_reason == "out" and last is not None:
        ending = tr.t("ended_out", name=names[last.seat])
    else:
        ending = tr.t("ended_blocked")
    return headline, rows, ending
