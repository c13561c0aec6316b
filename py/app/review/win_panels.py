"""What the review shows of the chances of winning, as plain data in the player's language (no DOM, tested under
CPython): each move's cost, the move on show against the best chances and why, the graph's points, each player's
accuracy. The engine computed everything (``qwirkle.study.win_review``); this only words it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from qwirkle.notation import Play, parse_move
from ui.words import Translator

from ..shared import seats
from .session import EndgameNote, Entry, ReviewSession, WinChoice, WinOption, move_tiles

GRAPH_HEIGHT = 100  # the graph's units: 0 at the bottom is 0 %, the first player's 100 % at the top


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
    lines = [
        tr.t(
            "review_win_detail",
            before=percent(choice.before, tr),
            after=percent(choice.after, tr),
            best=percent(choice.best, tr),
            lost=percent(max(choice.cost, 0.0), tr),
        )
    ]
    lines += endgame_lines(choice.endgame, tr, die)
    if choice.why is None:
        if choice.best_move == entry.move and entry.best == entry.move:
            lines.append(tr.t("review_win_best"))
        return lines
    most, best = choice.why
    for key, option in (("review_most_points", most), ("review_best_chances", best)):
        lines.append(
            tr.t(
                key, move=move_words(option.move, tr, die), points=tr.points(option.points), win=percent(option.win, tr)
            )
        )
    says = tr.with_dice(die)
    if most.open > best.open:
        lines.append(says.tn("review_why_open", most.open, unseen=most.unseen))
    elif sorted(most.kept) == sorted(best.kept):
        lines.append(says.t("review_why_board"))
    if sorted(most.kept) != sorted(best.kept):
        lines.append(tr.t("review_why_kept", most=_kept(most, tr, die), best=_kept(best, tr, die)))
    return lines


def endgame_lines(note: EndgameNote | None, tr: Translator, die: bool) -> list[str]:
    """A move made with the bag empty that gave away points against the exact solver, in words: 'This end game was
    won: … goes out in two turns (+8); the move made ends 3 points behind.' Nothing when it lost nothing or the
    solver did not prove it."""
    if note is None or note.lost <= 0 or not note.exact:
        return []
    move = move_words(note.best, tr, die)
    made = tr.t("review_endgame_made", margin=_margin(note.margin, tr))
    if note.best_margin > 0 and note.goes_out_in:
        return [
            tr.tn("review_endgame_won", note.goes_out_in, move=move, margin=_margin(note.best_margin, tr), made=made)
        ]
    return [tr.t("review_endgame_best", move=move, margin=_margin(note.best_margin, tr), made=made)]


def _margin(value: int, tr: Translator) -> str:
    """A margin in words: '8 points ahead', 'level', '3 points behind'."""
    if value == 0:
        return tr.t("review_margin_level")
    return tr.tn("review_margin_ahead" if value > 0 else "review_margin_behind", abs(value))


@dataclass(frozen=True)
class Graph:
    """The win-chance graph: the first player's chance (0-100) before each move known so far, the move on show."""

    name: str
    points: tuple[tuple[int, float], ...]  # (move index, chance in %), in move order
    total: int
    step: int
    players: int = 2

    @property
    def middle(self) -> float:
        """The fair share's height (one half of two players, one in three or four), ``GRAPH_HEIGHT`` at the top."""
        return round(GRAPH_HEIGHT - GRAPH_HEIGHT / self.players, 2)

    def paths(self) -> tuple[str, str]:
        """SVG path data, one unit per move across and ``GRAPH_HEIGHT`` up: the line through the known points (a
        gap where moves are still unknown) and the area between it and the fair share (``middle``)."""
        runs: list[list[tuple[float, float]]] = []
        for index, value in self.points:
            point = (index + 0.5, round(GRAPH_HEIGHT - value * GRAPH_HEIGHT / 100, 2))
            if runs and runs[-1][-1][0] == index - 0.5:
                runs[-1].append(point)
            else:
                runs.append([point])
        middle = self.middle
        line = [" L".join(f"{x:g},{y:g}" for x, y in run) for run in runs]
        area = [
            f"M{run[0][0]:g},{middle:g} L{text} L{run[-1][0]:g},{middle:g} Z"
            for run, text in zip(runs, line, strict=True)
        ]
        return " ".join("M" + text for text in line), " ".join(area)

    def label(self, tr: Translator) -> str:
        """The graph in words (its accessible name)."""
        if not self.points:
            return tr.t("review_graph", name=self.name)
        values = [value for _, value in self.points]
        return tr.t(
            "review_graph_label",
            name=self.name,
            start=percent(values[0], tr),
            end=percent(values[-1], tr),
            low=percent(min(values), tr),
            high=percent(max(values), tr),
        )


def graph(review: ReviewSession) -> Graph | None:
    """The graph's data: the first player's chance before each move known so far."""
    points = tuple((index, review.wins[index].first) for index in sorted(review.wins))
    return Graph(review.options.players[0], points, review.total, review.step, len(review.options.players))


# -- accuracy ------------------------------------------------------------------------------------------------------
def accuracy_columns(review: ReviewSession) -> tuple[str, ...]:
    """The summary's columns for accuracy: the figure, and the level it matches when the engine's table has levels
    measured in games of that many players."""
    from qwirkle.study.accuracy import levels_measured

    like = levels_measured(len(review.options.players)) is not None
    return ("review_accuracy", "review_played_like") if like else ("review_accuracy",)


def accuracies(review: ReviewSession) -> list[dict[str, Any]] | None:
    """Per player, the engine's ``accuracy`` and ``played_like`` (``qwirkle.study.accuracy.player_accuracy``), as
    ``review --win`` gives them; None until every move's chances are in."""
    if len(review.wins) < review.total:
        return None
    from qwirkle.study.accuracy import player_accuracy

    count = len(review.options.players)
    return [
        player_accuracy(
            review.options.variant,
            [choice for choice in review.wins.values() if review.history[choice.index].seat == seat],
            count,
        )
        for seat in range(count)
    ]


def accuracy_cells(review: ReviewSession, tr: Translator) -> list[tuple[str, str, float | None]]:
    """Per player: (accuracy as shown, the level it matches, the figure); '…' until every move's chances are in."""
    values = accuracies(review)
    if values is None:
        return [("…", "…", None) for _ in review.options.players]
    found = []
    for value in values:
        figure = value["accuracy"]
        found.append(("—" if figure is None else percent(figure, tr), like_text(value, tr), figure))
    return found


def like_text(value: dict[str, Any], tr: Translator) -> str:
    """The level a player's accuracy is likeliest from, and how sure that is (``accuracy.likeness``): 'Easy',
    'maybe Easy', or 'unclear' when one game cannot tell; '—' for a player who made no move."""
    if value["accuracy"] is None:
        return "—"
    level = value.get("played_like")
    if level is None:
        return tr.t("review_like_none")
    name = seats.display_name(level, tr)
    return name if value.get("like_confidence") == "high" else tr.t("review_like_low", level=name)


def human_figures(review: ReviewSession, kinds: tuple[str, ...]) -> list[float]:
    """The accuracies of the players who played on this device (``kinds``: the save's seats), for the statistics."""
    values = accuracies(review) or []
    return [
        float(value["accuracy"])
        for value, kind in zip(values, kinds, strict=False)
        if kind == seats.HUMAN and value["accuracy"] is not None
    ]
