"""The shared part of the app's flat table models: a list of rows under fixed headers."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, TypeVar, Union

from PySide6.QtCore import (QAbstractItemModel, QAbstractTableModel,
                            QConcatenateTablesProxyModel, QModelIndex, QObject,
                            QPersistentModelIndex, QSortFilterProxyModel)

from builder.ui.qt_values import CASE_INSENSITIVE, DISPLAY_ROLE, set_enum

if TYPE_CHECKING:
    from PySide6.QtCore import Qt

# (No ``Qt`` here: these models are on the first paint's path, see builder.ui.qt_values.
# Their rows are selectable and not editable: QAbstractTableModel's own flags, so Qt
# asks no Python ``flags`` for each cell it paints.)

#: An index as Qt hands it to a model's overrides.
ModelIndex = Union[QModelIndex, QPersistentModelIndex]
T = TypeVar("T")


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

    def index(self, row: int, column: int, parent: ModelIndex = QModelIndex()) -> QModelIndex:
        """QAbstractTableModel's own, in one call: Qt's asks rowCount and columnCount,
        two calls into Python for every cell a proxy maps (a paint maps hundreds)."""
        if (0 <= row < len(getattr(self, self.ROWS_ATTR)) and 0 <= column < len(self.HEADERS)
                and not parent.isValid()):
            return self.createIndex(row, column)
        return QModelIndex()

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = DISPLAY_ROLE) -> Any:
        from PySide6.QtCore import Qt   # (Qt passed an orientation: Qt's enums exist)

        if (orientation == Qt.Orientation.Horizontal and role == DISPLAY_ROLE
                and 0 <= section < len(self.HEADERS)):
            return self.HEADERS[section]
        return None


def with_headers(model: QAbstractTableModel, headers: Sequence[str],
                 parent: QObject | None = None) -> QConcatenateTablesProxyModel:
    """``model``'s rows and cells as they are, under ``headers`` kept by a C++ model: a
    view's header asks Qt's own ``headerData``, not the Python one, which Qt would hand
    an orientation enum (making PySide6 build the whole ``Qt`` namespace before the
    first paint; see :mod:`builder.ui.qt_values`).  The headers model has no rows, so
    every row, index and signal is ``model``'s (:func:`headed_index` maps an index of
    ``model`` up)."""
    from PySide6.QtGui import QStandardItemModel

    titles = QStandardItemModel(0, len(headers), parent)
    titles.setHorizontalHeaderLabels(list(headers))
    # Between the two, a plain QSortFilterProxyModel (it neither sorts nor filters): the
    # concatenation asks its sources' row counts for every index it maps, and this one
    # answers from its own mapping in C++ where ``model`` would be called in Python.
    rows = QSortFilterProxyModel(parent)
    rows.setDynamicSortFilter(False)   # (nothing to keep sorted or filtered: less work
    rows.setSourceModel(model)         # on each change of a big library's rows)
    headed = QConcatenateTablesProxyModel(parent)
    headed.addSourceModel(titles)
    headed.addSourceModel(rows)
    return headed


def headed_index(headed: QAbstractItemModel, index: QModelIndex) -> QModelIndex:
    """``index`` of the model under :func:`with_headers` ``headed``, as ``headed``'s
    (``headed`` may also be that model itself)."""
    if isinstance(headed, QConcatenateTablesProxyModel):
        for rows in headed.sourceModels():
            if isinstance(rows, QSortFilterProxyModel) and rows.sourceModel() is index.model():
                return headed.mapFromSource(rows.mapFromSource(index))
    return index


def source_of(proxy: QSortFilterProxyModel, kind: type[T]) -> T | None:
    """The model of type ``kind`` under ``proxy`` (directly, or under
    :func:`with_headers`)."""
    source = proxy.sourceModel()
    if isinstance(source, kind):
        return source
    if isinstance(source, QConcatenateTablesProxyModel):
        for rows in source.sourceModels():
            model = rows.sourceModel() if isinstance(rows, QSortFilterProxyModel) else None
            if isinstance(model, kind):
                return model
    return None


class SearchSortProxy(QSortFilterProxyModel):
    """Search in every column (case-insensitive) and sort by ``sort_role``."""

    def __init__(self, sort_role: int, parent: QObject | None = None):
        super().__init__(parent)
        self.setSortRole(sort_role)
        set_enum(self, "filterCaseSensitivity", CASE_INSENSITIVE)
        self.setFilterKeyColumn(-1)
        set_enum(self, "sortCaseSensitivity", CASE_INSENSITIVE)
