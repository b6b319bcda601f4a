"""The shared part of the app's flat table models: a list of rows under fixed headers."""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt


class RowsTableModel(QAbstractTableModel):
    """rowCount, columnCount and the horizontal headers for a model whose rows are a list.

    Subclasses set ``HEADERS`` and ``ROWS_ATTR`` (the name of the list attribute).
    """

    HEADERS: tuple[str, ...] | list[str] = ()
    ROWS_ATTR = "_rows"

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(getattr(self, self.ROWS_ATTR))

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None
