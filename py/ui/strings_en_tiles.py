"""English names of the tiles and of the lines they make: whole phrases, one per colour and shape,
so that each language writes its own grammar (gender, case, agreement) in its catalog instead of
code assembling words. ``ui.words.Translator`` picks them; ``strings_en`` merges this table."""

COLOR_WORDS = ("red", "orange", "yellow", "green", "blue", "purple")
SHAPE_WORDS = ("circle", "square", "diamond", "clover", "star4", "star8")
BACKGROUND_WORDS = ("", "black", "white", "twotone")

_SHAPES = ("circle", "square", "diamond", "clover", "4-point star", "8-point star")
_SHAPES_PLURAL = ("circles", "squares", "diamonds", "clovers", "4-point stars", "8-point stars")

TILES: dict[str, str] = {}
for _color in COLOR_WORDS:
    TILES[f"color_{_color}"] = _color
    for _i, _shape in enumerate(SHAPE_WORDS):
        TILES[f"tile_{_color}_{_shape}_one"] = f"{_color} {_SHAPES[_i]}"
        TILES[f"tile_{_color}_{_shape}_other"] = f"{_color} {_SHAPES_PLURAL[_i]}"
        TILES[f"line_row_{_shape}"] = f"row of {_SHAPES_PLURAL[_i]}"
        TILES[f"line_column_{_shape}"] = f"column of {_SHAPES_PLURAL[_i]}"
    TILES[f"line_row_{_color}"] = f"{_color} row"
    TILES[f"line_column_{_color}"] = f"{_color} column"
for _i, _shape in enumerate(SHAPE_WORDS):
    TILES[f"shape_{_shape}"] = _SHAPES[_i]
TILES.update(
    {
        "tile_black": "black {tile}",
        "tile_white": "white {tile}",
        "tile_twotone": "two-tone {tile}",
        "tile_die": "{tile} die",
        "line_diagonal_black": "black diagonal",
        "line_diagonal_white": "white diagonal",
        "line_diagonal_twotone": "two-tone diagonal",
        # The decimal separator of figures such as "0.2 points lost per turn".
        "decimal_point": ".",
    }
)
