"""The record idiom of the rules, storage, the sheet model and the application layer:
what ``@dataclass(frozen=True)`` gives a class (equality and a repr by its fields; a frozen
record's immutability and hash) as two small base classes, without generating methods when
a class is defined (why: docs/dev/performance.md, "Records").

A record names its fields in ``_fields``, in the order of its ``__init__``'s arguments,
and writes that ``__init__`` (a frozen one sets its fields with ``object.__setattr__``, as
a frozen dataclass's does).  ``_repr_fields``: the fields its repr shows, when not all of
them (``field(repr=False)``).  A record is read by attribute, never by key.
"""
from __future__ import annotations

from typing import Any, ClassVar


class Record:
    """Equal to a record of the same class with equal fields (else NotImplemented);
    repr ``Name(field=value, ...)``; unhashable (mutable), as a dataclass is."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _repr_fields: ClassVar[tuple[str, ...] | None] = None

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Record)
        return self._values() == other._values()

    # Unhashable: a class that defines __eq__ and no __hash__ gets __hash__ = None.

    def __repr__(self) -> str:
        names = self._fields if self._repr_fields is None else self._repr_fields
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{self.__class__.__qualname__}({values})"


class FrozenRecord(Record):
    """A record whose fields cannot be assigned or deleted once made, hashed by its
    fields (a ``@dataclass(frozen=True)``)."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field '{name}'")

    def __hash__(self) -> int:
        return hash(self._values())
