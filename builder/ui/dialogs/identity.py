"""Edit > Who Is This Character…: player, appearance, background and portrait.

The same for every ruleset (builder/storage/identity.py).  Accepting pushes one
:class:`SetIdentity` on the character's undo stack (:func:`commit_identity`, the path
the editors' "Who" page takes too), so Undo/Redo take the whole
change back and forth; each side is saved at once like every other change.
The dialog never blocks (``open()``), nor does its portrait chooser.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoCommand
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from builder.storage.files import IDENTITY_TEXT_KEYS

KEYS = IDENTITY_TEXT_KEYS + ("portrait",)


def identity(doc) -> dict:
    """The identity keys the character file holds now."""
    return {key: doc.cf.doc[key] for key in KEYS if isinstance(doc.cf.doc.get(key), str)}


class SetIdentity(QUndoCommand):
    """Replace the identity keys of a character file (one undo step)."""

    def __init__(self, doc, new: dict):
        super().__init__("Change who the character is")
        self.doc = doc
        self.old = identity(doc)
        self.new = {k: v for k, v in new.items() if k in KEYS and v}

    def _set(self, values: dict) -> None:
        for key in KEYS:
            if values.get(key):
                self.doc.cf.doc[key] = values[key]
            else:
                self.doc.cf.doc.pop(key, None)
        self.doc.touched()

    def redo(self) -> None:
        self._set(self.new)

    def undo(self) -> None:
        self._set(self.old)


class IdentityDialog(QDialog):
    """The four fields (builder/ui/identity_panel.py); ``values()`` after Accept (the
    portrait already copied)."""

    def __init__(self, doc, parent: QWidget | None = None):
        from builder.ui.identity_panel import IdentityFields

        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle(f"Who is {doc.name}?")
        self.fields = IdentityFields(self)
        self.fields.set_values(identity(doc))
        self.fields.set_read_only(bool(doc.read_only))
        self.player, self.appearance = self.fields.player, self.fields.appearance
        self.background, self.error = self.fields.background, self.fields.error
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.fields)
        layout.addWidget(buttons)

    def choose_portrait(self) -> None:
        self.fields.choose_portrait()

    def use_image(self, path: str) -> bool:
        return self.fields.use_image(path)

    def set_portrait(self, relative: str) -> None:
        self.fields.set_portrait(relative)

    def values(self) -> dict:
        return self.fields.values()


def commit_identity(doc, new: dict) -> bool:
    """The one path every identity edit of the window takes: one :class:`SetIdentity`
    on the undo stack (saved at once) when ``new`` differs from the file.  False, with
    the reasons on ``doc.refused``, when it cannot be changed (nothing changes)."""
    from builder.storage.identity import MAX_TEXT

    if doc.read_only:
        doc.refused.emit([doc.read_only])
        return False
    if getattr(doc, "conflict", False):
        doc.refused.emit(["the file changed on disk; reload it (or keep yours) first"])
        return False
    too_long = [key for key in IDENTITY_TEXT_KEYS if len(str(new.get(key) or "")) > MAX_TEXT]
    if too_long:
        doc.refused.emit([f"{key}: at most {MAX_TEXT} characters" for key in too_long])
        return False
    if {k: v for k, v in new.items() if k in KEYS and v} != identity(doc):
        doc.undo_stack.push(SetIdentity(doc, new))
    return True


def edit_identity(parent, doc) -> IdentityDialog:
    """Open the dialog for ``doc`` (non-blocking); Accept pushes one undo step."""
    dialog = IdentityDialog(doc, parent)

    def done(result: int) -> None:
        if result == QDialog.DialogCode.Accepted:
            commit_identity(doc, dialog.values())

    dialog.finished.connect(done)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
