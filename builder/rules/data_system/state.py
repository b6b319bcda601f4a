"""The state of a rule system written as data: each value's level, the paths held and
the points (unspent, spent, awarded)."""
from __future__ import annotations

from typing import Any

from builder.rules import vocabulary as vocab
from builder.rules.records import FrozenRecord


class DataState(FrozenRecord):
    _fields = ("levels", "held", "unspent", "spent", "awarded")
    __slots__ = _fields
    levels: dict[str, Any]
    held: tuple[Any, ...]
    unspent: int
    spent: int
    awarded: int

    def __init__(self, levels: dict[str, Any] | None = None, held: tuple[Any, ...] = (),
                 unspent: int = 0, spent: int = 0, awarded: int = 0) -> None:
        object.__setattr__(self, "levels", {} if levels is None else levels)
        object.__setattr__(self, "held", held)
        object.__setattr__(self, "unspent", unspent)
        object.__setattr__(self, "spent", spent)
        object.__setattr__(self, "awarded", awarded)

    def facts(self) -> vocab.Facts:
        return vocab.Facts(self.levels, frozenset(self.held))
