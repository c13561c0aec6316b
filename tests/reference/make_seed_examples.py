"""Writes tests/data/seed_examples.json: the worked examples of the publisher's rulebooks (the
French rulebooks of Qwirkle, Qwirkle Cubes, Qwirkle Deluxe and Qwirkle Flex, named below by the
file names of the project's copies: F000..F003), rebuilt as concrete positions. Nothing is read
from them: each example quotes its rulebook, and docs/rules.md restates the rules.

The rulebooks describe their examples in words (and pictures we do not have), so
every position below is *designed* here: tiles and coordinates are chosen to
match the text exactly (colors, shapes, which lines and diagonals are scored,
backgrounds, points). The expected breakdown of each turn is written by hand from
the seed's wording, NOT computed; this script only checks it against the naive
reference (``naive.py``) before writing the JSON, so the data and the reference
vouch for each other.

Run from the repository root:  python3 tests/reference/make_seed_examples.py
(``--check`` verifies the committed JSON is up to date instead of writing it).

Coordinates: x grows right, y grows DOWN. Shapes: o circle (rond), s square
(carre), d diamond (losange), c clover (fleur), x 4-point star / cross (croix,
"etoile a quatre branches"), t 8-point star (etoile). Flex backgrounds: k black
(noir), w white (blanc), m two-tone (bicolore).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import naive
from generated import write_or_check

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "tests" / "data" / "seed_examples.json"

F000 = "000_c681a35e90745900.txt"
F001 = "001_e30a05ea47a606ea.txt"
F002 = "002_48c6305271c2fdc7.txt"
F003 = "003_c1cdb5b100b7b838.txt"


def T(play, points=None, lines=(), quote="", who=None, rules=None, apply=True, stated=True, note=None):
    """One turn. ``lines``: hand-written breakdown, (kind, "X,Y X,Y ...", points).
    ``rules``: for an illegal play, the acceptable rule ids (first = preferred).
    ``apply``: add the play to the board for the next turns (only legal plays).
    ``stated``: False when the seed names the lines but not the total (derived)."""
    return dict(
        play=play,
        points=points,
        lines=list(lines),
        quote=quote,
        who=who,
        rules=rules,
        apply=apply and rules is None,
        stated=stated,
        note=note,
    )


EXAMPLES = [
    # ------------------------------------------------------------------ classic
    dict(
        id="classic-scoring-strip",
        variant="classic",
        file=F002,
        title="4-turn scoring strip (3, 3, 7, 12)",
        quote="Au premier tour, le premier joueur pose cette ligne et marque 3 points",
        design=(
            "A diamond row Yd Bd Rd; blue tiles hang under the blue diamond (blue column of 3); a row of "
            "3 circles starts with the blue circle that extends the blue column to 4; 3 more circles "
            "complete the circle row to a Qwirkle."
        ),
        board="",
        turns=[
            T(
                "Yd@0,0 Bd@1,0 Rd@2,0",
                3,
                [("row", "0,0 1,0 2,0", 3)],
                "Au premier tour, le premier joueur pose cette ligne et marque 3 points",
            ),
            T(
                "Bs@1,1 Bx@1,2",
                3,
                [("column", "1,0 1,1 1,2", 3)],
                "Le deuxième joueur y adjoint 2 tuiles bleues et marque 3 points",
            ),
            T(
                "Bo@1,3 Ro@2,3 Go@3,3",
                7,
                [("row", "1,3 2,3 3,3", 3), ("column", "1,0 1,1 1,2 1,3", 4)],
                "Le troisième joueur ajoute 3 ronds et marque 7 points : [...] la ligne qu'il a créée (3 points) "
                "et [...] la ligne qu'il a prolongée (4 points)",
            ),
            T(
                "Yo@4,3 Oo@5,3 Po@6,3",
                12,
                [("row", "1,3 2,3 3,3 4,3 5,3 6,3", 12)],
                "Le quatrième joueur ajoute 3 ronds supplémentaires et réalise un Qwirkle ! Il marque 12 points",
            ),
        ],
    ),
    dict(
        id="classic-example-game",
        variant="classic",
        file=F002,
        title="11-turn example game (3, 7, 4, 6, 7, 6, 3, 3, 10, 9, 18)",
        quote="EXEMPLE DE PARTIE",
        design=(
            "Red row Rc Rd Ro at y=0 grows to Rt..Rx (Qwirkle on turn 11). Turn 9 needs a diamond line "
            "of 4 although no diamond line of 3 was ever scored: the yellow diamond fills the gap "
            "between the orange diamond (turn 8) and the green/red diamond pair (turn 4)."
        ),
        board="",
        turns=[
            T(
                "Rc@0,0 Rd@1,0 Ro@2,0",
                3,
                [("row", "0,0 1,0 2,0", 3)],
                "Anna crée une ligne de 3 tuiles rouges pour ouvrir le jeu et marque 3 points.",
                "Anna",
            ),
            T(
                "Rs@3,0 Bs@3,1 Ys@3,2",
                7,
                [("column", "3,0 3,1 3,2", 3), ("row", "0,0 1,0 2,0 3,0", 4)],
                "Chris marque 3 points pour la ligne de carrés et 4 points pour la ligne rouge, soit 7 points.",
                "Chris",
            ),
            T(
                "Bo@2,1",
                4,
                [("column", "2,0 2,1", 2), ("row", "2,1 3,1", 2)],
                "Marie marque 2 points pour la ligne de ronds et 2 points pour la ligne bleue, soit 4 points.",
                "Marie",
            ),
            T(
                "Gc@0,-1 Gd@1,-1",
                6,
                [("row", "0,-1 1,-1", 2), ("column", "0,-1 0,0", 2), ("column", "1,-1 1,0", 2)],
                "David marque 2 points pour la ligne verte, 2 points pour la ligne de fleurs et 2 points pour la "
                "ligne de losanges, soit 6 points.",
                "David",
            ),
            T(
                "Gt@-1,-1 Go@2,-1",
                7,
                [("row", "-1,-1 0,-1 1,-1 2,-1", 4), ("column", "2,-1 2,0 2,1", 3)],
                "Anna marque 4 points pour la ligne verte et 3 points pour la ligne de ronds, soit 7 points.",
                "Anna",
            ),
            T(
                "Ps@2,3 Gs@3,3",
                6,
                [("column", "3,0 3,1 3,2 3,3", 4), ("row", "2,3 3,3", 2)],
                "Chris marque 4 points pour la ligne de carrés verticale et 2 points pour la ligne de carrés "
                "horizontale, soit 6 points.",
                "Chris",
            ),
            T(
                "Bt@-1,-2 Ot@-1,-3",
                3,
                [("column", "-1,-3 -1,-2 -1,-1", 3)],
                "Marie marque 3 points pour la ligne d'étoiles.",
                "Marie",
            ),
            T(
                "Oc@0,-3 Od@1,-3",
                3,
                [("row", "-1,-3 0,-3 1,-3", 3)],
                "David marque 3 points pour la ligne orange.",
                "David",
            ),
            T(
                "Yd@1,-2 Yo@2,-2",
                10,
                [("row", "1,-2 2,-2", 2), ("column", "1,-3 1,-2 1,-1 1,0", 4), ("column", "2,-2 2,-1 2,0 2,1", 4)],
                "Anna marque 2 points pour la ligne jaune, 4 points pour la ligne de losanges et 4 points pour "
                "la ligne de ronds, soit 10 points.",
                "Anna",
            ),
            T(
                "Rt@-1,0",
                9,
                [("column", "-1,-3 -1,-2 -1,-1 -1,0", 4), ("row", "-1,0 0,0 1,0 2,0 3,0", 5)],
                "Chris marque 4 points pour la ligne d'étoiles et 5 points pour la ligne rouge, soit 9 points.",
                "Chris",
            ),
            T(
                "Ox@4,-1 Rx@4,0 Bx@4,1",
                18,
                [("row", "-1,0 0,0 1,0 2,0 3,0 4,0", 12), ("row", "2,1 3,1 4,1", 3), ("column", "4,-1 4,0 4,1", 3)],
                "Marie marque 6 points pour la ligne rouge et 6 points supplémentaires pour le Qwirkle. De plus, "
                "elle marque 3 points pour la ligne bleue et 3 points pour la ligne de croix. Un beau tour à 18 "
                "points !",
                "Marie",
            ),
        ],
    ),
    dict(
        id="classic-opening-four",
        variant="classic",
        file=F002,
        title="preliminary turn: a 4-tile opening scores 4",
        quote="Exemple de tour préliminaire 4 points",
        board="",
        turns=[
            T(
                "Yo@0,0 Ys@1,0 Yd@2,0 Yc@3,0",
                4,
                [("row", "0,0 1,0 2,0 3,0", 4)],
                "Il marque autant de points que ce nombre de tuiles [...] Exemple de tour préliminaire 4 points",
            )
        ],
    ),
    dict(
        id="classic-orange-three",
        variant="classic",
        file=F002,
        title="3 orange tiles: diamond line of 4, clover line of 2, new orange line",
        quote="En posant ces 3 tuiles orange, vous prolongez la ligne de losanges (4 losanges) et la ligne de "
        "fleurs (2 fleurs) tout en créant une ligne orange.",
        board="Gd@0,0 Bd@1,0 Yd@2,0 Yc@2,1",
        turns=[
            T(
                "Ox@3,-1 Od@3,0 Oc@3,1",
                9,
                [("column", "3,-1 3,0 3,1", 3), ("row", "0,0 1,0 2,0 3,0", 4), ("row", "2,1 3,1", 2)],
                "vous prolongez la ligne de losanges (4 losanges) et la ligne de fleurs (2 fleurs) tout en créant "
                "une ligne orange",
                stated=False,
                note="the seed names the lines, the total 9 is derived by C6",
            )
        ],
    ),
    dict(
        id="classic-both-ends",
        variant="classic",
        file=F002,
        title="one blue tile at each end of a blue line",
        quote="Vous pouvez ajouter 1 tuile bleue de chaque côté ici, car ces 2 tuiles viennent bien prolonger "
        "la même ligne.",
        board="Bc@0,0 Bd@1,0 Bo@2,0",
        turns=[
            T(
                "Bs@-1,0 Bx@3,0",
                5,
                [("row", "-1,0 0,0 1,0 2,0 3,0", 5)],
                "vous pouvez prolonger une ligne des deux côtés",
                stated=False,
                note="no points in the seed; 5 by C6",
            )
        ],
    ),
    dict(
        id="classic-green-circle",
        variant="classic",
        file=F002,
        title="the green circle is in the green line and the circle line",
        quote="Le rond vert fait à la fois partie de la ligne verte et de la ligne de ronds.",
        board="Gs@0,0 Gd@1,0 Os@0,1 Bs@0,2 Bc@1,2 Bo@2,2 Yo@2,1",
        turns=[
            T(
                "Go@2,0",
                6,
                [("row", "0,0 1,0 2,0", 3), ("column", "2,0 2,1 2,2", 3)],
                "Le rond vert fait à la fois partie de la ligne verte et de la ligne de ronds.",
                stated=False,
                note="no points in the seed; 6 by C6",
            )
        ],
    ),
    dict(
        id="classic-illegal",
        variant="classic",
        file=F002,
        title="duplicates: in a line (C5) and among the chosen tiles (C4)",
        quote="Placez les tuiles choisies sur une ligne préexistante, sans créer de doublons.",
        board="Yo@0,0 Ys@1,0 Yd@2,0",
        turns=[
            T(
                "Ys@3,0",
                rules=["C5"],
                quote="Un doublon est une tuile strictement identique à une autre (de même forme ET de même couleur).",
            ),
            T(
                "Yc@3,0 Yc@4,0",
                rules=["C4", "C5"],
                quote="Si vous en choisissez plusieurs, elles doivent partager la même forme OU la même couleur.",
                note="two identical tiles chosen: C4 (no duplicate among chosen tiles); the row is also invalid",
            ),
            T(
                "Yc@3,0 Yx@4,1",
                rules=["C5"],
                quote="Les tuiles choisies doivent être placées sur une même ligne",
                note="not in one row or column",
            ),
            T(
                "Yc@3,0 Yx@5,0",
                rules=["C5"],
                quote="Les tuiles choisies doivent être placées sur une même ligne",
                note="gap at 4,0 between the placed tiles",
            ),
        ],
    ),
    # -------------------------------------------------------------------- cubes
    dict(
        id="cubes-example",
        variant="cubes",
        file=F001,
        title="Cubes scoring example (7, 6, 17)",
        quote="Stéphanie commence par poser les cubes entourés en bleu. Elle reçoit 7 points",
        design=(
            "Starting from a designed board (the seed's picture is not available): Stephanie's 3 red cubes "
            "start a red row whose star extends a star column of 3; Jacques's yellow row of 4 ends under a "
            "green diamond; Anne adds two red cubes on the left and one on the right (as in the seed's "
            "other sentence) for the Qwirkle."
        ),
        board="Gd@-2,-2 Gc@-1,-2 Go@0,-2 Gt@1,-2 Yt@1,-3 Bt@1,-1 Yc@2,-3 Yo@3,-3 Ys@4,-3 Ps@4,-2 Gs@4,-1 Gx@3,-1",
        turns=[
            T(
                "Ro@0,0 Rt@1,0 Rs@2,0",
                7,
                [("column", "1,-3 1,-2 1,-1 1,0", 4), ("row", "0,0 1,0 2,0", 3)],
                "Elle reçoit 7 points − 4 points pour la rangée d'étoiles et 3 points pour la rangée rouge, qui "
                "est constituée de trois cubes à ce moment-là.",
                "Stéphanie",
            ),
            T(
                "Yc@-5,-1 Yo@-4,-1 Ys@-3,-1 Yd@-2,-1",
                6,
                [("row", "-5,-1 -4,-1 -3,-1 -2,-1", 4), ("column", "-2,-2 -2,-1", 2)],
                "Il reçoit donc 6 points – 4 points pour la rangée jaune et 2 points pour les deux losanges.",
                "Jacques",
            ),
            T(
                "Rd@-2,0 Rc@-1,0 Rx@3,0",
                17,
                [
                    ("row", "-2,0 -1,0 0,0 1,0 2,0 3,0", 12),
                    ("column", "-2,-2 -2,-1 -2,0", 3),
                    ("column", "3,-1 3,0", 2),
                ],
                "reçoit 17 points – 3 points pour la rangée de losanges, 2 pour la rangée d'étoiles à quatre "
                "branches et 12 pour le Qwirkle qu'elle a formé dans la rangée rouge.",
                "Anne",
            ),
        ],
    ),
    dict(
        id="cubes-green-circle",
        variant="cubes",
        file=F001,
        title="Cubes: the green circle scores 4",
        quote="Anne pose le cercle vert. Elle reçoit 4 points − 2 points pour la rangée verte et 2 points pour "
        "la rangée de cercles.",
        board="Gs@0,0 Bs@0,1 Bo@1,1",
        turns=[
            T(
                "Go@1,0",
                4,
                [("row", "0,0 1,0", 2), ("column", "1,0 1,1", 2)],
                "Elle reçoit 4 points − 2 points pour la rangée verte et 2 points pour la rangée de cercles.",
                "Anne",
            )
        ],
    ),
    dict(
        id="cubes-illegal",
        variant="cubes",
        file=F001,
        title="Cubes: the refused placements of the figure",
        quote="Ces cubes ne conviennent pas pour les raisons suivantes",
        board="Yo@0,0 Ys@1,0 Yd@2,0 Yc@3,0 Yx@4,0 Yt@5,0 Pt@5,1 Ps@6,1 Gd@2,1 Bd@2,2",
        turns=[
            T("Yo@6,0", rules=["C5"], quote="C'est le septième cube dans la rangée jaune (le deuxième cercle)."),
            T(
                "Po@6,0",
                rules=["C5"],
                quote="Le cercle violet irait avec le carré violet. Mais il ne va pas avec la rangée jaune.",
            ),
            T(
                "Gd@2,3",
                rules=["C5"],
                quote="Ce symbole ou cette couleur est déjà présent(e) dans la rangée.",
                note="the diamond column would hold two green diamonds",
            ),
            T(
                "Rd@2,3",
                4,
                [("column", "2,0 2,1 2,2 2,3", 4)],
                apply=False,
                stated=False,
                quote="Si on dépose un cube dans une rangée existante, ses propriétés doivent concorder avec celles "
                "des cubes qui s'y trouvent déjà.",
                note="legal alone (points by C6)",
            ),
            T(
                "Bo@0,1",
                2,
                [("column", "0,0 0,1", 2)],
                apply=False,
                stated=False,
                quote="Un cube peut rapporter 2 points s'il fait partie de deux rangées.",
                note="legal alone (points by C6)",
            ),
            T("Bo@8,3", rules=["C5"], quote="Le cube ne touche pas d'autre cube."),
            T(
                "Rd@2,3 Bo@0,1",
                rules=["C4", "C5"],
                quote="il ne serait donc pas possible de poser le losange rouge et un cercle bleu en même temps.",
                note=(
                    "each is legal alone; together they share neither color nor shape (C4) and are not in one line (C5)"
                ),
            ),
        ],
    ),
    # --------------------------------------------------------------------- flex
    dict(
        id="flex-example-game",
        variant="flex",
        file=F003,
        title="Flex 7-turn example game (3, 10, 11, 13, 8, 18, 6)",
        quote="EXEMPLE DE PARTIE",
        design=(
            "Red row Rok Rtw Rsk; Chris's black blue star sits on two black diagonals; the black diagonal "
            "grows (-1,0)->(2,-3)->(3,-4) to 5, then Gok@-2,1 makes it a Flex Qwirkle of 6; Marie's "
            "orange square ends the square column x=3 next to the diagonal's top end."
        ),
        board="",
        turns=[
            T(
                "Rok@-1,0 Rtw@0,0 Rsk@1,0",
                3,
                [("row", "-1,0 0,0 1,0", 3)],
                "Anna place une ligne de 3 tuiles rouges pour ouvrir le jeu et marque 3 points.",
                "Anna",
            ),
            T(
                "Btk@0,-1 Bsm@1,-1",
                10,
                [
                    ("row", "0,-1 1,-1", 2),
                    ("column", "0,-1 0,0", 2),
                    ("column", "1,-1 1,0", 2),
                    ("diagonal", "-1,0 0,-1", 2),
                    ("diagonal", "0,-1 1,0", 2),
                ],
                "Chris joue 2 tuiles bleues [...] 2 points pour la ligne horizontale bleue, 2 points pour la "
                "ligne verticale d'étoiles, 2 points pour la ligne verticale de carrés, 2 points pour la "
                "diagonale de fonds noirs, 2 points pour l'autre diagonale de fonds noirs. Total : 10 points",
                "Chris",
            ),
            T(
                "Gsk@1,-2 Ysm@2,-2 Psw@3,-2",
                11,
                [
                    ("row", "1,-2 2,-2 3,-2", 3),
                    ("column", "1,-2 1,-1 1,0", 3),
                    ("diagonal", "-1,0 0,-1 1,-2", 3),
                    ("diagonal", "1,-1 2,-2", 2),
                ],
                "Marie joue 3 carrés [...] 3 points pour la ligne horizontale de carrés, 3 points pour la ligne "
                "verticale de carrés, 3 points pour la diagonale de fonds noirs, 2 points pour la diagonale de "
                "fonds bicolores. Total : 11 points",
                "Marie",
            ),
            T(
                "Bsk@2,-3 Gsw@3,-3 Rsw@4,-3",
                13,
                [
                    ("row", "2,-3 3,-3 4,-3", 3),
                    ("column", "2,-3 2,-2", 2),
                    ("column", "3,-3 3,-2", 2),
                    ("diagonal", "-1,0 0,-1 1,-2 2,-3", 4),
                    ("diagonal", "3,-2 4,-3", 2),
                ],
                "David joue 3 carrés [...] 3 points pour la ligne horizontale de carrés, 4 points pour les deux "
                "lignes verticales de carrés (2 x 2), 4 points pour la diagonale de fonds noirs, 2 points pour "
                "la diagonale de fonds blancs. Total : 13 points",
                "David",
            ),
            T(
                "Ysk@3,-4",
                8,
                [("column", "3,-4 3,-3 3,-2", 3), ("diagonal", "-1,0 0,-1 1,-2 2,-3 3,-4", 5)],
                "Anna joue 1 carré jaune [...] 3 points pour la ligne de carrés, 5 points pour la diagonale de "
                "fonds noirs. Total : 8 points",
                "Anna",
            ),
            T(
                "Gok@-2,1 Pow@-1,1",
                18,
                [
                    ("row", "-2,1 -1,1", 2),
                    ("column", "-1,0 -1,1", 2),
                    ("diagonal", "-1,1 0,0", 2),
                    ("diagonal", "-2,1 -1,0 0,-1 1,-2 2,-3 3,-4", 12),
                ],
                "Chris joue 2 ronds [...] 2 points pour la ligne horizontale de ronds, 2 points pour la ligne "
                "verticale de ronds, 2 points pour la diagonale de fonds blancs, 6 points pour la diagonale de "
                "fonds noirs et 6 points bonus, puisque la diagonale forme un qwirkle flex. Total : 18 points",
                "Chris",
            ),
            T(
                "Odw@2,-5 Osw@3,-5",
                6,
                [("row", "2,-5 3,-5", 2), ("column", "3,-5 3,-4 3,-3 3,-2", 4)],
                "Marie joue 2 tuiles orange [...] 2 points pour la ligne horizontale orange, 4 points pour la "
                "ligne verticale de carrés. Total : 6 points",
                "Marie",
            ),
            T(
                "Ook@4,-5",
                rules=["F5"],
                apply=False,
                quote="les joueurs ne peuvent pas placer une tuile à fond noir à droite du carré orange, car cela "
                "créerait une diagonale de tuiles adjacentes noires dépassant la limite de 6 tuiles.",
            ),
            T(
                "Oow@4,-5",
                3,
                [("row", "2,-5 3,-5 4,-5", 3)],
                apply=False,
                stated=False,
                quote="En revanche, on pourrait tout à fait placer à cet endroit une tuile à fond blanc ou bicolore",
                note="alternative to the refused black tile; points derived by C6",
            ),
            T(
                "Oom@4,-5",
                3,
                [("row", "2,-5 3,-5 4,-5", 3)],
                apply=False,
                stated=False,
                quote="En revanche, on pourrait tout à fait placer à cet endroit une tuile à fond blanc ou bicolore",
                note="alternative to the refused black tile; points derived by C6",
            ),
            T(
                "Ook@1,-5",
                3,
                [("row", "1,-5 2,-5 3,-5", 3)],
                apply=False,
                stated=False,
                quote="ou placer la tuile à fond noir à gauche du losange orange.",
                note="alternative to the refused black tile; points derived by C6",
            ),
        ],
    ),
    dict(
        id="flex-single-tile-11",
        variant="flex",
        file=F003,
        title="one blue square worth 11 (2 + 4 for lines, 2 + 3 for two white diagonals)",
        quote="Si vous jouez ce carré bleu, vous gagnez 2 points pour la ligne bleue, 4 points pour la ligne de "
        "carrés, 2 points pour l'une des diagonales blanches et 3 points pour l'autre, soit un total de "
        "11 points.",
        board="Rsk@0,0 Gsk@1,0 Ysk@2,0 Yck@2,-2 Gcw@1,-2 Ydw@2,-1 Yow@2,1 Bok@3,1",
        turns=[
            T(
                "Bsw@3,0",
                11,
                [
                    ("column", "3,0 3,1", 2),
                    ("row", "0,0 1,0 2,0 3,0", 4),
                    ("diagonal", "2,1 3,0", 2),
                    ("diagonal", "1,-2 2,-1 3,0", 3),
                ],
                "2 points pour la ligne bleue, 4 points pour la ligne de carrés, 2 points pour l'une des "
                "diagonales blanches et 3 points pour l'autre, soit un total de 11 points.",
            )
        ],
    ),
    dict(
        id="flex-green-pair-9",
        variant="flex",
        file=F003,
        title="two green tiles worth 9 (3 + 3 + 3, no diagonal)",
        quote="Si vous jouez ces 2 tuiles vertes, vous gagnez 3 points pour la ligne verte, 3 points pour la "
        "ligne de carrés et 3 points pour la ligne d'étoiles, soit un total de 9 points.",
        board="Ysk@1,-2 Ytk@2,-2 Pok@0,-1 Psk@1,-1 Ptk@2,-1 Gok@0,0",
        turns=[
            T(
                "Gsw@1,0 Gtw@2,0",
                9,
                [("row", "0,0 1,0 2,0", 3), ("column", "1,-2 1,-1 1,0", 3), ("column", "2,-2 2,-1 2,0", 3)],
                "3 points pour la ligne verte, 3 points pour la ligne de carrés et 3 points pour la ligne "
                "d'étoiles, soit un total de 9 points.",
            )
        ],
    ),
    dict(
        id="flex-illegal",
        variant="flex",
        file=F003,
        title="Flex refusals: duplicate with another background, 7-tile line, background-only choice",
        quote="INTERDIT",
        board="Ydk@0,0 Yok@1,0 Ysw@2,0 Yck@3,0 Yxw@4,0 Gsk@2,1 Gow@1,1",
        turns=[
            T(
                "Ydw@5,0",
                rules=["C5"],
                quote="une ligne de formes jaunes ne peut compter qu'un seul losange. INTERDIT 2 losanges jaunes",
            ),
            T(
                "Ytm@5,0 Yom@6,0",
                rules=["C5"],
                quote="INTERDIT 7 tuiles, 2 ronds jaunes.",
                note="Ytm alone would complete a yellow Qwirkle; Yom is a 7th tile and a 2nd yellow circle",
            ),
            T(
                "Rsk@2,2 Bok@1,2",
                rules=["C4"],
                quote="Vous ne POUVEZ PAS choisir de tuiles dont le SEUL point commun est le fond.",
                note="RULES.md F2 names C4; the row Bok Rsk is also mixed (C5)",
            ),
            T(
                "Ytm@5,0",
                12,
                [("row", "0,0 1,0 2,0 3,0 4,0 5,0", 12)],
                apply=False,
                stated=False,
                quote="Dès que vous complétez une ligne de 6 tuiles, vous réalisez un qwirkle !",
                note="legal twin: backgrounds may differ within a line (12 by C6)",
            ),
        ],
    ),
]


def _cells(text):
    return [naive.parse_cell(c) for c in text.split()]


def _norm_lines(lines):
    return sorted((kind, tuple(sorted(cells)), points) for kind, cells, points in lines)


def board_problems(board, variant):
    """Why a designed board could not occur in a game (empty list = plausible)."""
    problems = []
    for cell in board:
        for step in (naive.ROW, naive.COLUMN):
            line = naive.run_through(board, cell, step)
            if len(line) >= 2 and not naive.is_valid_line([board[c] for c in line]):
                problems.append(f"invalid line through {cell}")
        if variant == "flex":
            for step in naive.DIAGONALS:
                if len(naive.run_through(board, cell, step, naive.same_background)) > 6:
                    problems.append(f"diagonal over 6 through {cell}")
    if board:  # connected
        seen, todo = set(), [next(iter(board))]
        while todo:
            cell = todo.pop()
            if cell in seen:
                continue
            seen.add(cell)
            todo.extend(n for n in naive.neighbours(cell) if n in board)
        if len(seen) != len(board):
            problems.append("board not connected")
    counts = Counter(naive.tile_code(t) for t in board.values())
    limit = {"classic": 3, "flex": 1}.get(variant)
    if limit:
        problems += [f"{code} used {n} times" for code, n in counts.items() if n > limit]
    if variant == "cubes" and any(n > 15 for n in Counter(t.color for t in board.values()).values()):
        problems.append("more than 15 dice of one color")
    return sorted(set(problems))


def build():
    out = {
        "about": (
            "Worked examples of the publisher's rulebooks (French), rebuilt as concrete positions "
            "(designed: the seeds give words, not coordinates). Each turn gives the board BEFORE the "
            "play. Legal turns: exact points and the breakdown as a multiset of (kind, sorted cells, "
            "points); a line/diagonal of 6 scores 12 with qwirkle true. Illegal turns: legal false and "
            "'rules', the acceptable rule ids (first preferred; 'broken' lists every rule the naive reference "
            "sees broken, for information). 'stated' false = the seed names the "
            "lines but not the total. Generated by tests/reference/make_seed_examples.py."
        ),
        "notation": "x grows right, y grows down; o circle, s square, d diamond, c clover, x cross "
        "(4-point star), t 8-point star; k black, w white, m two-tone",
        "examples": [],
    }
    for example in EXAMPLES:
        variant = example["variant"]
        board = naive.parse_board(example["board"], variant)
        problems = board_problems(board, variant)
        assert not problems, (example["id"], "start", problems)
        turns = []
        for number, turn in enumerate(example["turns"], 1):
            where = (example["id"], number, turn["play"])
            play = naive.parse_placements(turn["play"], variant)
            found = naive.violations(board, play, variant)
            entry = {"turn": number}
            if turn["who"]:
                entry["who"] = turn["who"]
            entry["board"] = naive.format_placements(board.items())
            entry["play"] = turn["play"]
            if turn["rules"]:
                assert found, (where, "expected illegal")
                assert found[0][0] == turn["rules"][0], (where, found)
                entry.update(legal=False, rules=turn["rules"], broken=sorted({r for r, _ in found}))
            else:
                assert not found, (where, found)
                points, breakdown = naive.score(board, play, variant)
                expected = [(k, _cells(c), p) for k, c, p in turn["lines"]]
                assert sum(p for _, _, p in expected) == turn["points"], (where, "lines do not add up")
                got = [(b["kind"], [naive.parse_cell(c) for c in b["cells"]], b["points"]) for b in breakdown]
                assert points == turn["points"], (where, points)
                assert _norm_lines(got) == _norm_lines(expected), (where, got)
                entry.update(
                    legal=True,
                    points=turn["points"],
                    breakdown=[
                        {
                            "kind": k,
                            "cells": [naive.cell_text(c) for c in sorted(cells)],
                            "points": p,
                            "qwirkle": p == 12,
                        }
                        for k, cells, p in sorted((k, sorted(c), p) for k, c, p in expected)
                    ],
                )
                if not turn["stated"]:
                    entry["stated"] = False
            entry["quote"] = turn["quote"]
            if turn["note"]:
                entry["note"] = turn["note"]
            turns.append(entry)
            if turn["apply"]:
                board.update(dict(play))
                problems = board_problems(board, variant)
                assert not problems, (where, problems)
        record = {
            "id": example["id"],
            "variant": variant,
            "title": example["title"],
            "source": {"file": example["file"], "quote": example["quote"]},
        }
        if example.get("design"):
            record["design"] = example["design"]
        record["turns"] = turns
        out["examples"].append(record)
    return out


def dumps(value, indent=0):
    """JSON with one breakdown entry (and one list of cells) per line, for readable diffs."""
    pad = " " * indent
    if isinstance(value, dict) and "kind" not in value:
        items = [f"{pad} {json.dumps(k)}: {dumps(v, indent + 1).lstrip()}" for k, v in value.items()]
        return pad + "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return pad + "[\n" + ",\n".join(dumps(v, indent + 1) for v in value) + "\n" + pad + "]"
    return pad + json.dumps(value, ensure_ascii=False)


def main(argv):
    text = dumps(build()) + "\n"
    examples = json.loads(text)["examples"]
    turns = sum(len(e["turns"]) for e in examples)
    return write_or_check(OUT, text, argv, Path(__file__).name, f"{len(examples)} examples, {turns} turns")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
