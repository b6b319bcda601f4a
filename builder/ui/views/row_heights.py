"""Wrapped rows as tall as their text, measured only where they are seen.

A table whose vertical header sizes every row to its contents asks the model for every
cell of every row on each layout, so a ledger of many thousand entries took as long to
open as its length.  :func:`fit_rows_when_seen` keeps the rows at their default height
and sizes the rows in view (and a few beyond) to their contents whenever what is in view
changes: scrolling, a resize, a column's new width, new rows.
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QObject, QTimer, Slot
from PySide6.QtWidgets import QHeaderView, QTableView

#: Rows sized beyond the last one in view (a page scrolled shows them already sized).
MARGIN = 8


class RowsInView(QObject):
    """Sizes the rows of ``view`` that are in view (see the module)."""

    def __init__(self, view: QTableView):
        super().__init__(view)
        self.view = view
        view.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self._fitting = False
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self.fit)
        view.verticalScrollBar().valueChanged.connect(self._scrolled)
        view.horizontalHeader().sectionResized.connect(self._later)
        view.horizontalHeader().geometriesChanged.connect(self._later)
        self._connect(view.model())

    def _connect(self, model: QAbstractItemModel | None) -> None:
        if model is None:
            return
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved,
                       model.dataChanged, model.layoutChanged):
            signal.connect(self._later)

    # (Qt slots: a signal sent while the view is torn down finds no Python method gone)
    @Slot()
    def _later(self) -> None:
        timer = getattr(self, "_timer", None)    # (none while the view is torn down)
        if timer is not None:
            timer.start()

    @Slot()
    def _scrolled(self) -> None:
        self.fit()

    @Slot()
    def fit(self) -> None:
        """Size the rows in view to their contents (again: a column's width changed)."""
        view = getattr(self, "view", None)
        model = view.model() if view is not None else None
        if view is None or self._fitting or model is None or model.rowCount() == 0:
            return
        self._fitting = True
        try:
            bar = view.verticalScrollBar()
            if bar.value() >= bar.maximum():
                self._fit_from_bottom(model.rowCount())
            else:
                self._fit_from_top(model.rowCount())
        finally:
            self._fitting = False

    def _fit_from_top(self, count: int) -> None:
        view = self.view
        height = max(1, view.viewport().height())
        row = max(0, view.rowAt(0))
        # Sizing a row moves the ones below it: go on until the view is full.
        last = min(count - 1, row + MARGIN)
        while row <= last:
            view.resizeRowToContents(row)
            if view.rowViewportPosition(row) < height:
                last = min(count - 1, max(last, row + MARGIN))
            row += 1

    def _fit_from_bottom(self, count: int) -> None:
        """The view shows the last rows (a ledger opens there): it stays there."""
        view = self.view
        height = max(1, view.viewport().height())
        filled = 0
        row = count - 1
        while row >= 0 and filled < height:
            view.resizeRowToContents(row)
            filled += view.rowHeight(row)
            row -= 1
        for extra in range(row, max(-1, row - MARGIN), -1):
            view.resizeRowToContents(extra)
        view.updateGeometries()        # (the scroll bar's range follows the new heights)
        view.scrollToBottom()


def fit_rows_when_seen(view: QTableView) -> RowsInView:
    """Keep ``view``'s rows as tall as their wrapped text where they are seen."""
    return RowsInView(view)
