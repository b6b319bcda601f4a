"""The window's one "files changed" broadcast (:class:`FilesChanged`); what it carries
and the adapter that announces on it are :mod:`builder.ui.operations`'s.  Apart so
that the window's start, which makes the broadcast, does not import the adapter."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from builder.app.outcome import Outcome
    from builder.ui.operations import UndoOp


class FilesChanged(QObject):
    """The one "files changed" broadcast of a window."""

    changed = Signal(object)  # builder.ui.operations.Change

    def announce(self, outcome: "Outcome", undo: "UndoOp | None" = None, text: str = "") -> None:
        from builder.ui.operations import Change

        self.changed.emit(Change(outcome, undo, text or outcome.summary))
