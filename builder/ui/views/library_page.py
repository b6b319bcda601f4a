"""The library tab: every character in the user data folder, searchable and sortable."""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QPushButton, QTableView, QVBoxLayout, QWidget)

from builder.ui.models.library_model import (COL_HEADLINE, COL_MODIFIED, COL_NAME, COL_RULESET,
                                             LibraryFilterModel, LibraryModel, PathRole)


class LibraryView(QTableView):
    """The library table; ``firstPainted`` fires once, after its first paint
    (the start-up benchmark's "shown with the library loaded")."""

    firstPainted = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self._painted = False

    def paintEvent(self, event):  # noqa: N802 - Qt API
        super().paintEvent(event)
        if not self._painted:
            self._painted = True
            self.firstPainted.emit()


class LibraryPage(QWidget):
    openRequested = Signal(str)

    def __init__(self, model: LibraryModel, parent=None):
        super().__init__(parent)
        self.setObjectName("libraryPage")
        self.model = model
        self.proxy = LibraryFilterModel(self)
        self.proxy.setSourceModel(model)

        self.search = QLineEdit(self)
        self.search.setObjectName("librarySearch")
        self.search.setPlaceholderText("Search characters (name, ruleset, figures)…")
        self.search.setAccessibleName("Search characters")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.setFilterFixedString)

        self.view = LibraryView(self)
        self.view.setObjectName("libraryView")
        self.view.setAccessibleName("Character library")
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(COL_NAME, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setAlternatingRowColors(True)
        self.view.verticalHeader().hide()
        self.view.setWordWrap(False)
        self.view.verticalHeader().setDefaultSectionSize(self.view.fontMetrics().height() + 10)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_HEADLINE, QHeaderView.ResizeMode.Stretch)
        header.resizeSection(COL_NAME, 220)
        header.resizeSection(COL_RULESET, 210)
        header.resizeSection(COL_MODIFIED, 150)
        header.setSectionsMovable(True)
        self.view.activated.connect(self._open_index)

        self.count_label = QLabel(self)
        self.buttons = QHBoxLayout()
        self.buttons.setContentsMargins(0, 0, 0, 0)

        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(self.count_label)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.view, 1)
        layout.addLayout(self.buttons)
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset,
                       self.proxy.rowsInserted, self.proxy.rowsRemoved):
            signal.connect(self._update_count)
        self._update_count()

    def add_button(self, action) -> QPushButton:
        """A push button mirroring a window action (text, tooltip, enabled)."""
        button = QPushButton(action.text().replace("…", "…"), self)
        button.setToolTip(action.toolTip())
        button.clicked.connect(action.trigger)
        button.setEnabled(action.isEnabled())
        action.enabledChanged.connect(button.setEnabled)
        self.buttons.addWidget(button)
        return button

    def _update_count(self, *_):
        total = self.model.rowCount()
        shown = self.proxy.rowCount()
        if total == 0:
            text = "No characters yet: File ▸ New Character (Ctrl+N), or drop a .json file here"
        elif shown == total:
            text = f"{total} character{'s' if total != 1 else ''}"
        else:
            text = f"{shown} of {total} shown"
        self.count_label.setText(text)

    def selected_paths(self) -> list[str]:
        rows = self.view.selectionModel().selectedRows(COL_NAME)
        if not rows and self.view.currentIndex().isValid():
            rows = [self.view.currentIndex()]
        return [index.data(PathRole) for index in rows]

    def select_path(self, path: str) -> None:
        row = self.model.row_for_path(path)
        if row < 0:
            return
        index = self.proxy.mapFromSource(self.model.index(row, 0))
        if index.isValid():
            self.view.selectRow(index.row())
            self.view.setCurrentIndex(index)

    def _open_index(self, index: QModelIndex) -> None:
        path = index.data(PathRole)
        if path:
            self.openRequested.emit(path)
