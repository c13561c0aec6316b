"""What an author asked for: a board marker's attributes (or embed.html's URL) read and checked.

A marker is ``<div data-qwirkle data-variant="flex" data-board="..." ...>``. Every attribute is
optional; ``spec_from_attributes`` takes them without the ``data-`` prefix (its docstring lists them),
``spec_from_query`` takes the same names from a URL query string (embed.html). Every problem raises
``EmbedError(code, **details)``; the board shows it in words, in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from qwirkle import VARIANTS, Board, NotationError, Placement, Tile, Variant, find_variant
from qwirkle.game import HAND_SIZE
from qwirkle.limits import LimitError, check_board, check_count
from qwirkle.notation import Play, parse_move, parse_placements
from qwirkle.tiles import parse_tiles

MODES = ("static", "replay", "exercise")
TASKS = ("best", "illegal")
PALETTES = ("standard", "contrast")
EXAMPLE = "embed.html?variant=classic&board=Ro@0,0%20Rd@1,0"  # an address that shows a board
LOOKS = ("lang", "palette", "label")  # settings of how a board looks, not of what it shows
KEYS = ("variant", "board", "hand", "moves", "mode", "task", "play", "step", "lang", "palette", "label", "puzzle")


class EmbedError(ValueError):
    """A board that cannot be shown: ``code`` names the problem, ``details`` its parameters
    (texts.py has a sentence per code: ``error_<code>``)."""

    def __init__(self, code: str, **details: Any) -> None:
        super().__init__(f"{code}: {details}")
        self.code = code
        self.details = details


@dataclass(frozen=True)
class Spec:
    variant: Variant
    board: Board
    hand: tuple[Tile, ...] = ()
    moves: tuple[tuple[Placement, ...], ...] = ()
    mode: str = "static"
    task: str = ""
    play: tuple[Placement, ...] = ()
    step: str = "0"
    lang: str = ""
    palette: str = "standard"
    label: str = ""
    extra: dict[str, str] = field(default_factory=dict)


def _notation_error(attribute: str, error: NotationError) -> EmbedError:
    return EmbedError("notation", attribute=attribute, field=error.field, text=error.text)


def _limit_error(attribute: str, error: LimitError) -> EmbedError:
    """A position no game reaches (``qwirkle.limits``): said before anything is drawn or computed."""
    return EmbedError(f"limit_{error.kind}", attribute=attribute, **error.details)


def _check_limits(variant: Variant, prefix: str, board: Board, moves: list[tuple[Placement, ...]]) -> None:
    """The position and every move of a replay together: no more tiles than the set, no wider than a game."""
    whole = Board(board.tiles)
    for placements in moves:
        whole.tiles.update((p.cell, p.tile) for p in placements)
    try:
        check_board(variant, board, prefix + "board")
        check_board(variant, whole, prefix + "moves")
    except LimitError as error:
        raise _limit_error(error.field, error) from None


def _counted(text: str, attribute: str, limit: int) -> str:
    try:
        check_count(text, attribute, limit)
    except LimitError as error:
        raise _limit_error(attribute, error) from None
    return text


def spec_from_attributes(attrs: Mapping[str, Any], today: str = "") -> Spec:
    """Read and check a marker's settings (names without ``data-``; ``today``: the reader's date, for the puzzle
    of the day); raise ``EmbedError``.

    =============  =========================================================================
    ``variant``    ``classic`` (default), ``cubes`` or ``flex``
    ``board``      the position: tiles on cells, ``Ro@0,0 Rd@1,0`` (empty: an empty board)
    ``hand``       tiles of the player's hand, ``Rs Bo Gx``
    ``moves``      a replay: plays separated by ``;`` (or new lines), each ``CODE@X,Y ...``
    ``mode``       ``static``, ``replay`` or ``exercise`` (default: replay when there are moves)
    ``task``       exercises: ``best`` ("play the best move", needs a hand) or ``illegal``
                   ("why is this illegal?", needs ``play``)
    ``play``       the play that ``task=illegal`` asks about
    ``step``       replay: the move shown first (``0`` = before the first move, ``end``)
    ``lang``       ``de``, ``en``, ``es``, ``fr`` or ``nl`` (default: the page's language)
    ``palette``    ``standard`` or ``contrast``
    ``label``      the board's accessible name (and caption)
    ``puzzle``     a puzzle of the game (``qwirkle.study.puzzles``): its id, or ``daily`` for the
                   puzzle of the day of ``variant`` (by the reader's date); an exercise "play the
                   best move" on its board and hand (the marker: ``data-qwirkle-puzzle="ID"``)
    =============  =========================================================================

    >>> try:
    ...     spec_from_attributes({"variant": "chess"})
    ... except EmbedError as error:
    ...     print(error.code, error.details)
    variant {'name': 'chess', 'choices': ['classic', 'cubes', 'flex']}
    """
    return _read(attrs, "data-", today)


def _check_set(tiles: list[Tile], variant: Variant) -> None:
    for tile in tiles:
        if not variant.accepts(tile):
            raise EmbedError("wrong_set", tile=tile.notation(), variant=variant.name)


def split_moves(text: str) -> list[str]:
    """The plays of a ``moves`` attribute: separated by ``;`` or new lines, blanks ignored."""
    return [part.strip() for part in text.replace("\n", ";").split(";") if part.strip()]


def puzzle_settings(values: dict[str, str], today: str) -> dict[str, str]:
    """A puzzle's position as an exercise's settings: its variant, board and hand, the task "best"; the author's
    language, palette and label kept. ``EmbedError("puzzle")`` names what is wrong with the id."""
    from qwirkle.study.puzzles import PuzzleError, daily, puzzle_from_id

    name = values.get("puzzle", "")
    try:
        if name.lower() == "daily":
            puzzle = daily(today, (values.get("variant") or "classic").lower())
        else:
            puzzle = puzzle_from_id(name)
    except PuzzleError as error:
        raise EmbedError("puzzle", problem=str(error)) from None
    kept = {k: v for k, v in values.items() if k in ("lang", "palette", "label")}
    return {
        **kept,
        "variant": puzzle.variant,
        "board": puzzle.board,
        "hand": puzzle.hand,
        "task": "best",
        "mode": "exercise",
        "puzzle_id": puzzle.id,
    }


def _read(attrs: Mapping[str, Any], prefix: str, today: str = "") -> Spec:
    """The settings, whose names errors quote as ``prefix + name`` (data-board, or board)."""
    values = {k: (str(v).strip() if isinstance(v, str) else "") for k, v in attrs.items()}
    if values.get("puzzle"):
        values = puzzle_settings(values, today)
    get = values.get
    try:
        variant = find_variant(get("variant") or "classic")
    except ValueError:
        raise EmbedError("variant", name=get("variant"), choices=list(VARIANTS)) from None
    try:
        board = Board.from_notation(_counted(get("board") or "", prefix + "board", variant.default_tiles))
    except NotationError as error:
        raise _notation_error(prefix + "board", error) from None
    _check_set(list(board.tiles.values()), variant)
    try:
        hand = tuple(parse_tiles(_counted(get("hand") or "", prefix + "hand", HAND_SIZE)))
    except NotationError as error:
        raise _notation_error(prefix + "hand", error) from None
    _check_set(list(hand), variant)
    moves = []
    _counted(get("moves") or "", prefix + "moves", variant.default_tiles)
    for i, text in enumerate(split_moves(get("moves") or ""), 1):
        try:
            move = parse_move(text)
        except NotationError as error:
            raise _notation_error(prefix + "moves", error) from None
        if not isinstance(move, Play):
            raise EmbedError("not_play", i=i, text=text)
        _check_set([p.tile for p in move.placements], variant)
        moves.append(tuple(move.placements))
    _check_limits(variant, prefix, board, moves)
    try:
        play = tuple(parse_placements(_counted(get("play") or "", prefix + "play", HAND_SIZE)))
    except NotationError as error:
        raise _notation_error(prefix + "play", error) from None
    _check_set([p.tile for p in play], variant)

    mode = (get("mode") or ("replay" if moves else "exercise" if get("task") else "static")).lower()
    if mode not in MODES:
        raise EmbedError("mode", mode=mode)
    task = (get("task") or "").lower()
    if mode == "exercise":
        task = task or ("illegal" if play else "best")
        if task not in TASKS:
            raise EmbedError("task", task=task)
        if task == "best" and not hand:
            raise EmbedError("missing", attribute=prefix + "hand")
        if task == "illegal" and not play:
            raise EmbedError("missing", attribute=prefix + "play")
    else:
        task = ""
    if mode == "replay" and not moves:
        raise EmbedError("missing", attribute=prefix + "moves")
    palette = (get("palette") or "standard").lower()
    return Spec(
        variant=variant,
        board=board,
        hand=hand,
        moves=tuple(moves),
        mode=mode,
        task=task,
        play=play,
        step=(get("step") or "0").lower(),
        lang=(get("lang") or "").lower(),
        palette=palette if palette in PALETTES else "standard",
        label=get("label") or "",
        extra={k: v for k, v in values.items() if k not in KEYS},
    )


def spec_from_query(query: str, today: str = "") -> Spec:
    """embed.html's settings: the same names as the attributes, in the URL's query string.

    >>> spec = spec_from_query("variant=classic&board=Ro@0,0%20Rd@1,0")
    >>> spec.mode, spec.variant.name, spec.board.notation()
    ('static', 'classic', 'Ro@0,0 Rd@1,0')

    A URL with no settings at all is refused with ``EmbedError("empty")``: the page says what it needs.
    """
    from urllib.parse import parse_qsl  # only embed.html needs it: slow to import in Pyodide

    query = query[1:] if query.startswith("?") else query
    settings = dict(parse_qsl(query, keep_blank_values=True))
    if not any(value.strip() for key, value in settings.items() if key in KEYS and key not in LOOKS):
        # an empty board would say nothing of what it needs: say it, in the language asked for
        raise EmbedError("empty", keys=", ".join(KEYS), example=EXAMPLE, lang=settings.get("lang", "").strip())
    return _read(settings, "", today)
