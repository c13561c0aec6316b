"""English texts of keeping games: this browser's storage, the saved games (resume, import, export, delete), another
tab's moves, and the statistics."""

# What the browser's storage could not keep, and another tab's game
STORAGE: dict[str, str] = {
    "storage_failed": "This game could not be saved in this browser ({error}). If its storage is full, delete finished games in Saved games to make room.",
    "save_kept_other": "{n} saved values could not be read, nor moved aside (the storage is full): they are left where they were, unread ({keys}).",
    "save_kept_one": "A saved value could not be read, nor moved aside (the storage is full): it is left where it was, unread ({keys}).",
    "deleted_finished_other": "{n} finished games deleted.",
    "deleted_finished_one": "{n} finished game deleted.",
    "delete_finished_one": "Delete the finished game",
    "delete_finished_other": "Delete the {n} finished games",
    "other_tab": "This game was played on in another tab: here it is as it is saved there.",
}

# Exporting a game that is no longer saved
EXPORT: dict[str, str] = {"export_none": "This game is no longer saved in this browser: nothing to export."}

# Saved games
SAVES: dict[str, str] = {
    "resumed": "Your game is back where you left it (move {n}). New game starts another one.",
    "saves_title": "Saved games",
    "saves_empty": "No saved games yet.",
    "save_item": "{variant} — {players} — move {n}",
    "save_over": "finished",
    "save_current": "current",
    "save_moved": "A saved value could not be read and was moved aside as {key}.",
    "save_moved_many_one": "{n} saved value could not be read and was moved aside: {keys}",
    "save_moved_many_other": "{n} saved values could not be read and were moved aside: {keys}",
    "import_done": "Game imported.",
    "import_failed": "This file is not a Qwirkle game record: {error}",
    "import_not_json": "This file is not a Qwirkle game record: it is not a JSON file.",
    "import_duplicate": "This game is in your saved games already.",
    "deleted": "Saved game deleted.",
}

# Statistics
STATISTICS: dict[str, str] = {
    "stats_title": "Statistics",
    "stats_empty": "No finished games yet.",
    "stats_empty_reviewed": "No game has been finished on this device yet; the accuracy below is from games reviewed here.",
    "stats_played": "Played",
    "stats_won": "Won",
    "stats_opponent": "Opponents",
    "stats_best": "Best turn: {points} by {name} ({variant})",
    "stats_qwirkles": "Qwirkles: {n}",
    "opponent_humans": "hot-seat",
    "stats_reset": "Reset statistics",
}
