"""JS ``null`` and ``undefined`` as Pyodide hands them over (``None``, ``jsnull`` or a JsNull proxy).

In Pyodide 314 a JS ``null`` arrives as ``pyodide.ffi.jsnull``, not ``None`` (see OFFLINE.md), so
``value is None`` is not enough. Also checked by type name, so this imports under CPython.
"""

from __future__ import annotations

from typing import Any

try:
    from pyodide.ffi import jsnull
except ImportError:  # CPython, or an older Pyodide where JS null arrives as None
    jsnull = None

_MISSING_TYPES = ("JsNull", "JsUndefined")


def is_missing(value: Any) -> bool:
    """True for JS null/undefined (and None)."""
    return value is None or value is jsnull or type(value).__name__ in _MISSING_TYPES


def present(value: Any) -> bool:
    """The opposite of ``is_missing``: a real value or node."""
    return not is_missing(value)
