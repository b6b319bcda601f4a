"""Library ▸ New Campaign: a name, a ruleset, and member characters from the library.

Only the library's characters of the chosen ruleset are offered (a campaign's
members share its ruleset); the campaign core checks the rest when the file is
made (``builder.app.campaigns.create``).
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QLabel, QLineEdit, QListView, QListWidget,
                               QListWidgetItem, QVBoxLayout, QWidget)

from builder.ui.wording import count as count_of

if TYPE_CHECKING:
    from builder.app.library import LibraryEntry


def character_list(parent: QWidget, name: str) -> QListWidget:
    """A list of library characters to tick: each character's figures wrap under its
    name, so the list fits its dialog without scrolling sideways."""
    characters = QListWidget(parent)
    characters.setAccessibleName(name)
    characters.setWordWrap(True)
    characters.setResizeMode(QListView.ResizeMode.Adjust)
    characters.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    characters.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    return characters


def character_item(entry: LibraryEntry, checked: bool = False) -> QListWidgetItem:
    """A library entry to tick: its name, its figures below; its path as its data."""
    item = QListWidgetItem(f"{entry.name}\n{entry.headline_text}" if entry.headline_text
                           else entry.name)
    item.setData(Qt.ItemDataRole.UserRole, str(entry.path))
    item.setToolTip(str(entry.path))
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
    return item


class NewCampaignDialog(QDialog):
    #: (name, ruleset id, [member character paths]) when the GM presses Create.
    created = Signal(str, str, object)  # name, ruleset id, member paths (list)

    def __init__(self, entries: list[LibraryEntry], parent: QWidget | None = None,
                 checked: Sequence[str | Path] | None = None) -> None:
        """``entries``: the library's LibraryEntry rows; ``checked``: paths ticked first."""
        super().__init__(parent)
        from builder.app.queries import rulesets as all_rulesets

        self.setObjectName("newCampaignDialog")
        self.setWindowTitle("New campaign")
        self.entries = [e for e in entries if not e.problem]
        self._checked = {str(p) for p in (checked or [])}

        self.name_edit = QLineEdit(self)
        self.name_edit.setObjectName("campaignName")
        self.name_edit.setAccessibleName("Campaign name")
        self.name_edit.setPlaceholderText("e.g. The Iron Coast")
        self.ruleset_combo = QComboBox(self)
        self.ruleset_combo.setObjectName("campaignRuleset")
        self.ruleset_combo.setAccessibleName("Ruleset")
        for ruleset in all_rulesets():
            self.ruleset_combo.addItem(ruleset.title or ruleset.id, ruleset.id)
        # start with the ruleset of the first ticked character, if any
        for entry in self.entries:
            if str(entry.path) in self._checked:
                index = self.ruleset_combo.findData(entry.ruleset_id)
                if index >= 0:
                    self.ruleset_combo.setCurrentIndex(index)
                break
        self.members = character_list(self, "Member characters")
        self.members.setObjectName("campaignMembers")
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.reasons = QLabel(self)
        self.reasons.setObjectName("newCampaignReasons")
        self.reasons.setWordWrap(True)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.create_button = self.buttons.addButton("&Create",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("createCampaign")
        self.buttons.accepted.connect(self._create)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Name:", self.name_edit)
        form.addRow("&Ruleset:", self.ruleset_combo)
        form.addRow("&Members:", self.members)
        form.addRow("", self.note)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.reasons)
        layout.addWidget(self.buttons)
        self.name_edit.textChanged.connect(self.validate)
        self.ruleset_combo.currentIndexChanged.connect(self._fill_members)
        self.members.itemChanged.connect(self.validate)
        self._fill_members()
        self.resize(460, 420)

    def ruleset_id(self) -> str:
        return self.ruleset_combo.currentData() or ""

    def _fill_members(self, *_: object) -> None:
        rid = self.ruleset_id()
        self.members.blockSignals(True)
        self.members.clear()
        shown = [e for e in self.entries if e.ruleset_id == rid]
        for entry in sorted(shown, key=lambda e: e.name.casefold()):
            self.members.addItem(character_item(entry, str(entry.path) in self._checked))
        self.members.blockSignals(False)
        others = len(self.entries) - len(shown)
        self.note.setText(
            ("No character of this ruleset in the library yet. " if not shown else "")
            + (f"{count_of(others, 'character')} of other rulesets "
               f"{'is' if others == 1 else 'are'} not offered." if others else ""))
        self.validate()

    def set_checked(self, path: str, on: bool = True) -> None:
        for i in range(self.members.count()):
            item = self.members.item(i)
            if item.data(Qt.ItemDataRole.UserRole) == str(path):
                item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def member_paths(self) -> list[str]:
        return [self.members.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.members.count())
                if self.members.item(i).checkState() == Qt.CheckState.Checked]

    def kept_name(self) -> str | None:
        """The name typed, as the campaign keeps it; None while there is none."""
        from builder.app.campaigns import require_name
        from builder.app.types import UsageError

        try:
            return require_name(self.name_edit.text())
        except UsageError:
            return None

    def validate(self, *_: object) -> bool:
        # what to fill in next, not a refusal: nothing was typed wrong yet
        reasons = []
        if self.kept_name() is None:
            reasons.append("Name the campaign.")
        if not self.ruleset_id():
            reasons.append("Choose a ruleset.")
        self.create_button.setEnabled(not reasons)
        if reasons:
            self.reasons.setText(" ".join(reasons))
        else:
            count = len(self.member_paths())
            self.reasons.setText(f"✔ {count_of(count, 'member')}; more can join later.")
        return not reasons

    def _create(self) -> None:
        if not self.validate():
            return
        self.created.emit(self.kept_name(), self.ruleset_id(), self.member_paths())
        self.accept()
