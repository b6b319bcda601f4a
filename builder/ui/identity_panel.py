"""Who the character is, in the editor: player, appearance, background, notes, portrait.

:class:`IdentityFields` is the form (used by the "Who" page of every editor and by
Edit > Who Is This Character…); :class:`IdentityPanel` is the page: a field that
has finished changing (Enter or leaving a line, leaving a text box, choosing or
clearing the portrait) is saved at once as one undo step through the same path
as the dialog (:func:`commit_identity`, over :func:`builder.app.identity.set_identity`,
the operation ``do FILE set-identity`` runs), and the page
follows undo, redo and reloads.  The same for every ruleset; an editor adds it
with ``side_tabs.addTab(IdentityPanel(doc, self), "Who")``.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Mapping

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QPixmap, QUndoCommand
from PySide6.QtWidgets import (QFileDialog, QFormLayout, QHBoxLayout, QLabel, QLineEdit,
                               QPlainTextEdit, QPushButton, QScrollArea, QVBoxLayout, QWidget)

from builder.app.identity import KEYS, portrait_path, store_image
from builder.app.types import FileProblem

if TYPE_CHECKING:
    from builder.ui.document import CharacterDocument


def identity(doc: CharacterDocument) -> dict[str, str]:
    """The identity keys the character file holds now."""
    from builder.app.identity import identity as held

    return held(doc.cf)


def _every_key(values: Mapping[str, str]) -> dict[str, str]:
    """``values`` for every identity key (an absent one: empty, which removes it)."""
    return {key: values.get(key) or "" for key in KEYS}


class SetIdentity(QUndoCommand):
    """A change of who the character is that the document already made (on push):
    undo and redo run :func:`builder.app.identity.set_identity` on the open copy."""

    def __init__(self, doc: CharacterDocument, old: Mapping[str, str],
                 new: Mapping[str, str]):
        super().__init__("Change who the character is")
        self.doc = doc
        self.old, self.new = _every_key(old), _every_key(new)
        self._first = True

    def _to(self, values: Mapping[str, str]) -> None:
        from builder.app.identity import set_identity

        if self.doc.run_change(lambda: set_identity(self.doc.cf, values,
                                                    guard=self.doc.own_guard)) is None \
                and _every_key(identity(self.doc)) != _every_key(values):
            self.setObsolete(True)              # refused (the file changed, or missing)

    def redo(self) -> None:
        if self._first:
            self._first = False
            return
        self._to(self.new)

    def undo(self) -> None:
        self._to(self.old)


def commit_identity(doc: CharacterDocument, new: Mapping[str, str]) -> bool:
    """The one path every identity edit of the window takes: the application's
    :func:`builder.app.identity.set_identity` on the open copy (saved at once) and one
    :class:`SetIdentity` on the undo stack, when ``new`` differs from the file.  False,
    with the reasons on ``doc.refused``, when it cannot be changed (nothing changes)."""
    from builder.app.identity import set_identity

    if doc.read_only:
        doc.refused.emit([doc.read_only])
        return False
    if getattr(doc, "conflict", False):
        doc.refused.emit(["the file changed on disk; reload it (or keep yours) first"])
        return False
    old = identity(doc)
    if {k: v for k, v in new.items() if k in KEYS and v} == old:
        return True
    doc.run_change(lambda: set_identity(doc.cf, _every_key(new), guard=doc.own_guard))
    now = identity(doc)
    if now == old:
        return False                 # refused: the reasons went to doc.refused
    doc.undo_stack.push(SetIdentity(doc, old, now))
    return True


class IdentityFields(QWidget):
    """The four fields.  ``edited`` when one has finished changing (not per key).
    ``mnemonics``: Alt+letter shortcuts (in a dialog; an editor page has its own)."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None, mnemonics: bool = True):
        super().__init__(parent)

        def label(text: str) -> str:
            return text if mnemonics else text.replace("&", "")

        self.player = QLineEdit(self)
        self.player.setObjectName("identityPlayer")
        self.player.setAccessibleName("Player")
        self.player.setPlaceholderText("Who plays this character")
        self.player.editingFinished.connect(self._line_finished)
        self.appearance = QPlainTextEdit(self)
        self.appearance.setObjectName("identityAppearance")
        self.appearance.setAccessibleName("Appearance")
        self.appearance.setTabChangesFocus(True)
        self.background = QPlainTextEdit(self)
        self.background.setObjectName("identityBackground")
        self.background.setAccessibleName("Background")
        self.background.setTabChangesFocus(True)
        self.notes = QPlainTextEdit(self)
        self.notes.setObjectName("identityNotes")
        self.notes.setAccessibleName("Notes")
        self.notes.setPlaceholderText("Printed in the sheet's Notes")
        self.notes.setTabChangesFocus(True)
        for box in (self.appearance, self.background, self.notes):
            box.installEventFilter(self)
        self.portrait = ""
        self.preview = QLabel(self)
        self.preview.setObjectName("identityPortrait")
        self.preview.setAccessibleName("Portrait")
        self.preview.setFixedSize(96, 120)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.preview.setFrameShape(QLabel.Shape.Box)
        self.choose_button = QPushButton(label("Choose &Portrait…"), self)
        self.choose_button.clicked.connect(self.choose_portrait)
        self.clear_button = QPushButton(label("&No Portrait"), self)
        self.clear_button.clicked.connect(lambda: self._portrait_chosen(""))
        self.error = QLabel(self)
        self.error.setObjectName("identityError")
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow(label("&Player"), self.player)
        form.addRow(label("&Appearance"), self.appearance)
        form.addRow(label("&Background"), self.background)
        form.addRow(label("N&otes"), self.notes)
        picture = QHBoxLayout()
        picture.addWidget(self.preview)
        buttons = QVBoxLayout()
        buttons.addWidget(self.choose_button)
        buttons.addWidget(self.clear_button)
        buttons.addStretch(1)
        picture.addLayout(buttons)
        picture.addStretch(1)
        form.addRow("Portrait", picture)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(form)
        layout.addWidget(self.error)
        self._last_line = ""
        self._read_only = False
        self._show_portrait()
        self._update_clear()

    # -- values ------------------------------------------------------------------
    def values(self) -> dict[str, str]:
        return {"player": self.player.text().strip(),
                "appearance": self.appearance.toPlainText().strip(),
                "background": self.background.toPlainText().strip(),
                "notes": self.notes.toPlainText().strip(),
                "portrait": self.portrait}

    def set_values(self, values: Mapping[str, str], keep_focused: bool = False) -> None:
        """Show ``values``; with ``keep_focused``, a field being edited keeps its text."""
        for key, box in (("player", self.player), ("appearance", self.appearance),
                         ("background", self.background), ("notes", self.notes)):
            if keep_focused and box.hasFocus():
                continue
            text = values.get(key, "")
            current = box.text() if isinstance(box, QLineEdit) else box.toPlainText()
            if current.strip() != text:
                if isinstance(box, QLineEdit):
                    box.setText(text)
                else:
                    box.setPlainText(text)
        self._last_line = self.player.text().strip()
        if values.get("portrait", "") != self.portrait:
            self.set_portrait(values.get("portrait", ""))

    def set_read_only(self, read_only: bool) -> None:
        for box in (self.player, self.appearance, self.background, self.notes):
            box.setReadOnly(read_only)
        self._read_only = read_only
        self.choose_button.setEnabled(not read_only)
        self._update_clear()

    def _update_clear(self) -> None:
        """No Portrait does something only when there is a portrait to take away."""
        self.clear_button.setEnabled(not getattr(self, "_read_only", False)
                                     and bool(self.portrait))

    # -- edits ---------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut and watched in (self.appearance,
                                                                 self.background, self.notes):
            self.edited.emit()
        return super().eventFilter(watched, event)

    def _line_finished(self) -> None:
        text = self.player.text().strip()
        if text != self._last_line:  # editingFinished comes on Enter and on leaving
            self._last_line = text
            self.edited.emit()

    # -- the portrait ----------------------------------------------------------------
    def _show_portrait(self) -> None:
        path = portrait_path(self.portrait)
        pixmap = QPixmap(str(path)) if path else QPixmap()
        if pixmap.isNull():
            self.preview.setPixmap(QPixmap())
            self.preview.setText("no portrait")
        else:
            self.preview.setPixmap(pixmap.scaled(self.preview.size(),
                                                 Qt.AspectRatioMode.KeepAspectRatio,
                                                 Qt.TransformationMode.SmoothTransformation))

    def choose_portrait(self) -> None:
        """A non-blocking file chooser; the image chosen is copied into the data folder."""
        chooser = QFileDialog(self, "Choose a portrait")
        chooser.setNameFilter("Images (*.png *.jpg *.jpeg *.gif *.bmp)")
        chooser.setFileMode(QFileDialog.FileMode.ExistingFile)
        chooser.fileSelected.connect(self.use_image)
        chooser.open()
        self._chooser = chooser

    def use_image(self, path: str) -> bool:
        """Copy the image into the data folder (as ``new --set portrait=`` does)."""
        try:
            relative = store_image(Path(path))
        except FileProblem as problem:
            self.error.setText(str(problem))
            return False
        self.error.setText("")
        self._portrait_chosen(relative)
        return True

    def set_portrait(self, relative: str) -> None:
        self.portrait = relative
        self._show_portrait()
        self._update_clear()

    def _portrait_chosen(self, relative: str) -> None:
        if relative != self.portrait:
            self.set_portrait(relative)
            self.edited.emit()


class IdentityPanel(QScrollArea):
    """The "Who" page of a character editor: every finished edit is one undo step."""

    def __init__(self, doc: CharacterDocument, parent: QWidget | None = None):
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("identityPanel")
        self.setAccessibleName("Who the character is")
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        page = QWidget(self)
        self.fields = IdentityFields(page, mnemonics=False)
        self.fields.edited.connect(self.commit)
        note = QLabel("Printed on the sheet: the notes in its Notes section, the rest in its "
                      "Who section. Each change is saved at once and is one step of Undo.",
                      page)
        note.setWordWrap(True)
        # plain text, not a disabled label: the disabled grey read at about 2:1
        note.setObjectName("whoNote")
        self.note = note
        layout = QVBoxLayout(page)
        layout.addWidget(self.fields)
        layout.addWidget(note)
        layout.addStretch(1)
        self.setWidget(page)
        doc.changed.connect(self.refresh)
        doc.saveStateChanged.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.fields.set_values(identity(self.doc), keep_focused=True)
        self.fields.set_read_only(bool(self.doc.read_only))

    def commit(self) -> bool:
        """Save what the fields hold (one undo step when it differs from the file)."""
        if commit_identity(self.doc, self.fields.values()):
            return True
        self.fields.set_values(identity(self.doc), keep_focused=False)  # refused: undo it
        return False
