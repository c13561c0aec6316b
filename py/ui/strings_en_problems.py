"""English texts of what cannot be read, by reason (``ui.problems.describe``): the engine's notation, records and
limits, and the page's links and files; merged into ``strings_en``, translated in locale/*.po. Each is the part
after a message's colon ("This file is not a Qwirkle game record: {error}"), so it starts in lower case."""

PROBLEMS: dict[str, str] = {
    "problem_unknown": "it cannot be read.",
    # notation (qwirkle.errors.NOTATION_REASONS)
    "problem_tile_format": "“{text}” is not a tile: a tile is a colour letter (ROYGBP) and a shape letter (osdcxt), plus a background letter (kwm) in Flex: Rd, Bsk.",
    "problem_cell_format": "“{text}” is not a cell: a cell is X,Y with whole numbers, e.g. 3,-1.",
    "problem_cell_digits": "“{text}” is no game's cell: a coordinate has at most {limit} digits.",
    "problem_placement_format": "“{text}” is not a tile on a cell: write CODE@X,Y, e.g. Rd@1,0.",
    "problem_play_empty": "a play places at least one tile.",
    "problem_move_empty": "the move is empty.",
    "problem_pass_extra": "“{text}”: nothing may follow “pass”.",
    "problem_move_no_tiles": "“{text}”: name at least one tile after “{head}”, e.g. “{head} Rd Gc”.",
    "problem_cell_twice": "the cell {cell} is listed twice.",
    # game records (qwirkle.errors.RECORD_REASONS)
    "problem_not_object": "the file holds no game record.",
    "problem_format": "it is a file of another kind.",
    "problem_version": "it was written in a newer form than this page reads (forms {low} to {high}).",
    "problem_bad_variant": "its rule set is not one this game knows.",
    "problem_bad_players": "its players are not valid: check how many there are and their names.",
    "problem_bad_seed": "its seed, which deals the tiles, is not a whole number.",
    "problem_bad_ages": "its ages are not valid: one whole number, or nothing, per player.",
    "problem_bad_tiles": "its number of tiles is not one its rule set is played with.",
    "problem_bad_moves": "its moves are not a list of moves in notation.",
    "problem_bad_seats": "its seats are not valid: one known kind of player per player.",
    "problem_too_many_moves": "it has {got} moves; no game makes more than {limit}.",
    "problem_move_too_long": "move {n} is {got} characters long; a move has at most {limit}.",
    "problem_bad_move": "move {n} ({move}): {why}",
    "problem_seed_deal": "its seed does not deal the tiles of its first move: the seed or the first move was changed.",
    "problem_too_long": "it is {got} characters long; a game record has at most {limit}.",
    "problem_too_big": "it is larger than any game record.",
    "problem_too_deep": "it is nested deeper than any game record.",
    "problem_not_json": "it is not a JSON file.",
    "problem_settings": "its settings make no game: {why}",
    # limits (qwirkle.limits.LimitError, by kind)
    "problem_limit_count": "it lists {got} tiles; at most {limit}.",
    "problem_limit_copies": "it holds {got} copies of one tile, but the game has only {limit}.",
    "problem_limit_extent": "its tiles span {width} × {height} cells: no game spreads over more than {limit}.",
    "problem_limit_name": "a name has at most {limit} characters.",
    # start links (app.links.startlink)
    "problem_link_variant": "there is no rule set “{got}”: use {choices}.",
    "problem_link_players": "{low} to {high} players, not {got}.",
    "problem_link_seat": "there is no player “{got}”: use {choices}.",
    "problem_link_friend_one_human": "a game with friends by link has exactly one human seat (the player on this device).",
    "problem_link_friend_people": "a game with friends by link seats people only: one human here, friends on their devices.",
    "problem_link_tiles": "this rule set is played with {choices} tiles, not {got}.",
    "problem_link_names": "{got} names for {seats} seats.",
    "problem_link_duplicate": "“{name}” is given twice; each player needs a different name.",
    "problem_link_ages": "{got} ages for {seats} seats.",
    "problem_link_number": "“{key}” needs a whole number, not “{got}”.",
    "problem_link_pace": "“pace” is 0 or 1, not “{got}”.",
    # turn links (app.links.turn_link, app.links.friend)
    "problem_turn_encoding": "its text is cut short or damaged.",
    "problem_turn_version": "it was made by another version of this page.",
    "problem_turn_fields": "it does not say which game it belongs to, or for whom.",
    "problem_turn_seat": "it is for seat {seat}, but the game has {players} players.",
    "problem_turn_names": "its player names must have 1 to {limit} characters.",
    # analysis links (app.analysis.state)
    "problem_analysis_variant": "there is no rule set “{got}”: use {choices}.",
    # puzzle links (app.puzzles.request)
    "problem_puzzle_empty": "give daily or a puzzle id (e.g. cq-k3x9a-1f).",
    "problem_puzzle_id": "“{got}” is not a puzzle id (e.g. cq-k3x9a-1f).",
    "problem_puzzle_variant": "there is no rule set “{got}”: use {choices}.",
    "problem_puzzle_mismatch": "puzzle {puzzle} is a game of another rule set than “{got}”.",
}
