"""Edit > Who Is This Character…: player, appearance, background and portrait.

The same for every ruleset (builder/storage/identity.py).  Accepting pushes one
:class:`SetIdentity` on the character's undo stack, so Undo/Redo take the whole
change back and forth; each side is saved at once like every other change.
The dialog never blocks (``open()``), nor does its portrait chooser.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap, QUndoCommand
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QHBoxLayout,
                               QLabel, QLineEdit, QPlainTextEdit, QPushButton, QVBoxLayout,
                               QWidget)

from builder.storage.files import FileProblem, IDENTITY_TEXT_KEYS, portrait_file

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
    """The four fields; ``values()`` after Accept (the portrait already copied)."""

    def __init__(self, doc, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle(f"Who is {doc.name}?")
        current = identity(doc)
        self.player = QLineEdit(current.get("player", ""))
        self.player.setAccessibleName("Player")
        self.appearance = QPlainTextEdit(current.get("appearance", ""))
        self.appearance.setAccessibleName("Appearance")
        self.background = QPlainTextEdit(current.get("background", ""))
        self.background.setAccessibleName("Background")
        self.portrait = current.get("portrait", "")
        self.preview = QLabel()
        self.preview.setFixedSize(96, 120)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setFrameShape(QLabel.Shape.Box)
        choose = QPushButton("Choose &Portrait…")
        choose.clicked.connect(self.choose_portrait)
        clear = QPushButton("&No Portrait")
        clear.clicked.connect(lambda: self.set_portrait(""))
        self.error = QLabel()
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow("&Player", self.player)
        form.addRow("&Appearance", self.appearance)
        form.addRow("&Background", self.background)
        picture = QHBoxLayout()
        picture.addWidget(self.preview)
        buttons_column = QVBoxLayout()
        buttons_column.addWidget(choose)
        buttons_column.addWidget(clear)
        buttons_column.addStretch(1)
        picture.addLayout(buttons_column)
        picture.addStretch(1)
        form.addRow("Portrait", picture)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.error)
        layout.addWidget(buttons)
        self._show_portrait()

    def _show_portrait(self) -> None:
        path = portrait_file({"portrait": self.portrait}) if self.portrait else None
        pixmap = QPixmap(str(path)) if path else QPixmap()
        if pixmap.isNull():
            self.preview.setText("no portrait")
        else:
            self.preview.setPixmap(pixmap.scaled(self.preview.size(),
                                                 Qt.AspectRatioMode.KeepAspectRatio,
                                                 Qt.TransformationMode.SmoothTransformation))

    def choose_portrait(self) -> None:
        chooser = QFileDialog(self, "Choose a portrait")
        chooser.setNameFilter("Images (*.png *.jpg *.jpeg *.gif *.bmp)")
        chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
        chooser.fileSelected.connect(self.use_image)
        chooser.open()
        self._chooser = chooser

    def use_image(self, path: str) -> bool:
        """Copy the image into the data folder (as ``new --set portrait=`` does)."""
        from pathlib import Path

        from builder.storage.identity import store_portrait

        try:
            self.set_portrait(store_portrait(Path(path)))
        except FileProblem as problem:
            self.error.setText(str(problem))
            return False
        self.error.setText("")
        return True

    def set_portrait(self, relative: str) -> None:
        self.portrait = relative
        self._show_portrait()

    def values(self) -> dict:
        return {"player": self.player.text().strip(),
                "appearance": self.appearance.toPlainText().strip(),
                "background": self.background.toPlainText().strip(),
                "portrait": self.portrait}


def edit_identity(parent, doc) -> IdentityDialog:
    """Open the dialog for ``doc`` (non-blocking); Accept pushes one undo step."""
    dialog = IdentityDialog(doc, parent)

    def done(result: int) -> None:
        if result == QDialog.DialogCode.Accepted:
            new = dialog.values()
            if {k: v for k, v in new.items() if v} != identity(doc):
                doc.undo_stack.push(SetIdentity(doc, new))

    dialog.finished.connect(done)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
