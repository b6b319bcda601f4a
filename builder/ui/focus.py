"""Bringing a widget into view and giving it the keyboard focus, wherever it sits
(inside tab pages and stacked pages): what the window-wide shortcuts use."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QStackedWidget, QTabWidget, QWidget


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
    reveal(widget)
    widget.setFocus(Qt.FocusReason.ShortcutFocusReason)
