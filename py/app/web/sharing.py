"""Sending a link from the page: copy it (the clipboard where the browser allows it, else the link selected for a
copy by hand: a page served over plain HTTP on a home network has no clipboard API), share it (the Web Share API
where there is one) and draw its QR code (SVG by the npm library qrcode-generator, vendored into assets/vendor by
scripts/build/vendor.py, precached, imported on first need so that it costs nothing to anyone who never sends a link).

Used by the turn links of games with friends (``regions.link``) and by the puzzles' links (``puzzles.panel``).
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

QR_MODULE = "./js/qr.js"  # the page's one drawing of QR codes (js/live-answer.js draws with it before Python)


def can_share() -> bool:
    """Whether the browser has the Web Share API (a Share button is offered only then)."""
    return bool(window.Reflect.has(window.navigator, "share"))


async def copy_link(url: str, anchor: Any) -> bool:
    """Put ``url`` on the clipboard, else select ``anchor`` (the link drawn in the page) and copy the selection;
    False when neither worked (the link stays selected for a copy by hand)."""
    try:
        await window.navigator.clipboard.writeText(url)
        return True
    except Exception:  # noqa: BLE001 - no clipboard API or no permission
        pass
    if anchor is None:
        return False
    chosen = document.createRange()
    chosen.selectNodeContents(anchor)
    selection = window.getSelection()
    selection.removeAllRanges()
    selection.addRange(chosen)
    try:
        return bool(document.execCommand("copy"))
    except Exception:  # noqa: BLE001 - the link stays selected
        return False


async def share_link(title: str, url: str) -> None:
    payload = to_js({"title": title, "url": url}, dict_converter=window.Object.fromEntries)
    try:
        await window.navigator.share(payload)
    except Exception:  # noqa: BLE001 - the player closed the share sheet
        pass


async def draw_qr(box: Any, url: str) -> None:
    """The URL's QR code as SVG markup (made by the library from the URL, no text of ours in it)."""
    try:
        from pyscript import js_import

        (module,) = await js_import(str(window.URL.new(QR_MODULE, window.location.href).href))
        module.drawQr(box, url)
    except Exception as error:  # noqa: BLE001 - the link and its buttons still work
        box.hidden = True
        window.console.warn(f"QR code: {error}")
