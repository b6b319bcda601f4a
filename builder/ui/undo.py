"""Undo commands: every change in the app is one of these, pushed on a QUndoStack.

Each step runs one application-layer operation (:mod:`builder.app`): the
guards and the write are there, the command only remembers how to go back and
forth.  Character commands map onto the ledger of the tab's open copy: undo is
:func:`~builder.app.characters.undo_steps` (take back the entries the step added, while
they are the ledger's last), redo is :func:`~builder.app.characters.redo_steps` (take
the logged entries again, their dice as rolled); renaming is
:func:`~builder.app.characters.rename` both ways.  Library
commands (:class:`FileOperation`) wrap the library's operations
(:mod:`builder.app.library`: duplicate, import, new character, trash and
restore; a rename of a character no tab holds) and announce every step on the
window's "files changed" broadcast.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any, Mapping, Sequence

    from builder.app.outcome import Guard, Outcome
    from builder.ui.document import CharacterDocument
    from builder.ui.broadcast import FilesChanged


class TakenEntries(QUndoCommand):
    """Ledger entries the document already took in one write (on push): one action, or
    a plan's steps.  Undo takes them back and Redo takes them again, in one write each
    (:func:`~builder.app.characters.undo_steps`,
    :func:`~builder.app.characters.redo_steps`: the dice as rolled); refused (the file
    reloaded, or missing, or later entries in the way), the command goes."""

    def __init__(self, doc: CharacterDocument, entries: Sequence[Mapping[str, Any]],
                 text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.entries = [dict(e) for e in entries]
        self._first = True

    def redo(self) -> None:
        from builder.app import characters

        if self._first:
            self._first = False
            return
        before = len(self.doc.cf.ledger)
        self.doc.run_change(lambda: characters.redo_steps(self.doc.cf, self.entries,
                                                          rng=self.doc.rng,
                                                          guard=self.doc.own_guard))
        if len(self.doc.cf.ledger) == before:
            self.setObsolete(True)
        else:                                      # the entries as logged again
            self.entries = [dict(e) for e in self.doc.cf.ledger[before:]]

    def undo(self) -> None:
        from builder.app import characters

        before = len(self.doc.cf.ledger)
        self.doc.run_change(lambda: characters.undo_steps(self.doc.cf, self.entries,
                                                          guard=self.doc.own_guard))
        if len(self.doc.cf.ledger) == before:
            self.setObsolete(True)


class ApplyAction(TakenEntries):
    """One ledger action the document already took (on push), named in the rules'
    words unless ``text`` says otherwise."""

    def __init__(self, doc: CharacterDocument, action: Mapping[str, Any],
                 text: str | None = None) -> None:
        super().__init__(doc, [action], text or doc.ruleset.describe(action))


class RenameCharacter(QUndoCommand):
    """A rename the document already made (on push)."""

    def __init__(self, doc: CharacterDocument, old: str, new: str) -> None:
        super().__init__(f"Rename to {new}")
        self.doc = doc
        self.old, self.new = old, new
        self._first = True

    def _to(self, name: str) -> None:
        from builder.app import characters

        self.doc.run_change(lambda: characters.rename(self.doc.cf, name,
                                                      guard=self.doc.own_guard))
        if self.doc.name != name:               # refused (the file changed, or missing)
            self.setObsolete(True)

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self._to(self.new)

    def undo(self) -> None:
        self._to(self.old)


# -- library commands -------------------------------------------------------------
Step = Callable[["Outcome"], "Outcome"]


class FileOperation(QUndoCommand):
    """An application-layer operation that already ran (``outcome``): undo runs
    ``back(outcome)``, redo ``forth(outcome of the undo)``, each announced on the
    broadcast.  A refused step is reported (``report``) and the command dropped."""

    def __init__(self, text: str, outcome: "Outcome", back: Step, forth: Step,
                 broadcast: "FilesChanged | None", report: Callable[[str], None],
                 on_undo: "Callable[[Outcome, Outcome], None] | None" = None):
        super().__init__(text)
        self.on_undo = on_undo
        self.outcome = outcome
        self.back, self.forth = back, forth
        self.broadcast = broadcast
        self.report = report
        self._first = True

    def _step(self, step: Step) -> bool:
        from builder.ui.operations import Failure, run

        done = self.outcome
        result = run(lambda: step(done), self.broadcast)
        if isinstance(result, Failure):
            # said once the stack has settled (its index change clears the status bar)
            message, report = " ".join(result.reasons), self.report
            QTimer.singleShot(0, lambda: report(message))
            self.setObsolete(True)
            return False
        self.outcome = result
        return True

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self._step(self.forth)

    def undo(self) -> None:
        before = self.outcome
        if self._step(self.back) and self.on_undo is not None:
            on_undo, after = self.on_undo, self.outcome
            # once the stack has settled (opening a tab changes the active stack)
            QTimer.singleShot(0, lambda: on_undo(before, after))

    @property
    def paths(self) -> list[Path]:
        """The files the last step wrote (a new file's path, a restored one's...)."""
        return [c.path for c in self.outcome.changes if c.after is not None]


def created_files(text: str, outcome: "Outcome", guard: "Guard | None",
                  broadcast: "FilesChanged | None", report: Callable[[str], None]) -> FileOperation:
    """Undo of new files (duplicate, import, a new character, a restore): they go to the
    trash; redo brings them back from it."""
    from builder.app import library

    def back(done: "Outcome") -> "Outcome":
        return library.trash([c.path for c in done.changes if c.after is not None],
                             guard=guard)

    def forth(done: "Outcome") -> "Outcome":
        return library.restore([library.Trashed(to, was) for was, to in done.moved])

    return FileOperation(text, outcome, back, forth, broadcast, report)


def trashed_files(text: str, outcome: "Outcome", guard: "Guard | None",
                  broadcast: "FilesChanged | None", report: Callable[[str], None],
                  on_undo: "Callable[[Outcome, Outcome], None] | None" = None) -> FileOperation:
    """Undo of a move to the trash: the files come back (a free name if their place is
    taken meanwhile); redo moves them to the trash again.  ``on_undo(trashed,
    restored)`` follows each undo (the window reopens the tabs the move closed)."""
    from builder.app import library

    def back(done: "Outcome") -> "Outcome":
        return library.restore([library.Trashed(to, was) for was, to in done.moved])

    def forth(done: "Outcome") -> "Outcome":
        return library.trash([to for _was, to in done.moved], guard=guard)

    return FileOperation(text, outcome, back, forth, broadcast, report, on_undo=on_undo)


def renamed_file(path: str | Path, outcome: "Outcome", guard: "Guard | None",
                 broadcast: "FilesChanged | None", report: Callable[[str], None]) -> FileOperation:
    """Undo of a rename of a character no tab holds: the old name back, and again."""
    from builder.app import characters

    old, new = outcome.renamed or ("", "")

    def back(_done: "Outcome") -> "Outcome":
        return characters.rename(path, old, guard=guard)

    def forth(_done: "Outcome") -> "Outcome":
        return characters.rename(path, new, guard=guard)

    return FileOperation(f"Rename {old} to {new}", outcome, back, forth, broadcast, report)
