"""The end-of-game summary as plain data (no DOM): who won, how the game ended, and for each
player the score, the Qwirkles, the best turn, the average per turn and the hints used."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ui.words import Translator

from .panels import player_names

if TYPE_CHECKING:
    from .controller import Controller


@dataclass(frozen=True)
class PlayerSummary:
    seat: int
    name: str
    score: int
    winner: bool
    qwirkles: int
    best: int  # the best turn's points
    turns: int  # turns taken (plays, exchanges, passes; a Cubes re-roll is part of a turn)
    hints: int | None  # None for a computer

    @property
    def average(self) -> float:
        return self.score / self.turns if self.turns else 0.0


def players(c: Controller, tr: Translator) -> list[PlayerSummary]:
    """Each player's game, best score first (seat order among equals)."""
    game = c.game
    assert game is not None
    names = player_names(c, tr)
    winners = set(game.winners()) if game.is_over else set()
    hints = c.hints if len(c.hints) == len(names) else [0] * len(names)
    rows = []
    for seat, name in enumerate(names):
        turns = [t for t in game.history if t.seat == seat and t.kind != "roll"]
        plays = [t for t in turns if t.kind == "play"]
        rows.append(
            PlayerSummary(
                seat,
                name,
                game.scores[seat],
                seat in winners,
                sum(1 for t in plays for line in t.lines if line.qwirkle),
                max((t.points for t in plays), default=0),
                len(turns),
                hints[seat] if c.is_human(seat) else None,
            )
        )
    return sorted(rows, key=lambda r: (-r.score, r.seat))


def average_text(value: float, tr: Translator) -> str:
    """'7.5' (English) or '7,5' (French, German...), one decimal."""
    return tr.decimal(value)


def headline(c: Controller, tr: Translator) -> str:
    game = c.game
    assert game is not None and game.is_over
    names = player_names(c, tr)
    winners = [names[s] for s in game.winners()]
    return tr.t("winners" if len(winners) > 1 else "winner", names=tr.join_names(winners))


def ending(c: Controller, tr: Translator) -> str:
    """How the game ended: a player went out (C9) or nobody could play (C10)."""
    game = c.game
    assert game is not None and game.is_over
    last = game.history[-1] if game.history else None
    if game.end_reason == "out" and last is not None:
        return tr.t("ended_out", name=player_names(c, tr)[last.seat])
    return tr.t("ended_blocked")


def result_lines(c: Controller, tr: Translator) -> tuple[str, list[tuple[str, int, bool]], str]:
    """(winners sentence, [(name, score, winner)] best first, how it ended)."""
    rows = [(p.name, p.score, p.winner) for p in players(c, tr)]
    return headline(c, tr), rows, ending(c, tr)


def hint_lines(c: Controller, tr: Translator) -> list[str]:
    """Hints used by each human seat, in seat order."""
    assert c.game is not None
    names = player_names(c, tr)
    hints = c.hints if len(c.hints) == len(names) else [0] * len(names)
    return [tr.tn("hints_used", hints[seat], name=names[seat]) for seat in c.human_seats]
