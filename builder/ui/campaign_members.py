"""A campaign tab's members: add characters of the library (:class:`AddMembersDialog`)
and remove one; the campaign file changes, no character file does.

A part of :class:`builder.ui.campaign_tab.CampaignTab`.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QVBoxLayout)

from builder.app.pathnames import real_path
from builder.ui.operations import Failure, run

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from builder.app.library import LibraryEntry
    from builder.ui.campaign_tab import CampaignTab


def member_path_for(campaign_file: Path | str, character: Path | str) -> str:
    """How the window stores a member it picked (see builder.app.campaigns)."""
    from builder.app.campaigns import member_reference

    return member_reference(campaign_file, character)


class MemberActions:
    """Add and remove members: a part of the tab
    (:attr:`builder.ui.campaign_tab.CampaignTab.membership`)."""

    def __init__(self, view: CampaignTab) -> None:
        self.view = view

    # -- members --------------------------------------------------------------------------
    def add_members(self, character_paths: list[str]) -> bool:
        from builder.app import campaigns

        givens = [member_path_for(self.view.path, p) for p in character_paths]
        result = run(lambda: campaigns.add_members(self.view.path, givens), self.view.broadcast)
        if isinstance(result, Failure):
            title = ("Cannot add (nothing was changed):" if result.code == "rules"
                     else "Cannot add:")
            self.view.show_refusal(title, result.reasons)
            return False
        self.view.show_done(result.summary)
        self.view.changed.emit()
        return True

    def remove_member(self, given: str) -> bool:
        from builder.app import campaigns

        result = run(lambda: campaigns.remove_member(self.view.path, given), self.view.broadcast)
        if isinstance(result, Failure):
            self.view.show_refusal("Cannot remove:", result.reasons)
            return False
        self.view.show_done(result.summary)
        self.view.changed.emit()
        return True

    def remove_selected(self) -> None:
        given = self.view.selected_member()
        if given is not None:
            self.remove_member(given)


    def open_add_dialog(self) -> None:
        if self.view.library_entries is not None:
            entries = self.view.library_entries()
        else:
            from builder.app.library import scan

            entries = scan()
        present = {real_path(p) for p in self.view.member_paths()}
        offered = [e for e in entries if not e.problem and e.ruleset_id == self.view.ruleset_id
                   and real_path(e.path) not in present]
        dialog = AddMembersDialog(self.view.name, offered, self.view)
        dialog.chosen.connect(self.add_members)
        dialog.open()
        self.view.dialog = dialog


class AddMembersDialog(QDialog):
    """Tick characters of the library (of the campaign's ruleset) to add."""

    chosen = Signal(object)  # the chosen paths (list)

    def __init__(self, campaign_name: str, entries: list[LibraryEntry],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("addMembersDialog")
        self.setWindowTitle(f"Add members — {campaign_name}")
        from builder.ui.dialogs.campaign_new import character_item, character_list

        self.list = character_list(self, "Characters to add")
        for entry in sorted(entries, key=lambda e: e.name.casefold()):
            self.list.addItem(character_item(entry))
        self.list.setVisible(bool(entries))        # no empty box under "No other ..."
        note = QLabel("Characters of the campaign's ruleset in the library that are not "
                      "members yet." if entries else
                      "No other character of this ruleset in the library.", self)
        note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.ok = self.buttons.addButton("&Add", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self._accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(note)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.buttons)
        self.list.itemChanged.connect(lambda *_: self.ok.setEnabled(bool(self.paths())))
        self.ok.setEnabled(False)
        if entries:
            self.resize(max(self.sizeHint().width(), 460), max(self.sizeHint().height(), 320))

    def paths(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def _accept(self) -> None:
        if self.paths():
            self.chosen.emit(self.paths())
            self.accept()
