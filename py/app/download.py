"""Save a text as a file on the player's device (an exported game record): a temporary link to a Blob."""

from __future__ import annotations

from .dom import el


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
