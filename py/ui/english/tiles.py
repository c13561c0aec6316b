"""English names of the tiles and of the lines they make, the tile tracker, and a Cubes game's dice.

Tile names are whole phrases, one per colour and shape, so that each language writes its own grammar (gender, case,
agreement) in its catalog instead of code assembling words; ``ui.words.Translator`` picks them. A Qwirkle Cubes
game is played with dice: ``key_dice`` stands for ``key`` wherever a Cubes game shows it
(``ui.words.Translator.with_dice``)."""

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

# The tile tracker
TRACKER: dict[str, str] = {
    "tracker_title": "Tiles not seen by {name}",
    "tracker_help": "The full set minus the board and the visible racks.",
    "tracker_count": "{tile}: {n} not seen",
    "tracker_total_one": "{n} not seen in all.",
    "tracker_total_other": "{n} not seen in all.",
    "tracker_on": "{n} on {background}",
    "tracker_dice_column": "Dice",
    "background_1": "black",
    "background_2": "white",
    "background_3": "two-tone",
    "dice_0": "red dice",
    "dice_1": "orange dice",
    "dice_2": "yellow dice",
    "dice_3": "green dice",
    "dice_4": "blue dice",
    "dice_5": "purple dice",
}

# A Cubes game's dice
DICE: dict[str, str] = {
    "tracker_dice": "Dice tracker",
    "tracker_title_dice": "Dice not seen by {name}",
    "tracker_help_dice": "Cubes dice are counted by colour: faces are rolled when drawn.",
    "tracker_count_dice": "{tile}: {n} not seen",
    "privacy_text_dice": "The hands are hidden so that no one sees another player's dice.",
    "palette_dice": "Dice colours",
    "show_tiles_dice": "I am {name}: show my dice",
    "your_tiles_dice": "Your dice",
    "board_help_dice": "Arrow keys move the cursor, Enter places the selected die, 1 to 6 select a die of your hand. Press ? for every key.",
    "todo_place_dice": "select a die, then a cell",
    "todo_opening_dice": "open with {size} dice in a line, anywhere",
    "todo_pending_dice": "Play, or add dice",
    "play_nothing_dice": "Nothing to play yet: select a die of your hand, then a lit cell of the board.",
    "select_tile_dice": "Select a die of your hand, then a cell.",
    "no_legal_cell_dice": "The {tile} cannot go anywhere now.",
    "recalled_dice": "Dice back in your hand.",
    "preview_opening_dice": "Opening: place {size} dice that share a colour or a shape, in one line, anywhere: the board is empty (Q2).",
    "preview_none_dice": "Place dice on the board.",
    "line_single_dice": "single die",
    "end_bonus_dice": "last die: +6",
    "opening_color_dice_one": "{name} has the largest combination, {n} die: {name} starts (Q2).",
    "opening_color_dice_other": "{name} has {n} dice that share a colour: {name} starts (Q2).",
    "opening_shape_dice_one": "{name} has the largest combination, {n} die: {name} starts (Q2).",
    "opening_shape_dice_other": "{name} has {n} dice that share a shape: {name} starts (Q2).",
    "stuck_pass_dice": "No die can be played: pass (Q4).",
    "hint_pass_dice": "Hint ({level}): no die can be placed. Press Pass (Q4).",
    "choose_tiles_dice": "Select at least one die.",
    "ended_out_dice": "{name} placed their last die first: +6 points, and the game ends (Q5).",
    "key_pick_dice": "select a die of your hand (board focused)",
    "key_place_dice": "place the selected die, or take a placed die back",
    "key_play_dice": "play the dice placed",
    "key_recall_dice": "take the placed dice back",
    "review_no_play_dice": "No die could be placed.",
    "review_chances_dice_one": "Left {n} line of five open for the next player's Qwirkle ({unseen} completing dice unseen).",
    "review_chances_dice_other": "Left {n} lines of five open for the next player's Qwirkle ({unseen} completing dice unseen).",
    "why_empty_dice": "a play places at least one die.",
    "why_no_common_attribute_dice": "the dice played must all share a colour or all share a shape.",
    "why_same_cell_dice": "two dice are placed on {cell}.",
    "why_not_aligned_dice": "the dice must all go in one row or one column.",
    "why_no_contact_dice": "at least one die must touch a die already on the board.",
    "why_too_long_dice": "this {line} would hold {length} dice; a line holds at most 6.",
    "why_opening_size_dice": "the opening must place the largest combination: {size} dice.",
    "why_can_play_dice": "a player may pass only when no die can be played.",
    "why_opening_unreachable_dice": "the opening must place {size} dice in one line: the {tile_name} on {cell} cannot be part of one.",
    "why_not_legal_dice": "the {tile_name} cannot go on {cell} with the dice already placed this turn.",
    "analysis_help_dice": "Choose where the dice go, pick a face below, then tap a cell of the board to put it there. Tap a die on the board to take it off. The board must stay a position the rules allow.",
    "analysis_target_dice": "Dice go",
    "analysis_palette_dice": "Every face",
    "analysis_rack_empty_dice": "Add up to six dice to your hand to see every play.",
    "analysis_rack_full_dice": "A hand holds six dice at most.",
    "analysis_rack_dice": "Hand",
    "analysis_target_rack_dice": "In the hand",
    "analysis_clear_rack_dice": "Clear the hand",
    "analysis_pick_first_dice": "Pick a face below first, then a cell.",
    "analysis_no_play_dice": "No die of this hand fits the board.",
    "analysis_check_label_dice": "Score a play (dice on cells, e.g. Bo@0,1 Bs@1,1)",
    "say_rack_dice_one": "Your dice, {n} die: {tiles}.",
    "say_rack_dice_other": "Your dice, {n} dice: {tiles}.",
}
