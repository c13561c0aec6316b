"""English texts of starting to play: the home screen's welcome, the settings and the new-game dialog (rule sets
``variant_<setup>``, from ``qwirkle.variants.setups()``)."""

# The home screen
WELCOME: dict[str, str] = {
    "welcome": "Play Qwirkle",
    "welcome_text": "Match colours and shapes in lines of up to six tiles. Play the computer at once with your last choices, or choose the rules and the players: humans on this device, or the computer.",
    "quick_start": "Play the computer",
    "new_game_choose": "Choose the rules and players",
    "welcome_classic": "Classic: 108 tiles, hidden racks, exchange when stuck.",
    "welcome_cubes": "Cubes: 90 dice, open racks, re-roll any dice once per turn.",
    "welcome_flex": "Flex: tile backgrounds also score diagonals.",
}

# Settings
SETTINGS: dict[str, str] = {
    "rules": "Rules",
    "language": "Language",
    "palette": "Tile colours",
    "palette_standard": "Colour-blind safe",
    "setting_celebrate": "Qwirkle celebrations",
    "setting_sound": "Sound",
    "keys": "Keys",
    "palette_contrast": "High contrast + marks",
    "palette_help": "Colour marks: 1 dot red, 2 orange, 3 yellow, 4 green, 5 blue, 6 purple.",
}

# The new-game dialog
NEW_GAME: dict[str, str] = {
    "new_game_title": "New game",
    "variant": "Rules",
    "variant_classic": "Classic",
    "variant_cubes": "Cubes",
    "variant_flex": "Flex",
    "variant_flex72": "Flex, 72 tiles (black and white)",
    "variant_flex108": "Flex, 108 tiles (with two-tone)",
    "variant_classic_help": "108 tiles, hidden racks, exchange when stuck.",
    "variant_cubes_help": "90 dice, open racks, re-roll any dice once per turn.",
    "variant_flex_help": "Tile backgrounds score diagonals too.",
    "players": "Players",
    "seat_n": "Player {n}",
    "seat_kind": "Who plays",
    "human": "Human",
    "computer": "Computer",
    "name": "Name",
    "age": "Age (optional)",
    "age_help": "Ages break a tie for the first move.",
    "seed": "Seed (optional)",
    "seed_help": "The same seed deals the same tiles.",
    "add_player": "Add a player",
    "remove_player": "Remove player {n}",
    "default_human": "Player {n}",
    "default_computer": "{level} {n}",
    "bad_name": "Give every player a name.",
    "bad_age": "An age is a whole number.",
    "bad_seed": "A seed is a whole number.",
    "bad_duplicate": "Two players are called {name}: give each player a different name.",
}
