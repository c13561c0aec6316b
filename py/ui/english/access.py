"""English texts of playing by keyboard and by ear: the keyboard help, and what a screen-reader player hears on
request (``app.a11y``)."""

# The keyboard help
KEYS: dict[str, str] = {
    "keys_title": "Keyboard",
    "key_enter": "Enter",
    "key_esc": "Esc",
    "key_pick": "select a tile of the rack (board focused)",
    "key_cursor": "move the cursor on the board",
    "key_place": "place the selected tile, or take a placed tile back",
    "key_play": "play the tiles placed",
    "key_recall": "take the placed tiles back",
    "key_hint": "hint",
    "key_exchange": "exchange (Cubes: re-roll)",
    "key_undo": "undo your last move",
    "key_zoom": "zoom in and out",
    "key_fit": "fit the board",
    "key_last": "show the last move",
    "key_help": "this list",
}

# Play by ear
EAR: dict[str, str] = {
    "tile_at": "{tile} at {cell}",
    "say_move": "{name} played {tiles}. {lines} In all: {points}.",
    "say_no_move": "No move has been made yet.",
    "say_no_rack": "No rack to hear now.",
    "say_rack_empty": "Your rack is empty.",
    "say_rack_one": "Your rack, {n} tile: {tiles}.",
    "say_rack_other": "Your rack, {n} tiles: {tiles}.",
    "say_lines": "Through {cell}: {lines}.",
    "say_no_lines": "No tile in line with {cell}.",
    "say_line_row": "row of {n}: {tiles}",
    "say_line_column": "column of {n}: {tiles}",
    "say_line_diagonal": "diagonal of {n}: {tiles}",
    "key_say_rack": "Hear your rack",
    "key_say_scores": "Hear the scores and whose turn it is",
    "key_say_bag": "Hear the bag",
    "key_say_lines": "Hear the lines through the board's cursor",
    "key_say_last": "Hear the last move again",
}
