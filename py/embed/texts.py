"""Words of embedded boards in English and French, and score breakdowns in words.

Tile names, rule titles and refusals come from the game's translator (``app.i18n``), so an
embedded board says exactly what the game says; this module adds the texts only boards need::

    >>> from qwirkle import Board, find_variant, score_play
    >>> from qwirkle.notation import parse_placements
    >>> board = Board.from_notation("Ro@0,0 Rs@1,0")
    >>> play = parse_placements("Rd@2,0")
    >>> score = score_play(board, play, find_variant("classic"))
    >>> after = {**board.tiles, **{p.cell: p.tile for p in play}}
    >>> Words("en").breakdown(score, after)
    'Red row: 3 points'
    >>> Words("fr").breakdown(score, after)
    'Ligne rouge : 3 points'
"""

from __future__ import annotations

from typing import Any

from app.i18n import Translator

EN: dict[str, str] = {
    "board": "Qwirkle board",
    "variant_classic": "Qwirkle",
    "variant_cubes": "Qwirkle Cubes",
    "variant_flex": "Qwirkle Flex",
    "hand": "Hand",
    "loading": "Loading the board…",
    "cell_empty": "Empty cell {cell}",
    "cell_tile": "{tile} at {cell}",
    "previous": "Previous",
    "next": "Next",
    "step_start": "Start position",
    "step_of": "Move {i} of {n}",
    "step_intro": "Press Next to play the first move.",
    "step_summary": "{lines}. Total: {total}.",
    "row": "row",
    "column": "column",
    "diagonal": "diagonal",
    "line_color": "{color} {kind}",
    "line_shape": "{kind} of {shapes}",
    "line_background": "{background} {kind}",
    "single": "single tile",
    "qwirkle": "Qwirkle",
    "flex_qwirkle": "Flex Qwirkle",
    "line_points": "{line}: {points}",
    "line_qwirkle": "{line}: {qwirkle}, {points}",
    "points_one": "{n} point",
    "points_other": "{n} points",
    "separator": "; ",
    "task_best": "Play the best move with this hand: pick a tile, then an empty cell.",
    "task_illegal": "Why is this play illegal?",
    "check": "Check",
    "take_back": "Take back",
    "answer": "Show the answer",
    "selected": "{tile} selected: now pick a cell.",
    "result_empty": "Place tiles from the hand on the board first.",
    "result_illegal": "Not allowed. {why}",
    "result_legal": "Legal. {lines}. Total: {total}. The best play scores {best}: try again, "
                    "or show the answer.",
    "result_best": "Well done, that is the best play! {lines}. Total: {total}.",
    "answer_best": "Here is the best play. {lines}. Total: {total}.",
    "answer_ties": "{n} plays score as much; this is one of them.",
    "choice_choice": "The tiles played share neither a colour nor a shape, or two are identical.",
    "choice_place": "The tiles are not in one line, leave a gap, sit on a taken cell or touch nothing.",
    "choice_line": "A row or column would mix colours and shapes, repeat a tile or exceed 6 tiles.",
    "choice_diagonal": "A diagonal would hold more than 6 tiles of one background.",
    "choice_right": "Right! {why}",
    "choice_wrong": "Not this one. Try another answer, or show the answer.",
    "answer_illegal": "{why}",
    "error_title": "This board cannot be shown",
    "error_variant": "Unknown variant “{name}”: use classic, cubes or flex.",
    "error_notation": "Unreadable {attribute}: “{text}”. {hint}",
    "hint_tile": "A tile is a colour letter (ROYGBP) and a shape letter (osdcxt), plus a background "
                 "letter (kwm) in Flex: Rd, Bsk.",
    "hint_cell": "A cell is X,Y with whole numbers: 3,-1.",
    "hint_placement": "A tile on a cell is CODE@X,Y: Rd@1,0.",
    "hint_board": "The same cell is listed twice.",
    "hint_other": "Tiles on cells are written CODE@X,Y and separated by spaces: Ro@0,0 Rd@1,0.",
    "error_wrong_set": "{tile} is not a tile of {variant}.",
    "error_replay": "Move {i} ({play}) is illegal. {why}",
    "error_not_play": "Move {i} (“{text}”) is not a play: a replay only places tiles.",
    "error_mode": "Unknown mode “{mode}”: use static, replay or exercise.",
    "error_task": "Unknown exercise “{task}”: use best or illegal.",
    "error_missing": "This board needs {attribute}.",
    "error_legal": "The play given to explain ({play}) is legal: it scores {points}.",
    "error_no_play": "The hand has no legal play on this board.",
    "error_internal": "Something went wrong: {message}",
}

FR: dict[str, str] = {
    "board": "Plateau de Qwirkle",
    "variant_classic": "Qwirkle",
    "variant_cubes": "Qwirkle Cubes",
    "variant_flex": "Qwirkle Flex",
    "hand": "Main",
    "loading": "Chargement du plateau…",
    "cell_empty": "Case vide {cell}",
    "cell_tile": "{tile} en {cell}",
    "previous": "Précédent",
    "next": "Suivant",
    "step_start": "Position de départ",
    "step_of": "Coup {i} sur {n}",
    "step_intro": "Appuyez sur Suivant pour jouer le premier coup.",
    "step_summary": "{lines}. Total : {total}.",
    "row": "ligne",
    "column": "colonne",
    "diagonal": "diagonale",
    "line_color": "{kind} {color}",
    "line_shape": "{kind} de {shapes}",
    "line_background": "{kind} {background}",
    "single": "tuile seule",
    "qwirkle": "Qwirkle",
    "flex_qwirkle": "Qwirkle Flex",
    "line_points": "{line} : {points}",
    "line_qwirkle": "{line} : {qwirkle}, {points}",
    "points_one": "{n} point",
    "points_other": "{n} points",
    "separator": " ; ",
    "task_best": "Jouez le meilleur coup avec cette main : choisissez une tuile, puis une case vide.",
    "task_illegal": "Pourquoi ce coup est-il interdit ?",
    "check": "Vérifier",
    "take_back": "Reprendre",
    "answer": "Voir la réponse",
    "selected": "{tile} choisi : choisissez maintenant une case.",
    "result_empty": "Posez d'abord des tuiles de la main sur le plateau.",
    "result_illegal": "Interdit. {why}",
    "result_legal": "Permis. {lines}. Total : {total}. Le meilleur coup rapporte {best} : "
                    "réessayez, ou voyez la réponse.",
    "result_best": "Bravo, c'est le meilleur coup ! {lines}. Total : {total}.",
    "answer_best": "Voici le meilleur coup. {lines}. Total : {total}.",
    "answer_ties": "{n} coups rapportent autant ; en voici un.",
    "choice_choice": "Les tuiles jouées n'ont ni couleur ni forme en commun, ou deux sont identiques.",
    "choice_place": "Les tuiles ne sont pas sur une même ligne, laissent un trou, occupent une case prise "
                     "ou ne touchent rien.",
    "choice_line": "Une ligne ou une colonne mélangerait couleurs et formes, répéterait une tuile "
                    "ou dépasserait 6 tuiles.",
    "choice_diagonal": "Une diagonale compterait plus de 6 tuiles du même fond.",
    "choice_right": "Exact ! {why}",
    "choice_wrong": "Ce n'est pas ça. Essayez une autre réponse, ou voyez la réponse.",
    "answer_illegal": "{why}",
    "error_title": "Ce plateau ne peut pas être affiché",
    "error_variant": "Variante inconnue « {name} » : choisissez classic, cubes ou flex.",
    "error_notation": "{attribute} illisible : « {text} ». {hint}",
    "hint_tile": "Une tuile s'écrit avec une lettre de couleur (ROYGBP) et une lettre de forme "
                 "(osdcxt), plus une lettre de fond (kwm) en Flex : Rd, Bsk.",
    "hint_cell": "Une case s'écrit X,Y avec des nombres entiers : 3,-1.",
    "hint_placement": "Une tuile sur une case s'écrit CODE@X,Y : Rd@1,0.",
    "hint_board": "La même case est donnée deux fois.",
    "hint_other": "Les tuiles s'écrivent CODE@X,Y, séparées par des espaces : Ro@0,0 Rd@1,0.",
    "error_wrong_set": "{tile} n'est pas une tuile de {variant}.",
    "error_replay": "Le coup {i} ({play}) est interdit. {why}",
    "error_not_play": "Le coup {i} (« {text} ») ne pose pas de tuiles : une rediffusion ne fait que poser.",
    "error_mode": "Mode inconnu « {mode} » : choisissez static, replay ou exercise.",
    "error_task": "Exercice inconnu « {task} » : choisissez best ou illegal.",
    "error_missing": "Ce plateau a besoin de {attribute}.",
    "error_legal": "Le coup donné à expliquer ({play}) est permis : il rapporte {points}.",
    "error_no_play": "Cette main n'a aucun coup permis sur ce plateau.",
    "error_internal": "Une erreur est survenue : {message}",
}

MESSAGES = {"en": EN, "fr": FR}

# French adjectives agreeing with ligne / colonne / diagonale (all feminine).
_FR_COLORS_FEMININE = ("rouge", "orange", "jaune", "verte", "bleue", "violette")
_FR_BACKGROUNDS_FEMININE = ("", "noire", "blanche", "bicolore")
_EN_BACKGROUNDS = ("", "black", "white", "two-tone")


class Words:
    """The texts of one language (``en`` or ``fr``); ``tr`` is the game's translator."""

    def __init__(self, lang: str = "en") -> None:
        self.tr = Translator(lang)
        self.lang = self.tr.lang

    def t(self, key: str, **values: Any) -> str:
        text = MESSAGES[self.lang].get(key) or EN[key]
        return text.format(**values) if values else text

    def points(self, n: int) -> str:
        return self.t("points_one" if n == 1 or (self.lang == "fr" and n == 0) else "points_other", n=n)

    def total(self, n: int) -> str:
        return self.points(n)

    def tile(self, tile: Any, die: bool = False) -> str:
        return self.tr.tile(tile, die=die)

    def explain(self, error: Any) -> str:
        """An engine refusal in words, with its rule: 'C5: this row would hold two red diamonds.'"""
        return self.tr.explain(error)

    def line_name(self, line: Any, tiles: list[Any]) -> str:
        """'red row', 'column of squares', 'black diagonal', 'single tile': a line scores one point
        per tile, so its length is in its points."""
        n = len(line.cells)
        if n < 2:
            return self.t("single")
        kind = self.t(line.kind)
        if line.kind == "diagonal":
            bg = tiles[0].background
            background = (_FR_BACKGROUNDS_FEMININE if self.lang == "fr" else _EN_BACKGROUNDS)[bg]
            text = self.t("line_background", kind=kind, background=background, n=n)
        elif len({t.color for t in tiles}) == 1:
            color = _FR_COLORS_FEMININE[tiles[0].color] if self.lang == "fr" else self.tr.color(tiles[0].color)
            text = self.t("line_color", kind=kind, color=color, n=n)
        else:
            shapes = self.tr.shape(tiles[0].shape, plural=True)
            text = self.t("line_shape", kind=kind, n=n, shapes=shapes)
            if self.lang == "fr" and shapes[:1] in "aeéiouy":
                text = text.replace(f" de {shapes}", f" d'{shapes}")  # colonne d'étoiles
        return text

    def line(self, line: Any, tiles: list[Any]) -> str:
        name = self.line_name(line, tiles)
        if line.qwirkle:
            word = self.t("flex_qwirkle" if line.kind == "diagonal" else "qwirkle")
            return self.t("line_qwirkle", line=name, qwirkle=word, points=self.points(line.points))
        return self.t("line_points", line=name, points=self.points(line.points))

    def breakdown(self, score: Any, tiles: Any) -> str:
        """Every scored line of a ``Score`` in words, joined by semicolons. ``tiles`` maps each
        cell to its tile after the play (a dict, or ``Board.tiles`` plus the placements)."""
        text = self.t("separator").join(self.line(line, [tiles[c] for c in line.cells]) for line in score.lines)
        return text[:1].upper() + text[1:]
