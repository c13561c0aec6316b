"""Markup of one embedded board, as strings: a pure function of its state and language.

The markup follows the game's DOM contract: every cell drawn carries ``data-cell="X,Y"``, every
tile ``data-tile="CODE"``, hand tiles sit in ``[data-rack]``. Interactive parts are real
buttons (``data-action``, ``data-choice``, ``data-index``, clickable cells), so one delegated
click listener per board (page.py) handles everything and keyboards work without extra code.
No inline style (the pages' CSP forbids it): the grid size is set by page.py through the
CSSOM (``--qw-cols``, ``--qw-rows``).
"""

from __future__ import annotations

from typing import Any

from qwirkle import Tile
from ui.cells import cell_text
from ui.tiles_svg import tile_svg
from ui.words import Translator

from .model import BoardState, Feedback
from .spec import EmbedError

DOCS = "./docs/embedding.md"  # the authors' guide, beside embed.html on the site (make site copies it)
HIDDEN = ' aria-hidden="true"'
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;"})


def escape(text: str) -> str:
    """Text for HTML content and attribute values (as ``html.escape``, without importing it)."""
    return text.translate(_ESCAPES)


class Renderer:
    """Markup for boards in one language."""

    def __init__(self, words: Translator) -> None:
        self.w = words

    def lines(self, score: Any, tiles: Any) -> str:
        """A play's scored lines in one sentence: 'Red row: 3 points; column of squares: 2 points'."""
        text = self.w.t("separator").join(self.w.line(line, [tiles[c] for c in line.cells]) for line in score.lines)
        return text[:1].upper() + text[1:]

    # -- pieces -----------------------------------------------------------------------------------
    def tile(self, tile: Tile, state: BoardState, label: str = "", attrs: str = "") -> str:
        svg = tile_svg(tile, state.spec.palette, die=state.variant.dice)
        name = escape(label or self.w.tile(tile, die=state.variant.dice))
        return f'<span class="qw-tile" data-tile="{tile.notation()}" role="img" aria-label="{name}"{attrs}>{svg}</span>'

    def grid(self, state: BoardState) -> str:
        tiles = state.tiles()
        overlay = state.overlay()
        marked = set(state.feedback.cells) if state.feedback else set()
        interactive = state.spec.task == "best" and not state.revealed
        min_x, min_y, max_x, max_y = state.extent()
        cells = []
        for y in range(min_y, max_y + 1):
            for x in range(min_x, max_x + 1):
                cell = (x, y)
                name = cell_text(cell)
                extra = ' data-error=""' if cell in marked else ""
                if cell in tiles:
                    tile = tiles[cell]
                    role = overlay.get(cell, (None, ""))[1]
                    if role:
                        extra += f' data-{role}=""'
                    label = self.w.t("cell_tile", tile=self.w.tile(tile, state.variant.dice), cell=name)
                    cells.append(
                        f'<div class="qw-cell" data-cell="{name}"{extra}>{self.tile(tile, state, label)}</div>'
                    )
                elif cell in overlay:
                    tile, role = overlay[cell]
                    label = self.w.t("cell_tile", tile=self.w.tile(tile, state.variant.dice), cell=name)
                    if role == "pending":
                        cells.append(
                            f'<button type="button" class="qw-cell" data-cell="{name}" '
                            f'data-pending=""{extra} aria-label="{escape(label)}">'
                            f"{self.tile(tile, state, label, HIDDEN)}</button>"
                        )
                    else:
                        cells.append(
                            f'<div class="qw-cell" data-cell="{name}" data-{role}=""{extra}>'
                            f"{self.tile(tile, state, label)}</div>"
                        )
                elif interactive:
                    label = escape(self.w.t("cell_empty", cell=name))
                    target = ' data-target=""' if state.selected is not None else ""
                    cells.append(
                        f'<button type="button" class="qw-cell qw-cell--empty" data-cell="{name}"'
                        f'{target}{extra} aria-label="{label}"></button>'
                    )
                else:
                    cells.append(f'<div class="qw-cell qw-cell--empty" data-cell="{name}"{extra}></div>')
        puzzle = state.spec.extra.get("puzzle_id")
        label = escape(state.spec.label or (self.w.t("puzzle_title", id=puzzle) if puzzle else self.w.t("board")))
        return (
            f'<div class="qw-board" role="group" aria-label="{label}" '
            f'data-cols="{max_x - min_x + 1}" data-rows="{max_y - min_y + 1}">{"".join(cells)}</div>'
        )

    def rack(self, state: BoardState) -> str:
        if not state.spec.hand:
            return ""
        interactive = state.spec.task == "best" and not state.revealed
        items = []
        for index, tile in state.hand_left():
            if interactive:
                pressed = "true" if state.selected == index else "false"
                name = escape(self.w.tile(tile, state.variant.dice))
                items.append(
                    f'<button type="button" class="qw-rack-tile" data-index="{index}" '
                    f'data-tile="{tile.notation()}" aria-pressed="{pressed}" aria-label="{name}">'
                    f"{tile_svg(tile, state.spec.palette, die=state.variant.dice)}</button>"
                )
            else:
                items.append(self.tile(tile, state))
        hand = escape(self.w.t("hand"))
        return (
            f'<div class="qw-hand"><span class="qw-hand__label" aria-hidden="true">{hand}</span>'
            f'<div class="qw-rack" data-rack="" role="group" aria-label="{hand}">{"".join(items)}</div></div>'
        )

    def button(self, action: str, label: str, disabled: bool = False, primary: bool = False) -> str:
        cls = "qw-btn qw-btn--primary" if primary else "qw-btn"
        dis = " disabled" if disabled else ""
        return f'<button type="button" class="{cls}" data-action="{action}"{dis}>{escape(label)}</button>'

    def controls(self, state: BoardState) -> str:
        spec = state.spec
        if spec.mode == "replay":
            n = len(state.steps)
            counter = self.w.t("step_of", i=state.step, n=n) if state.step else self.w.t("step_start")
            return (
                '<div class="qw-controls qw-controls--replay">'
                f"{self.button('previous', self.w.t('previous'), state.step == 0)}"
                f"{self.button('next', self.w.t('next'), state.step >= n, primary=True)}"
                f'<span class="qw-counter">{escape(counter)}</span></div>'
            )
        if spec.task == "best":
            return (
                '<div class="qw-controls">'
                f"{self.button('check', self.w.t('check'), state.revealed, primary=True)}"
                f"{self.button('take-back', self.w.t('take_back'), not state.pending and not state.revealed)}"
                f"{self.button('answer', self.w.t('answer'), state.revealed)}</div>"
            )
        if spec.task == "illegal":
            choices = "".join(
                f'<li><button type="button" class="qw-choice" data-choice="{c}"'
                f"{' disabled' if state.revealed else ''}>{escape(self.w.t('choice_' + c))}</button></li>"
                for c in state.choices()
            )
            return (
                f'<ul class="qw-choices">{choices}</ul><div class="qw-controls">'
                f"{self.button('answer', self.w.t('answer'), state.revealed)}</div>"
            )
        return ""

    def task(self, state: BoardState) -> str:
        if not state.spec.task:
            return ""
        return f'<p class="qw-task">{escape(self.w.t("task_" + state.spec.task))}</p>'

    # -- texts ------------------------------------------------------------------------------------
    def message(self, state: BoardState) -> str:
        """The text under the board (an aria-live region): step breakdown or exercise feedback."""
        if state.spec.mode == "replay":
            step = state.current_step()
            if step is None:
                return escape(f"{self.w.t('step_start')}. {self.w.t('step_intro')}")
            head = self.w.t("step_of", i=state.step, n=len(state.steps))
            body = self.w.t(
                "step_summary", total=self.w.points(step.score.points), lines=self.lines(step.score, step.after())
            )
            # The counter is on screen already; screen readers hear it with the breakdown.
            return f'<span class="qw-sr">{escape(head)} — </span>{escape(body)}'
        if state.feedback is not None:
            return self.feedback(state.feedback)
        if state.spec.task == "best" and state.selected is not None:
            tile = state.spec.hand[state.selected]
            return escape(self.w.t("selected", tile=self.w.tile(tile, state.variant.dice)))
        return ""

    def feedback(self, fb: Feedback) -> str:
        v = fb.values
        w = self.w
        if "error" in v:
            text = w.t(fb.key, why=w.explain(v["error"]))
        elif "score" in v:
            text = w.t(
                fb.key,
                total=w.points(v["score"].points),
                lines=self.lines(v["score"], v["tiles"]),
                best=w.points(v.get("best", 0)),
            )
            if v.get("ties", 1) > 1:
                text += " " + w.t("answer_ties", n=v["ties"])
        else:
            text = w.t(fb.key)
        return f'<span class="qw-feedback qw-feedback--{fb.kind}" data-feedback="{fb.kind}">{escape(text)}</span>'

    def view(self, state: BoardState) -> str:
        """Everything but the message: task, board, hand, controls."""
        return self.task(state) + self.grid(state) + self.rack(state) + self.controls(state)

    def error(self, error: Exception) -> str:
        """A board that cannot be shown: a title and one sentence saying what to fix (embed.html with no settings:
        which it takes, and a link to the authors' guide)."""
        guide = ""
        if isinstance(error, EmbedError) and error.code == "empty":
            guide = f'<p><a href="{DOCS}">{escape(self.w.t("error_empty_docs"))}</a></p>'
        return (
            f'<div class="qw-error"><p class="qw-error__title">{escape(self.w.t("error_title"))}</p>'
            f"<p>{escape(self.error_text(error))}</p>{guide}</div>"
        )

    def error_text(self, error: Exception) -> str:
        w = self.w
        if not isinstance(error, EmbedError):
            return w.t("error_internal", message=f"{type(error).__name__}: {error}")
        d = dict(error.details)
        code = error.code
        if code == "notation":
            hint_key = f"hint_{d['field']}" if d["field"] in ("tile", "cell", "placement", "board") else "hint_other"
            return w.t("error_notation", attribute=d["attribute"], text=d["text"], hint=w.t(hint_key))
        if code == "variant":
            return w.t("error_variant", name=d["name"], choices=w.join_names(d["choices"], w.t("or")))
        if code == "wrong_set":
            return w.t("error_wrong_set", tile=d["tile"], variant=w.t(f"variant_{d['variant']}"))
        if code == "replay":
            return w.t("error_replay", i=d["i"], play=d["play"], why=w.explain(d["error"]))
        if code == "legal":
            return w.t("error_legal", play=d["play"], points=w.points(d["points"]))
        return w.t(f"error_{code}", **d)
