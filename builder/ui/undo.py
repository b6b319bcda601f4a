"""Undo commands: every change in the app is one of these, pushed on a QUndoStack.

Character commands map onto the ledger: redo re-applies the action through
the rules core, undo drops the last ledger entry (CharacterFile.undo); both
save at once.  Library commands wrap the pure file operations of
:mod:`builder.storage.library` (trash and restore, duplicate, import, rename).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtGui import QUndoCommand

from builder.rules.base import Refusal, RulesError
from builder.storage import library
from builder.storage.files import FileProblem


class ApplyAction(QUndoCommand):
    """One ledger action.  ``applied``: the core already applied it (on push)."""

    def __init__(self, doc, action: dict, text: str | None = None, applied: bool = False):
        super().__init__(text or doc.ruleset.describe(action))
        self.doc = doc
        self.action = dict(action)
        self._applied = applied

    def redo(self) -> None:
        if self._applied:
            self._applied = False
        else:
            try:
                self.doc.core_redo(self.action)
            except (Refusal, RulesError) as problem:  # e.g. the file was reloaded
                reasons = getattr(problem, "reasons", [str(problem)])
                self.doc.refused.emit(list(reasons))
                self.setObsolete(True)
                return
        self.doc.touched()

    def undo(self) -> None:
        try:
            self.doc.core_undo()
        except Refusal as problem:
            self.doc.refused.emit(list(problem.reasons))
            self.setObsolete(True)
            return
        self.doc.touched()


class RenameCharacter(QUndoCommand):
    def __init__(self, doc, name: str):
        super().__init__(f"Rename to {name}")
        self.doc = doc
        self.new = name
        self.old = doc.name

    def redo(self) -> None:
        self.doc.cf.rename(self.new)
        self.doc.touched()

    def undo(self) -> None:
        self.doc.cf.rename(self.old)
        self.doc.touched()


# -- library commands -------------------------------------------------------------
class LibraryCommand(QUndoCommand):
    """Base: failures are reported through ``report`` (the window's status bar)."""

    def __init__(self, text: str, report: Callable[[str], None]):
        super().__init__(text)
        self.report = report

    def _run(self, func, *args):
        try:
            return func(*args)
        except (FileProblem, OSError) as problem:
            self.report(str(problem))
            self.setObsolete(True)
            return None


class TrashCharacter(LibraryCommand):
    def __init__(self, path: Path, name: str, report):
        super().__init__(f"Delete {name}", report)
        self.path = Path(path)
        self.item: library.Trashed | None = None

    def redo(self) -> None:
        self.item = self._run(library.move_to_trash, self.path)

    def undo(self) -> None:
        if self.item is not None:
            restored = self._run(library.restore, self.item)
            if restored is not None:
                self.path = restored


class CreateInLibrary(LibraryCommand):
    """Duplicate or import: undo moves the new file to the trash, redo restores it."""

    def __init__(self, text: str, make: Callable[[], Path], report):
        super().__init__(text, report)
        self.make = make
        self.path: Path | None = None
        self.item: library.Trashed | None = None

    def redo(self) -> None:
        if self.item is not None:
            self.path = self._run(library.restore, self.item)
            self.item = None
        else:
            self.path = self._run(self.make)

    def undo(self) -> None:
        if self.path is not None:
            self.item = self._run(library.move_to_trash, self.path)


class RenameInLibrary(LibraryCommand):
    def __init__(self, path: Path, old: str, new: str, report):
        super().__init__(f"Rename {old} to {new}", report)
        self.path, self.old, self.new = Path(path), old, new

    def redo(self) -> None:
        self._run(library.rename, self.path, self.new)

    def undo(self) -> None:
        self._run(library.rename, self.path, self.old)
