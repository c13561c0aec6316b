"""``Value``: the base of the page's small records that it makes while it starts, in place of
``@dataclass(frozen=True)``.

Why: Pyodide takes a millisecond or more to make each dataclass (it writes the source of its
methods and compiles it), and the page makes a dozen such records before the player sees anything.
A ``Value`` costs what a plain class does. A subclass names its fields in
``__slots__`` (in the order of its ``__init__``'s parameters) and sets them in ``__init__``;
equality, hash and repr come from the fields, as a frozen dataclass's do. Treat a ``Value``
as immutable: nothing sets its fields after ``__init__``.
"""

from __future__ import annotations

from typing import Any


class Value:
    """Fields in ``__slots__``; equal when of the same class with equal fields."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Value)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({fields})"
