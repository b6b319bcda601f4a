"""The window's adapter over the application layer (:mod:`builder.app`).

anki's ``CollectionOp`` is the pattern: every change the window makes to files
is one application-layer function; :func:`run` calls it, turns a refusal into
the reasons a view shows, and announces what changed on the window's one
:class:`FilesChanged` broadcast.  Open character tabs, the campaign tabs and the
library's models listen to that broadcast; nobody reloads another view by hand.

An open character tab takes a change another operation made to its file (a
campaign award, a party XP share) without losing its undo history: the new
ledger entries go on its undo stack as :class:`ExternalEntries`, whose undo is
the operation's own undo (all files at once, with the member guard); when the
operation is undone elsewhere, the tabs drop those entries again
(:func:`follow`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Union

from PySide6.QtCore import QTimer
from PySide6.QtGui import QUndoCommand

from builder.app.records import FrozenRecord
from builder.ui.broadcast import Change as Change  # their home was here
from builder.ui.broadcast import FilesChanged as FilesChanged
from builder.ui.broadcast import UndoOp as UndoOp

# Imported when an operation runs, not when the window starts.
if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from builder.app.outcome import Guard, Outcome
    from builder.ui.document import CharacterDocument


class Failure(FrozenRecord):
    """A refused or failed operation: a title for the message and the reasons."""

    _fields = ("code", "reasons")
    __slots__ = _fields
    code: str
    reasons: list[str]

    def __init__(self, code: str, reasons: list[str]) -> None:
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "reasons", reasons)

    @property
    def busy(self) -> bool:
        return self.code == "member-busy"


Result = Union["Outcome", Failure]


def attempt(op: Callable[[], "Outcome"]) -> Result:
    """Run one operation; a refusal or an unwritable file is a :class:`Failure`."""
    from builder.app.outcome import RefusalCode, Refused
    from builder.app.types import RulesError
    from builder.app.types import FileProblem

    try:
        return op()
    except Refused as refused:
        return Failure(refused.code.value, list(refused.reasons))
    except RulesError as problem:
        return Failure(RefusalCode.RULES.value,
                       list(getattr(problem, "reasons", None) or [str(problem)]))
    except FileProblem as problem:
        return Failure("file", [str(problem)])


def nothing_written(failure: Failure) -> str:
    """A dialog's words for an operation that wrote nothing: the rules' refusal, or
    what else stopped it, with every reason."""
    head = ("Refused (nothing was written):" if failure.code == "rules"
            else "Nothing was written:")
    return "\n".join([head, *(f"• {reason}" for reason in failure.reasons)])


def dialog_guard(dialog: QWidget) -> Guard | None:
    """The member guard of the main window ``dialog`` was opened from (None outside
    one): what a dialog's change of several files asks about the open tabs."""
    parent = dialog.parentWidget()
    documents = getattr(parent.window(), "documents", None) if parent is not None else None
    guard: Guard | None = getattr(documents, "member_blockers", None)
    return guard


def dialog_broadcast(dialog: QWidget) -> FilesChanged:
    """Where ``dialog`` announces the files its change wrote: the main window's
    broadcast (the open tabs follow), or one of its own outside a window."""
    parent = dialog.parentWidget()
    broadcast = getattr(parent.window(), "broadcast", None) if parent is not None else None
    return broadcast if isinstance(broadcast, FilesChanged) else FilesChanged(dialog)


def run(op: Callable[[], "Outcome"], broadcast: FilesChanged | None,
        undo: UndoOp | None = None, text: str = "") -> Result:
    """:func:`attempt`, then announce the files it wrote."""
    result = attempt(op)
    if not isinstance(result, Failure) and broadcast is not None and result.changes:
        broadcast.announce(result, undo, text)
    return result


# -- open character documents following a change -------------------------------------------------
class ExternalEntries(QUndoCommand):
    """Ledger entries another operation wrote to an open character's file.

    Undo runs that operation's undo (every file it wrote, all or nothing); when
    it refuses, the entries stay and the command goes back on the stack.  Redo
    is not offered (redo the operation where it was made)."""

    def __init__(self, doc: CharacterDocument, entries: list[dict[str, Any]], change: Change,
                 broadcast: FilesChanged | None = None) -> None:
        super().__init__(f"{change.text or change.outcome.summary}")
        self.doc = doc
        self.broadcast = broadcast
        self.entries = [dict(e) for e in entries]
        self.change = change
        self.synced = False      # the file already lost the entries: only follow
        self._first = True
        self._restoring = False
        self.failure: Failure | None = None

    def redo(self) -> None:
        if self._first or self._restoring:
            self._first = self._restoring = False
            return
        self.setObsolete(True)

    def undo(self) -> None:
        if self.synced:
            _take_disk_version(self.doc)
            self.setObsolete(True)
            return
        if self.change.undo is None:
            result: Result = Failure("rules", ["this change cannot be undone here"])
        else:
            result = attempt(self.change.undo)
        if isinstance(result, Failure):
            self.failure = result
            from builder.app.types import Reason

            # what stopped it other than the rules (a tab's conflict, a later entry) is
            # not worded as the rules' refusal
            self.doc.refused.emit(list(result.reasons) if result.code == "rules" else
                                  [Reason(str(r), self.doc.BLOCKED_CODE)
                                   for r in result.reasons])
            self._restoring = True
            stack = self.doc.undo_stack
            QTimer.singleShot(0, stack, stack.redo)
            return
        _take_disk_version(self.doc)
        self.setObsolete(True)
        if self.broadcast is not None:
            self.broadcast.announce(result)


def _take_disk_version(doc: CharacterDocument) -> None:
    from builder.app.queries import open_character as load_character

    path = doc.cf.path
    assert path is not None  # an operation wrote this tab's file: it has one
    doc.cf = load_character(path)
    doc.conflict = False
    doc.save_error = None
    doc.saveStateChanged.emit()
    doc.changed.emit()


def follow(doc: CharacterDocument, change: Change, broadcast: FilesChanged | None = None) -> str:
    """An open document takes what ``change`` wrote to its file: 'absorbed' (new
    entries at the end of its ledger, undoable from its tab), 'dropped' (entries
    an undo removed), 'reloaded' (anything else: the file is read again) or ''
    (nothing to do)."""
    from builder.app.documents import ledger_diff
    from builder.app.queries import open_character as load_character
    from builder.app.types import FileProblem

    if doc.cf.path is None or doc.conflict or doc.save_error:
        return ""
    on_disk = doc.disk_bytes()
    if on_disk is None or on_disk == doc.cf.raw:
        return ""
    try:
        theirs = load_character(doc.cf.path)
    except FileProblem:
        return ""
    diff = ledger_diff(doc.cf, theirs)
    if diff.added:
        doc.cf = theirs
        doc.undo_stack.push(ExternalEntries(doc, list(diff.added), change, broadcast))
        doc.saveStateChanged.emit()
        doc.changed.emit()
        return "absorbed"
    if diff.removed:
        stack = doc.undo_stack
        top = stack.command(stack.index() - 1) if stack.index() > 0 else None
        if isinstance(top, ExternalEntries) and top.entries == list(diff.removed):
            top.synced = True
            stack.undo()
            return "dropped"
    doc.reload()
    return "reloaded"
