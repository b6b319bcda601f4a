"""An open character: its character file (held as the application layer's read-only
CharacterView), its undo stack, autosave and the watch for changes made behind the
app's back.

Every change goes through :meth:`CharacterDocument.apply` (or a command from
:mod:`builder.ui.undo`), which runs the application layer's operation on the
open copy (:mod:`builder.app.characters`: the rules, the guards, the write) and
pushes a command on the undo stack; views only listen to :attr:`changed`.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal
from PySide6.QtGui import QUndoStack

from builder.app.types import Action, ActionEntry, Option, Reason, RulesError
from builder.app.types import CharacterView, FileProblem

if TYPE_CHECKING:
    from builder.app.outcome import Outcome


class CharacterDocument(QObject):
    #: The character changed (an action, an undo, a reload): views re-read it.
    changed = Signal()
    #: The saved state changed (saved / not saved / conflict): title and status.
    saveStateChanged = Signal()
    #: The file on disk no longer matches what the app last read or wrote.
    externalChange = Signal()
    #: The file went away (deleted, or moved by another program) while open.
    fileMissing = Signal()
    #: The rules core refused an action: the list of reasons.
    refused = Signal(object)  # the reasons (list of str)

    def __init__(self, cf: CharacterView, parent: QObject | None = None):
        super().__init__(parent)
        self.cf = cf
        self.undo_stack = QUndoStack(self)
        self.save_error: str | None = None
        self.conflict = False
        #: The tab holds a change its file does not (a write that failed or was refused
        #: because the file changed meanwhile), until written, reloaded or overwritten.
        self.unsaved = False
        #: The file was deleted or moved away behind the tab (until saved again).
        self.missing = False
        self.rng = random.Random()
        self._watcher = QFileSystemWatcher(self)
        self._watcher.fileChanged.connect(self._on_file_changed)
        # Atomic writes replace the file: re-arm the watch after the event settles.
        self._rewatch_timer = QTimer(self, singleShot=True, interval=50)
        self._rewatch_timer.timeout.connect(self._check_disk)
        self._watch()

    @classmethod
    def open(cls, path: Path | str, parent: QObject | None = None) -> "CharacterDocument":
        from builder.app.documents import open_character

        return cls(open_character(path), parent)

    # -- what views read ---------------------------------------------------------
    @property
    def path(self) -> Path | None:
        return self.cf.path

    @property
    def ruleset(self) -> Any:
        """The character's rule system (each editor reads its own system's API)."""
        return self.cf.ruleset

    @property
    def name(self) -> str:
        return self.cf.name

    @property
    def read_only(self) -> str | None:
        return self.cf.read_only

    def derived(self) -> dict[str, Any]:
        return self.cf.derived()

    def options(self) -> list[Option]:
        return self.cf.options()

    def state_label(self) -> str:
        """'saved', 'read-only', 'not saved: ...', 'changed on disk' (': not saved' when
        the tab holds a change of its own) or 'file missing'."""
        if self.missing:
            return "file missing: not saved"
        if self.conflict:
            return "changed on disk: not saved" if self.unsaved else "changed on disk"
        if self.read_only:
            return "read-only"
        if self.save_error:
            return f"not saved: {self.save_error}"
        return "saved"

    # -- changes -----------------------------------------------------------------
    #: Why no change is taken while the file changed on disk behind the tab.
    CONFLICT_REASON = "the file changed on disk; reload it (or keep yours) first"
    #: Why no change is taken while the file is gone.
    MISSING_REASON = "the file was deleted or moved away; save it again here first"
    #: The code :data:`MISSING_REASON` carries: the views act on it, never on the wording.
    MISSING_CODE = "file.missing"
    #: The code :data:`CONFLICT_REASON` carries.
    CONFLICT_CODE = "file.changed"
    #: The code of a reason that stopped a change other than the rules (an open tab's
    #: conflict, a later entry in the way of an undo): said as such, not as a refusal.
    BLOCKED_CODE = "change.blocked"

    def parse(self, words: list[str]) -> Action:
        return Action.coerce(self.ruleset.parse_action(words))

    def own_guard(self, _paths: Sequence[Path]) -> list[str]:
        """The member guard of this tab's own changes: none while the file changed on
        disk and the player has not chosen Reload or Keep mine."""
        if self.check_missing():
            return [Reason(self.MISSING_REASON, self.MISSING_CODE)]
        return [Reason(self.CONFLICT_REASON, self.CONFLICT_CODE)] if self.conflict else []

    def run_change(self, op: Callable[[], "Outcome"]) -> "Outcome | None":
        """Run an application-layer change on this open copy (``op`` passes ``self.cf``
        as the target).  Refused: the reasons go to :attr:`refused` (the file missing
        among them with :data:`MISSING_CODE`), nothing changed, None.  Otherwise the
        outcome (or, when the copy holds the change but the file could not be written,
        None after marking the tab: conflict or not saved)."""
        from builder.app.outcome import NotWritten, Refused
        from builder.app.types import ChangedOnDisk

        try:
            outcome = op()
        except ChangedOnDisk:
            self.conflict = True
            self._kept_unsaved()
            self.externalChange.emit()
            return None
        except NotWritten as problem:
            self.save_error = str(problem)
            self._kept_unsaved()
            return None
        except Refused as problem:
            self.refused.emit(list(problem.reasons or [str(problem)]))
            return None
        except RulesError as problem:
            self.refused.emit(list(getattr(problem, "reasons", None) or [str(problem)]))
            return None
        except FileProblem as problem:       # read-only, no file: nothing changed
            self.refused.emit([str(problem)])
            return None
        self.save_error = None
        self.unsaved = False
        self._watch()
        self.saveStateChanged.emit()
        self.changed.emit()
        return outcome

    def _kept_unsaved(self) -> None:
        self.unsaved = True
        self._watch()
        self.saveStateChanged.emit()
        self.changed.emit()

    def apply(self, action: ActionEntry, text: str | None = None) -> bool:
        """Take one action (:func:`builder.app.characters.act` on this open copy) and
        push it on the undo stack.

        Returns False (and emits :attr:`refused` with every reason) when the
        rules say no; nothing changes then.  True when the copy took it, also
        when the file could not be written (the tab then says so)."""
        from builder.app import characters
        from builder.ui.undo import ApplyAction

        ledger = len(self.cf.ledger)
        self.run_change(lambda: characters.act(self.cf, action=action, rng=self.rng,
                                               guard=self.own_guard))
        if len(self.cf.ledger) == ledger:
            return False
        self.undo_stack.push(ApplyAction(self, self.cf.ledger[-1], text=text))
        return True

    def apply_words(self, words: list[str]) -> bool:
        try:
            action = self.parse(words)
        except RulesError as problem:
            self.refused.emit([str(problem)])
            return False
        return self.apply(action)

    def rename(self, name: str) -> bool:
        """A new name (:func:`builder.app.characters.rename` on this open copy), one
        step on the tab's undo stack."""
        from builder.app import characters
        from builder.ui.undo import RenameCharacter

        old = self.name
        if name.strip() == old:
            return True
        self.run_change(lambda: characters.rename(self.cf, name, guard=self.own_guard))
        if self.name == old:
            return False
        self.undo_stack.push(RenameCharacter(self, old, self.name))
        return True

    # -- files ---------------------------------------------------------------------
    def disk_bytes(self) -> bytes | None:
        """What the file holds now (None: nothing to compare with)."""
        from builder.app.documents import disk_bytes

        return disk_bytes(self.cf)

    def _changed_on_disk(self) -> bool:
        """Another program wrote the file: the views offer Reload and Keep mine."""
        self.conflict = True
        self.externalChange.emit()
        self.saveStateChanged.emit()
        return False

    def overwrite(self) -> bool:
        """The player chose to keep the app's version over the one on disk
        (:func:`builder.app.documents.keep_mine`)."""
        from builder.app import documents

        return self._write(documents.keep_mine)

    def save_again(self) -> bool:
        """The file went away: write this copy where it was
        (:func:`builder.app.documents.save_again`).  A file there again is a change
        on disk instead: the conflict bar offers Reload and Keep mine."""
        from builder.app import documents

        return self._write(documents.save_again)

    def _write(self, operation: Callable[[CharacterView], object]) -> bool:
        from builder.app.outcome import Refused

        try:
            operation(self.cf)
        except Refused:
            self.missing = False
            return self._changed_on_disk()
        except FileProblem as problem:
            self.save_error = str(problem)
            self.saveStateChanged.emit()
            return False
        self.conflict = self.missing = False
        self.save_error = None
        self.unsaved = False
        self._watch()
        self.saveStateChanged.emit()
        return True

    def reload(self) -> None:
        """Read the file again (the player chose the version on disk)."""
        if self.cf.path is None:
            raise FileProblem(f"{self.name}: no file to read it again from")
        from builder.app.documents import open_character

        cf = open_character(self.cf.path)
        self.cf = cf
        self.conflict = self.missing = False
        self.save_error = None
        self.unsaved = False
        self.undo_stack.clear()
        self._watch()
        self.saveStateChanged.emit()
        self.changed.emit()

    def _watch(self) -> None:
        path = self.cf.path
        if path is None:
            return
        watched = self._watcher.files()
        if str(path) not in watched and path.exists():
            self._watcher.addPath(str(path))

    def _on_file_changed(self, _path: str) -> None:
        self._rewatch_timer.start()

    def _check_disk(self) -> None:
        self._watch()
        self.check_disk()

    def check_missing(self) -> bool:
        """Is the file gone (deleted, or moved away)?  Said at once (``fileMissing``)."""
        path = self.cf.path
        if path is None or self.read_only or self.missing:
            return self.missing
        if not path.exists() and self.cf.raw is not None:
            self.missing = True
            self.saveStateChanged.emit()
            self.fileMissing.emit()
        return self.missing

    def check_disk(self) -> bool:
        """Compare the bytes on disk with what we last read or wrote."""
        if self.check_missing():
            return True
        if self.conflict or self.cf.path is None:
            return self.conflict
        on_disk = self.disk_bytes()
        if on_disk is not None and self.cf.raw is not None and on_disk != self.cf.raw:
            self.conflict = True
            self.saveStateChanged.emit()
            self.externalChange.emit()
        return self.conflict

    def stop_watching(self) -> None:
        files = self._watcher.files()
        if files:
            self._watcher.removePaths(files)
