"""What the review shows of the chances of winning, as plain data in the player's language (no DOM, tested under
CPython): each move's cost, the move on show against the best chances and why, the graph's points, each player's
accuracy. The engine computed everything (``qwirkle.study.win_review``); this only words it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qwirkle.notation import Play, parse_move
from ui.words import Translator

from ..shared import seats
from .session import Entry, ReviewSession, WinChoice, WinOption, move_tiles

GRAPH_HEIGHT = 100   # the graph's units: 0 at the bottom is 0 %, the first player's 100 % at the top


def percent(value: float, tr: Translator) -> str:
    """'48.5%' in English, '48,5 %' in French."""
    return tr.t("review_percent", n=tr.decimal(value))


def row_cost(choice: WinChoice | None, tr: Translator) -> str:
    """The list's column: the chances the move cost ('−3.2'), nothing while unknown or when it cost none."""
    if choice is None or choice.cost <= 0:
        return ""
    return f"−{tr.decimal(choice.cost)}"


def row_words(choice: WinChoice | None, tr: Translator) -> str | None:
    """The row's sentence part: '3.2% chance of winning lost' (None when nothing was lost or it is unknown)."""
    if choice is None or choice.cost <= 0:
        return None
    return tr.t("review_win_row", lost=percent(choice.cost, tr))


def move_words(notation: str, tr: Translator, die: bool) -> str:
    """A move in words: its tiles, 'exchange …', 're-roll …' or 'pass'."""
    tiles = ", ".join(tr.tile(tile, die=die) for tile in move_tiles(notation))
    if isinstance(parse_move(notation), Play):
        return tiles
    if notation == "pass":
        return tr.t("review_move_pass")
    return tr.t("review_move_roll" if notation.startswith("roll") else "review_move_exchange", tiles=tiles)


def _kept(option: WinOption, tr: Translator, die: bool) -> str:
    return ", ".join(tr.tile(tile, die=die) for tile in option.kept) or tr.t("review_kept_none")


def detail_lines(review: ReviewSession, entry: Entry, tr: Translator) -> list[str]:
    """The move on show: what it cost in chances, and when the most points and the best chances differ, both and
    why (the Qwirkle the most points leave open, the tiles each keeps)."""
    choice = review.wins.get(entry.index)
    if choice is None:
        return []
    die = bool(review.variant.dice)
    lines = [tr.t("review_win_detail", before=percent(choice.before, tr), after=percent(choice.after, tr),
                  best=percent(choice.best, tr), lost=percent(max(choice.cost, 0.0), tr))]
    if choice.why is None:
        if choice.best_move == entry.move and entry.best == entry.move:
            lines.append(tr.t("review_win_best"))
        return lines
    most, best = choice.why
    for key, option in (("review_most_points", most), ("review_best_chances", best)):
        lines.append(tr.t(key, move=move_words(option.move, tr, die), points=tr.points(option.points),
                          win=percent(option.win, tr)))
    says = tr.with_dice(die)
    if most.open > best.open:
        lines.append(says.tn("review_why_open", most.open, unseen=most.unseen))
    elif sorted(most.kept) == sorted(best.kept):
        lines.append(says.t("review_why_board"))
    if sorted(most.kept) != sorted(best.kept):
        lines.append(tr.t("review_why_kept", most=_kept(most, tr, die), best=_kept(best, tr, die)))
    return lines


@dataclass(frozen=True)
class Graph:
    """The win-chance graph: the first player's chance (0-100) before each move known so far, the move on show."""

    name: str
    points: tuple[tuple[int, float], ...]    # (move index, chance in %), in move order
    total: int
    step: int

    def paths(self) -> tuple[str, str]:
        """SVG path data, one unit per move across and ``GRAPH_HEIGHT`` up: the line through the known points (a
        gap where moves are still unknown) and the area between it and the middle (50 %)."""
        runs: list[list[tuple[float, float]]] = []
        for index, value in self.points:
            point = (index + 0.5, round(GRAPH_HEIGHT - value * GRAPH_HEIGHT / 100, 2))
            if runs and runs[-1][-1][0] == index - 0.5:
                runs[-1].append(point)
            else:
                runs.append([point])
        middle = GRAPH_HEIGHT / 2
        line = [" L".join(f"{x:g},{y:g}" for x, y in run) for run in runs]
        area = [f"M{run[0][0]:g},{middle:g} L{text} L{run[-1][0]:g},{middle:g} Z" for run, text in zip(runs, line)]
        return " ".join("M" + text for text in line), " ".join(area)

    def label(self, tr: Translator) -> str:
        """The graph in words (its accessible name)."""
        if not self.points:
            return tr.t("review_graph", name=self.name)
        values = [value for _, value in self.points]
        return tr.t("review_graph_label", name=self.name, start=percent(values[0], tr), end=percent(values[-1], tr),
                    low=percent(min(values), tr), high=percent(max(values), tr))


def graph(review: ReviewSession) -> Graph | None:
    """The graph's data (None in games of three or four players: no chances of winning there)."""
    if not review.two_players:
        return None
    points = tuple((index, review.wins[index].first) for index in sorted(review.wins))
    return Graph(review.options.players[0], points, review.total, review.step)


# -- accuracy ------------------------------------------------------------------------------------------------------
def accuracy_columns(review: ReviewSession) -> tuple[str, ...]:
    """The summary's columns for accuracy (none in games of three or four players)."""
    return ("review_accuracy", "review_played_like") if review.two_players else ()


def accuracies(review: ReviewSession) -> list[dict[str, Any]] | None:
    """Per player, the engine's ``accuracy`` and ``played_like`` (``qwirkle.study.accuracy.player_accuracy``), as
    ``review --win`` gives them; None until every move's chances are in, or in games of three or four players."""
    if not review.two_players or len(review.wins) < review.total:
        return None
    from qwirkle.study.accuracy import player_accuracy
    return [player_accuracy(review.options.variant,
                            [choice for choice in review.wins.values() if review.history[choice.index].seat == seat])
            for seat in range(len(review.options.players))]


def accuracy_cells(review: ReviewSession, tr: Translator) -> list[tuple[str, str, float | None]]:
    """Per player: (accuracy as shown, the level it matches, the figure); '…' until every move's chances are in."""
    if not review.two_players:
        return []
    values = accuracies(review)
    if values is None:
        return [("…", "…", None) for _ in review.options.players]
    found = []
    for value in values:
        figure, level = value["accuracy"], value["played_like"]
        found.append(("—" if figure is None else percent(figure, tr),
                      "—" if level is None else seats.display_name(level, tr), figure))
    return found


def human_figures(review: ReviewSession, kinds: tuple[str, ...]) -> list[float]:
    """The accuracies of the players who played on this device (``kinds``: the save's seats), for the statistics."""
    values = accuracies(review) or []
    return [float(value["accuracy"]) for value, kind in zip(values, kinds)
            if kind == seats.HUMAN and value["accuracy"] is not None]
