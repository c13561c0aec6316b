"""Exporting a saved game as a file: the engine's JSON record, downloaded by the browser."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .dom import el

if TYPE_CHECKING:
    from .saves import SaveStore


def download_game(store: "SaveStore", game_id: str) -> bool:
    """Offer ``qwirkle-<id>.json`` for download; False when there is no such save."""
    text = store.export_text(game_id)
    if text is None:
        return False
    from pyodide.ffi import create_once_callable, to_js
    from pyscript import document, window
    blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"},
                                                 dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = el("a", attrs={"href": url, "download": f"qwirkle-{game_id}.json"})
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)
    return True
