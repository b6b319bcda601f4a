"""The window's one "files changed" broadcast (:class:`FilesChanged`) and what it
carries (:class:`Change`); the adapter that runs operations and announces them is
:mod:`builder.ui.operations`.  Apart so that the window's start, which makes the
broadcast, does not import the adapter (nor dataclasses)."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from builder.app.outcome import Outcome

#: Undo of an operation: the application-layer call that takes it back.
UndoOp = Callable[[], "Outcome"]


class Change:
    """What the broadcast carries: the outcome, and how to undo it (None: the
    operation is itself an undo, or cannot be undone from another tab)."""

    __slots__ = ("outcome", "undo", "text")

    def __init__(self, outcome: "Outcome", undo: UndoOp | None = None, text: str = ""):
        self.outcome = outcome
        self.undo = undo
        self.text = text

    def __repr__(self) -> str:
        return f"Change({self.outcome!r}, undo={self.undo!r}, text={self.text!r})"

    @property
    def paths(self) -> list[Path]:
        return self.outcome.paths


class FilesChanged(QObject):
    """The one "files changed" broadcast of a window."""

    changed = Signal(object)  # Change

    def announce(self, outcome: "Outcome", undo: UndoOp | None = None, text: str = "") -> None:
        self.changed.emit(Change(outcome, undo, text or outcome.summary))
