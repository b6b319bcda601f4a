"""Edit > Who Is This Character…: player, appearance, background, notes and portrait.

The same for every ruleset (builder/storage/identity.py).  Accepting pushes one
:class:`SetIdentity` on the character's undo stack (``commit_identity`` of
builder/ui/identity_panel.py, the path the editors' "Who" page takes too), so
Undo/Redo take the whole change back and forth; each side is saved at once like every other change.
The dialog never blocks (``open()``), nor does its portrait chooser.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from builder.ui.identity_panel import IdentityFields, commit_identity, identity

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument


class IdentityDialog(QDialog):
    """The four fields (builder/ui/identity_panel.py); ``values()`` after Accept (the
    portrait already copied)."""

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None) -> None:
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

    def values(self) -> dict[str, Any]:
        return self.fields.values()


def edit_identity(parent: QWidget | None, doc: CharacterDocument) -> IdentityDialog:
    """Open the dialog for ``doc`` (non-blocking); Accept pushes one undo step."""
    dialog = IdentityDialog(doc, parent)

    def done(result: int) -> None:
        if result == QDialog.DialogCode.Accepted:
            commit_identity(doc, dialog.values())

    dialog.finished.connect(done)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
