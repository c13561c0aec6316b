"""Save a text as a file on the player's device (an exported game record): a temporary link to a Blob."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..web.dom import el

if TYPE_CHECKING:
    from ..shared.notes import Note
    from ..store.saves import SaveStore


def download_text(text: str, filename: str, mime: str = "application/json") -> None:
    from pyodide.ffi import create_once_callable, to_js
    from pyscript import document, window

    blob = window.Blob.new(to_js([text]), to_js({"type": mime}, dict_converter=window.Object.fromEntries))
    url = window.URL.createObjectURL(blob)
    link = el("a", attrs={"href": url, "download": filename})
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)


def download_game(store: SaveStore, game_id: str) -> Note | None:
    """Offer ``qwirkle-<id>.json`` for download. A note says why not: a hot-seat game in progress (its record
    would deal every hidden rack: ``privacy.export_refusal``) or no such save."""
    from ..play.privacy import export_refusal
    from ..shared.notes import Note

    saved = store.load(game_id)
    if saved is None:
        return Note("export_none", level="warn")
    refusal = export_refusal(saved)
    if refusal is not None:
        return refusal
    text = store.export_text(game_id)
    if text is None:
        return Note("export_none", level="warn")
    download_text(text, f"qwirkle-{game_id}.json")
    return None
