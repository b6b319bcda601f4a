"""Help ▸ Rule Systems: every rule system with where it comes from (built-in,
plugin, data file, and an override in use) and the warnings about files left out
or overrides ignored.  Opened by the window's ``rule_systems`` action
(:mod:`builder.ui.window_actions`)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QLabel, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

if TYPE_CHECKING:
    from builder.storage.rule_systems import RuleSystemRow

COLUMNS = ("Rule system", "Id", "Source", "File")


def source_text(row: RuleSystemRow) -> str:
    """"built-in", "plugin", "data file", with "+ override" when one is in use."""
    return row.source + (" + override" if row.overridden else "")


class RuleSystemsDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from builder.app.queries import data_systems_folder, homebrew_folder, rule_system_rows

        self.setObjectName("ruleSystemsDialog")
        self.setWindowTitle("Rule Systems")
        rows, left_out = rule_system_rows()
        self.rows = rows
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("ruleSystemsList")
        self.tree.setAccessibleName("Rule systems")
        self.tree.setRootIsDecorated(False)
        self.tree.setHeaderLabels(list(COLUMNS))
        for row in rows:
            item = QTreeWidgetItem([row.title, row.id, source_text(row),
                                    row.overridden or row.file])
            self.tree.addTopLevelItem(item)
        for column in range(len(COLUMNS)):
            self.tree.resizeColumnToContents(column)
        self.warnings = [w for row in rows for w in row.warnings] + list(left_out)
        self.warnings_label = QLabel(self)
        self.warnings_label.setObjectName("ruleSystemsWarnings")
        self.warnings_label.setAccessibleName("Warnings")
        self.warnings_label.setWordWrap(True)
        self.warnings_label.setText(
            "Warnings:\n" + "\n".join(f"• {w}" for w in self.warnings) if self.warnings
            else "No warnings: every rule system file is in use.")
        where = QLabel(f"Overrides go in {homebrew_folder()}; rule systems written as data "
                       f"in {data_systems_folder()}.", self)
        where.setWordWrap(True)
        # the folders are to be found in a file manager: they can be selected and copied
        where.setObjectName("ruleSystemsWhere")
        where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.where = where
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addWidget(self.warnings_label)
        layout.addWidget(where)
        layout.addWidget(buttons)
        self.resize(720, 360)
