"""The window's one "files changed" broadcast (:class:`FilesChanged`) and what it
carries (:class:`Change`); the adapter that runs operations and announces them is
:mod:`builder.ui.operations`.  Apart so that the window's start, which makes the
broadcast, does not import the adapter."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Signal

from builder.app.records import FrozenRecord

if TYPE_CHECKING:
    from builder.app.outcome import Outcome

#: Undo of an operation: the application-layer call that takes it back.
UndoOp = Callable[[], "Outcome"]


class Change(FrozenRecord):
    """What the broadcast carries: the outcome, and how to undo it (None: the
    operation is itself an undo, or cannot be undone from another tab)."""

    _fields = ("outcome", "undo", "text")
    __slots__ = _fields
    outcome: "Outcome"
    undo: UndoOp | None
    text: str

    def __init__(self, outcome: "Outcome", undo: UndoOp | None = None, text: str = "") -> None:
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "undo", undo)
        object.__setattr__(self, "text", text)

    @property
    def paths(self) -> list[Path]:
        return self.outcome.paths


class FilesChanged(QObject):
    """The one "files changed" broadcast of a window."""

    changed = Signal(object)  # Change

    def announce(self, outcome: "Outcome", undo: UndoOp | None = None, text: str = "") -> None:
        self.changed.emit(Change(outcome, undo, text or outcome.summary))
