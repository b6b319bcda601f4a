"""Bringing a widget into view and giving it the keyboard focus, wherever it sits
(inside tab pages and stacked pages): what the window-wide shortcuts use."""
from __future__ import annotations

from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QAbstractItemView, QLineEdit, QStackedWidget, QTabWidget, QWidget

if TYPE_CHECKING:
    from PySide6.QtGui import QKeyEvent


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


def _go_to_the_first_match(event: QKeyEvent, view: QAbstractItemView) -> bool:
    """Down, Page Down, Enter or Return (``event``, a key press in a search field) go on
    to the first match in ``view``: True when it did."""
    from PySide6.QtCore import Qt   # (a key press comes after the first paint: qt_values)

    if event.key() not in (Qt.Key.Key_Down, Qt.Key.Key_PageDown, Qt.Key.Key_Return,
                           Qt.Key.Key_Enter) \
            or event.modifiers() not in (Qt.KeyboardModifier.NoModifier,
                                         Qt.KeyboardModifier.KeypadModifier):
        return False
    model = view.model()
    if model is None or model.rowCount() == 0:
        return False
    hidden = getattr(view, "isRowHidden", None)     # a table that hides rows to filter
    shown = [row for row in range(model.rowCount()) if not (hidden and hidden(row))]
    if not shown:
        return False
    current = view.currentIndex()
    if not current.isValid() or current.row() not in shown:
        view.setCurrentIndex(model.index(shown[0], 0))
    view.setFocus(Qt.FocusReason.TabFocusReason)
    return True


class _SearchKeys(QObject):
    """:func:`search_leads_to`'s event filter on a search field."""

    def __init__(self, view: QAbstractItemView):
        super().__init__(view)
        self.view = view

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        # a KeyPress is a QKeyEvent (the stubs type a filter's event as the base class)
        return event.type() == QEvent.Type.KeyPress \
            and _go_to_the_first_match(cast("QKeyEvent", event), self.view)


class SearchField(QLineEdit):
    """A search field that leads to a view (:meth:`lead_to`) as :func:`search_leads_to`
    does, in its own key handler: Python sees its key presses only, where an event filter
    sees every event it gets (the library's, before the first paint too;
    docs/dev/performance.md)."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self._view: QAbstractItemView | None = None

    def lead_to(self, view: QAbstractItemView) -> None:
        self._view = view

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 - Qt API
        if self._view is not None and _go_to_the_first_match(event, self._view):
            return
        super().keyPressEvent(event)


def search_leads_to(search: QWidget, view: QAbstractItemView) -> None:
    """Typing in ``search`` filters ``view``; Down (or Enter) then moves into it at the
    first match, where Enter acts on it: no Tab past the controls in between."""
    search.installEventFilter(_SearchKeys(view))


def keep_focus_off_text(container: QWidget, pressed: QWidget | None, fallback: QWidget) -> None:
    """After a button in ``container`` did its change: the button may now be disabled
    (the same spend twice is refused), and Qt hands the focus to the next control, often
    a text field that would take Ctrl+Z for its own typing: the focus goes to
    ``fallback`` instead."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QLineEdit

    now = QApplication.focusWidget()
    if pressed is None or not container.isAncestorOf(pressed):
        return
    if not pressed.isEnabled() or (isinstance(now, QLineEdit) and now is not pressed):
        fallback.setFocus(Qt.FocusReason.OtherFocusReason)


def tab_chain(widgets: list[QWidget]) -> None:
    """Tab goes from each of ``widgets`` to the next, in this order (the first keeps
    its place in the window's order)."""
    for first, second in zip(widgets, widgets[1:]):
        QWidget.setTabOrder(first, second)


def bring_into_view(widget: QWidget) -> None:
    """Scroll every scroll area holding ``widget`` so that it is in view, and give it
    the focus (a step the player is asked for, below the fold)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea

    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QScrollArea):
            parent.ensureWidgetVisible(widget)
        parent = parent.parentWidget()
    widget.setFocus(Qt.FocusReason.OtherFocusReason)


def focus_in(window: QWidget) -> QWidget | None:
    """The widget of ``window`` with the keyboard focus, the one the window gives it back
    to when it is active again; never its menu bar or a menu (they hold the keyboard only
    while they are open)."""
    from PySide6.QtWidgets import QApplication, QMenu, QMenuBar

    for widget in (QApplication.focusWidget(), window.focusWidget()):
        if widget is not None and widget.window() is window \
                and not isinstance(widget, (QMenuBar, QMenu)):
            return widget
    return None


def give_focus_back(widget: QWidget | None) -> None:
    """The keyboard back to ``widget``, its window the active one: once the box a piece
    of work left open closes (and a box that opened after it, a notice following its
    button, in turn); at once when none is open.  Where the window manager gives the
    window back to something else (or there is none), the focus still returns to where
    the player left it."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QDialog

    if widget is None:
        return
    box = QApplication.activeModalWidget()
    if isinstance(box, QDialog) and box.isVisible() and box is not widget.window():
        box.finished.connect(lambda _result: QTimer.singleShot(
            0, widget, lambda: give_focus_back(widget)))
        return
    if not widget.isVisible():          # its tab went away meanwhile
        return
    from PySide6.QtCore import Qt

    widget.window().activateWindow()
    widget.setFocus(Qt.FocusReason.ActiveWindowFocusReason)
