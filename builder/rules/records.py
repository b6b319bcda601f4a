"""The record idiom of the whole program: what ``@dataclass(frozen=True, slots=True)``
gives a class (equality and a repr by its fields; a frozen record's immutability and hash;
no per-instance ``__dict__``) as two small base classes, without generating methods when
a class is defined (why: docs/dev/performance.md, "Records").

A record names its slots in ``__slots__`` and its fields in ``_fields``, in the order of
its ``__init__``'s arguments, and writes that ``__init__`` (a frozen one sets its fields
with ``object.__setattr__``, as a frozen dataclass's does).  ``_repr_fields``: the fields
its repr shows, when not all of them (``field(repr=False)``).  A record is read by
attribute, never by key.

Copies (``copy.copy``, ``copy.deepcopy``) and pickles hold every slot as it is and are
rebuilt slot by slot, without calling ``__init__`` again: what ``__init__`` derived (an
option's JSON, arguments wrapped read-only) is copied, not derived twice, and a frozen
record, whose ``__setattr__`` refuses, is rebuilt the same way.
"""
from __future__ import annotations

import copy
from types import MappingProxyType
from typing import Any, ClassVar

#: A record class's slot names, its bases' first (filled on first use).
_SLOTS: dict[type, tuple[str, ...]] = {}
_UNSET = object()


def _slot_names(cls: type) -> tuple[str, ...]:
    names = _SLOTS.get(cls)
    if names is None:
        found: list[str] = []
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__slots__", ())
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in found and name not in ("__dict__", "__weakref__"):
                    found.append(name)
        names = _SLOTS[cls] = tuple(found)
    return names


def _rebuild(cls: type[Record], state: tuple[tuple[str, Any], ...],
             read_only: tuple[str, ...] = ()) -> Record:
    """A record of class ``cls`` holding ``state`` (slot name, value pairs); the slots
    named in ``read_only`` hold their dict read-only (a pickle holds it as a dict)."""
    record = object.__new__(cls)
    for name, value in state:
        object.__setattr__(record, name, MappingProxyType(value) if name in read_only else value)
    return record


def _deep(value: Any, memo: dict[int, Any]) -> Any:
    if isinstance(value, MappingProxyType):      # a record's read-only arguments
        return MappingProxyType(copy.deepcopy(dict(value), memo))
    return copy.deepcopy(value, memo)


class Record:
    """Equal to a record of the same class with equal fields (else NotImplemented);
    repr ``Name(field=value, ...)``; unhashable (mutable), as a dataclass is."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _repr_fields: ClassVar[tuple[str, ...] | None] = None

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def _state(self) -> tuple[tuple[str, Any], ...]:
        """Every slot that holds a value, with that value."""
        pairs = ((name, getattr(self, name, _UNSET)) for name in _slot_names(self.__class__))
        return tuple((name, value) for name, value in pairs if value is not _UNSET)

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

    def __copy__(self) -> Record:
        return _rebuild(self.__class__, self._state())

    def __reduce__(self) -> tuple[Any, ...]:
        state = self._state()
        read_only = tuple(name for name, value in state if isinstance(value, MappingProxyType))
        plain = tuple((name, dict(value) if name in read_only else value) for name, value in state)
        return (_rebuild, (self.__class__, plain, read_only))

    def __deepcopy__(self, memo: dict[int, Any]) -> Record:
        record = object.__new__(self.__class__)
        memo[id(self)] = record
        for name, value in self._state():
            object.__setattr__(record, name, _deep(value, memo))
        return record


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
