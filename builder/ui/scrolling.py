"""A page or form that scrolls down as a whole where its room is shorter than it:
on a small screen, or at 2x, the window and its dialogs stay inside the screen and
the buttons below a long form stay in sight."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class DownScrollArea(QScrollArea):
    """Scrolls down only: at least as wide as its page needs (its scroll bar beside
    it), at least as tall as a few lines; the page keeps the pane's width."""

    def setWidget(self, page: QWidget) -> None:  # noqa: N802 - Qt API
        super().setWidget(page)
        page.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if obj is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()        # the page's least width changed: so did ours
        return super().eventFilter(obj, event)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt API
        page = self.widget()
        base = super().minimumSizeHint()
        if page is None:
            return base
        width = page.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width() \
            + 2 * self.frameWidth()
        return QSize(max(base.width(), width), base.height())


def scrolling(page: QWidget, name: str, parent: QWidget | None = None) -> QScrollArea:
    """``page`` in a frameless area that scrolls down only (see :class:`DownScrollArea`)
    and is no Tab stop of its own (the page's controls are)."""
    area = DownScrollArea(parent)
    area.setObjectName(name)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    area.setWidget(page)
    return area
