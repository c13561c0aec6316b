"""Small DOM helpers for the browser modules (Pyodide only: imports ``pyscript``).

Text always goes in through ``textContent`` (player names are never HTML); only markup we
generate ourselves (tile SVGs) goes through ``innerHTML``. Styles are set through the CSSOM
(``element.style.x = ...``), which the page's CSP allows, never through ``style=""``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ui.jsvalues import present

_PROXIES: list[Any] = []  # keep listeners alive for the page's lifetime


def by_id(element_id: str) -> Any:
    return document.getElementById(element_id)


def el(
    tag: str,
    cls: str = "",
    text: str | None = None,
    attrs: dict[str, Any] | None = None,
    children: list[Any] | None = None,
) -> Any:
    """A new element; ``attrs`` values of True set an empty attribute, None/False skip it."""
    node = document.createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for name, value in (attrs or {}).items():
        if value is True:
            node.setAttribute(name, "")
        elif value is not None and value is not False:
            node.setAttribute(name, str(value))
    for child in children or []:
        node.appendChild(child)
    return node


def clear(node: Any) -> None:
    node.replaceChildren()


def set_attr(node: Any, name: str, value: Any) -> None:
    """Set (True: empty, str: value) or remove (None/False) an attribute, only when it changes."""
    if value is None or value is False:
        if node.hasAttribute(name):
            node.removeAttribute(name)
        return
    text = "" if value is True else str(value)
    current = node.getAttribute(name)
    if not present(current) or current != text:
        node.setAttribute(name, text)


def set_text(node: Any, text: str) -> None:
    if node.textContent != text:
        node.textContent = text


def listen(target: Any, event: str, handler: Callable[[Any], Any], passive: bool | None = None) -> None:
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    if passive is None:
        target.addEventListener(event, proxy)
    else:
        options = to_js({"passive": passive}, dict_converter=window.Object.fromEntries)
        target.addEventListener(event, proxy, options)


def focus_screen(heading: Any) -> None:
    """A screen just opened: its heading takes the focus (a screen reader starts there) and the page shows its
    top, the app's header too (focusing scrolls otherwise: WebKit opened the analysis board 39 px down)."""
    heading.focus(to_js({"preventScroll": True}, dict_converter=window.Object.fromEntries))
    window.scrollTo(0, 0)


def on_resize(node: Any, handler: Callable[[], Any]) -> None:
    """Call ``handler`` whenever ``node`` changes size: a layout change (the hand-over screen giving way to
    the rack, a panel opening) moves no window edge, so the window's resize event misses it."""
    proxy = create_proxy(lambda _entries, _observer: handler())
    _PROXIES.append(proxy)
    window.ResizeObserver.new(proxy).observe(node)


def closest(event: Any, selector: str) -> Any:
    target = event.target
    if not present(target) or not hasattr(target, "closest"):
        return None
    found = target.closest(selector)
    return found if present(found) else None


def data(node: Any, name: str) -> str | None:
    value = node.getAttribute(f"data-{name}")
    return value if present(value) else None
