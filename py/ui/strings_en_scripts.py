"""English texts that the page's scripts show before Python runs, or without it: the loading screen
(js/loading.js), the update notice (js/sw-register.js), the iOS install hint (js/ios-install.js) and an
embedded board's first words (js/embed.js). scripts/build/i18n.py writes them, in every language, into
assets/app/words.js, which those scripts import; ``strings_en`` merges this table."""

SCRIPTS: dict[str, str] = {
    "loading_page": "Loading the page…",
    "loading_runtime": "Downloading the Python runtime…",
    "loading_python": "Starting Python…",
    "loading_game": "Loading the game…",
    "loading_ready": "Ready.",
    "loading_error": "The game could not start. Reload the page to try again.",
    "loading_hint": "The game runs Python in your browser; the first visit downloads about 15 MB.",
    "install_text": "Play full screen and offline: tap Share, then “Add to Home Screen”.",
    "install_close": "Close",
    "update_available": "Update available",
    "update_reload": "Reload",
    "update_updating": "Updating…",
    "embed_loading": "Loading the board…",
    "embed_failed": "The board could not be loaded.",
}
