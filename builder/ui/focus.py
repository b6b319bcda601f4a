"""Bringing a widget into view and giving it the keyboard focus, wherever it sits
(inside tab pages and stacked pages): what the window-wide shortcuts use."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractItemView, QStackedWidget, QTabWidget, QWidget


def reveal(widget: QWidget) -> None:
    """Make every tab page and stacked page holding ``widget`` the current one."""
    child = widget
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QStackedWidget) and parent.indexOf(child) >= 0:
            owner = parent.parentWidget()
            if isinstance(owner, QTabWidget):
                owner.setCurrentWidget(child)
            else:
                parent.setCurrentWidget(child)
        child = parent
        parent = parent.parentWidget()


def focus_widget(widget: QWidget) -> None:
    from PySide6.QtCore import Qt   # (not at import: the first paint needs no Qt enums)

    reveal(widget)
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)


class _SearchKeys(QObject):
    """Down, Page Down, Enter or Return in a search field go on to the first match.
    (The field is made before the window's first paint, which needs no ``Qt`` enum:
    builder.ui.qt_values; a key press comes after it.)"""

    def __init__(self, view: QAbstractItemView):
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt API
        if event.type() != QEvent.Type.KeyPress:
            return False
        from PySide6.QtCore import Qt

        if event.key() not in (Qt.Key.Key_Down, Qt.Key.Key_PageDown, Qt.Key.Key_Return,
                               Qt.Key.Key_Enter) \
                or event.modifiers() not in (Qt.KeyboardModifier.NoModifier,
                                             Qt.KeyboardModifier.KeypadModifier):
            return False
        model = self.view.model()
        if model is None or model.rowCount() == 0:
            return False
        if not self.view.currentIndex().isValid():
            self.view.setCurrentIndex(model.index(0, 0))
        self.view.setFocus(Qt.FocusReason.TabFocusReason)
        return True


def search_leads_to(search: QWidget, view: QAbstractItemView) -> None:
    """Typing in ``search`` filters ``view``; Down (or Enter) then moves into it at the
    first match, where Enter acts on it: no Tab past the controls in between."""
    search.installEventFilter(_SearchKeys(view))
