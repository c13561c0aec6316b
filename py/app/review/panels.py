"""What the review view shows, as plain data in the player's language (no DOM, tested under CPython):
the board at a move, the per-player summary, each move's row, the move on show in words, the progress."""

from __future__ import annotations

from dataclasses import dataclass

from qwirkle.notation import Cell, Play, parse_move
from qwirkle.tiles import Tile
from ui.cells import cell_text
from ui.words import Translator

from ..play.board_model import EMPTY, TILE, CellModel
from ..shared import seats
from . import win_panels
from .session import BEST, LEVEL, WIN, Entry, LevelChoice, ReviewSession, marked, move_tiles


def cells(review: ReviewSession, index: int, tr: Translator) -> dict[Cell, CellModel]:
    """The board before move ``index`` with the move's tiles (marked as the move) and, when it differs,
    the best play by points as ghost tiles (over a played tile when both use a cell)."""
    die = review.variant.dice
    model: dict[Cell, CellModel] = {}
    for cell, tile in review.board_before(index).items():
        model[cell] = CellModel(TILE, tile, label=tr.t("cell_tile", tile=tr.tile(tile, die=die), cell=cell_text(cell)))
    for cell, tile in review.played(index).items():
        model[cell] = CellModel(
            TILE, tile, last=True, label=tr.t("cell_played", tile=tr.tile(tile, die=die), cell=cell_text(cell))
        )
    for cell, tile in review.best_play(index).items():
        ghost = tr.t("cell_ghost", tile=tr.tile(tile, die=die), cell=cell_text(cell))
        under = model.get(cell)
        if under is None:
            model[cell] = CellModel(EMPTY, label=ghost, ghost=tile)
        else:
            model[cell] = CellModel(TILE, under.tile, last=under.last, label=f"{under.label}; {ghost}", ghost=tile)
    return model


# -- the summary ---------------------------------------------------------------------------------------------------
SUMMARY_COLUMNS = (
    "review_player",
    "review_points",
    "review_best_points",
    "review_efficiency",
    "review_lost_turn",
    "review_qwirkles",
    "review_missed",
    "review_allowed",
)


def summary_rows(review: ReviewSession, tr: Translator) -> list[list[str]]:
    """One row per player, as ``SUMMARY_COLUMNS``; empty until the best pass is complete."""
    rows = []
    for player in review.players or []:
        efficiency = player.get("efficiency")
        rows.append(
            [
                str(player["name"]),
                str(player["points"]),
                str(player["best_points"]),
                "—" if efficiency is None else f"{round(float(efficiency) * 100)} %",
                _number(float(player["lost_per_turn"]), tr),
                str(player["qwirkles"]),
                str(player["qwirkles_missed"]),
                str(player["qwirkles_allowed"]),
            ]
        )
    return rows


def _number(value: float, tr: Translator) -> str:
    return tr.decimal(value)


# -- a move --------------------------------------------------------------------------------------------------------
def is_die(review: ReviewSession) -> bool:
    return bool(review.variant.dice)


def what(entry: Entry, name: str, tr: Translator, die: bool = False) -> str:
    """'Ann played red diamond, red square', 'Bob exchanged 3 tiles', 'Cy re-rolled 2 dice', 'Di passed'."""
    if entry.kind == "play":
        return tr.t("review_played", name=name, tiles=_tiles(move_tiles(entry.move), tr, die))
    if entry.kind == "exchange":
        return tr.tn("log_exchange", len(move_tiles(entry.move)), name=name)
    if entry.kind == "roll":
        return tr.tn("log_roll", len(move_tiles(entry.move)), name=name)
    return tr.t("log_pass", name=name)


def _tiles(tiles: tuple[Tile, ...], tr: Translator, die: bool) -> str:
    return ", ".join(tr.tile(tile, die=die) for tile in tiles)


def level_text(choice: LevelChoice | None, entry: Entry, level: str, tr: Translator, die: bool = False) -> str:
    """The level's move in words: 'Expert: red diamond at 1,0; 5 points', 'Expert would have played the same'."""
    name = seats.display_name(level, tr)
    if choice is None:
        return tr.t("review_level_pending", level=name)
    if choice.move == entry.move:
        return tr.t("review_level_same", level=name)
    move = parse_move(choice.move)
    if isinstance(move, Play):
        return tr.t(
            "review_level_play",
            level=name,
            tiles=_tiles(move_tiles(choice.move), tr, die),
            points=tr.points(choice.points),
        )
    if choice.move == "pass":
        return tr.t("review_level_pass", level=name)
    key = "review_level_roll" if choice.move.startswith("roll") else "review_level_exchange"
    return tr.t(key, level=name, tiles=_tiles(move_tiles(choice.move), tr, die))


def row_label(review: ReviewSession, entry: Entry, tr: Translator) -> str:
    """A move of the list in one sentence (the row's accessible name)."""
    name = review.options.players[entry.player]
    parts = [
        tr.t(
            "review_row",
            i=entry.index + 1,
            what=what(entry, name, tr, is_die(review)),
            points=tr.points(entry.points),
            best=tr.points(entry.best_points),
        )
    ]
    if entry.lost:
        parts.append(tr.tn("review_lost", entry.lost))
    if entry.missed_qwirkle:
        parts.append(tr.t("review_missed_qwirkle"))
    cost = win_panels.row_words(review.wins.get(entry.index), tr)
    if cost:
        parts.append(cost)
    choice = review.levels.get(entry.index)
    if choice is not None:
        parts.append(level_text(choice, entry, review.level, tr, is_die(review)))
    return "; ".join(parts)


def details(review: ReviewSession, tr: Translator) -> list[str]:
    """The move on show in words: what was played, the best play, the Qwirkle missed or left, the level's move."""
    entry = review.entry()
    if entry is None:
        return [tr.t("review_waiting")]
    die = is_die(review)
    name = review.options.players[entry.player]
    lines = [tr.t("review_scored", what=what(entry, name, tr, die), points=tr.points(entry.points))]
    if entry.best is None:
        lines.append(tr.t("review_no_play"))
    elif entry.lost == 0 and entry.kind == "play":
        lines.append(tr.t("review_was_best"))
    else:
        lines.append(
            tr.t(
                "review_best_play",
                tiles=_tiles(move_tiles(entry.best), tr, die),
                points=tr.points(entry.best_points),
                lost=tr.tn("review_lost", entry.lost),
            )
        )
    if entry.missed_qwirkle:
        lines.append(
            tr.t(
                "review_missed_detail",
                tiles=_tiles(move_tiles(entry.missed_qwirkle), tr, die),
                points=tr.points(entry.missed_qwirkle_points),
            )
        )
    if entry.qwirkles:
        lines.append(tr.tn("review_made", entry.qwirkles))
    if entry.chances:
        unseen = sum(int(chance.get("unseen", 0)) for chance in entry.chances)
        lines.append(tr.tn("review_chances", len(entry.chances), unseen=unseen))
    if entry.qwirkles_allowed:
        lines.append(tr.t("review_allowed_detail"))
    lines.extend(win_panels.detail_lines(review, entry, tr))
    lines.append(level_text(review.levels.get(entry.index), entry, review.level, tr, die))
    return lines


def progress_text(review: ReviewSession, tr: Translator) -> str:
    if review.error:
        return tr.t("review_failed", error=review.error)
    phase, done, total = review.progress()
    if phase == BEST:
        return tr.t("review_progress_best", done=done, n=total)
    if phase == WIN:
        return tr.t("review_progress_win", done=done, n=total)
    if phase == LEVEL:
        return tr.t("review_progress_level", level=seats.display_name(review.level, tr), done=done, n=total)
    return tr.t("review_complete")


def budget_note(review: ReviewSession, tr: Translator) -> str:
    """How the level's choices are made reproducible (the command line that gives the same review is in
    docs/playing.md, not in the player's view)."""
    from qwirkle.study.review import level_budget

    budget = level_budget(review.level, review.budget)
    level = seats.display_name(review.level, tr)
    if budget is None:
        return tr.t("review_seeded", level=level)
    return tr.t("review_budget", level=level, n=budget)


@dataclass(frozen=True)
class Rack:
    """A player's rack before the move on show: the tiles, those the move used, whether they move now."""

    name: str
    tiles: tuple[Tile, ...] | None  # None until the review reaches it
    used: list[bool]
    mover: bool


def racks(review: ReviewSession) -> list[Rack]:
    entry = review.entry()
    used = move_tiles(entry.move) if entry is not None else ()
    out = []
    for seat, hand in enumerate(review.hands_before(review.step)):
        mover = entry is not None and entry.player == seat
        out.append(
            Rack(
                review.options.players[seat],
                hand,
                marked(hand, used) if hand is not None and mover else [False] * len(hand or ()),
                mover,
            )
        )
    return out


def summary_title(review: ReviewSession, tr: Translator) -> str:
    from qwirkle.variants import setup_of

    setup = setup_of(review.variant.name, review.options.tiles).key
    return tr.t("review_title", variant=tr.t(f"variant_{setup}"), players=tr.join_names(list(review.options.players)))
