"""A layout that lines its widgets up left to right and wraps onto a new line when the
room runs out, like words in a paragraph: a row of chips whose number grows with the
character (rank tokens) asks for the width of its widest chip, not of all of them, so
it never makes its window wider than the screen.  Its height follows its width
(``heightForWidth``), which the box layouts around it honour.

Qt has no such layout of its own; this follows the flow layout of Qt's examples.
"""
from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSizePolicy, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapped at the layout's width; each line as tall as its
    tallest item, its items centred on it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._laid_height = 0      # the height of the lines at the width last laid out

    # -- the items ---------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 - Qt API
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 - Qt API
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    # -- sizes -------------------------------------------------------------------------
    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 - Qt API
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt API
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt API
        return self._arrange(QRect(0, 0, width, 0), place=False)

    def minimumSize(self) -> QSize:  # noqa: N802 - Qt API
        """As wide as the widest item (every line holds at least one), as tall as the
        lines at the width last laid out: what holds the row's lines whole where the
        layouts around it read only least sizes (a page that scrolls when the window is
        smaller than its least size)."""
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        size = size.grownBy(self.contentsMargins())
        return size.expandedTo(QSize(0, self._laid_height))

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt API
        """Every item on one line."""
        items = self._shown()
        width = sum(item.sizeHint().width() for item in items)
        width += self._gap(Qt.Orientation.Horizontal) * max(0, len(items) - 1)
        height = max((item.sizeHint().height() for item in items), default=0)
        return QSize(width, height).grownBy(self.contentsMargins())

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 - Qt API
        super().setGeometry(rect)
        height = self._arrange(rect, place=True)
        if height != self._laid_height:     # lines added or taken away: a new least size
            self._laid_height = height
            self.invalidate()

    # -- placing -----------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [item for item in self._items if not item.isEmpty()]

    def _gap(self, orientation: Qt.Orientation) -> int:
        """The layout's spacing if set, else the style's between two push buttons."""
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        if parent is None:
            return 0
        return parent.style().layoutSpacing(
            QSizePolicy.ControlType.PushButton, QSizePolicy.ControlType.PushButton,
            orientation, None, parent)

    def _arrange(self, rect: QRect, *, place: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``place``): the height
        they take, margins included."""
        margins: QMargins = self.contentsMargins()
        area = rect.marginsRemoved(margins)
        across, down = self._gap(Qt.Orientation.Horizontal), self._gap(Qt.Orientation.Vertical)
        lines: list[list[tuple[QLayoutItem, QSize]]] = [[]]
        used = 0
        for item in self._shown():
            size = item.sizeHint().boundedTo(item.maximumSize()).expandedTo(item.minimumSize())
            wanted = size.width() if not lines[-1] else used + across + size.width()
            if lines[-1] and wanted > area.width():
                lines.append([])
                wanted = size.width()
            lines[-1].append((item, size))
            used = wanted
        top = area.top()
        for line in lines:
            if not line:
                continue
            tall = max(size.height() for _item, size in line)
            left = area.left()
            for item, size in line:
                if place:
                    width = min(size.width(), area.width())
                    item.setGeometry(QRect(QPoint(left, top + (tall - size.height()) // 2),
                                           QSize(width, size.height())))
                left += size.width() + across
            top += tall + down
        used_height = top - down - area.top() if any(lines) else 0
        return used_height + margins.top() + margins.bottom()

