"""Random but reachable positions, built with the naive reference only.

A position is made the way a game makes it: starting from an empty board, a
player draws a hand from the bag, makes a random legal play (the opening obeys
C2: the largest combination), the rest of the hand goes back, and so on. Tile
supplies follow the rulebooks: classic 108 (3 copies of each color x shape),
Cubes 90 dice (15 per color, the shape is the face rolled), Flex 72 (black and
white) or 108 (black, white, two-tone; each color x shape x background once).

Everything is driven by a ``random.Random`` passed in, so a seed reproduces a
position exactly.
"""

from __future__ import annotations

import itertools

import naive

SETS = {
    # name: (variant, backgrounds or None)
    "classic": ("classic", None),
    "cubes": ("cubes", None),
    "flex72": ("flex", "kw"),
    "flex108": ("flex", "kwm"),
}


class Bag:
    """The tiles not on the board (hands are drawn from it and returned to it)."""

    def __init__(self, tile_set, rng):
        self.variant, backgrounds = SETS[tile_set]
        self.rng = rng
        self.cubes = tile_set == "cubes"
        if self.cubes:
            self.dice = [c for c in naive.COLORS for _ in range(15)]
        elif backgrounds:
            self.tiles = [naive.Tile(c, s, b) for c in naive.COLORS for s in naive.SHAPES for b in backgrounds]
        else:
            self.tiles = [naive.Tile(c, s, None) for c in naive.COLORS for s in naive.SHAPES for _ in range(3)]

    def __len__(self):
        return len(self.dice) if self.cubes else len(self.tiles)

    def draw(self, n):
        n = min(n, len(self))
        if self.cubes:
            self.rng.shuffle(self.dice)
            colors, self.dice = self.dice[:n], self.dice[n:]
            return [naive.Tile(c, self.rng.choice(naive.SHAPES), None) for c in colors]  # roll
        self.rng.shuffle(self.tiles)
        hand, self.tiles = self.tiles[:n], self.tiles[n:]
        return hand

    def put_back(self, tiles):
        if self.cubes:
            self.dice.extend(t.color for t in tiles)
        else:
            self.tiles.extend(tiles)


def opening_plays(hand, variant):
    """C2 openings: every ordering of every largest combination, at (0,0) right or down."""
    return naive.legal_plays({}, hand, variant, opening_rule=True)


def _run_from_anchor(board, anchor, step, before, after):
    """Empty cells: ``before`` of them backwards from the anchor, the anchor, ``after``
    forwards, skipping occupied cells (so existing tiles fill the gaps)."""
    dx, dy = step
    cells = [anchor]
    x, y = anchor
    while len(cells) < before + 1:
        x, y = x - dx, y - dy
        if (x, y) not in board:
            cells.insert(0, (x, y))
    x, y = anchor
    while len(cells) < before + 1 + after:
        x, y = x + dx, y + dy
        if (x, y) not in board:
            cells.append((x, y))
    return cells


def sample_legal_plays(board, hand, variant, rng, want=4, tries=120):
    """Up to ``want`` distinct random legal plays (lists of (cell, Tile)), found by
    trying random tile sets at random runs through cells next to the board and
    keeping those ``naive.violations`` accepts. Cheap, not exhaustive."""
    if not board:
        plays = opening_plays(hand, variant)
        rng.shuffle(plays)
        return [naive.parse_placements(p["play"], variant) for p in plays[:want]]
    sets = naive.choosable_sets(hand)
    # Bias towards larger sets: they make denser, more interesting boards.
    weights = [len(s) ** 2 for s in sets]
    frontier = sorted({n for c in board for n in naive.neighbours(c) if n not in board})
    found = {}
    for _ in range(tries):
        tiles = rng.choices(sets, weights)[0]
        anchor = rng.choice(frontier)
        step = rng.choice((naive.ROW, naive.COLUMN))
        before = rng.randrange(len(tiles))
        cells = _run_from_anchor(board, anchor, step, before, len(tiles) - 1 - before)
        order = list(tiles)
        rng.shuffle(order)
        play = list(zip(cells, order, strict=True))
        key = naive.play_key(play)
        if key not in found and not naive.violations(board, play, variant):
            found[key] = play
            if len(found) >= want:
                break
    return list(found.values())


def diagonal_points(board, play, variant):
    _, breakdown = naive.score(board, play, variant)
    return sum(entry["points"] for entry in breakdown if entry["kind"] == "diagonal")


def build_position(tile_set, rng, plays, greedy=0.5, prefer=None):
    """A board after ``plays`` random legal plays and the next player's hand.

    Each play is drawn from a fresh random hand; with probability ``greedy`` the
    best of a few sampled plays is taken (denser boards), else a random one. "Best"
    is by points, or by ``prefer(board, play, variant)`` when given (for instance
    ``diagonal_points`` to grow long Flex diagonals).
    Returns (board dict, hand list of Tiles, variant)."""
    bag = Bag(tile_set, rng)
    variant = bag.variant
    board = {}
    made = 0
    attempts = 0
    while made < plays and attempts < plays * 6 and len(bag) > 6:
        attempts += 1
        hand = bag.draw(6)
        options = sample_legal_plays(board, hand, variant, rng)
        if options:
            if rng.random() < greedy:
                value = prefer or (lambda b, p, v: naive.score(b, p, v)[0])
                play = max(options, key=lambda p: value(board, p, variant))
            else:
                play = rng.choice(options)
            board.update(dict(play))
            used = list(hand)
            for _, tile in play:
                used.remove(tile)
            bag.put_back(used)
            made += 1
        else:
            bag.put_back(hand)
    return board, bag.draw(6), variant


def random_illegal_plays(board, hand, variant, rng, want=4, tries=400):
    """Random plays near the board that ``naive.violations`` refuses, each with every
    rule it breaks. Mixes the usual mistakes: one tile that does not fit its lines,
    a valid tile set whose lines break, tiles that share nothing, an occupied cell,
    no contact, a gap, tiles not in one line."""
    result = []
    seen = set()
    occupied = sorted(board)
    frontier = sorted({n for c in board for n in naive.neighbours(c) if n not in board}) or [(0, 0)]
    sets = naive.choosable_sets(hand)
    modes = ["single", "single", "set", "set", "any", "occupied", "far", "gap", "bent"]
    for _ in range(tries):
        if len(result) >= want:
            break
        mode = rng.choice(modes)
        if mode in ("single", "occupied", "far"):
            tiles = [rng.choice(hand)] if mode == "single" else list(rng.choice(sets))
        elif mode == "any":
            tiles = rng.sample(hand, rng.randint(2, min(3, len(hand))))
        else:
            tiles = list(rng.choice([s for s in sets if len(s) > 1] or sets))
        rng.shuffle(tiles)
        k = len(tiles)
        anchor = rng.choice(frontier)
        step = rng.choice((naive.ROW, naive.COLUMN))
        if mode == "far":
            anchor = (anchor[0] + rng.choice((-3, 3)), anchor[1] + rng.choice((-3, 3)))
            cells = [(anchor[0] + i * step[0], anchor[1] + i * step[1]) for i in range(k)]
        elif mode == "occupied" and occupied:
            start = rng.choice(occupied)
            cells = [(start[0] + i * step[0], start[1] + i * step[1]) for i in range(k)]
        elif mode == "gap" and k > 1:
            cells = [(anchor[0] + 2 * i * step[0], anchor[1] + 2 * i * step[1]) for i in range(k)]
        elif mode == "bent" and k > 1:
            cells = [(anchor[0] + i, anchor[1] + i) for i in range(k)]
        else:
            before = rng.randrange(k)
            cells = _run_from_anchor(board, anchor, step, before, k - 1 - before)
        play = list(zip(cells, tiles, strict=True))
        key = naive.play_key(play)
        if key in seen:
            continue
        seen.add(key)
        found = naive.violations(board, play, variant)
        if found:
            result.append((play, found))
    return result


def diagonal_plays(board, variant, rng, want=4):
    """Flex only: single tiles on empty cells where a tile of some background would
    make a same-background diagonal run of 7 or more (the end of a run of 6, or
    between two runs), in every color and shape that otherwise fits the cell.
    Returns (play, violations) pairs: the refused F5 plays first, then legal twins
    on the same cells (another background); ``want`` of each at most."""
    if variant != "flex":
        return []
    frontier = sorted({n for c in board for n in naive.neighbours(c) if n not in board})
    hot = []  # (cell, background) that would break F5
    for cell in frontier:
        for background in naive.BACKGROUNDS:
            trial = dict(board)
            trial[cell] = naive.Tile("R", "o", background)
            if any(len(naive.run_through(trial, cell, step, naive.same_background)) > 6 for step in naive.DIAGONALS):
                hot.append((cell, background))
    refused, allowed = [], []
    for cell, background in hot:
        for color in naive.COLORS:
            for shape in naive.SHAPES:
                for other in naive.BACKGROUNDS:
                    play = [(cell, naive.Tile(color, shape, other))]
                    found = naive.violations(board, play, variant)
                    if other == background and {r for r, _ in found} == {"F5"}:
                        refused.append((play, found))
                    elif other != background and not found:
                        allowed.append((play, found))
    rng.shuffle(refused)
    rng.shuffle(allowed)
    return refused[:want] + allowed[:want]


def board_text(board):
    return naive.format_placements(board.items())


def hand_text(hand):
    return " ".join(naive.tile_code(t) for t in hand)


def all_openings_count(hand, variant):
    """Hand-checkable count of C2 openings (used by sanity tests): every ordering of
    each largest combination, right or down (one direction for a single tile)."""
    size = naive.largest_combination(hand)
    kinds = sorted({naive.tile_code(t): t for t in hand}.values(), key=naive.tile_code)
    combos = {
        frozenset(naive.tile_code(t) for t in c)
        for c in itertools.combinations(kinds, size)
        if size == 1 or (naive.shares_color_or_shape(c) and not naive.has_duplicates(c))
    }
    per = 1 if size == 1 else 2 * len(list(itertools.permutations(range(size))))
    return len(combos) * per
