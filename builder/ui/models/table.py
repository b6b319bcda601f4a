"""The shared part of the app's flat table models: a list of rows under fixed headers."""
from __future__ import annotations

from typing import Union

from PySide6.QtCore import (QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex,
                            QSortFilterProxyModel, Qt)

#: The flags of a row that can be selected, not edited: combined once (Qt asks for
#: every visible cell's flags on each paint, and OR-ing two Python enums costs).
ROW_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

#: An index as Qt hands it to a model's overrides.
ModelIndex = Union[QModelIndex, QPersistentModelIndex]


class RowsTableModel(QAbstractTableModel):
    """rowCount, columnCount and the horizontal headers for a model whose rows are a list.

    Subclasses set ``HEADERS`` and ``ROWS_ATTR`` (the name of the list attribute).
    """

    HEADERS: tuple[str, ...] | list[str] = ()
    ROWS_ATTR = "_rows"

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(getattr(self, self.ROWS_ATTR))

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None


class SearchSortProxy(QSortFilterProxyModel):
    """Search in every column (case-insensitive) and sort by ``sort_role``."""

    def __init__(self, sort_role: int, parent: QObject | None = None):
        super().__init__(parent)
        self.setSortRole(sort_role)
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setFilterKeyColumn(-1)
        self.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)


def sync_watch(watcher, folder, files) -> None:
    """Watch ``folder`` and ``files`` (or the parent until the folder appears), and
    nothing else."""
    wanted = set()
    if folder.is_dir():
        wanted.add(str(folder))
        wanted.update(str(path) for path in files)
    elif folder.parent.is_dir():
        wanted.add(str(folder.parent))
    current = set(watcher.files()) | set(watcher.directories())
    stale = sorted(current - wanted)
    if stale:
        watcher.removePaths(stale)
    new = sorted(wanted - current)
    if new:
        watcher.addPaths(new)
